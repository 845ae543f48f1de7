/**
 * Elo ratings over finished results, each fixture predicted strictly before its kickoff (issue 37
 * item 1: "never the match itself or later ones"). Results are processed in kickoff order; every
 * fixture sharing one kickoff instant (and {@link RatedResult.order}: a tennis tournament's round)
 * is predicted before any of them is rated, so two matches at the same time never see each other.
 *
 * The update is FiveThirtyEight's (https://fivethirtyeight.com/features/how-we-calculate-nba-elo-ratings/,
 * "How Our NFL Predictions Work", "How Our NHL Predictions Work"):
 * - expectation E = 1 / (1 + 10^(−(R_home + H − R_away) / 400)), H the home advantage (0 at a
 *   neutral venue);
 * - R ← R ± K · M · (S − E), S = 1 win, ½ draw, 0 loss;
 * - margin-of-victory multiplier M (where the sport has a margin): 'log' is the NFL/NHL form
 *   M = ln(|margin| + 1) · 2.2 / (0.001 · Δ + 2.2) with Δ the winner's rating edge (the
 *   autocorrelation correction), 'nba' is M = (|margin| + 3)^0.8 / (7.5 + 0.006 · Δ), 'none' M = 1;
 * - between seasons a rating keeps `carryover` of its distance from the mean (FiveThirtyEight
 *   NBA: ¾; NHL: 0.7).
 * Football options ({@link EloParams}: `sot_weight`, `k_boost`, `newcomer_bottom`,
 * `home_advantage_prior_games`) use only results before each kickoff, the shots on target of
 * earlier matches included; each is off unless the sport's parameters set it.
 * Player ratings (tennis, MMA) use a K that shrinks with experience, K = k / (n + 5)^0.4 for a
 * player with n rated matches ({@link EloParams.k_decay}; Kovalchik 2016, "Searching for the GOAT
 * of tennis win prediction", J. Quant. Anal. Sports 12(3), with k = 250).
 */
import type { RatedResult } from './types';

/**
 * A seed rating published on a date: it may inform only fixtures whose kickoff is on or after
 * `from` (ISO 8601 date or instant, compared as UTC text), never an earlier one.
 */
export interface DatedRating {
  rating: number;
  from: string;
}

/**
 * Ratings known before results are rated, by side key: a number applies from the first fixture
 * (national teams' ratings computed before a tournament), a {@link DatedRating} from its date on
 * (FiveThirtyEight's season-start ratings) — it then replaces the side's rating and its season
 * is forgotten, so the published between-season regression is not applied twice.
 */
export type SeedRatings = ReadonlyMap<string, number | DatedRating>;

/** Parameters of one sport's ratings. */
export interface EloParams {
  /** Base K factor (rating points). With `k_decay`, K = k / (n + 5)^0.4 for a side with n rated matches. */
  k: number;
  k_decay?: boolean;
  /** Home advantage in rating points (0 for sports without one). */
  home_advantage: number;
  /** Rating of a side never seen (1500). */
  initial: number;
  mov: 'none' | 'log' | 'nba';
  /** Share of a rating's distance from `initial` kept when the side's season changes (1 = none lost). */
  carryover: number;
  /**
   * Football: weight w of the shots-on-target share in the result S the update scores,
   * S' = (1 − w)·S + w·SOT_home / (SOT_home + SOT_away), where both counts are known (else S).
   * Shots on target carry more of a side's strength than its goals over a few matches
   * (Wheatcroft 2020, "A profitable model for predicting the over/under market in football",
   * Int. J. Forecasting 36(3): match statistics as rating inputs). 0 or absent: results only.
   */
  sot_weight?: number;
  /**
   * Early-season K: a side with n rated matches updates with K·(1 + k_boost·(1 − n / k_boost_games))
   * until n reaches k_boost_games, so a pool started from nothing converges in weeks, not a season
   * (sides with a seed rating are not boosted).
   */
  k_boost?: number;
  k_boost_games?: number;
  /**
   * A side new to a competition that has a finished earlier season (a promoted club) starts at the
   * mean of the `newcomer_bottom` lowest ratings of that competition's previous season (the
   * relegated clubs' level, as clubelo.com starts promoted clubs) instead of `initial`.
   */
  newcomer_bottom?: number;
  /**
   * Football: Dixon & Coles's (1997, Appl. Statist. 46(2)) low-score dependence ρ of the 1X2 the
   * expectation becomes (prematch.ts; ρ < 0 adds 0-0 and 1-1 draws). Absent: 0 (independent Poisson).
   */
  rho?: number;
  /**
   * Football club pools (no seed): weight α of the attack/defence goal ratings' expected goals
   * (goal-ratings.ts) in the rates the 1X2 comes from, λ = α·λ_goals + (1 − α)·λ_Elo
   * (prematch.ts). Absent or 0: Elo only.
   */
  goal_blend?: number;
  /**
   * Per-competition home advantage learned from the competition's earlier results: H is the
   * rating difference whose expectation is the home sides' mean score (win 1, draw ½) so far,
   * shrunk toward `home_advantage` as if it had been seen over this many matches. Absent: H fixed.
   */
  home_advantage_prior_games?: number;
  /**
   * Tennis: a player first seen starts at initial + scale · ln(points / 1000) from their ranking
   * points at that match ({@link RatedResult.home_rank_points}, at least 10; `initial` where unknown), so the
   * ranking — published before the match — is the prior until results take over. Absent: `initial`.
   */
  rank_points_scale?: number;
  /**
   * Tennis: weight w of the serve-and-return rating (tennis-serve-rating.ts) in the blend
   * P = σ(c · ((1 − w) · logit P_Elo + w · logit P_serve)), c = `serve_scale`. Absent or 0: Elo alone.
   */
  serve_blend?: number;
  serve_scale?: number;
  /** Shrinkage of the serve and return shares toward the tour's, in serve points. */
  serve_prior_points?: number;
  /** Base K of a side whose first rating came from the ranking (`rank_points_scale`): a prior needs less K. Absent: `k`. */
  k_start?: number;
}

/** A fixture's ratings and expectation before its kickoff. */
export interface EloPrediction {
  home_rating: number;
  away_rating: number;
  /** Rated matches each side had before this fixture. */
  home_games: number;
  away_games: number;
  /** Home advantage applied (0 at a neutral venue). */
  home_advantage: number;
  /** E: home's win expectancy, a draw counting half. */
  expected_home: number;
}

/** E for a rating difference (home − away, home advantage included), on the 400-point scale. */
export const eloExpectation = (diff: number): number => 1 / (1 + 10 ** (-diff / 400));

/** Rating difference that gives expectation `e` (the inverse of {@link eloExpectation}). */
export const eloDiffFor = (e: number): number => -400 * Math.log10(1 / e - 1);

function movMultiplier(kind: EloParams['mov'], margin: number, winnerEdge: number): number {
  const m = Math.abs(margin);
  if (kind === 'log') return (Math.log(m + 1) * 2.2) / (0.001 * winnerEdge + 2.2);
  if (kind === 'nba') return (m + 3) ** 0.8 / (7.5 + 0.006 * winnerEdge);
  return 1;
}

const orderOf = (r: RatedResult): number => r.order ?? 0;
/** Kickoff order, then {@link RatedResult.order} within one kickoff instant. */
export const byKickoffAndOrder = (a: RatedResult, b: RatedResult): number =>
  a.kickoff < b.kickoff ? -1 : a.kickoff > b.kickoff ? 1 : orderOf(a) - orderOf(b);

/**
 * Rates every finished result and predicts every fixture (finished or scheduled) before its kickoff.
 * @param results matches of one sport in any order (scheduled ones `finished: false` are predicted only)
 * @param params the sport's parameters
 * @param options `seed`: ratings known before the results ({@link SeedRatings}: national teams'
 *   ratings from international results; FiveThirtyEight's season-start NBA/NHL ratings, each from
 *   its date on), keyed by side name;
 *   `key`: the rating pool of a side in a fixture (tennis: per surface), default the side's name;
 *   `start`: the rating of a side first seen in that fixture (tennis: from its ranking points at
 *   the match), undefined for the default (`initial`, or a newcomer's start)
 * @returns predictions by fixture id, and the ratings after the last result
 */
export function runElo(
  results: readonly RatedResult[],
  params: EloParams,
  options: {
    seed?: SeedRatings;
    key?: (r: RatedResult, side: 'home' | 'away') => string;
    start?: (r: RatedResult, side: 'home' | 'away') => number | undefined;
  } = {},
): { predictions: Map<RatedResult['fixture_id'], EloPrediction>; ratings: Map<string, number> } {
  const key = options.key ?? ((r: RatedResult, side: 'home' | 'away') => r[side]);
  const ratings = new Map<string, number>();
  const dated: { key: string; rating: number; from: string }[] = [];
  for (const [k, v] of options.seed ?? []) {
    if (typeof v === 'number') ratings.set(k, v);
    else dated.push({ key: k, ...v });
  }
  dated.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  let nextDated = 0;
  const games = new Map<string, number>();
  // Sides whose first rating came from `options.start` (tennis: ranking points): base K `k_start`.
  const fromStart = new Set<string>();
  const seasons = new Map<string, string>();
  const predictions = new Map<RatedResult['fixture_id'], EloPrediction>();
  const sorted = [...results].sort(byKickoffAndOrder);
  // Per competition: the sides of each season, for newcomers' start (`newcomer_bottom`).
  const compSeasons = new Map<string, Map<string, Set<string>>>();
  const newcomerStart = (r: RatedResult): number => {
    const n = params.newcomer_bottom;
    const seasons = compSeasons.get(r.competition ?? '');
    if (!n || !seasons || !r.season) return params.initial;
    const earlier = [...seasons.keys()].filter((s) => s < r.season!).sort();
    const prev = earlier.at(-1);
    if (!prev) return params.initial;
    const rs = [...seasons.get(prev)!].map((k) => ratings.get(k) ?? params.initial).sort((a, b) => a - b);
    const low = rs.slice(0, Math.min(n, rs.length));
    return low.length ? low.reduce((a, b) => a + b, 0) / low.length : params.initial;
  };
  const homeScores = new Map<string, { s: number; n: number }>();
  const homeAdvantageOf = (r: RatedResult): number => {
    const n0 = params.home_advantage_prior_games;
    if (!n0) return params.home_advantage;
    const h = homeScores.get(r.competition ?? '') ?? { s: 0, n: 0 };
    const share = (h.s + n0 * eloExpectation(params.home_advantage)) / (h.n + n0);
    return eloDiffFor(share);
  };
  const ratingOf = (k: string, season: string | null | undefined, r0: RatedResult, side: 'home' | 'away'): number => {
    if (!ratings.has(k)) {
      const start = options.start?.(r0, side);
      ratings.set(k, start ?? newcomerStart(r0));
      if (start !== undefined) fromStart.add(k);
    }
    let r = ratings.get(k) ?? params.initial;
    if (season && seasons.get(k) !== undefined && seasons.get(k) !== season) {
      r = params.initial + (r - params.initial) * params.carryover;
      ratings.set(k, r);
    }
    if (season) seasons.set(k, season);
    return r;
  };
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j].kickoff === sorted[i].kickoff && orderOf(sorted[j]) === orderOf(sorted[i]))
      j++;
    const group = sorted.slice(i, j);
    // Seed ratings dated on or before this kickoff become known now (and never earlier).
    for (; nextDated < dated.length && dated[nextDated].from <= sorted[i].kickoff; nextDated++) {
      ratings.set(dated[nextDated].key, dated[nextDated].rating);
      seasons.delete(dated[nextDated].key);
    }
    const pending: { r: RatedResult; kh: string; ka: string; p: EloPrediction }[] = [];
    for (const r of group) {
      const kh = key(r, 'home');
      const ka = key(r, 'away');
      const rh = ratingOf(kh, r.season, r, 'home');
      const ra = ratingOf(ka, r.season, r, 'away');
      const hfa = r.neutral ? 0 : homeAdvantageOf(r);
      const p: EloPrediction = {
        home_rating: rh,
        away_rating: ra,
        home_games: games.get(kh) ?? 0,
        away_games: games.get(ka) ?? 0,
        home_advantage: hfa,
        expected_home: eloExpectation(rh + hfa - ra),
      };
      predictions.set(r.fixture_id, p);
      if (r.finished) pending.push({ r, kh, ka, p });
    }
    for (const { r, kh, ka, p } of pending) {
      const s = r.winner === 'home' ? 1 : r.winner === 'away' ? 0 : 0.5;
      const diff = p.home_rating + p.home_advantage - p.away_rating;
      const edge = s === 1 ? diff : s === 0 ? -diff : 0;
      const m = s === 0.5 ? 1 : movMultiplier(params.mov, r.home_score - r.away_score, edge);
      // The early-season boost is for sides started from nothing, not seeded ones.
      const kOf = (side: string, n: number) => {
        const k0 = fromStart.has(side) ? (params.k_start ?? params.k) : params.k;
        const base = params.k_decay ? k0 / (n + 5) ** 0.4 : k0;
        const g = params.k_boost_games ?? 0;
        return params.k_boost && n < g && !options.seed?.has(side) ? base * (1 + params.k_boost * (1 - n / g)) : base;
      };
      const sh = r.home_shots_on_target;
      const sa = r.away_shots_on_target;
      const w = params.sot_weight ?? 0;
      const delta =
        w > 0 && sh != null && sa != null && sh + sa > 0
          ? (1 - w) * m * (s - p.expected_home) + w * (sh / (sh + sa) - p.expected_home)
          : m * (s - p.expected_home);
      ratings.set(kh, (ratings.get(kh) ?? p.home_rating) + kOf(kh, p.home_games) * delta);
      ratings.set(ka, (ratings.get(ka) ?? p.away_rating) - kOf(ka, p.away_games) * delta);
      games.set(kh, p.home_games + 1);
      games.set(ka, p.away_games + 1);
      if (!r.neutral) {
        const h = homeScores.get(r.competition ?? '') ?? { s: 0, n: 0 };
        homeScores.set(r.competition ?? '', { s: h.s + s, n: h.n + 1 });
      }
      if (r.competition && r.season) {
        const bySeason = compSeasons.get(r.competition) ?? new Map<string, Set<string>>();
        const sides = bySeason.get(r.season) ?? new Set<string>();
        sides.add(kh).add(ka);
        bySeason.set(r.season, sides);
        compSeasons.set(r.competition, bySeason);
      }
    }
    i = j;
  }
  return { predictions, ratings };
}
