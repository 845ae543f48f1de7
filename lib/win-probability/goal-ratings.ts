/**
 * Football attack/defence goal ratings (issue 37 item 1, docs/odds.md "Pre-match ratings"):
 * Maher's (1982, "Modelling association football scores", Statistica Neerlandica 36(3))
 * independent Poisson model with Dixon & Coles's (1997, "Modelling association football scores
 * and inefficiencies in the football betting market", Appl. Statist. 46(2)) time-decay weighting
 * φ(t) = exp(−ξ·t), refitted before every kickoff instant from the results strictly before it.
 *
 * Expected goals of a fixture (per 90 minutes): λ_home = b_home · A_home · D_away,
 * λ_away = b_away · A_away · D_home, with A a side's attack and D its defensive weakness
 * (multiplicative, 1 = league average) and b_home / b_away the competition's base rates (the
 * home advantage is their ratio). The weighted Poisson likelihood is maximised by Maher's
 * fixed-point iteration, warm-started from the previous kickoff's fit. Two additions for a cold
 * start (the bundled club seasons have no earlier season of their league):
 * - a prior: every side's A and D are shrunk toward its prior centre as if `prior_matches`
 *   matches against an average side had gone exactly as expected (a Gamma prior on A and D;
 *   the centre is 1, or for a side new to a competition with an earlier season — a promoted
 *   club — the mean of that season's `newcomer_bottom` weakest sides);
 * - shots on target (Wheatcroft 2020, "A profitable model for predicting the over/under market in
 *   football", Int. J. Forecasting 36(3): match statistics as rating inputs): the count a match
 *   contributes is x = (1 − w)·goals + w·κ·SOT, κ the competition's goals per shot on target so
 *   far, where both sides' SOT are known; a side's SOT say more about it over a few matches than
 *   its goals do.
 * Only results with kickoff strictly before a fixture's kickoff are read, never its own, never
 * bookmaker prices. Units: time in days (ξ per day), rates in goals per match.
 */
import type { RatedResult } from './types';

/** Parameters of {@link runGoalRatings} (fitted by bench/fit-ratings.ts, docs/odds.md "Fitted parameters"). */
export interface GoalRatingParams {
  /** Dixon–Coles time decay ξ per day (0.002/day: half-weight after ~350 days; Dixon & Coles fitted 0.0065 per half-week). */
  xi: number;
  /** Pseudo-matches of the prior on each side's A and D (0: maximum likelihood only). */
  prior_matches: number;
  /** Weight w of shots on target in the rated count (0: goals only). */
  sot_weight: number;
  /** Pseudo-matches of the prior on the competition's base rates. */
  base_prior_matches: number;
  /** Base rates (goals per match) before a competition has results. */
  base_home: number;
  base_away: number;
  /** Promoted clubs start at the mean of the previous season's this-many weakest sides (0: at 1). */
  newcomer_bottom: number;
  /** Fixed-point iterations per kickoff instant (warm-started). */
  iterations: number;
}

export const GOAL_RATING_PARAMS: GoalRatingParams = {
  xi: 0.002,
  prior_matches: 1,
  sot_weight: 0.85,
  base_prior_matches: 30,
  base_home: 1.5,
  base_away: 1.2,
  newcomer_bottom: 3,
  iterations: 6,
};

/** Goals per shot on target before a competition has any (the top leagues' ~0.32), held as if over 180 shots. */
const KAPPA_PRIOR = 0.32;
const KAPPA_PRIOR_SHOTS = 180;
/** Goals per side per match the prior's pseudo-matches count (the rate scale of A and D's prior weight). */
const PRIOR_GOALS = 1.35;
const MS_PER_DAY = 86_400_000;

/** A fixture's expected goals and the ratings they came from. */
export interface GoalRatingPrediction {
  /** Expected goals per side over 90 minutes. */
  home: number;
  away: number;
  /** Weighted (decayed) matches each side's ratings rest on, the prior excluded. */
  home_weight: number;
  away_weight: number;
}

/** Growable typed columns of the rated matches (the fit loops over them at every kickoff instant). */
class Played {
  n = 0;
  t = new Float64Array(256);
  h = new Int32Array(256);
  a = new Int32Array(256);
  xh = new Float64Array(256);
  xa = new Float64Array(256);
  comp = new Int32Array(256);
  push(t: number, h: number, a: number, xh: number, xa: number, comp: number): void {
    if (this.n === this.t.length) {
      const grow = <T extends Float64Array | Int32Array>(x: T): T => {
        const y = new (x.constructor as new (n: number) => T)(x.length * 2);
        y.set(x);
        return y;
      };
      this.t = grow(this.t);
      this.h = grow(this.h);
      this.a = grow(this.a);
      this.xh = grow(this.xh);
      this.xa = grow(this.xa);
      this.comp = grow(this.comp);
    }
    const i = this.n++;
    this.t[i] = t;
    this.h[i] = h;
    this.a[i] = a;
    this.xh[i] = xh;
    this.xa[i] = xa;
    this.comp[i] = comp;
  }
}

/**
 * Expected goals of every fixture (finished or scheduled) from the finished results strictly
 * before its kickoff (rules in the module header). Neutral venues use the mean of the base rates
 * for both sides.
 * @param results football matches in any order
 * @returns by fixture id: expected goals per side and the weight behind them
 */
export function runGoalRatings(
  results: readonly RatedResult[],
  params: GoalRatingParams = GOAL_RATING_PARAMS,
): Map<RatedResult['fixture_id'], GoalRatingPrediction> {
  const out = new Map<RatedResult['fixture_id'], GoalRatingPrediction>();
  const sorted = [...results].sort((x, y) => (x.kickoff < y.kickoff ? -1 : x.kickoff > y.kickoff ? 1 : 0));
  // Sides and competitions by index; per side: attack A, defence D, their prior centres.
  const sideIndex = new Map<string, number>();
  const names: string[] = [];
  let A = new Float64Array(64);
  let D = new Float64Array(64);
  let A0 = new Float64Array(64);
  let D0 = new Float64Array(64);
  const compIndex = new Map<string, number>();
  const played = new Played();
  // Per competition: base rates, goals and shots on target so far (κ).
  const baseH: number[] = [];
  const baseA: number[] = [];
  const kG: number[] = [];
  const kS: number[] = [];
  // Per competition: the sides of each season (promoted clubs' prior centre).
  const seasonsOf = new Map<number, Map<string, Set<number>>>();
  const compOf = (c: string | null | undefined): number => {
    let i = compIndex.get(c ?? '');
    if (i === undefined) {
      i = compIndex.size;
      compIndex.set(c ?? '', i);
      baseH.push(params.base_home);
      baseA.push(params.base_away);
      kG.push(0);
      kS.push(0);
    }
    return i;
  };
  const newcomerCentre = (r: RatedResult): [number, number] => {
    const n = params.newcomer_bottom;
    const bySeason = seasonsOf.get(compOf(r.competition));
    if (!n || !bySeason || !r.season) return [1, 1];
    const prev = [...bySeason.keys()]
      .filter((s) => s < r.season!)
      .sort()
      .at(-1);
    if (!prev) return [1, 1];
    const ss = [...bySeason.get(prev)!].sort((x, y) => Math.log(A[x] / D[x]) - Math.log(A[y] / D[y])).slice(0, n);
    const mean = (f: (i: number) => number) => Math.exp(ss.reduce((t, i) => t + Math.log(f(i)), 0) / ss.length);
    return [mean((i) => A[i]), mean((i) => D[i])];
  };
  const sideOf = (name: string, r: RatedResult): number => {
    let i = sideIndex.get(name);
    if (i === undefined) {
      i = names.length;
      if (i === A.length) {
        const grow = (x: Float64Array) => {
          const y = new Float64Array(x.length * 2);
          y.set(x);
          return y;
        };
        A = grow(A);
        D = grow(D);
        A0 = grow(A0);
        D0 = grow(D0);
      }
      const [a0, d0] = newcomerCentre(r);
      A[i] = A0[i] = a0;
      D[i] = D0[i] = d0;
      sideIndex.set(name, i);
      names.push(name);
    }
    return i;
  };
  let weights = new Float64Array(256);
  let seen = new Float64Array(64);
  const refit = (t: number) => {
    const m = played.n;
    if (weights.length < m) weights = new Float64Array(m * 2);
    for (let i = 0; i < m; i++) weights[i] = Math.exp(-params.xi * (t - played.t[i]));
    const ns = names.length;
    if (seen.length < ns) seen = new Float64Array(A.length);
    seen.fill(0);
    for (let i = 0; i < m; i++) {
      seen[played.h[i]] += weights[i];
      seen[played.a[i]] += weights[i];
    }
    const nc = compIndex.size;
    const bs = new Float64Array(4 * nc);
    const acc = new Float64Array(4 * ns);
    const n0g = params.prior_matches * PRIOR_GOALS;
    const nb = params.base_prior_matches;
    for (let it = 0; it < params.iterations; it++) {
      // Competition base rates given the ratings.
      bs.fill(0);
      for (let i = 0; i < m; i++) {
        const c = 4 * played.comp[i];
        const h = played.h[i];
        const a = played.a[i];
        const w = weights[i];
        bs[c] += w * played.xh[i];
        bs[c + 1] += w * played.xa[i];
        bs[c + 2] += w * A[h] * D[a];
        bs[c + 3] += w * A[a] * D[h];
      }
      for (let c = 0; c < nc; c++) {
        baseH[c] = (bs[4 * c] + nb * params.base_home) / (bs[4 * c + 2] + nb);
        baseA[c] = (bs[4 * c + 1] + nb * params.base_away) / (bs[4 * c + 3] + nb);
      }
      // Attack and defence given the base rates and the other ratings (Maher's fixed point).
      acc.fill(0);
      for (let i = 0; i < m; i++) {
        const h = played.h[i];
        const a = played.a[i];
        const bh = baseH[played.comp[i]];
        const ba = baseA[played.comp[i]];
        const w = weights[i];
        const xh = w * played.xh[i];
        const xa = w * played.xa[i];
        acc[4 * h] += xh;
        acc[4 * h + 1] += w * bh * D[a];
        acc[4 * h + 2] += xa;
        acc[4 * h + 3] += w * ba * A[a];
        acc[4 * a] += xa;
        acc[4 * a + 1] += w * ba * D[h];
        acc[4 * a + 2] += xh;
        acc[4 * a + 3] += w * bh * A[h];
      }
      // Prior: n0 matches against an average side at the league's mean rate, gone as expected.
      for (let k = 0; k < ns; k++) {
        if (seen[k] === 0) continue;
        A[k] = (acc[4 * k] + n0g * A0[k]) / (acc[4 * k + 1] + n0g);
        D[k] = (acc[4 * k + 2] + n0g * D0[k]) / (acc[4 * k + 3] + n0g);
      }
    }
  };
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j].kickoff === sorted[i].kickoff) j++;
    refit(Date.parse(sorted[i].kickoff) / MS_PER_DAY);
    for (let k = i; k < j; k++) {
      const r = sorted[k];
      const h = sideOf(r.home, r);
      const a = sideOf(r.away, r);
      const c = compOf(r.competition);
      const bh = r.neutral ? (baseH[c] + baseA[c]) / 2 : baseH[c];
      const ba = r.neutral ? (baseH[c] + baseA[c]) / 2 : baseA[c];
      out.set(r.fixture_id, {
        home: bh * A[h] * D[a],
        away: ba * A[a] * D[h],
        home_weight: seen[h] ?? 0,
        away_weight: seen[a] ?? 0,
      });
    }
    // Only now, after every fixture of this instant is predicted, do its results become known.
    for (let k = i; k < j; k++) {
      const r = sorted[k];
      if (!r.finished) continue;
      const c = compOf(r.competition);
      const sh = r.home_shots_on_target;
      const sa = r.away_shots_on_target;
      const ws = params.sot_weight;
      const known = sh != null && sa != null;
      const kap = (kG[c] + KAPPA_PRIOR_SHOTS * KAPPA_PRIOR) / (kS[c] + KAPPA_PRIOR_SHOTS);
      const xh = ws > 0 && known ? (1 - ws) * r.home_score + ws * kap * sh : r.home_score;
      const xa = ws > 0 && known ? (1 - ws) * r.away_score + ws * kap * sa : r.away_score;
      if (known) {
        kG[c] += r.home_score + r.away_score;
        kS[c] += sh + sa;
      }
      const h = sideOf(r.home, r);
      const a = sideOf(r.away, r);
      played.push(Date.parse(r.kickoff) / MS_PER_DAY, h, a, xh, xa, c);
      if (r.season) {
        const bySeason = seasonsOf.get(c) ?? seasonsOf.set(c, new Map()).get(c)!;
        const set = bySeason.get(r.season) ?? bySeason.set(r.season, new Set()).get(r.season)!;
        set.add(h).add(a);
      }
    }
    i = j;
  }
  return out;
}
