/**
 * Hand-made results for the ratings' tests (elo.test.ts, goal-ratings.test.ts): a league game on
 * day `day` of January 2024 at 15:00 UTC, finished with the score given.
 */
import type { RatedResult } from './types';

/**
 * A finished league result (competition `league`, season 2023-24).
 * @param extra fields to override (e.g. `{ finished: false }` for a fixture to predict)
 */
export const game = (
  id: number,
  day: number,
  home: string,
  away: string,
  h: number,
  a: number,
  extra: Partial<RatedResult> = {},
): RatedResult => ({
  fixture_id: id,
  kickoff: `2024-01-${String(day).padStart(2, '0')}T15:00:00Z`,
  competition: 'league',
  season: '2023-24',
  home,
  away,
  home_score: h,
  away_score: a,
  winner: h > a ? 'home' : h < a ? 'away' : null,
  finished: true,
  ...extra,
});
