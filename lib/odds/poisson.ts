/**
 * Poisson goal arithmetic used by the in-play model (lib/odds/inplay-model.ts).
 * Goals still to come for each side are Poisson(λh), Poisson(λa), independent except for the
 * Dixon–Coles (1997) low-score correction with parameter ρ: the probabilities of (0,0), (0,1),
 * (1,0), (1,1) further goals are multiplied by τ = 1 − λhλaρ, 1 + λhρ, 1 + λaρ, 1 − ρ. That keeps
 * each side's goal distribution (and so P(total ≥ 3)) unchanged and moves draw probability in or
 * out of the low scores (ρ < 0 → more 0-0 and 1-1); ρ = 0 is plain independent Poisson.
 * Probabilities are summed on a grid of 0..{@link MAX_GOALS} further goals per side, the last cell
 * holding the whole tail P(X ≥ MAX_GOALS) so nothing is lost (15 × 15 = 225 products per call).
 */
import { OddsError } from './errors';

/** Largest number of further goals per side kept on the grid (the last cell is the tail). */
export const MAX_GOALS = 14;

/**
 * Poisson probabilities P(X = 0..MAX_GOALS − 1) and the tail P(X ≥ MAX_GOALS) in the last cell.
 * @param lambda expected goals, ≥ 0 (0 → all mass on 0 goals)
 * @returns array of length MAX_GOALS + 1 summing to 1
 */
export function poissonVector(lambda: number): Float64Array {
  const out = new Float64Array(MAX_GOALS + 1);
  let p = Math.exp(-lambda);
  let sum = 0;
  for (let k = 0; k < MAX_GOALS; k++) {
    out[k] = p;
    sum += p;
    p = (p * lambda) / (k + 1);
  }
  out[MAX_GOALS] = Math.max(0, 1 - sum);
  return out;
}

/** Full-time result probabilities (regulation time). */
export interface ResultProbabilities {
  home: number;
  draw: number;
  away: number;
}

/**
 * Range of ρ that keeps every Dixon–Coles factor τ ≥ 0 for these rates (also capped to [−1, 1]).
 * @param lambdaHome expected further home goals, ≥ 0
 * @param lambdaAway expected further away goals, ≥ 0
 * @returns `[min, max]` admissible ρ
 */
export function rhoBounds(lambdaHome: number, lambdaAway: number): [number, number] {
  const lo = Math.max(-1, lambdaHome > 0 ? -1 / lambdaHome : -1, lambdaAway > 0 ? -1 / lambdaAway : -1);
  const hi = Math.min(1, lambdaHome * lambdaAway > 0 ? 1 / (lambdaHome * lambdaAway) : 1);
  return [lo, hi];
}

/** The Dixon–Coles factor τ of cell (i, j) (1 outside the four low-score cells). */
function tau(i: number, j: number, lh: number, la: number, rho: number): number {
  if (i === 0 && j === 0) return 1 - lh * la * rho;
  if (i === 0 && j === 1) return 1 + lh * rho;
  if (i === 1 && j === 0) return 1 + la * rho;
  if (i === 1 && j === 1) return 1 - rho;
  return 1;
}

/**
 * P(home win), P(draw), P(away win) at the end, given the current goal difference and the
 * expected further goals of each side.
 * @param lambdaHome expected further home goals, ≥ 0
 * @param lambdaAway expected further away goals, ≥ 0
 * @param lead current home goals minus away goals (0 before kickoff)
 * @param rho Dixon–Coles ρ (0 = independent), clamped to {@link rhoBounds}
 * @returns probabilities summing to 1
 */
export function resultProbabilities(lambdaHome: number, lambdaAway: number, lead = 0, rho = 0): ResultProbabilities {
  const h = poissonVector(lambdaHome);
  const a = poissonVector(lambdaAway);
  const [lo, hi] = rhoBounds(lambdaHome, lambdaAway);
  const r = Math.min(hi, Math.max(lo, rho));
  // below[k] = P(away further goals < k): cell (i, j) is a home win when j < i + lead, a draw
  // when j = i + lead — one pass over i instead of the 15 × 15 grid (the pre-match ratings solve
  // for rates with 41 of these per fixture).
  const below = new Float64Array(MAX_GOALS + 2);
  for (let j = 0; j <= MAX_GOALS; j++) below[j + 1] = below[j] + a[j];
  let home = 0;
  let draw = 0;
  for (let i = 0; i <= MAX_GOALS; i++) {
    const k = i + lead;
    home += h[i] * below[Math.min(MAX_GOALS + 1, Math.max(0, k))];
    if (k >= 0 && k <= MAX_GOALS) draw += h[i] * a[k];
  }
  // The Dixon–Coles factors move mass only within the four low-score cells.
  if (r !== 0) {
    for (let i = 0; i < 2; i++) {
      for (let j = 0; j < 2; j++) {
        const extra = h[i] * a[j] * (tau(i, j, lambdaHome, lambdaAway, r) - 1);
        const diff = lead + i - j;
        if (diff > 0) home += extra;
        else if (diff === 0) draw += extra;
      }
    }
  }
  return { home, draw, away: Math.max(0, 1 - home - draw) };
}

/**
 * Two-way totals probabilities for a line, as the prices a fair book would quote: whole lines
 * refund on a push and quarter lines split the stake over the two neighbouring lines (2.25 = half
 * on 2.0, half on 2.5), so the effective P(over) = Σ P(win) / (Σ P(win) + Σ P(lose)) over the
 * (one or two) sub-lines. For a half line (2.5) that is simply P(total > 2.5).
 * Further goals of both sides are Poisson(λh + λa); the Dixon–Coles correction moves
 * x = λhλaρ·e^(−λh−λa) from 0 and 2 further goals to 1 (−x, +2x, −x).
 * @param lambdaHome expected further home goals, ≥ 0
 * @param lambdaAway expected further away goals, ≥ 0
 * @param goalsSoFar goals already scored (0 before kickoff)
 * @param line totals line, a multiple of 0.25 (e.g. 2.5)
 * @param rho Dixon–Coles ρ (0 = independent), clamped to {@link rhoBounds}
 * @returns effective `{ over, under }` summing to 1, or null once the line is settled (no
 *   outcome left that wins, or none that loses)
 * @throws OddsError `invalid_book` for a line that is negative or not a multiple of 0.25
 */
export function totalsProbabilities(
  lambdaHome: number,
  lambdaAway: number,
  goalsSoFar: number,
  line: number,
  rho = 0,
): { over: number; under: number } | null {
  if (!(line >= 0 && Number.isInteger(line * 4)))
    throw new OddsError('invalid_book', `totals line ${line} must be a multiple of 0.25, ≥ 0`);
  const quarter = Math.abs(line * 2 - Math.round(line * 2)) > 1e-9;
  const subLines = quarter ? [line - 0.25, line + 0.25] : [line];
  const lambda = lambdaHome + lambdaAway;
  // pmf of further total goals 0..n for the n that matter.
  const top = Math.max(2, Math.ceil(line + 0.25) - goalsSoFar);
  const pmf: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= top; k++) {
    pmf.push(p);
    p = (p * lambda) / (k + 1);
  }
  const [lo, hi] = rhoBounds(lambdaHome, lambdaAway);
  const x = lambdaHome * lambdaAway * Math.min(hi, Math.max(lo, rho)) * Math.exp(-lambda);
  pmf[0] -= x;
  pmf[1] += 2 * x;
  pmf[2] -= x;
  const pTotal = (n: number) => (n - goalsSoFar >= 0 && n - goalsSoFar < pmf.length ? pmf[n - goalsSoFar] : 0);
  const atMost = (n: number) => {
    let s = 0;
    for (let t = goalsSoFar; t <= n; t++) s += pTotal(t);
    return Math.min(1, Math.max(0, s));
  };
  let win = 0;
  let lose = 0;
  for (const l of subLines) {
    const under = atMost(Math.ceil(l) - 1); // total < l
    const push = Number.isInteger(l) ? pTotal(l) : 0;
    lose += under;
    win += Math.max(0, 1 - under - push);
  }
  if (win <= 1e-12 || lose <= 1e-12) return null;
  return { over: win / (win + lose), under: lose / (win + lose) };
}
