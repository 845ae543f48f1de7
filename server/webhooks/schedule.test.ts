import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '@/lib/http/retry-after';
import { parseSchedule } from '../config-webhooks';
import { DEFAULT_RETRY_SCHEDULE_S, MAX_RETRY_AFTER_MS, nextDelayMs } from './schedule';

describe('parseSchedule', () => {
  it('parses comma-separated seconds, decimals allowed', () => {
    expect(parseSchedule('0,5,300')).toEqual([0, 5, 300]);
    expect(parseSchedule(' 0, 0.5 ,1 ')).toEqual([0, 0.5, 1]);
    expect(parseSchedule('0,5,300,1800,7200,18000,36000,36000')).toEqual([...DEFAULT_RETRY_SCHEDULE_S]);
  });

  it.each(['', '  ', '0,,5', '1,-2', 'a,b', '1e3', '5s', 'Infinity', '0;5'])('refuses %j', (text) => {
    expect(() => parseSchedule(text)).toThrow(/retry schedule/);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('reads delta-seconds and HTTP-dates', () => {
    expect(parseRetryAfter('7', { nowMs: now, maxMs: MAX_RETRY_AFTER_MS })).toBe(7000);
    expect(parseRetryAfter(' 0 ', { nowMs: now, maxMs: MAX_RETRY_AFTER_MS })).toBe(0);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:01:30 GMT', { nowMs: now, maxMs: MAX_RETRY_AFTER_MS })).toBe(90_000);
    expect(parseRetryAfter('Sunday, 01-Mar-26 12:00:10 GMT', { nowMs: now, maxMs: MAX_RETRY_AFTER_MS })).toBe(10_000);
    expect(parseRetryAfter('Sun Mar  1 12:00:05 2026', { nowMs: now, maxMs: MAX_RETRY_AFTER_MS })).toBe(5_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', { nowMs: now, maxMs: MAX_RETRY_AFTER_MS })).toBe(0);
  });

  it.each([undefined, null, '', '-5', '1.5', 'soon', '2026-03-01T12:01:00Z'])('is null for %j', (v) => {
    expect(parseRetryAfter(v, { nowMs: now, maxMs: MAX_RETRY_AFTER_MS })).toBeNull();
  });
});

describe('nextDelayMs', () => {
  const s = [...DEFAULT_RETRY_SCHEDULE_S];
  it('follows the schedule with ±20 % jitter and ends after the last entry', () => {
    expect(nextDelayMs(0, s, null, () => 0.5)).toBe(0);
    expect(nextDelayMs(1, s, null, () => 0.5)).toBe(5000);
    expect(nextDelayMs(1, s, null, () => 0)).toBe(4000);
    expect(nextDelayMs(1, s, null, () => 0.999999)).toBe(6000);
    expect(nextDelayMs(2, s, null, () => 0.25)).toBe(270_000);
    expect(nextDelayMs(7, s, null, () => 0.5)).toBe(36_000_000);
    expect(nextDelayMs(8, s, null, () => 0.5)).toBeNull();
    expect(nextDelayMs(1, [0, 0.5], null, () => 0.5)).toBe(500);
    expect(nextDelayMs(2, [0, 0.5], null)).toBeNull();
  });

  it('waits at least Retry-After, capped at 24 h', () => {
    expect(nextDelayMs(1, s, 7000, () => 0.5)).toBe(7000);
    expect(nextDelayMs(2, s, 7000, () => 0.5)).toBe(300_000);
    expect(nextDelayMs(1, s, 10 * 86_400_000, () => 0.5)).toBe(86_400_000);
    expect(nextDelayMs(8, s, 7000, () => 0.5)).toBeNull();
  });
});
