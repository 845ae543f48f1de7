/**
 * Tennis serve and return ratings: each player's share of serve points won and of return points
 * won over their earlier matches (the match statistics of Sackmann's rows: `w_svpt`,
 * `w_1stWon`, `w_2ndWon` …), each shrunk toward the tour's mean as if `prior_points` points at
 * the mean had been seen. Before a match, player A's serve-point probability against B is
 * Barnett & Clarke's (2005, "Combining player statistics to predict outcomes of tennis matches",
 * IMA J. Management Math. 16(2)) f_AB = f_t + (f_A − f_t) − (g_B − g_t), with f the serve share,
 * g the return share and g_t = 1 − f_t; the two probabilities go through the point-level chain
 * (tennis-chain.ts) for the match's format, server of the first point averaged out. A faster
 * learning signal than results alone (a match has ~150 points, one result); blended with Elo in
 * prematch.ts (EloParams.serve_blend). Only results before a fixture (kickoff, then
 * RatedResult.order) inform it; a fixture's own statistics are read only after it is predicted.
 */
import { byKickoffAndOrder } from './elo';
import { type TennisScore, tennisMatchWinUncached } from './tennis-chain';
import { TOUR_SERVE_POINT } from './tennis-serve-fit';
import type { RatedResult } from './types';

/** Probability bounds of a serve point the chain is given (a shrunk share stays well inside them). */
const LO = 0.3;
const HI = 0.95;

/**
 * P(home wins) of every fixture from the players' serve and return shares before it.
 * @param results tennis results in any order; finished ones with `home_serve` / `away_serve`
 *   (serve points played and won, each side) update the shares after they are predicted
 * @param priorPoints shrinkage weight in serve points (default 200: fitted on ATP 2024 January–June)
 * @param tour the tour's serve-point share f_t (default 0.64, tennis-serve-fit.ts)
 * @returns P(home) by fixture id, a fraction in (0, 1)
 */
export function serveRatingProbabilities(
  results: readonly RatedResult[],
  priorPoints = 200,
  tour = TOUR_SERVE_POINT,
): Map<RatedResult['fixture_id'], number> {
  const serve = new Map<string, { won: number; points: number }>();
  const ret = new Map<string, { won: number; points: number }>();
  const share = (m: typeof serve, p: string, mean: number) => {
    const s = m.get(p);
    return ((s?.won ?? 0) + priorPoints * mean) / ((s?.points ?? 0) + priorPoints);
  };
  const add = (m: typeof serve, p: string, won: number, points: number) => {
    const s = m.get(p) ?? { won: 0, points: 0 };
    m.set(p, { won: s.won + won, points: s.points + points });
  };
  const out = new Map<RatedResult['fixture_id'], number>();
  const sorted = [...results].sort(byKickoffAndOrder);
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && byKickoffAndOrder(sorted[i], sorted[j]) === 0) j++;
    const group = sorted.slice(i, j);
    for (const r of group) {
      const fh = tour + (share(serve, r.home, tour) - tour) - (share(ret, r.away, 1 - tour) - (1 - tour));
      const fa = tour + (share(serve, r.away, tour) - tour) - (share(ret, r.home, 1 - tour) - (1 - tour));
      const sp = { home: Math.min(HI, Math.max(LO, fh)), away: Math.min(HI, Math.max(LO, fa)) };
      const start: TennisScore = {
        best_of: r.best_of === 5 ? 5 : 3,
        final_set: 'tiebreak',
        sets_won: { home: 0, away: 0 },
        games: { home: 0, away: 0 },
        points: { home: 0, away: 0 },
        tiebreak: false,
        server: 'home',
      };
      out.set(
        r.fixture_id,
        (tennisMatchWinUncached(sp, start) + tennisMatchWinUncached(sp, { ...start, server: 'away' })) / 2,
      );
    }
    for (const r of group) {
      const h = r.home_serve;
      const a = r.away_serve;
      if (!r.finished || !h || !a || !(h.points > 0 && a.points > 0)) continue;
      add(serve, r.home, h.won, h.points);
      add(serve, r.away, a.won, a.points);
      add(ret, r.home, a.points - a.won, a.points);
      add(ret, r.away, h.points - h.won, h.points);
    }
    i = j;
  }
  return out;
}
