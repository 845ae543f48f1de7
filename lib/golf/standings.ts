/**
 * Golf "standings": a season order of merit from finished tournaments (pure; no I/O).
 *
 * Golf has no league table. `/v1/golf/standings` serves an order of merit: points by finishing
 * position in each finished tournament of the season ({@link ORDER_OF_MERIT_POINTS}):
 *   1st 100, 2nd 60, 3rd 40, 4th 30, 5th 25, 6th 20, 7th 15, 8th 10, 9th 8, 10th 6,
 *   11th–20th 3, 21st or lower 1 (finished the tournament), missed cut or withdrew 0.
 * Ties share the points of the places they cover equally (T3 with two players: (40 + 30) / 2 =
 * 35 each), rounded to 2 decimals. A playoff loser is alone in 2nd when the winner was level.
 * Order: points, wins, top-10 finishes, name.
 */
import type { ImportedSportMatch } from '../rules/contract';
import { compareNames } from '../rules/standings-groups';
import type { GolfResultDetail } from './types';

/** Points for 1st…10th place (index 0 = 1st); see the module comment for places below. */
export const ORDER_OF_MERIT_POINTS: readonly number[] = [100, 60, 40, 30, 25, 20, 15, 10, 8, 6];

/**
 * Points for one finishing place (1-based).
 * @returns 100…6 for 1–10, 3 for 11–20, 1 below (finishers only; the cut get 0)
 * @throws RangeError when `place` is not an integer ≥ 1
 */
export function placePoints(place: number): number {
  if (!Number.isInteger(place) || place < 1) throw new RangeError(`invalid place ${place}`);
  return ORDER_OF_MERIT_POINTS[place - 1] ?? (place <= 20 ? 3 : 1);
}

/** One order-of-merit line. */
export interface GolfStandingRow {
  /** 1..n, no shared positions. */
  position: number;
  player: string;
  /** Tournaments entered (finished, cut or withdrawn). */
  events: number;
  wins: number;
  top_10: number;
  /** Tournaments finished (not cut, not withdrawn). */
  cuts_made: number;
  /** Best finishing place, null when none finished. */
  best_finish: number | null;
  points: number;
}

/**
 * The order of merit from finished golf fixtures whose `result.detail` is a
 * {@link GolfResultDetail}; other sports, unfinished fixtures and results without a leaderboard
 * are skipped.
 * @throws RangeError when a finisher's position is not `<n>` or `T<n>`
 */
export function computeGolfStandings(matches: readonly ImportedSportMatch[]): GolfStandingRow[] {
  const rows = new Map<string, GolfStandingRow>();
  for (const m of matches) {
    if (m.sport !== 'golf' || m.status !== 'finished' || !m.result) continue;
    const d = m.result.detail as Partial<GolfResultDetail>;
    if (!Array.isArray(d.leaderboard)) continue;
    const shared = new Map<string, number>();
    for (const l of d.leaderboard) shared.set(l.position, (shared.get(l.position) ?? 0) + 1);
    for (const l of d.leaderboard) {
      const r = rows.get(l.player) ?? {
        position: 0,
        player: l.player,
        events: 0,
        wins: 0,
        top_10: 0,
        cuts_made: 0,
        best_finish: null,
        points: 0,
      };
      rows.set(l.player, r);
      r.events += 1;
      if (l.status !== 'active') continue;
      const place = Number(/^T?([1-9]\d*)$/.exec(l.position)?.[1] ?? NaN);
      if (Number.isNaN(place)) throw new RangeError(`${m.source_key}: invalid position ${l.position} for ${l.player}`);
      const n = shared.get(l.position)!;
      let sum = 0;
      for (let i = 0; i < n; i++) sum += placePoints(place + i);
      r.points = Math.round((r.points + sum / n) * 100) / 100;
      r.cuts_made += 1;
      if (l.player === d.winner) r.wins += 1;
      if (place <= 10) r.top_10 += 1;
      r.best_finish = Math.min(r.best_finish ?? place, place);
    }
  }
  const sorted = [...rows.values()].sort(
    (a, b) => b.points - a.points || b.wins - a.wins || b.top_10 - a.top_10 || compareNames(a.player, b.player),
  );
  sorted.forEach((r, i) => (r.position = i + 1));
  return sorted;
}
