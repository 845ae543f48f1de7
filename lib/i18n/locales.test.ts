import { describe, expect, it } from 'vitest';
import { matchAcceptLanguage, pickLocale } from './locales';

describe('locale choice', () => {
  it('matches Accept-Language by quality, falling back from a region to its language', () => {
    expect(matchAcceptLanguage('de-CH,de;q=0.9,en;q=0.8')).toBe('de');
    expect(matchAcceptLanguage('pt-BR')).toBe('pt');
    expect(matchAcceptLanguage('ja,fr;q=0.5,es;q=0.7')).toBe('es');
    expect(matchAcceptLanguage('en-GB')).toBe('en');
    expect(matchAcceptLanguage('FR-ca')).toBe('fr');
  });

  it('names none for languages we lack, q=0 and junk', () => {
    expect(matchAcceptLanguage('ja,zh-CN;q=0.8')).toBeUndefined();
    expect(matchAcceptLanguage('de;q=0')).toBeUndefined();
    expect(matchAcceptLanguage('*')).toBeUndefined();
    expect(matchAcceptLanguage(';;,,')).toBeUndefined();
    expect(matchAcceptLanguage(undefined)).toBeUndefined();
  });

  it('prefers the cookie, then the header, then English', () => {
    expect(pickLocale('fr', 'de')).toBe('fr');
    expect(pickLocale('xx', 'de')).toBe('de');
    expect(pickLocale(undefined, 'ja')).toBe('en');
    expect(pickLocale(undefined, undefined)).toBe('en');
  });
});
