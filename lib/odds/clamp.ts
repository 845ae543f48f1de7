/**
 * Probability clamps shared by every model (issue 37: "every model clamps to [ε, 1 − ε]"). A model
 * built from sums of floating-point terms can return 1.0000000000000002 or −1e-17 on lopsided states
 * (a 7–0 lead at 81 minutes); prices and log losses need values strictly inside (0, 1).
 */

/** Smallest probability a model publishes (and 1 − it the largest): 1e-9. */
export const PROBABILITY_EPSILON = 1e-9;

/**
 * Clamps one probability to [ε, 1 − ε]; NaN becomes ε (a broken term never reads as a certainty).
 * @param p a probability (any number)
 * @param eps ε in (0, 0.5), default {@link PROBABILITY_EPSILON}
 * @returns p within [ε, 1 − ε]
 */
export function clampProbability(p: number, eps = PROBABILITY_EPSILON): number {
  if (!(p > eps)) return eps;
  return p < 1 - eps ? p : 1 - eps;
}

/**
 * Clamps every outcome of a distribution to [ε, 1 − ε] so that they sum to 1: each is clamped and
 * the outcomes rescaled proportionally, clamped again (a rescaled ε can fall just below ε), and
 * the largest outcome takes what makes the sum exactly 1 (it stays within [ε, 1 − ε]: every other
 * outcome is at least ε and the correction is of the order of nε).
 * @param ps probabilities of mutually exclusive outcomes (home, draw, away …), roughly summing to 1
 * @param eps ε, default {@link PROBABILITY_EPSILON}
 * @returns the same number of probabilities, each in [ε, 1 − ε], summing to 1 within 1e-12
 */
export function clampDistribution(ps: readonly number[], eps = PROBABILITY_EPSILON): number[] {
  const c = ps.map((p) => clampProbability(p, eps));
  const sum = c.reduce((a, b) => a + b, 0);
  const out = c.map((p) => clampProbability(p / sum, eps));
  if (out.length < 2) return out;
  let top = 0;
  for (let i = 1; i < out.length; i++) if (out[i] > out[top]) top = i;
  let rest = 0;
  for (let i = 0; i < out.length; i++) if (i !== top) rest += out[i];
  out[top] = 1 - rest;
  return out;
}
