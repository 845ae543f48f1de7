import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './backoff';

describe('reconnectDelay', () => {
  it('grows the window exponentially up to the cap', () => {
    const top = (a: number) => reconnectDelay(a, {}, () => 0.999999);
    expect(top(0)).toBe(499);
    expect(top(1)).toBe(999);
    expect(top(3)).toBe(3999);
    expect(top(10)).toBe(14_999);
    expect(top(1000)).toBe(14_999);
  });
  it('jitters uniformly but never goes below the floor', () => {
    expect(reconnectDelay(5, {}, () => 0)).toBe(100);
    expect(reconnectDelay(2, {}, () => 0.5)).toBe(1000);
    expect(reconnectDelay(-3, { baseMs: 200, minMs: 0 }, () => 0.5)).toBe(100);
  });
});
