import { describe, expect, test } from 'vitest';
import { backoffDelay, backoffWindow, parseRetryAfter } from './backoff';

describe('backoff (full jitter)', () => {
  test('the window doubles from initialMs and stops at maxMs', () => {
    const o = { initialMs: 500, maxMs: 30_000 };
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map((n) => backoffWindow(n, o))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffWindow(3)).toBe(4000); // defaults 500 / 30 000
    expect(backoffWindow(-2, o)).toBe(500);
  });

  test('a delay is uniform in [0, window): bounds at random() = 0 and → 1', () => {
    for (let n = 0; n < 12; n++) {
      const w = backoffWindow(n);
      expect(backoffDelay(n, {}, () => 0)).toBe(0);
      expect(backoffDelay(n, {}, () => 0.999999)).toBeLessThan(w);
      expect(backoffDelay(n, {}, () => 0.999999)).toBeGreaterThanOrEqual(w - 1);
      for (let i = 0; i < 200; i++) {
        const d = backoffDelay(n);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.min(30_000, 500 * 2 ** n));
      }
    }
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  test('delay-seconds, capped at 60 s by default', () => {
    expect(parseRetryAfter('0')).toBe(0);
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter(' 12 ')).toBe(12_000);
    expect(parseRetryAfter('3600')).toBe(60_000);
    expect(parseRetryAfter('3600', 5_000)).toBe(5_000);
  });
  test('an HTTP-date, relative to now, never negative', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', 60_000, now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', 60_000, now)).toBe(0);
  });
  test('absent or unreadable: null', () => {
    for (const v of [null, undefined, '', 'soon', '-5', '1.5']) expect(parseRetryAfter(v)).toBeNull();
  });
});
