import { describe, expect, it } from 'vitest';
import { validHost } from './host';

describe('Host header check', () => {
  it('accepts host names, IPv4 and bracketed IPv6 with an optional port, and no Host at all', () => {
    for (const h of [
      undefined,
      'localhost',
      'localhost:3000',
      '127.0.0.1',
      '127.0.0.1:65535',
      'scores.example.com',
      'scores.example.com.',
      '[::1]',
      '[::1]:3000',
      '[2001:db8::1]:443',
      'a-b.c',
      'my_app:3000',
    ]) {
      expect(validHost(h), String(h)).toBe(true);
    }
  });
  it('refuses anything that could carry a path, query, credentials or junk', () => {
    for (const h of [
      '',
      'x/v1/keys/current?',
      'x?a',
      'x#a',
      'user@host',
      'a b',
      'host:',
      'host:99999',
      'host:1:2',
      '[::1',
      '::1',
      '-bad.example',
      'bad-.example',
      'a..b',
      'x\\y',
      'x'.repeat(256),
      'a%2fb',
    ]) {
      expect(validHost(h), h).toBe(false);
    }
  });
});
