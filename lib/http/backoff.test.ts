import { describe, expect, it } from 'vitest';
import { BACKOFF_DEFAULTS, backoffDelay, backoffWindow, equalJitterDelay, type BackoffOptions } from './backoff';

describe('backoffWindow', () => {
  const cases: [attempt: number, opts: BackoffOptions, window: number][] = [
    [0, {}, 500],
    [1, {}, 1000],
    [3, {}, 4000],
    [5, {}, 16_000],
    [6, {}, 30_000],
    [50, {}, 30_000],
    [1e9, {}, 30_000],
    [-2, {}, 500],
    [2.7, {}, 2000],
    [0, { initialMs: 5000, maxMs: 300_000 }, 5000],
    [6, { initialMs: 5000, maxMs: 300_000 }, 300_000],
    [4, { initialMs: 200, maxMs: 15_000 }, 3200],
    [3, { initialMs: 1, maxMs: 2 }, 2],
    [3, { maxMs: 0 }, 0],
    [3, { initialMs: -10 }, 0],
  ];
  it.each(cases)('attempt %s with %j: %s ms', (attempt, opts, window) => {
    expect(backoffWindow(attempt, opts)).toBe(window);
  });
  it('defaults: 500 ms, 30 s, no floor', () => {
    expect(BACKOFF_DEFAULTS).toEqual({ initialMs: 500, maxMs: 30_000, minMs: 0 });
  });
});

describe('backoffDelay (full jitter)', () => {
  const cases: [attempt: number, opts: BackoffOptions, random: number, delay: number][] = [
    [0, {}, 0, 0],
    [0, {}, 0.999999, 499],
    [2, {}, 0.5, 1000],
    [10, {}, 0.999999, 29_999],
    [5, { minMs: 100 }, 0, 100],
    [5, { minMs: 100 }, 0.5, 8000],
    [10, { initialMs: 500, maxMs: 15_000, minMs: 100 }, 0.999999, 14_999],
    [-3, { initialMs: 200 }, 0.5, 100],
  ];
  it.each(cases)('attempt %s with %j and random %s: %s ms', (attempt, opts, r, delay) => {
    expect(backoffDelay(attempt, opts, () => r)).toBe(delay);
  });
  it('stays in [minMs, window) with Math.random', () => {
    for (let n = 0; n < 12; n++) {
      for (let i = 0; i < 100; i++) {
        const d = backoffDelay(n, { minMs: 10 });
        expect(d).toBeGreaterThanOrEqual(10);
        expect(d).toBeLessThan(Math.max(11, backoffWindow(n)));
        expect(Number.isInteger(d)).toBe(true);
      }
    }
  });
});

describe('equalJitterDelay', () => {
  const cases: [attempt: number, opts: BackoffOptions, random: number, delay: number][] = [
    [0, { initialMs: 5000, maxMs: 300_000 }, 0, 2500],
    [0, { initialMs: 5000, maxMs: 300_000 }, 0.999999, 5000],
    [1, { initialMs: 5000, maxMs: 300_000 }, 0.5, 7500],
    [20, { initialMs: 5000, maxMs: 300_000 }, 0, 150_000],
    [1, { initialMs: 3 }, 0, 3],
    [0, { initialMs: 10, minMs: 8 }, 0, 8],
  ];
  it.each(cases)('attempt %s with %j and random %s: %s ms', (attempt, opts, r, delay) => {
    expect(equalJitterDelay(attempt, opts, () => r)).toBe(delay);
  });
});
