/**
 * ESPN golf → one tournament fixture whose standings are its leaderboard (docs/sports/golf.md).
 * Pure. The scoreboard's event has one competition whose competitors are the field, each with
 * `score` (to par over the holes played: "-14", "E", "+3") and `linescores`: one per round with
 * `value` (strokes) and the holes played in it (per-hole strokes). ESPN gives no par per hole, so
 * each player's line goes in as a `scorecard` snapshot (rounds, thru, to_par), after the rounds
 * reached: `round_start` for each round up to `status.period`, `round_end` for the rounds done.
 * A completed tournament gets its `result` (the player alone in first place; a tie for the lead
 * at the end is left without a result and reported as skipped: the playoff's winner is not in
 * the scoreboard). docs/adapters.md "ESPN".
 */
import { GOLF_ROUNDS } from '@/lib/golf/types';
import type { FeedEvent } from '@/lib/match/state';
import {
  espnFixture,
  type EspnLeague,
  type EspnMapped,
  interruptionOf,
  isoOf,
  nameOf,
  sportEvent,
  stateOf,
} from './espn-common';
import { EspnCompetitionSchema, EspnCompetitorSchema, type EspnEvent, parseEach } from './espn-schemas';

/** "-14" → −14, "E" → 0, "+3" → 3; null when unreadable. */
export function toParOf(score: string | number | undefined): number | null {
  if (typeof score === 'number') return Number.isInteger(score) ? score : null;
  const t = (score ?? '').trim().toUpperCase();
  if (t === 'E' || t === 'EVEN') return 0;
  return /^[+-]?\d{1,3}$/.test(t) ? Number(t) : null;
}

/** One player's leaderboard line as read from ESPN. */
export interface EspnGolfLine {
  id: string;
  player: string;
  rounds: number[];
  thru: number;
  to_par: number;
}

/**
 * A golf scoreboard event as the tournament fixture, its rounds and each player's scorecard.
 * Null when the event has no competition or date.
 */
export function mapGolf(raw: EspnEvent, league: EspnLeague): EspnMapped | null {
  const cr = EspnCompetitionSchema.safeParse(raw.competitions?.[0]);
  const kickoff = isoOf(cr.data?.date ?? raw.date);
  if (!cr.success || !kickoff) return null;
  const c = cr.data;
  // home = the tournament's name, away = "Field" (docs/sports/golf.md).
  const fixture = espnFixture(league, raw, kickoff, {
    venue: null,
    home_team: (raw.name ?? raw.shortName ?? `Tournament ${raw.id}`).trim(),
    away_team: 'Field',
  });
  const key = `espn:golf:${raw.id}`;
  const skipped: EspnMapped['skipped'] = [];
  const events: FeedEvent[] = [];
  const interruption = interruptionOf(c.status ?? raw.status);
  if (interruption === 'postponed' || interruption === 'abandoned') {
    events.push(sportEvent(`${key}:status:${interruption}`, 'status', { detail: { status: interruption } }));
    return { fixture, events, skipped };
  }
  const state = stateOf(c.status ?? raw.status);
  if (state !== 'in' && state !== 'post') return { fixture, events, skipped };
  const round = Math.min(GOLF_ROUNDS, Math.max(1, c.status?.period ?? 1));
  const roundDone = state === 'post' || /PLAY_COMPLETE|END_OF_ROUND|ROUND_COMPLETE/.test(c.status?.type?.name ?? '');
  for (let r = 1; r <= round; r++) {
    events.push(sportEvent(`${key}:round_start:${r}`, 'round_start', { period: `round_${r}` }));
    if (r < round) events.push(sportEvent(`${key}:round_end:${r}`, 'round_end', { period: `round_${r}` }));
  }
  const lines = golfLines(c.competitors, round, skipped, raw.id);
  for (const l of lines)
    events.push(
      sportEvent(`${key}:card:${l.id}:${l.rounds.join('-')}:${l.thru}:${l.to_par}`, 'scorecard', {
        player: l.player,
        detail: { rounds: l.rounds, thru: l.thru, to_par: l.to_par },
      }),
    );
  if (roundDone) events.push(sportEvent(`${key}:round_end:${round}`, 'round_end', { period: `round_${round}` }));
  if (state === 'post' && lines.length) {
    const best = Math.min(...lines.map((l) => l.to_par));
    const leaders = lines.filter((l) => l.to_par === best);
    if (leaders.length === 1)
      events.push(sportEvent(`${key}:result`, 'result', { detail: { winner: leaders[0].player } }));
    else
      skipped.push({
        item: `event ${raw.id} result`,
        reason: `${leaders.length} players tied for the lead: no winner given`,
      });
  }
  return { fixture, events, skipped };
}

/** Each competitor's line: strokes per round up to `round` (the current one partial), holes done in it, to par. */
export function golfLines(
  competitors: readonly unknown[] | undefined,
  round: number,
  skipped: EspnMapped['skipped'],
  eventId: string,
): EspnGolfLine[] {
  const parsed = parseEach(competitors, EspnCompetitorSchema);
  for (const i of parsed.bad) skipped.push({ item: `event ${eventId} competitors[${i}]`, reason: 'malformed' });
  const out: EspnGolfLine[] = [];
  for (const { value: p, index } of parsed.ok) {
    const player = nameOf(p);
    const to_par = toParOf(p.score);
    if (!player || to_par === null || !p.id) {
      skipped.push({ item: `event ${eventId} competitors[${index}]`, reason: 'no name, id or score to par' });
      continue;
    }
    const ls = (p.linescores ?? []).slice(0, round);
    const rounds = ls.map((l) => (Number.isInteger(l.value) && (l.value ?? 0) >= 0 ? (l.value as number) : 0));
    const thru = Math.min(18, ls[round - 1]?.linescores?.length ?? 0);
    out.push({ id: p.id, player, rounds, thru, to_par });
  }
  return out;
}
