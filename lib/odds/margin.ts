/**
 * Bookmaker margin (overround) and no-vig fair probabilities for one market book (issue "Odds":
 * "per bookmaker overround (margin) … no-vig fair probabilities").
 *
 * A book is the decimal prices of all selections of one market (and line) from one source, e.g.
 * 1X2 `[home, draw, away]` or totals `[over, under]`. Implied probability πᵢ = 1/priceᵢ.
 * - overround = Σπᵢ − 1 (0.0587 = 5.87 %); negative for a "book" that combines the best prices
 *   of several bookmakers when they disagree enough (an arbitrage).
 * - fair probabilities: **proportional** (multiplicative normalisation, pᵢ = πᵢ/Σπ) is the default
 *   everywhere in Scoreline; `power` and `shin` are available for comparison (see
 *   {@link fairProbabilities}).
 */
import { OddsError } from './errors';

/** No-vig methods: proportional (default), power, Shin. */
export const NO_VIG_METHODS = ['proportional', 'power', 'shin'] as const;
export type NoVigMethod = (typeof NO_VIG_METHODS)[number];

/** Implied probabilities after checking the book: ≥ 2 finite prices > 1. */
function implied(prices: readonly number[]): number[] {
  if (prices.length < 2)
    throw new OddsError('invalid_book', `a market book needs at least 2 selections, got ${prices.length}`);
  return prices.map((p) => {
    if (!(Number.isFinite(p) && p > 1))
      throw new OddsError('invalid_book', `decimal price ${p} in a book must be a finite number > 1.0`);
    return 1 / p;
  });
}

/**
 * Implied probabilities 1/price of every selection (margin still inside).
 * @param prices decimal prices of all selections of one market, e.g. B365 `[8, 5.5, 1.33]`
 * @returns probabilities in (0, 1), same order, e.g. `[0.125, 0.1818…, 0.7519…]`
 * @throws OddsError `invalid_book` for fewer than 2 prices or a price ≤ 1 / not finite
 */
export function impliedProbabilities(prices: readonly number[]): number[] {
  return implied(prices);
}

/**
 * Overround (bookmaker margin) of a book: Σ 1/priceᵢ − 1.
 * @param prices decimal prices of all selections of one market (and line), e.g. `[8, 5.5, 1.33]`
 * @returns overround as a fraction, e.g. 0.0587 (5.87 %); < 0 means the book is an arbitrage
 * @throws OddsError `invalid_book` for fewer than 2 prices or a price ≤ 1 / not finite
 */
export function overround(prices: readonly number[]): number {
  return implied(prices).reduce((s, p) => s + p, 0) - 1;
}

/**
 * Payout rate (theoretical return to bettors) of a book: 1 / Σ 1/priceᵢ.
 * @param prices decimal prices of all selections of one market
 * @returns e.g. 0.9446 for an overround of 5.87 %
 * @throws OddsError `invalid_book` as {@link overround}
 */
export function payoutRate(prices: readonly number[]): number {
  return 1 / (1 + overround(prices));
}

/** Bisection for an increasing function f on [lo, hi]: the x with f(x) ≈ 0. */
function bisect(f: (x: number) => number, lo: number, hi: number, iterations = 100): number {
  for (let i = 0; i < iterations; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * No-vig ("fair") probabilities of a book, summing to 1.
 * - `proportional` (default): pᵢ = πᵢ / Σπ — the margin is taken off every selection in
 *   proportion to its implied probability.
 * - `power`: pᵢ = πᵢ^k with k solved so Σpᵢ = 1 (k > 1 for a positive overround); takes
 *   relatively more margin off long shots (favourite–longshot bias).
 * - `shin`: Shin (1993) insider-trading model, in the closed form of Jullien & Salanié (1994) /
 *   Štrumbelj (2014): pᵢ = (√(z² + 4(1 − z)πᵢ²/Σπ) − z) / (2(1 − z)), z ∈ [0, 1) solved so Σpᵢ = 1.
 *   Defined for a positive overround only; a book with Σπ ≤ 1 falls back to proportional.
 * Solved numerically by bisection (100 steps, exact to float precision).
 * @param prices decimal prices of all selections of one market (and line)
 * @param method one of {@link NO_VIG_METHODS}; default `proportional`
 * @returns probabilities in (0, 1) in the same order, summing to 1 (±1e-12)
 * @throws OddsError `invalid_book` for fewer than 2 prices, a price ≤ 1 / not finite, or an unknown method
 */
export function fairProbabilities(prices: readonly number[], method: NoVigMethod = 'proportional'): number[] {
  const pi = implied(prices);
  const booksum = pi.reduce((s, p) => s + p, 0);
  switch (method) {
    case 'proportional':
      return pi.map((p) => p / booksum);
    case 'power': {
      // Σ πᵢ^k is decreasing in k (πᵢ < 1): Σ = n ≥ 2 at k = 0, → 0 as k → ∞.
      const k = bisect((x) => 1 - pi.reduce((s, p) => s + p ** x, 0), 1e-6, 100);
      const out = pi.map((p) => p ** k);
      const s = out.reduce((a, b) => a + b, 0);
      return out.map((p) => p / s);
    }
    case 'shin': {
      if (booksum <= 1) return pi.map((p) => p / booksum);
      const at = (z: number) => pi.map((p) => (Math.sqrt(z * z + (4 * (1 - z) * p * p) / booksum) - z) / (2 * (1 - z)));
      // Σpᵢ(z) = √Σπ > 1 at z = 0 and decreases through 1 before z reaches 1.
      const z = bisect((x) => 1 - at(x).reduce((a, b) => a + b, 0), 0, 0.999999);
      const out = at(z);
      const s = out.reduce((a, b) => a + b, 0);
      return out.map((p) => p / s);
    }
    default:
      throw new OddsError(
        'invalid_book',
        `unknown no-vig method "${String(method)}" (use ${NO_VIG_METHODS.join(', ')})`,
      );
  }
}

/**
 * Fair (no-vig) decimal prices 1/pᵢ from {@link fairProbabilities}, not rounded.
 * @param prices decimal prices of all selections of one market
 * @param method no-vig method, default `proportional`
 * @returns fair decimal prices, same order (e.g. B365 `[8, 5.5, 1.33]` → `[8.47, 5.82, 1.41]`)
 * @throws OddsError `invalid_book` as {@link fairProbabilities}
 */
export function fairPrices(prices: readonly number[], method: NoVigMethod = 'proportional'): number[] {
  return fairProbabilities(prices, method).map((p) => 1 / p);
}

/**
 * The inverse of proportional no-vig: puts a margin on fair probabilities, priceᵢ = 1/(pᵢ·(1 + m)),
 * so the resulting book's overround is exactly m before any rounding or clamping.
 * @param probabilities fair probabilities of all selections (each in (0, 1]; they should sum to 1)
 * @param margin target overround as a fraction, ≥ 0 (0.05 = 5 %)
 * @returns decimal prices, not rounded (callers round with `roundPrice` and clamp)
 * @throws OddsError `invalid_book` for a probability ≤ 0 / > 1 / not finite, or a negative margin
 */
export function applyMargin(probabilities: readonly number[], margin: number): number[] {
  if (!(margin >= 0 && Number.isFinite(margin)))
    throw new OddsError('invalid_book', `margin ${margin} must be a finite number ≥ 0`);
  return probabilities.map((p) => {
    if (!(p > 0 && p <= 1)) throw new OddsError('invalid_book', `probability ${p} must be in (0, 1]`);
    return 1 / (p * (1 + margin));
  });
}
