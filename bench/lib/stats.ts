/**
 * Figures shared by the benchmarks: nearest-rank percentiles, summaries of a sample and the
 * formatting of table cells.
 */

/** Nearest-rank percentile `p` (0…1) of an ascending array; NaN when it is empty. */
export function pct(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** `x` rounded to `decimals` decimal places. */
export function round(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

/** p50 / p90 / p99 (nearest rank) and max of an ascending array, rounded to `decimals`. */
function quantiles(s: Float64Array, decimals: number): { p50: number; p90: number; p99: number; max: number } {
  const r = (x: number): number => round(x, decimals);
  return { p50: r(pct(s, 0.5)), p90: r(pct(s, 0.9)), p99: r(pct(s, 0.99)), max: r(s[s.length - 1] ?? NaN) };
}

/** p50 / p90 / p99 / max (nearest rank) and mean of the values, rounded to 2 decimals. */
export function summaryWithMean(values: ArrayLike<number>): {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
} {
  const s = Float64Array.from(values).sort();
  let sum = 0;
  for (const v of s) sum += v;
  return { ...quantiles(s, 2), mean: round(sum / s.length, 2) };
}

/** The count and p50 / p90 / p99 / max (nearest rank) of the values, rounded to 1 decimal. */
export function summaryWithCount(values: ArrayLike<number>): {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
} {
  const s = Float64Array.from(values).sort();
  return { n: s.length, ...quantiles(s, 1) };
}

/** Bytes → MiB with one decimal. */
export function MB(b: number): number {
  return Math.round((b / 2 ** 20) * 10) / 10;
}

/** A right-aligned table cell of width `w` with `d` decimals; `–` for null or NaN. */
export function cell(x: number | null, w: number, d = 1): string {
  return (x == null || Number.isNaN(x) ? '–' : x.toFixed(d)).padStart(w);
}
