/**
 * The one rounding rule of the odds core (issue "Odds": "input prices … become decimal by one
 * documented rule"): **round half up to a fixed number of decimal places, on the number's decimal
 * reading** — binary noise is trimmed to 12 significant digits first, so `1.0005` → `1.001` and
 * `(2.005 − 1) × 100` → `101`, as a person rounding on paper would get. Prices are positive, so
 * "half up" and "half away from zero" agree. Decimal prices keep {@link PRICE_DECIMALS} places.
 */

/** Decimal places every decimal price is rounded to (3: `4/6` → 1.667, `−120` → 1.833). */
export const PRICE_DECIMALS = 3;

/**
 * Rounds half up to `dp` decimal places after trimming binary noise (12 significant digits).
 * @param x any finite number (non-finite values are returned unchanged)
 * @param dp decimal places, an integer 0..12
 * @returns the rounded number, e.g. `roundHalfUp(1.0005, 3)` = 1.001, `roundHalfUp(100.5, 0)` = 101
 */
export function roundHalfUp(x: number, dp: number): number {
  if (!Number.isFinite(x)) return x;
  const clean = Number(x.toPrecision(12));
  const text = String(clean);
  if (text.includes('e')) return Math.round(clean * 10 ** dp) / 10 ** dp;
  return Number(`${Math.round(Number(`${text}e${dp}`))}e-${dp}`);
}

/**
 * A decimal price rounded by the documented rule: half up to {@link PRICE_DECIMALS} (3) places.
 * @param decimal decimal odds (stake included), e.g. 1.83333
 * @returns e.g. 1.833; no validation (see `toDecimal` in convert.ts for that)
 */
export function roundPrice(decimal: number): number {
  return roundHalfUp(decimal, PRICE_DECIMALS);
}
