/**
 * Tennis player statistics by reuse of lib/tennis/statistics.ts (serve figures from match
 * `stats`), with the stats of point-by-point logs rebuilt through lib/tennis/rules when the
 * stored match has none. Pure, no I/O. Callers pass finished tennis matches.
 */
import type { SportEvent } from '../rules/contract';
import { tennisRules } from '../tennis/rules';
import { computeTennisPlayerStats } from '../tennis/statistics';
import { replaySafely, toImportedSportMatch } from './adapt';
import { PLAYER_CATEGORIES } from './categories';
import { toCategory } from './rows';
import type { PlayerCategory, StatsMatch } from './types';

/**
 * Per-side serve stats of a match: `stats` as stored (ATP results: aces, double_faults,
 * service_points, service_games, break_points_*), else — when the log has `point` events —
 * the state's stats after replaying them through lib/tennis/rules (aces, double faults,
 * service points/games won, break points faced/saved, as lib/tennis/types.ts defines them);
 * else null.
 * @returns {home, away} stat records (counts), or null
 * @throws only what the tennis rules throw besides RuleError (a programming error)
 */
export function tennisMatchStats(m: StatsMatch): StatsMatch['stats'] {
  if (m.stats) return m.stats;
  if (!m.events.some((e) => e.type === 'point')) return null;
  const s = replaySafely(tennisRules, m.events as SportEvent[]);
  return { home: { ...s.stats.home }, away: { ...s.stats.away } };
}

/**
 * The `serve` category: lib/tennis/statistics.ts computeTennisPlayerStats over the matches with
 * {@link tennisMatchStats} (a side lacking service_games or break points is skipped by the
 * module). `team` is null (individual sport). Order: the module's — aces desc, then name.
 * Throws nothing.
 */
export function tennisPlayerCategories(matches: readonly StatsMatch[]): PlayerCategory[] {
  const lines = computeTennisPlayerStats(
    matches.map((m) => ({ ...toImportedSportMatch(m), stats: tennisMatchStats(m) })),
  );
  return [
    toCategory(
      PLAYER_CATEGORIES.tennis[0],
      lines.map((l) => ({ ...l, team: null })),
    ),
  ];
}
