/**
 * Pre-match serve-point probabilities for the tennis chain (tennis-chain.ts): the pair with the
 * tour's mean whose match probability before the first point is the pre-match rating's
 * (Barnett & Clarke 2005's combination reduced to one parameter, the players' difference).
 */
import type { FinalSetRule } from '../tennis/types';
import { type ServeProbabilities, type TennisScore, tennisMatchWinUncached } from './tennis-chain';

/** Average serve-point win probability on the ATP tour (2024 bundled results: 0.64). */
export const TOUR_SERVE_POINT = 0.64;

/**
 * Serve-point probabilities with mean `mean` whose pre-match match probability is `e`
 * (regula falsi on the difference; Barnett & Clarke's combination reduced to one parameter).
 * @param e P(home wins the match) before the first point
 * @param bestOf 3 or 5
 */
export function serveProbabilitiesFor(
  e: number,
  bestOf: 3 | 5,
  finalSet: FinalSetRule = 'tiebreak',
  mean = TOUR_SERVE_POINT,
): ServeProbabilities {
  const start: TennisScore = {
    best_of: bestOf,
    final_set: finalSet,
    sets_won: { home: 0, away: 0 },
    games: { home: 0, away: 0 },
    points: { home: 0, away: 0 },
    tiebreak: false,
    server: null,
  };
  const span = Math.min(mean, 1 - mean) - 0.001;
  const f = (d: number) => {
    const sp = { home: mean + d, away: mean - d };
    return (tennisMatchWinUncached(sp, start) + tennisMatchWinUncached(sp, { ...start, server: 'away' })) / 2 - e;
  };
  // Illinois regula falsi on the monotone P(d) − e: the bisection's answer in ~8 chain evaluations.
  let lo = -span;
  let hi = span;
  let flo = f(lo);
  let fhi = f(hi);
  if (flo >= 0) return { home: mean + lo, away: mean - lo };
  if (fhi <= 0) return { home: mean + hi, away: mean - hi };
  let d = 0;
  let side = 0;
  for (let i = 0; i < 60 && hi - lo > 1e-10; i++) {
    d = (lo * fhi - hi * flo) / (fhi - flo);
    const fd = f(d);
    if (Math.abs(fd) < 1e-12) break;
    if (fd < 0) {
      lo = d;
      flo = fd;
      if (side === -1) fhi /= 2;
      side = -1;
    } else {
      hi = d;
      fhi = fd;
      if (side === 1) flo /= 2;
      side = 1;
    }
  }
  return { home: mean + d, away: mean - d };
}
