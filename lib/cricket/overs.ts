/**
 * Cricket scorecard arithmetic: overs written from legal balls, run rates. Pure, no I/O.
 */

/**
 * Writes a count of legal balls as overs, the way scorecards do: `74` balls → `12.2`,
 * `114` → `19` (no `.0`).
 * @param legalBalls legal deliveries (wides and no-balls excluded), ≥ 0
 * @param ballsPerOver 6 (default)
 */
export function formatOvers(legalBalls: number, ballsPerOver = 6): string {
  const o = Math.floor(legalBalls / ballsPerOver);
  const b = legalBalls % ballsPerOver;
  return b === 0 ? String(o) : `${o}.${b}`;
}

/**
 * Runs per over (per `ballsPerOver` legal balls), rounded to 2 decimals; null when no ball.
 * @example runRate(138, 114) === 7.26
 */
export function runRate(runs: number, legalBalls: number, ballsPerOver = 6): number | null {
  if (legalBalls <= 0) return null;
  return Math.round((runs * ballsPerOver * 100) / legalBalls) / 100;
}
