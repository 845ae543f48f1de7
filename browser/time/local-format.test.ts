import { describe, expect, it } from 'vitest';
import { formatInZone } from '@/browser/time/format';
import { formatLocal } from './local-format';

const AT = '2024-05-19T15:00:00Z'; // 16:00 in London

describe('formatLocal', () => {
  it("writes English as the server's date-fns patterns do", () => {
    const same: [Parameters<typeof formatLocal>[2], string][] = [
      ['time', 'HH:mm'],
      ['day', 'd MMM'],
      ['date', 'd MMM yyyy'],
      ['weekday', 'EEE'],
      ['short', 'EEE d MMM, HH:mm'],
      ['long', 'EEE d MMM yyyy, HH:mm'],
      ['fullDay', 'EEEE d MMMM yyyy'],
    ];
    for (const [style, pattern] of same)
      expect(formatLocal(AT, 'Europe/London', style), style).toBe(formatInZone(AT, 'Europe/London', pattern));
  });

  it("writes other languages in their own words and order, in the viewer's zone", () => {
    expect(formatLocal(AT, 'Europe/Berlin', 'short', 'de')).toBe('So., 19. Mai, 17:00');
    expect(formatLocal(AT, 'Europe/Madrid', 'fullDay', 'es')).toBe('domingo, 19 de mayo de 2024');
    expect(formatLocal(AT, 'Europe/Paris', 'day', 'fr')).toBe('19 mai');
    expect(formatLocal(AT, 'America/Sao_Paulo', 'time', 'pt')).toBe('12:00');
  });
});
