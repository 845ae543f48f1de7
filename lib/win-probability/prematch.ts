/**
 * Pre-match win probability for every sport from Elo ratings over the results before each
 * fixture's kickoff (elo.ts), never from bookmaker prices (issue 37 item 1; docs/odds.md
 * "Pre-match ratings"). Golf is rated by scoring average instead (golf.ts).
 *
 * Per sport ({@link PREMATCH_PARAMS}; sources in docs/odds.md). The published methods give the form;
 * K, home advantage, margin multiplier and carry-over of football, basketball, ice hockey, rugby
 * and tennis are fitted on the earlier part of the bundled results (bench/fit-ratings.ts):
 * - football: World Football Elo (eloratings.net: home advantage, goal-difference multiplier),
 *   fitted K 40, home 60, log MOV, 0.6 carried over; the update also scores the shots-on-target
 *   share (weight 0.4), K is boosted 5× → 1× over a side's first 10 matches from nothing, a
 *   promoted club starts at the mean of the previous season's 3 lowest ratings (elo.ts options);
 *   E becomes the 1X2 of the in-play Poisson model (lib/odds/poisson.ts) with Dixon & Coles's
 *   (1997) ρ = −0.05: expected total goals T is the mean of the competition's earlier matches
 *   (2.6 before any) and the home share is bisected so P(home) + ½ P(draw) = E; club pools (no
 *   seed) blend those rates with the attack/defence goal ratings' (goal-ratings.ts: Maher 1982 /
 *   Dixon & Coles 1997 with time decay, a shrinkage prior and shots on target),
 *   λ = α·λ_goals + (1 − α)·λ_Elo, α = `goal_blend` 0.4 (bench/fit-goal-ratings.ts); national
 *   pools keep the Elo rates;
 * - basketball: FiveThirtyEight NBA Elo (K 20, MOV (m + 3)^0.8 / (7.5 + 0.006 Δ), ¾ carried over a
 *   season; fitted home 75), seeded with FiveThirtyEight's own season-start ratings
 *   (fivethirtyeight-seed.ts);
 * - ice hockey: FiveThirtyEight NHL (log MOV, 0.7 carried over; fitted K 10, home 10), seeded likewise;
 * - baseball: FiveThirtyEight MLB (K 4, home 24);
 * - rugby: fitted K 20, home 100, log MOV; draws from a normal final margin (σ {@link MARGIN_SD}.rugby);
 * - cricket: K 20, no home advantage (the bundled matches are at neutral World Cups), no MOV
 *   (margins are in runs or wickets);
 * - tennis: Elo per player with K = k / (n + 5)^0.4 (Kovalchik 2016: k 250; fitted k 150), the mean of the overall and
 *   the surface rating (Tennis Abstract's blended surface Elo); a player first seen starts at
 *   1500 + 100 · ln(ATP ranking points at the match / 1000) and then updates with k 75 (the
 *   ranking is published before the match; Kovalchik 2016 finds log ranking points the best of
 *   the ranking-based predictors; both fitted on ATP 2024 January–June), a
 *   tournament is rated round by round ({@link tennisRoundOrder}: the source dates every match at
 *   the tournament's Monday), and the expectation, a best-of-3 match's, prices a best-of-5 match
 *   through the per-set probability (tennis-format.ts {@link forBestOf}; the rating still learns
 *   from E, the best-of-3 scale, so a Slam's result is not over-weighted); then blended in logit
 *   with the serve-and-return rating (tennis-serve-rating.ts; Barnett & Clarke 2005):
 *   P = σ(1.15 · (0.75 · logit P_Elo + 0.25 · logit P_serve)), w, c and the 200-point shrinkage
 *   fitted on ATP 2024 January–June;
 * - MMA: K = 250 / (n + 5)^0.4 per fighter; esports: K 32, log MOV on maps.
 * Two-way sports give P(home) = E; football and rugby add a draw.
 */
import { resultProbabilities } from '../odds/poisson';
import type { Sport } from '../sports';
import { clampDistribution } from '../odds/clamp';
import { type EloParams, type EloPrediction, runElo, type SeedRatings } from './elo';
import { runGoalRatings } from './goal-ratings';
import { normalCdf, normalQuantile } from './normal';
import { forBestOf } from './tennis-format';
import { serveRatingProbabilities } from './tennis-serve-rating';
import type { RatedResult, WinProbability } from './types';

/** Rating parameters per sport (golf has none: golf.ts). */
export const PREMATCH_PARAMS: Record<Exclude<Sport, 'golf'>, EloParams> = {
  // Fitted by bench/fit-ratings.ts on the earlier part of the bundled results (docs/odds.md "Fitted parameters").
  football: {
    k: 40,
    home_advantage: 60,
    initial: 1500,
    mov: 'log',
    carryover: 0.6,
    sot_weight: 0.4,
    k_boost: 4,
    k_boost_games: 10,
    newcomer_bottom: 3,
    rho: -0.05,
    goal_blend: 0.4,
  },
  basketball: { k: 20, home_advantage: 75, initial: 1500, mov: 'nba', carryover: 0.75 },
  'ice-hockey': { k: 10, home_advantage: 10, initial: 1500, mov: 'log', carryover: 0.7 },
  baseball: { k: 4, home_advantage: 24, initial: 1500, mov: 'log', carryover: 2 / 3 },
  rugby: { k: 20, home_advantage: 100, initial: 1500, mov: 'log', carryover: 0.8 },
  cricket: { k: 20, home_advantage: 0, initial: 1500, mov: 'none', carryover: 1 },
  tennis: {
    k: 150,
    k_decay: true,
    home_advantage: 0,
    initial: 1500,
    mov: 'none',
    carryover: 1,
    rank_points_scale: 100,
    k_start: 75,
    serve_blend: 0.25,
    serve_scale: 1.15,
    serve_prior_points: 200,
  },
  mma: { k: 250, k_decay: true, home_advantage: 0, initial: 1500, mov: 'none', carryover: 1 },
  esports: { k: 32, home_advantage: 0, initial: 1500, mov: 'log', carryover: 1 },
};

/** Standard deviation of the final margin (points) the margin models assume: NBA 13 (Stern 1994 had 15.8 in 1990s games; the 2022/23 bundled season's spread is ~13), Super Rugby 15. */
export const MARGIN_SD = { basketball: 13, rugby: 15 } as const;
/** Expected total goals of a football match before any match of its competition is known. */
export const DEFAULT_TOTAL_GOALS = 2.6;

/** A fixture's pre-match probability, with what the in-play models start from. */
export interface Prematch extends WinProbability {
  rating: EloPrediction;
  /**
   * Football: expected goals of each side over the match and the Dixon–Coles ρ of the 1X2 (the
   * Poisson model's parameters: the in-play model starts from the same ones, so at kickoff it
   * gives the pre-match 1X2).
   */
  goal_rates?: { home: number; away: number; rho: number };
}

/**
 * Poisson rates with total `total` whose P(home) + ½ P(draw) is `e`: the home share s ∈ [0, 1]
 * solved by the Illinois variant of regula falsi (Dowell & Jarratt 1971), to |Δs| < 1e-13 — the
 * 40-step bisection it replaces reached 1e-12 with 41 score grids per fixture, ~6–10 here (the
 * rows' ratings pass calls this for every football fixture on the request path).
 * @param e expected score of the home side in (0, 1)
 * @param total expected total goals, > 0
 * @param rho Dixon–Coles ρ
 */
export function ratesForExpectation(e: number, total: number, rho = 0): { home: number; away: number } {
  const f = (share: number) => {
    const r = resultProbabilities(share * total, (1 - share) * total, 0, rho);
    return r.home + r.draw / 2 - e;
  };
  let a = 0;
  let b = 1;
  let fa = f(a);
  let fb = f(b);
  let s: number;
  if (fa >= 0) s = 0;
  else if (fb <= 0) s = 1;
  else {
    s = 0.5;
    for (let i = 0; i < 100; i++) {
      s = b - (fb * (b - a)) / (fb - fa);
      if (!(s > Math.min(a, b) && s < Math.max(a, b))) s = (a + b) / 2;
      const fs = f(s);
      if (fs === 0) break;
      if (fs * fb < 0) {
        a = b;
        fa = fb;
      } else fa /= 2;
      b = s;
      fb = fs;
      if (Math.abs(b - a) < 1e-13) break;
    }
  }
  return { home: s * total, away: (1 - s) * total };
}

/** Mean total goals of each competition's matches strictly before each fixture's kickoff. */
function priorTotals(results: readonly RatedResult[]): Map<RatedResult['fixture_id'], number> {
  const out = new Map<RatedResult['fixture_id'], number>();
  const sums = new Map<string, { goals: number; n: number }>();
  const sorted = [...results].sort((a, b) => (a.kickoff < b.kickoff ? -1 : a.kickoff > b.kickoff ? 1 : 0));
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j].kickoff === sorted[i].kickoff) j++;
    for (let k = i; k < j; k++) {
      const s = sums.get(sorted[k].competition ?? '');
      out.set(sorted[k].fixture_id, s && s.n >= 10 ? s.goals / s.n : DEFAULT_TOTAL_GOALS);
    }
    for (let k = i; k < j; k++) {
      const r = sorted[k];
      if (!r.finished) continue;
      const s = sums.get(r.competition ?? '') ?? { goals: 0, n: 0 };
      s.goals += r.home_score + r.away_score;
      s.n += 1;
      sums.set(r.competition ?? '', s);
    }
    i = j;
  }
  return out;
}

/** Normal final margin with mean μ and σ: P(home), P(draw) = P(|margin| < ½), P(away). */
export function marginProbabilities(mu: number, sd: number, draws: boolean): WinProbability {
  if (!draws) {
    const home = normalCdf(mu / sd);
    const [h, a] = clampDistribution([home, 1 - home]);
    return { home: h, draw: null, away: a };
  }
  const away = normalCdf((-0.5 - mu) / sd);
  const home = 1 - normalCdf((0.5 - mu) / sd);
  const [h, d, a] = clampDistribution([home, 1 - home - away, away]);
  return { home: h, draw: d, away: a };
}

/** The mean final margin μ with P(home wins) = e under a normal margin with σ `sd`. */
export const marginForExpectation = (e: number, sd: number): number => sd * normalQuantile(e);

/** A tennis player's first rating from their ranking points at the match ({@link EloParams.rank_points_scale}). */
function rankPointsStart(
  params: EloParams,
): ((r: RatedResult, side: 'home' | 'away') => number | undefined) | undefined {
  const scale = params.rank_points_scale;
  if (!scale) return undefined;
  return (r, side) => {
    const pts = side === 'home' ? r.home_rank_points : r.away_rank_points;
    return pts == null ? undefined : params.initial + scale * Math.log(Math.max(10, pts) / 1000);
  };
}

const TENNIS_ROUNDS: Record<string, number> = { RR: 0, R128: 1, R64: 2, R32: 3, R16: 4, QF: 5, SF: 6, BR: 7, F: 7 };
/**
 * The order of a tennis round within its tournament ({@link RatedResult.order}: Sackmann's codes
 * RR, R128 … QF, SF, BR, F; round robins first, as at the ATP Finals), 0 for anything else. Each
 * player's earlier-round result is known before their next round, so rating round by round reads
 * nothing from after a match (the players' own earlier matches only move their ratings).
 */
export const tennisRoundOrder = (round: string | null | undefined): number => TENNIS_ROUNDS[round ?? ''] ?? 0;

/**
 * Pre-match probabilities of every fixture of one sport (rules in the module header).
 * @param sport any sport but golf
 * @param results the sport's results (finished ones are rated, every one is predicted)
 * @param seed ratings known before the results, undated or dated (elo.ts {@link SeedRatings})
 * @param params the sport's rating parameters (default {@link PREMATCH_PARAMS}; bench/fit-ratings.ts searches them)
 * @returns by fixture id: P(home), P(draw) (football, rugby; else null), P(away), the ratings, and
 *   football's goal rates
 */
export function prematchProbabilities(
  sport: Exclude<Sport, 'golf'>,
  results: readonly RatedResult[],
  seed?: SeedRatings,
  params: EloParams = PREMATCH_PARAMS[sport],
): Map<RatedResult['fixture_id'], Prematch> {
  const out = new Map<RatedResult['fixture_id'], Prematch>();
  let predictions: Map<RatedResult['fixture_id'], EloPrediction>;
  if (sport === 'tennis') {
    const start = rankPointsStart(params);
    const overall = runElo(results, params, { seed, start }).predictions;
    const surface = runElo(results, params, { key: (r, side) => `${r[side]}|${r.surface ?? ''}`, start }).predictions;
    predictions = new Map();
    for (const [id, o] of overall) {
      const s = surface.get(id)!;
      const hr = (o.home_rating + s.home_rating) / 2;
      const ar = (o.away_rating + s.away_rating) / 2;
      predictions.set(id, {
        ...o,
        home_rating: hr,
        away_rating: ar,
        expected_home: 1 / (1 + 10 ** (-(hr - ar) / 400)),
      });
    }
  } else {
    predictions = runElo(results, params, { seed }).predictions;
  }
  const totals = sport === 'football' ? priorTotals(results) : null;
  // Club pools only: the national teams' pool is seeded from international results (national-teams.ts).
  const alpha = sport === 'football' && !seed ? (params.goal_blend ?? 0) : 0;
  const goals = alpha > 0 ? runGoalRatings(results) : null;
  const bestOf = sport === 'tennis' ? new Map(results.map((r) => [r.fixture_id, r.best_of])) : null;
  const w = sport === 'tennis' ? (params.serve_blend ?? 0) : 0;
  const serveP = w > 0 ? serveRatingProbabilities(results, params.serve_prior_points) : null;
  const logit = (p: number) => Math.log(p / (1 - p));
  for (const [id, rating] of predictions) {
    const e = rating.expected_home;
    if (sport === 'football') {
      const elo = ratesForExpectation(e, totals!.get(id) ?? DEFAULT_TOTAL_GOALS, params.rho ?? 0);
      const g = goals?.get(id);
      const rates = g
        ? { home: alpha * g.home + (1 - alpha) * elo.home, away: alpha * g.away + (1 - alpha) * elo.away }
        : elo;
      const r = resultProbabilities(rates.home, rates.away, 0, params.rho ?? 0);
      const [home, draw, away] = clampDistribution([r.home, r.draw, r.away]);
      out.set(id, { home, draw, away, rating, goal_rates: { ...rates, rho: params.rho ?? 0 } });
    } else if (sport === 'rugby') {
      const p = marginProbabilities(marginForExpectation(e, MARGIN_SD.rugby), MARGIN_SD.rugby, true);
      out.set(id, { ...p, rating });
    } else {
      // Tennis: the expectation is a best-of-3 match's; a best-of-5 match goes through the set probability.
      const p0 = bestOf ? forBestOf(e, bestOf.get(id)) : e;
      const [pe] = clampDistribution([p0, 1 - p0]);
      const ps = serveP?.get(id);
      // Tennis: blended with the serve-and-return rating in logit (EloParams.serve_blend).
      const p =
        ps === undefined ? pe : 1 / (1 + Math.exp(-(params.serve_scale ?? 1) * ((1 - w) * logit(pe) + w * logit(ps))));
      const [home, away] = clampDistribution([p, 1 - p]);
      out.set(id, { home, draw: null, away, rating });
    }
  }
  return out;
}
