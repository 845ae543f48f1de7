/**
 * ESPN tennis → one fixture per match of a tournament (docs/sports/tennis.md). Pure. A scoreboard
 * event is the tournament; its matches are its `competitions` (older scoreboards) or the
 * competitions of each `groupings[]` draw (newer ones: `womens-singles`, `mens-doubles`; doubles
 * are skipped, Scoreline's tennis has no doubles). Each match has two athletes (`homeAway`, else
 * `order` 1 = home), `linescores` one per set reached with the games (`value`) and tie-break
 * points (`tiebreak`), `status.period` the set in play, `format.regulation.periods` the best of,
 * and `situation.server.$ref` naming the serving athlete where ESPN gives it. ESPN gives games,
 * not points, so a match in play is sent as a `score` snapshot (completed sets, games of the set
 * in play, server); a finished one as its `result` (sets, tie-breaks, outcome: completed,
 * retired `STATUS_RETIRED`, walkover `STATUS_WALKOVER`). Matches whose players are not drawn yet
 * (`TBD`) are skipped. docs/adapters.md "ESPN".
 */
import type { FeedEvent } from '@/lib/match/state';
import {
  espnFixture,
  type EspnLeague,
  type EspnMapped,
  interruptionOf,
  isoOf,
  isWinner,
  nameOf,
  sidesOf,
  sportEvent,
  stateOf,
} from './espn-common';
import {
  type EspnCompetition,
  EspnCompetitionSchema,
  type EspnCompetitor,
  type EspnEvent,
  parseEach,
} from './espn-schemas';

type Pair = { home: number; away: number };

/** The matches of a tournament event: its competitions, or those of its singles draws. */
function matchesOf(raw: EspnEvent, skipped: EspnMapped['skipped']): unknown[] {
  if (!raw.groupings?.length) return raw.competitions ?? [];
  const out: unknown[] = [];
  for (const g of raw.groupings) {
    const slug = g.grouping?.slug ?? '';
    if (/doubles/.test(slug)) {
      skipped.push({
        item: `event ${raw.id} ${slug}`,
        reason: `${g.competitions?.length ?? 0} doubles matches: no doubles in Scoreline's tennis`,
      });
      continue;
    }
    out.push(...(g.competitions ?? []));
  }
  return out;
}

const games = (c: EspnCompetitor, i: number): number | null => {
  const v = c.linescores?.[i]?.value;
  return Number.isInteger(v) && (v as number) >= 0 ? (v as number) : null;
};

/**
 * The sets of a match from both players' line scores, the first `n`: games [home, away] and
 * tie-break points (null when the set had none or only one side's are given). Null when a set's
 * games are missing.
 */
export function setsOf(
  home: EspnCompetitor,
  away: EspnCompetitor,
  n: number,
): { sets: [number, number][]; tiebreaks: (Pair | null)[] } | null {
  const sets: [number, number][] = [];
  const tiebreaks: (Pair | null)[] = [];
  for (let i = 0; i < n; i++) {
    const h = games(home, i);
    const a = games(away, i);
    if (h === null || a === null) return null;
    sets.push([h, a]);
    const th = home.linescores?.[i]?.tiebreak;
    const ta = away.linescores?.[i]?.tiebreak;
    tiebreaks.push(Number.isInteger(th) && Number.isInteger(ta) ? { home: th as number, away: ta as number } : null);
  }
  return { sets, tiebreaks };
}

/** The side serving: the competitor whose id ends `situation.server.$ref` (`…/athletes/2902?lang=en`), else null. */
export function serverOf(c: EspnCompetition, home: EspnCompetitor, away: EspnCompetitor): 'home' | 'away' | null {
  const id = /\/athletes\/([^/?]+)/.exec(c.situation?.server?.$ref ?? '')?.[1];
  if (!id) return null;
  return home.id === id ? 'home' : away.id === id ? 'away' : null;
}

/** How a finished match ended, from ESPN's status name. */
function outcomeOf(name: string | undefined): 'completed' | 'retired' | 'walkover' | 'default' {
  if (/WALKOVER/.test(name ?? '')) return 'walkover';
  if (/RETIRED/.test(name ?? '')) return 'retired';
  if (/DEFAULT/.test(name ?? '')) return 'default';
  return 'completed';
}

/** Every singles match of a tennis tournament event as a fixture and its events; skips (doubles, undrawn, unreadable) go to `skipped`. */
export function mapTennis(raw: EspnEvent, league: EspnLeague, skipped: EspnMapped['skipped'] = []): EspnMapped[] {
  const tournament = (raw.name ?? raw.shortName ?? `Tournament ${raw.id}`).trim();
  const matches = parseEach(matchesOf(raw, skipped), EspnCompetitionSchema);
  for (const i of matches.bad) skipped.push({ item: `event ${raw.id} match ${i}`, reason: 'malformed' });
  const out: EspnMapped[] = [];
  for (const { value: c } of matches.ok) {
    const item = `event ${raw.id} match ${c.id ?? '?'}`;
    const sides = sidesOf(c.competitors);
    const kickoff = isoOf(c.date ?? raw.date);
    if (!sides || !kickoff || !c.id) {
      skipped.push({ item, reason: 'not two named players with a date' });
      continue;
    }
    const [home, away] = [nameOf(sides.home)!, nameOf(sides.away)!];
    if (home === 'TBD' || away === 'TBD') {
      skipped.push({ item, reason: 'players not drawn yet (TBD)' });
      continue;
    }
    const key = `espn:tennis:${raw.id}:${c.id}`;
    const fixture = espnFixture(league, raw, kickoff, {
      part: c.id,
      round: c.round?.displayName ? `${tournament}, ${c.round.displayName}` : tournament,
      venue: c.venue?.fullName ?? c.venue?.address?.summary ?? null,
      home_team: home,
      away_team: away,
    });
    const bestOf = c.format?.regulation?.periods === 5 ? 5 : 3;
    const events: FeedEvent[] = [];
    const mine: EspnMapped['skipped'] = [];
    const interruption = interruptionOf(c.status);
    const state = stateOf(c.status);
    if (interruption === 'postponed' || interruption === 'abandoned')
      events.push(sportEvent(`${key}:status:${interruption}`, 'status', { detail: { status: interruption } }));
    else if (state === 'in') {
      const reached = Math.max(sides.home.linescores?.length ?? 0, sides.away.linescores?.length ?? 0);
      const period = Math.max(1, Math.min(bestOf, c.status?.period ?? reached));
      const done = setsOf(sides.home, sides.away, Math.min(period - 1, reached));
      const now = { home: games(sides.home, period - 1) ?? 0, away: games(sides.away, period - 1) ?? 0 };
      if (!done) mine.push({ item: `${item} linescores`, reason: 'a set without games on both sides' });
      else {
        const server = serverOf(c, sides.home, sides.away);
        const tag = `${done.sets.map((x) => x.join('-')).join(',')}:${now.home}-${now.away}:${server ?? ''}`;
        events.push(
          sportEvent(`${key}:score:${tag}`, 'score', {
            detail: { sets: done.sets, tiebreaks: done.tiebreaks, games: now, server, best_of: bestOf },
          }),
        );
      }
    } else if (state === 'post') {
      const winner = isWinner(sides.home) ? 'home' : isWinner(sides.away) ? 'away' : null;
      const outcome = outcomeOf(c.status?.type?.name);
      const n =
        outcome === 'walkover' ? 0 : Math.min(sides.home.linescores?.length ?? 0, sides.away.linescores?.length ?? 0);
      const played = setsOf(sides.home, sides.away, n);
      if (!winner) mine.push({ item: `${item} result`, reason: 'final without a winner' });
      else if (!played) mine.push({ item: `${item} linescores`, reason: 'a set without games on both sides' });
      else
        events.push(
          sportEvent(`${key}:result`, 'result', {
            side: winner,
            detail: { winner, sets: played.sets, tiebreaks: played.tiebreaks, outcome, tournament },
          }),
        );
    }
    out.push({ fixture, events, skipped: mine, odds: c.odds ?? null });
  }
  return out;
}
