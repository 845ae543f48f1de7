/**
 * The tennis `score` event: a snapshot of the sets and games from a feed that gives games, not
 * points (ESPN's scoreboard, server/adapters/espn/espn-tennis.ts). It replaces the completed
 * sets, their tie-breaks, the games of the set in play and the server (null when the feed does
 * not name one), starting the match when it was scheduled; the points are unknown from then on
 * (`points` projects as null) until a `point` event. Detail and state fields: lib/tennis/types.ts.
 * Called by the reducer of lib/tennis/rules.ts on its private copy of the state.
 */
import { RuleError, type SportEvent } from '../rules/contract';
import { setWinner, tiebreakRule } from './sets';
import type { Pair, Side, TennisPeriod, TennisState } from './types';

const count = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;
const pair = (p: unknown): p is Pair =>
  !!p && typeof p === 'object' && count((p as Pair).home) && count((p as Pair).away);

/**
 * Applies a `score` snapshot to `s` in place.
 * @throws RuleError `match_over` after the match ended; `invalid_event` when `sets` is not
 *   [[home, away], …] games, `games` not {home, away} counts, `tiebreaks` not pairs or null,
 *   `server` not home / away / null, `best_of` not 3 or 5, or more sets than the format has
 */
export function applyScore(s: TennisState, e: SportEvent): void {
  const d = e.detail;
  if (s.status === 'finished' || s.status === 'abandoned')
    throw new RuleError('match_over', `score ${e.event_id}: the match is ${s.status}`);
  const sets = d.sets;
  if (!Array.isArray(sets) || !sets.every((x) => Array.isArray(x) && x.length === 2 && x.every(count)))
    throw new RuleError('invalid_event', `score ${e.event_id}: detail.sets must be [[home, away], …] games`);
  if (!pair(d.games)) throw new RuleError('invalid_event', `score ${e.event_id}: detail.games must be {home, away}`);
  const tbs: unknown[] = Array.isArray(d.tiebreaks) ? d.tiebreaks : [];
  if (!tbs.every((t) => t === null || pair(t)))
    throw new RuleError('invalid_event', `score ${e.event_id}: detail.tiebreaks must be {home, away} or null per set`);
  const server = d.server ?? null;
  if (server !== null && server !== 'home' && server !== 'away')
    throw new RuleError('invalid_event', `score ${e.event_id}: detail.server must be home, away or null`);
  const bestOf = d.best_of ?? s.best_of;
  if (bestOf !== 3 && bestOf !== 5)
    throw new RuleError('invalid_event', `score ${e.event_id}: detail.best_of must be 3 or 5`);
  if (sets.length >= bestOf)
    throw new RuleError('invalid_event', `score ${e.event_id}: ${sets.length} completed sets in a best of ${bestOf}`);
  if (s.status === 'scheduled' || s.status === 'postponed') s.status = 'in_play';
  s.best_of = bestOf;
  s.sets = (sets as [number, number][]).map((x) => [x[0], x[1]]);
  s.set_tiebreaks = s.sets.map((_, i) => (tbs[i] ? { ...(tbs[i] as Pair) } : null));
  s.sets_won = { home: 0, away: 0 };
  s.sets.forEach((g, i) => {
    // A completed set goes to the side with the tie-break points or more games (as a recorded result).
    const w: Side | null = setWinner(g, s.set_tiebreaks[i]) ?? (g[0] > g[1] ? 'home' : g[1] > g[0] ? 'away' : null);
    if (w) s.sets_won[w] += 1;
  });
  s.games = { home: d.games.home, away: d.games.away };
  s.points = { home: 0, away: 0 };
  s.points_known = false;
  const tb = tiebreakRule(s.sets.length + 1, bestOf, s.final_set);
  s.tiebreak = !!tb && s.games.home === tb.at && s.games.away === tb.at;
  s.tiebreak_to = tb?.to ?? 7;
  s.server = server;
  s.game_server = server;
  s.period = `set_${s.sets.length + 1}` as TennisPeriod;
}
