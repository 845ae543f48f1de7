/**
 * A team's squad as the store has seen it (the team page's "Squad"): every player named on the
 * team's side of its matches — events (scorers, cards, substitutions both ways, batters,
 * pitchers…; an own goal's scorer is left out, he plays for the other side) and StatsBomb lineups.
 * Sources name players, they do not list squads, so this is "players seen", not a registration.
 */
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { LineupPlayer } from '@/lib/football/types';
import type { Tx } from '../db';
import * as t from '../schema';

/** One player: matches he was seen in, his first and latest, starts from lineups (0 without lineups). */
export interface SquadPlayer {
  name: string;
  matches: number;
  starts: number;
  /** Kickoff of the latest match he was seen in, ISO 8601 UTC. */
  last_seen: string;
}

/**
 * Players seen for team `teamId` (and its name `team`, as lineups store it) of `sport`, latest
 * seen first, then most matches, then name. At most `limit`.
 * @returns [] for a team without named players (results-only sources, tennis players).
 */
export async function teamSquad(
  tx: Tx,
  sport: string,
  teamId: number,
  team: string,
  limit = 60,
): Promise<SquadPlayer[]> {
  const fixtures = await tx
    .select({ id: t.fixtures.id, home: t.fixtures.homeTeamId, kickoff: t.fixtures.kickoff })
    .from(t.fixtures)
    .where(and(eq(t.fixtures.sport, sport), or(eq(t.fixtures.homeTeamId, teamId), eq(t.fixtures.awayTeamId, teamId))));
  if (!fixtures.length) return [];
  const byId = new Map(
    fixtures.map((f) => [
      f.id,
      { side: f.home === teamId ? 'home' : 'away', kickoff: new Date(f.kickoff).toISOString() },
    ]),
  );
  const ids = [...byId.keys()];
  const [events, lineups] = await Promise.all([
    tx
      .selectDistinct({
        fixtureId: t.matchEvents.fixtureId,
        side: t.matchEvents.side,
        player: t.matchEvents.player,
        type: t.matchEvents.type,
        detail: t.matchEvents.detail,
      })
      .from(t.matchEvents)
      .where(
        and(
          inArray(t.matchEvents.fixtureId, ids),
          isNotNull(t.matchEvents.player),
          inArray(t.matchEvents.type, [
            'goal',
            'card',
            'substitution',
            'penalty',
            'plate_appearance',
            'pitching_change',
            'delivery',
            'wicket',
            'try',
            'conversion',
            'penalty_goal',
            'drop_goal',
          ]),
        ),
      ),
    tx
      .select({ fixtureId: t.lineups.fixtureId, players: t.lineups.players })
      .from(t.lineups)
      .where(and(inArray(t.lineups.fixtureId, ids), eq(t.lineups.team, team))),
  ]);
  const seen = new Map<string, { fixtures: Set<number>; starts: number; last: string }>();
  const add = (name: string | null | undefined, fixtureId: number, start = false) => {
    if (!name) return;
    const f = byId.get(fixtureId)!;
    let p = seen.get(name);
    if (!p) seen.set(name, (p = { fixtures: new Set(), starts: 0, last: '' }));
    if (!p.fixtures.has(fixtureId) && start) p.starts += 1;
    p.fixtures.add(fixtureId);
    if (f.kickoff > p.last) p.last = f.kickoff;
  };
  for (const l of lineups)
    for (const p of l.players as LineupPlayer[]) add(p.nickname ?? p.name, l.fixtureId, p.starter);
  const names = new Map<string, string>();
  for (const l of lineups) for (const p of l.players as LineupPlayer[]) if (p.nickname) names.set(p.name, p.nickname);
  for (const e of events) {
    if (e.side !== byId.get(e.fixtureId)!.side) continue;
    const d = (e.detail ?? {}) as Record<string, unknown>;
    if (e.type === 'goal' && d.own_goal) continue;
    add(names.get(e.player!) ?? e.player, e.fixtureId);
    if (e.type === 'substitution' && typeof d.replacement === 'string')
      add(names.get(d.replacement) ?? d.replacement, e.fixtureId);
  }
  return [...seen]
    .map(([name, p]) => ({ name, matches: p.fixtures.size, starts: p.starts, last_seen: p.last }))
    .sort((a, b) => b.last_seen.localeCompare(a.last_seen) || b.matches - a.matches || a.name.localeCompare(b.name))
    .slice(0, limit);
}
