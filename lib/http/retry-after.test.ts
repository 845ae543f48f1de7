import { describe, expect, it } from 'vitest';
import { RETRY_AFTER_DEFAULT_MAX_MS, parseRetryAfter, type RetryAfterOptions } from './retry-after';

const now = Date.parse('2026-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  const cases: [value: string | null | undefined, opts: RetryAfterOptions, ms: number | null][] = [
    // delta-seconds
    ['0', {}, 0],
    ['7', {}, 7000],
    [' 0 ', {}, 0],
    [' 12 ', {}, 12_000],
    ['120', { nowMs: now }, 120_000],
    ['3600', { maxMs: 60_000 }, 60_000],
    ['3600', { maxMs: 5_000 }, 5_000],
    ['86400', {}, 86_400_000],
    ['86401', {}, RETRY_AFTER_DEFAULT_MAX_MS],
    ['99999999999999999999', { maxMs: 3_600_000 }, 3_600_000],
    // HTTP-date, relative to nowMs, never negative
    ['Sun, 01 Mar 2026 12:01:30 GMT', { nowMs: now }, 90_000],
    ['Sun, 01 Mar 2026 12:00:30 GMT', { nowMs: now, maxMs: 60_000 }, 30_000],
    ['Sun, 01 Mar 2026 13:00:00 GMT', { nowMs: now, maxMs: 60_000 }, 60_000],
    ['Sunday, 01-Mar-26 12:00:10 GMT', { nowMs: now }, 10_000],
    ['Sun Mar  1 12:00:05 2026', { nowMs: now }, 5_000],
    ['Sun, 01 Mar 2026 11:00:00 GMT', { nowMs: now }, 0],
    ['Fri, 11 Aug 2023 19:00:30 GMT', { nowMs: Date.parse('2023-08-11T19:00:00Z') }, 30_000],
    // absent or garbage
    [null, {}, null],
    [undefined, {}, null],
    ['', {}, null],
    ['   ', {}, null],
    ['soon', {}, null],
    ['-5', {}, null],
    ['1.5', {}, null],
    ['5s', {}, null],
    ['2026-03-01T12:00:30Z', { nowMs: now }, null],
    ['Sun, 01 Mar 2026 12:00:30 +0000', { nowMs: now }, null],
    ['Sun, 99 Mar 2026 12:00:30 GMT', { nowMs: now }, null],
  ];
  it.each(cases)('%j with %j: %s', (value, opts, ms) => {
    expect(parseRetryAfter(value, opts)).toBe(ms);
  });
  it('measures an HTTP-date from Date.now() by default', () => {
    const inOneHour = new Date(Date.now() + 3_600_000).toUTCString();
    const ms = parseRetryAfter(inOneHour);
    expect(ms).toBeGreaterThan(3_590_000);
    expect(ms).toBeLessThanOrEqual(3_600_000);
  });
});
