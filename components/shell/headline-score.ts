/**
 * Whether a sport's headline score (the `score` pair of fixtures, results and live rows) means
 * something on its own in a row. Golf: always 0–0, the leaderboard is on the match page. MMA:
 * rounds won on judges' cards, 0–0 from ESPN, which gives none — a bout has no running score; the
 * winner and method are in the row's detail.
 */
const NO_SCORE: ReadonlySet<string> = new Set(['golf', 'mma']);

/** True when rows of `sport` show their `score` pair (false for golf and MMA). */
export function hasHeadlineScore(sport: string): boolean {
  return !NO_SCORE.has(sport);
}
