import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampDistribution, clampProbability, PROBABILITY_EPSILON } from './clamp';

describe('probability clamps', () => {
  it('keeps values in [ε, 1 − ε], NaN at ε', () => {
    expect(clampProbability(1.0000000000000002)).toBe(1 - PROBABILITY_EPSILON);
    expect(clampProbability(-1e-17)).toBe(PROBABILITY_EPSILON);
    expect(clampProbability(Number.NaN)).toBe(PROBABILITY_EPSILON);
    expect(clampProbability(0.3)).toBe(0.3);
  });

  it('a certain outcome is 1 − ε exactly and the others ε (was ε / (1 + 2ε): 9.99999999e-10 below ε)', () => {
    expect(clampDistribution([1, 0, 0])).toEqual([
      1 - 2 * PROBABILITY_EPSILON,
      PROBABILITY_EPSILON,
      PROBABILITY_EPSILON,
    ]);
    expect(clampDistribution([0, 1])).toEqual([PROBABILITY_EPSILON, 1 - PROBABILITY_EPSILON]);
  });

  it('property: a clamped distribution is within [ε, 1 − ε] and sums to 1', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -0.1, max: 1.1, noNaN: true }), { minLength: 2, maxLength: 5 }), (ps) => {
        const c = clampDistribution(ps);
        for (const p of c) {
          expect(p).toBeGreaterThanOrEqual(PROBABILITY_EPSILON);
          expect(p).toBeLessThanOrEqual(1 - PROBABILITY_EPSILON);
        }
        expect(Math.abs(c.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
      }),
    );
  });
});
