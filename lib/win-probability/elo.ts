/**
 * Elo ratings over finished results, each fixture predicted strictly before its kickoff (issue 37
 * item 1: "never the match itself or later ones"). Results are processed in kickoff order; every
 * fixture sharing one kickoff instant is predicted before any of them is rated, so two matches at
 * the same time never see each other.
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
 * Player ratings (tennis, MMA) use a K that shrinks with experience, K = k / (n + 5)^0.4 for a
 * player with n rated matches ({@link EloParams.k_decay}; Kovalchik 2016, "Searching for the GOAT
 * of tennis win prediction", J. Quant. Anal. Sports 12(3), with k = 250).
 */
import type { RatedResult } from './types';

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

/**
 * Rates every finished result and predicts every fixture (finished or scheduled) before its kickoff.
 * @param results matches of one sport in any order (scheduled ones `finished: false` are predicted only)
 * @param params the sport's parameters
 * @param options `seed`: ratings known before the first result (FiveThirtyEight's season-start
 *   NBA/NHL ratings, national teams' ratings from international results), keyed by side name;
 *   `key`: the rating pool of a side in a fixture (tennis: per surface), default the side's name
 * @returns predictions by fixture id, and the ratings after the last result
 */
export function runElo(
  results: readonly RatedResult[],
  params: EloParams,
  options: {
    seed?: ReadonlyMap<string, number>;
    key?: (r: RatedResult, side: 'home' | 'away') => string;
  } = {},
): { predictions: Map<RatedResult['fixture_id'], EloPrediction>; ratings: Map<string, number> } {
  const key = options.key ?? ((r: RatedResult, side: 'home' | 'away') => r[side]);
  const ratings = new Map<string, number>(options.seed ?? []);
  const games = new Map<string, number>();
  const seasons = new Map<string, string>();
  const predictions = new Map<RatedResult['fixture_id'], EloPrediction>();
  const sorted = [...results].sort((a, b) => (a.kickoff < b.kickoff ? -1 : a.kickoff > b.kickoff ? 1 : 0));
  const ratingOf = (k: string, season: string | null | undefined): number => {
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
    while (j < sorted.length && sorted[j].kickoff === sorted[i].kickoff) j++;
    const group = sorted.slice(i, j);
    const pending: { r: RatedResult; kh: string; ka: string; p: EloPrediction }[] = [];
    for (const r of group) {
      const kh = key(r, 'home');
      const ka = key(r, 'away');
      const rh = ratingOf(kh, r.season);
      const ra = ratingOf(ka, r.season);
      const hfa = r.neutral ? 0 : params.home_advantage;
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
      const kOf = (n: number) => (params.k_decay ? params.k / (n + 5) ** 0.4 : params.k);
      const delta = m * (s - p.expected_home);
      ratings.set(kh, (ratings.get(kh) ?? p.home_rating) + kOf(p.home_games) * delta);
      ratings.set(ka, (ratings.get(ka) ?? p.away_rating) - kOf(p.away_games) * delta);
      games.set(kh, p.home_games + 1);
      games.set(ka, p.away_games + 1);
    }
    i = j;
  }
  return { predictions, ratings };
}
