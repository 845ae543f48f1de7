/**
 * Price formats → decimal odds, and back (issue "Odds": "input prices in decimal, American,
 * fractional or implied probability become decimal by one documented rule").
 *
 * Decimal odds are the stored unit everywhere (stake included: 2.5 returns 2.5 per 1 staked).
 * Conversion rules (docs in each function):
 * - decimal d: as given.
 * - American A: A ≥ +100 → d = 1 + A/100; A ≤ −100 → d = 1 + 100/|A|. Both +100 and −100 are
 *   evens (2.0). −100 < A < +100 is rejected.
 * - fractional n/m: d = 1 + n/m; "evs" / "evens" / "even" = 1/1 = 2.0.
 * - implied probability p (0 < p < 1, or "40%"): d = 1/p.
 * Every result is rounded half up to 3 dp (rounding.ts) and must then lie in
 * [{@link MIN_DECIMAL_PRICE}, {@link MAX_DECIMAL_PRICE}]; anything else throws {@link OddsFormatError}.
 */
import { OddsFormatError } from './errors';
import { roundHalfUp, roundPrice } from './rounding';

/** The input formats a price may arrive in. */
export const PRICE_FORMATS = ['decimal', 'american', 'fractional', 'implied'] as const;
export type PriceFormat = (typeof PRICE_FORMATS)[number];

/**
 * A price as a client or upstream feed sends it: a bare number (decimal), a string whose format
 * is detected ({@link detectPriceFormat}), or an explicit `{ format, value }`.
 */
export type PriceInput = number | string | { format: PriceFormat; value: number | string };

/** Shortest valid decimal price after rounding (1/1000 profit per unit: American −100000). */
export const MIN_DECIMAL_PRICE = 1.001;
/** Sanity cap: longer than 100000/1 (American +10,000,000) is taken to be an input error. */
export const MAX_DECIMAL_PRICE = 100_001;

const NUM = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
const DECIMAL_RE = new RegExp(`^${NUM}$`);
const AMERICAN_RE = new RegExp(`^([+-]?)${NUM}$`);
const FRACTIONAL_RE = new RegExp(String.raw`^${NUM}\s*/\s*${NUM}$`);
const PERCENT_RE = new RegExp(String.raw`^${NUM}\s*%$`);
const EVENS_RE = /^(?:evs|evens|even)\.?$/i;

/**
 * Detects the format of a price string (the "auto" rule):
 * `evs`/`evens`/`even` or `n/m` → fractional; ends in `%` → implied; starts with an explicit
 * `+` or `−` sign → American; a plain unsigned number → **decimal** (so `"100"` is decimal 100.0,
 * never American +100 — send `"+100"` or `{ format: 'american', value: 100 }` for that).
 * @param text the price as sent, surrounding whitespace ignored
 * @returns the detected format
 * @throws OddsFormatError `malformed` when the string matches none of them (`"2,5"`, `"abc"`, `""`)
 */
export function detectPriceFormat(text: string): PriceFormat {
  const t = text.trim();
  if (EVENS_RE.test(t) || FRACTIONAL_RE.test(t)) return 'fractional';
  if (PERCENT_RE.test(t)) return 'implied';
  if (/^[+-]/.test(t) && AMERICAN_RE.test(t)) return 'american';
  if (DECIMAL_RE.test(t)) return 'decimal';
  throw new OddsFormatError(
    'malformed',
    `"${text}" is not a price (decimal 2.5, American +150/-120, fractional 5/2 or evs, implied 40%)`,
  );
}

/**
 * Any supported price → decimal odds, rounded half up to 3 dp.
 * Which format applies: `input.format` for an object; else the `format` argument; else auto —
 * a JS number is decimal, a string goes through {@link detectPriceFormat}.
 * @param input e.g. `2.5`, `"2.50"`, `"+150"`, `"-120"`, `"5/2"`, `"evs"`, `"40%"`,
 *   `{ format: 'implied', value: 0.4 }`, `{ format: 'american', value: 150 }`
 * @param format forces the format of a bare number/string (`toDecimal("150", "american")` = 2.5;
 *   `toDecimal(1.5, "fractional")` reads 1.5 as the ratio 3/2 → 2.5)
 * @returns decimal odds in [1.001, 100001], e.g. 2.5
 * @throws OddsFormatError `malformed` (unparsable string), `out_of_range` (decimal ≤ 1, American
 *   strictly between −100 and +100, probability outside (0, 1), NaN/∞, beyond the cap),
 *   `unknown_format` (format not in {@link PRICE_FORMATS})
 */
export function toDecimal(input: PriceInput, format?: PriceFormat): number {
  let value: number | string;
  let fmt: PriceFormat | undefined = format;
  if (typeof input === 'object' && input !== null) {
    value = input.value;
    fmt = input.format;
  } else {
    value = input;
  }
  if (fmt !== undefined && !(PRICE_FORMATS as readonly string[]).includes(fmt)) {
    throw new OddsFormatError(
      'unknown_format',
      `unknown price format "${String(fmt)}" (use ${PRICE_FORMATS.join(', ')})`,
    );
  }
  if (typeof value === 'number') return fromNumber(value, fmt ?? 'decimal');
  if (typeof value !== 'string')
    throw new OddsFormatError('malformed', `price must be a number or a string, got ${typeof value}`);
  const t = value.trim();
  const f = fmt ?? detectPriceFormat(t);
  switch (f) {
    case 'decimal': {
      if (!DECIMAL_RE.test(t)) throw new OddsFormatError('malformed', `"${value}" is not a decimal price such as 2.50`);
      return decimalFromDecimal(Number(t));
    }
    case 'american': {
      const m = AMERICAN_RE.exec(t);
      if (!m) throw new OddsFormatError('malformed', `"${value}" is not an American price such as +150 or -120`);
      return decimalFromAmerican(m[1] === '-' ? -Number(m[2]) : Number(m[2]));
    }
    case 'fractional': {
      if (EVENS_RE.test(t)) return 2;
      const m = FRACTIONAL_RE.exec(t);
      if (!m) throw new OddsFormatError('malformed', `"${value}" is not a fractional price such as 5/2 or evs`);
      return decimalFromFractional(Number(m[1]), Number(m[2]));
    }
    case 'implied': {
      const pct = PERCENT_RE.exec(t);
      if (pct) return decimalFromImplied(Number(pct[1]) / 100);
      if (!DECIMAL_RE.test(t))
        throw new OddsFormatError('malformed', `"${value}" is not a probability such as 0.4 or 40%`);
      return decimalFromImplied(Number(t));
    }
  }
}

function fromNumber(value: number, fmt: PriceFormat): number {
  switch (fmt) {
    case 'decimal':
      return decimalFromDecimal(value);
    case 'american':
      return decimalFromAmerican(value);
    case 'fractional':
      return decimalFromFractional(value, 1);
    case 'implied':
      return decimalFromImplied(value);
  }
}

/** Rounds and range-checks a computed decimal price. */
function checked(decimal: number, what: string): number {
  if (!Number.isFinite(decimal)) throw new OddsFormatError('out_of_range', `${what} is not a finite price`);
  const d = roundPrice(decimal);
  if (d < MIN_DECIMAL_PRICE)
    throw new OddsFormatError('out_of_range', `${what} gives decimal odds ${d}; a price must exceed 1.0`);
  if (d > MAX_DECIMAL_PRICE)
    throw new OddsFormatError('out_of_range', `${what} is longer than ${MAX_DECIMAL_PRICE - 1}/1`);
  return d;
}

/**
 * A decimal price, validated and rounded half up to 3 dp.
 * @param decimal decimal odds, stake included (e.g. 2.5)
 * @returns the rounded price, e.g. 2.5004 → 2.5
 * @throws OddsFormatError `out_of_range` when not finite, ≤ 1.0 after rounding, or beyond the cap
 */
export function decimalFromDecimal(decimal: number): number {
  return checked(decimal, `decimal ${decimal}`);
}

/**
 * American (moneyline) odds → decimal. Rule: A ≥ +100 → 1 + A/100 (profit per 100 staked);
 * A ≤ −100 → 1 + 100/|A| (stake needed to win 100). +100 and −100 are both evens (2.0).
 * Unsigned numbers passed here are positive American odds.
 * @param american e.g. +150 → 2.5, −120 → 1.833, −200 → 1.5, +100000 → 1001
 * @returns decimal odds, rounded half up to 3 dp
 * @throws OddsFormatError `out_of_range` for −100 < A < +100 (0, ±50…), NaN/∞, or beyond the cap
 */
export function decimalFromAmerican(american: number): number {
  if (!Number.isFinite(american))
    throw new OddsFormatError('out_of_range', `American ${american} is not a finite price`);
  if (american > -100 && american < 100) {
    throw new OddsFormatError('out_of_range', `American odds ${american} are invalid: they are ≥ +100 or ≤ −100`);
  }
  return checked(american > 0 ? 1 + american / 100 : 1 + 100 / -american, `American ${american}`);
}

/**
 * Fractional (UK) odds n/m → decimal 1 + n/m. Evens is 1/1 = 2.0.
 * @param numerator profit n (> 0), e.g. 5 in 5/2
 * @param denominator stake m (> 0), e.g. 2 in 5/2
 * @returns decimal odds, e.g. 5/2 → 3.5, 4/6 → 1.667, 1000/1 → 1001
 * @throws OddsFormatError `out_of_range` when either part is ≤ 0 or not finite, or beyond the cap
 */
export function decimalFromFractional(numerator: number, denominator: number): number {
  if (!(numerator > 0) || !(denominator > 0) || !Number.isFinite(numerator) || !Number.isFinite(denominator)) {
    throw new OddsFormatError('out_of_range', `fractional ${numerator}/${denominator} needs both parts > 0`);
  }
  return checked(1 + numerator / denominator, `fractional ${numerator}/${denominator}`);
}

/**
 * Implied probability → decimal 1/p (a fair price: no margin is added or removed).
 * Values above 1 are not read as percentages; pass `"40%"` to {@link toDecimal} for that.
 * @param probability p with 0 < p < 1, e.g. 0.4 → 2.5
 * @returns decimal odds, rounded half up to 3 dp
 * @throws OddsFormatError `out_of_range` when p ≤ 0, p ≥ 1 (or so close to 1 that 1/p rounds to 1.0), NaN
 */
export function decimalFromImplied(probability: number): number {
  if (!(probability > 0 && probability < 1)) {
    throw new OddsFormatError('out_of_range', `implied probability ${probability} must be between 0 and 1 (exclusive)`);
  }
  return checked(1 / probability, `implied probability ${probability}`);
}

/** Throws unless `decimal` is a valid decimal price (used by the formatters). */
function assertDecimal(decimal: number): number {
  if (!(Number.isFinite(decimal) && decimal > 1))
    throw new OddsFormatError('out_of_range', `decimal odds ${decimal} must be a finite number > 1.0`);
  return roundPrice(decimal);
}

/**
 * Decimal → American odds, rounded half up to a whole number. Rule: d ≥ 2 → +(d − 1)·100,
 * d < 2 → −100/(d − 1). Evens (2.0) is written +100.
 * @param decimal decimal odds > 1, e.g. 2.5 → +150, 1.833 → −120, 1.5 → −200, 1001 → +100000
 * @returns signed American odds (≥ +100 or ≤ −100)
 * @throws OddsFormatError `out_of_range` when decimal ≤ 1 or not finite
 */
export function toAmerican(decimal: number): number {
  const d = assertDecimal(decimal);
  return d >= 2 ? roundHalfUp((d - 1) * 100, 0) : -roundHalfUp(100 / (d - 1), 0);
}

/**
 * Decimal → American odds as text, with an explicit sign.
 * @param decimal decimal odds > 1, e.g. 2.0 → "+100", 1.833 → "-120"
 * @throws OddsFormatError as {@link toAmerican}
 */
export function formatAmerican(decimal: number): string {
  const a = toAmerican(decimal);
  return a > 0 ? `+${a}` : String(a);
}

/**
 * The traditional UK fractional ladder, short to long. Kept unreduced where bookmakers print them
 * that way (4/6, 6/4, 100/30, 8/13). Used first by {@link toFractional}.
 */
export const FRACTIONAL_LADDER: readonly (readonly [number, number])[] = (
  '1/100 1/50 1/33 1/25 1/20 1/16 1/14 1/12 1/10 1/9 1/8 1/7 1/6 1/5 2/9 1/4 2/7 3/10 1/3 4/11 2/5 4/9 1/2 ' +
  '8/15 4/7 8/13 4/6 8/11 4/5 5/6 10/11 1/1 21/20 11/10 6/5 5/4 11/8 6/4 13/8 7/4 15/8 2/1 9/4 5/2 11/4 3/1 ' +
  '100/30 7/2 4/1 9/2 5/1 11/2 6/1 13/2 7/1 15/2 8/1 17/2 9/1 10/1 11/1 12/1 14/1 16/1 18/1 20/1 22/1 25/1 ' +
  '28/1 33/1 40/1 50/1 66/1 80/1 100/1 125/1 150/1 200/1 250/1 500/1 1000/1'
)
  .split(' ')
  .map((f) => {
    const [n, m] = f.split('/').map(Number);
    return [n, m] as const;
  });

const LADDER_BY_PRICE = new Map(FRACTIONAL_LADDER.map(([n, m]) => [roundPrice(1 + n / m), [n, m] as const]));

/** Largest denominator {@link toFractional} uses off the ladder. */
export const MAX_FRACTION_DENOMINATOR = 100;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Decimal → fractional odds. Rule: the decimal is rounded to 3 dp; if a
 * {@link FRACTIONAL_LADDER} entry converts to exactly that price it is used (1.667 → 4/6,
 * 2.5 → 6/4, 4.333 → 100/30, 2.0 → 1/1); otherwise the closest fraction to d − 1 with
 * denominator ≤ {@link MAX_FRACTION_DENOMINATOR}, reduced (continued fractions, as Python's
 * `Fraction.limit_denominator`): 2.37 → 137/100, 3.2 → 11/5. Round trips exactly for every
 * ladder price and every price with ≤ 2 decimals; other 3-dp prices come back to the nearest.
 * Prices shorter than 1.01 (1.001..1.009) are written 1/100, the shortest fraction produced.
 * @param decimal decimal odds > 1, e.g. 1.5 → [1, 2], 1001 → [1000, 1]
 * @returns `[numerator, denominator]` (profit, stake)
 * @throws OddsFormatError `out_of_range` when decimal ≤ 1 or not finite
 */
export function toFractional(decimal: number): [number, number] {
  const d = assertDecimal(decimal);
  const ladder = LADDER_BY_PRICE.get(d);
  if (ladder) return [ladder[0], ladder[1]];
  // d − 1 as an exact fraction N/D of thousandths, then the best approximation with D ≤ 100.
  let n = Math.round((d - 1) * 1000);
  let den = 1000;
  const g = gcd(n, den);
  n /= g;
  den /= g;
  if (den <= MAX_FRACTION_DENOMINATOR) return [n, den];
  const [num0, den0] = [n, den];
  let [p0, q0, p1, q1] = [0, 1, 1, 0];
  while (true) {
    const a = Math.floor(n / den);
    const q2 = q0 + a * q1;
    if (q2 > MAX_FRACTION_DENOMINATOR) break;
    [p0, q0, p1, q1] = [p1, q1, p0 + a * p1, q2];
    [n, den] = [den, n - a * den];
  }
  const k = Math.floor((MAX_FRACTION_DENOMINATOR - q0) / q1);
  const b1: [number, number] = [p0 + k * p1, q0 + k * q1];
  const b2: [number, number] = [p1, q1];
  const err = ([p, q]: [number, number]) => Math.abs(p * den0 - num0 * q) / (q * den0);
  const best = err(b2) <= err(b1) ? b2 : b1;
  if (best[0] === 0) return [1, MAX_FRACTION_DENOMINATOR];
  return best;
}

/**
 * Decimal → fractional odds as text `"n/m"` (rule of {@link toFractional}); evens is "1/1".
 * @param decimal decimal odds > 1, e.g. 3.5 → "5/2", 1.5 → "1/2"
 * @throws OddsFormatError as {@link toFractional}
 */
export function formatFractional(decimal: number): string {
  const [n, m] = toFractional(decimal);
  return `${n}/${m}`;
}

/**
 * Decimal → implied probability 1/d (margin included; not rounded, for further arithmetic).
 * @param decimal decimal odds > 1, e.g. 2.5 → 0.4
 * @returns probability in (0, 1)
 * @throws OddsFormatError `out_of_range` when decimal ≤ 1 or not finite
 */
export function toImplied(decimal: number): number {
  if (!(Number.isFinite(decimal) && decimal > 1))
    throw new OddsFormatError('out_of_range', `decimal odds ${decimal} must be a finite number > 1.0`);
  return 1 / decimal;
}

/**
 * A decimal price written in any format, for display: decimal "2.5" (3 dp, trailing zeros
 * dropped), American "+150", fractional "3/2"-style by the ladder rule, implied "40.0%" (1 dp).
 * @param decimal decimal odds > 1
 * @param format target format
 * @throws OddsFormatError `out_of_range` when decimal ≤ 1 or not finite; `unknown_format`
 */
export function formatPrice(decimal: number, format: PriceFormat): string {
  switch (format) {
    case 'decimal':
      return String(assertDecimal(decimal));
    case 'american':
      return formatAmerican(decimal);
    case 'fractional':
      return formatFractional(decimal);
    case 'implied':
      return `${roundHalfUp(toImplied(decimal) * 100, 1).toFixed(1)}%`;
    default:
      throw new OddsFormatError('unknown_format', `unknown price format "${String(format)}"`);
  }
}
