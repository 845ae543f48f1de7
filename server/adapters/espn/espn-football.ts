/**
 * ESPN soccer → football fixtures and events. Pure. From the scoreboard alone: the fixture, the
 * periods reached (status period 1/2, half-time, extra time, full time), goals (scorer, penalty,
 * own goal) and cards from `competitions[].details`, and the match clock; with the summary, its
 * `keyEvents` add the substitutions (and goals and cards the scoreboard's details lack). Event
 * ids are built from the match, side, minute and player, so the same incident read from the
 * scoreboard or the summary is one event; goals are numbered per side (`goal:<side>:<n>`), so a
 * score the details do not explain still counts (an unattributed goal). docs/adapters.md "ESPN".
 */
import type { FeedEvent } from '@/lib/match/state';
import {
  espnFixture,
  type EspnFixture,
  type EspnLeague,
  type EspnMapped,
  interruptionOf,
  isoOf,
  nameOf,
  sidesOf,
  slugOf,
  sportEvent,
  stateOf,
} from './espn-common';
import {
  type EspnCompetition,
  EspnCompetitionSchema,
  EspnDetailSchema,
  type EspnEvent,
  EspnKeyEventSchema,
  type EspnSummary,
  parseEach,
} from './espn-schemas';

type Side = 'home' | 'away';

/** `"90'+5'"` → {minute 90, stoppage 5}; `"23'"` → {23, null}; null when unreadable. */
export function parseMinute(display: string | undefined): { minute: number; stoppage: number | null } | null {
  const m = /^(\d{1,3})'?(?:\+(\d{1,2})'?)?$/.exec((display ?? '').trim());
  return m ? { minute: Number(m[1]), stoppage: m[2] ? Number(m[2]) : null } : null;
}

/** The playing period of a minute (45+2' is still the 1st half). */
function periodOfMinute(minute: number, stoppage: number | null): FeedEvent['period'] {
  if (minute < 45 || (minute === 45 && stoppage !== null)) return '1st_half';
  if (minute < 90 || (minute === 90 && stoppage !== null)) return minute === 45 ? '2nd_half' : '2nd_half';
  if (minute < 105 || (minute === 105 && stoppage !== null)) return 'extra_time_1st';
  return 'extra_time_2nd';
}
const PERIOD_ORDER = ['1st_half', '2nd_half', 'extra_time_1st', 'extra_time_2nd'] as const;

/** An incident before ordering: its period index, minute and stoppage sort it. */
interface Incident {
  k: number;
  minute: number;
  stoppage: number;
  goalSide?: Side;
  make: (goalNumber?: number) => FeedEvent;
}

/**
 * How far the match has got as the count of period events passed: 0 not started, 1 1st half
 * on, 2 half-time, 3 2nd half on, 4 2nd half over, 5/6 extra time 1st half on/over, 7/8 extra
 * time 2nd half on/over, 9 finished. From ESPN's state, period and status name.
 */
export function phaseOf(c: EspnCompetition): number {
  const st = stateOf(c.status);
  const period = c.status?.period ?? 0;
  const name = c.status?.type?.name ?? '';
  if (st === 'post') return 9;
  if (st !== 'in') return 0;
  if (/HALFTIME/.test(name)) return period >= 3 ? 6 : 2;
  if (/END_OF_REGULATION|END_PERIOD/.test(name)) return period >= 3 ? 6 : 4;
  return period <= 1 ? 1 : period === 2 ? 3 : period === 3 ? 5 : 7;
}

const PHASES: [FeedEvent['type'], FeedEvent['period']][] = [
  ['period_start', '1st_half'],
  ['period_end', '1st_half'],
  ['period_start', '2nd_half'],
  ['period_end', '2nd_half'],
  ['period_start', 'extra_time_1st'],
  ['period_end', 'extra_time_1st'],
  ['period_start', 'extra_time_2nd'],
  ['period_end', 'extra_time_2nd'],
];

/** The fixture of a soccer event (home/away from `homeAway`). Null when the event names no two teams. */
export function footballFixture(e: EspnEvent, c: EspnCompetition, league: EspnLeague): EspnFixture | null {
  const sides = sidesOf(c.competitors);
  const kickoff = isoOf(c.date ?? e.date);
  if (!sides || !kickoff) return null;
  return espnFixture(league, e, kickoff, {
    venue: c.venue?.fullName ?? null,
    home_team: nameOf(sides.home)!,
    away_team: nameOf(sides.away)!,
  });
}

/**
 * A scoreboard event (and its summary when there is one) as a fixture and its events, oldest
 * first. Null when the event is not a two-team match.
 */
export function mapFootball(raw: EspnEvent, league: EspnLeague, summary: EspnSummary | null = null): EspnMapped | null {
  const cr = EspnCompetitionSchema.safeParse(raw.competitions?.[0]);
  if (!cr.success) return null;
  const c = cr.data;
  const fixture = footballFixture(raw, c, league);
  const sides = sidesOf(c.competitors);
  if (!fixture || !sides) return null;
  const key = `espn:${raw.id}`;
  const sideOfTeam = (id: string | undefined): Side | null =>
    id === sides.home.id || id === sides.home.team?.id
      ? 'home'
      : id === sides.away.id || id === sides.away.team?.id
        ? 'away'
        : null;
  const skipped: EspnMapped['skipped'] = [];
  const incidents = new Map<string, Incident>();
  const add = (id: string, inc: Incident) => {
    if (!incidents.has(id)) incidents.set(id, inc);
  };
  const at = (display: string | undefined, item: string) => {
    const m = parseMinute(display);
    if (!m) skipped.push({ item, reason: `unreadable minute ${JSON.stringify(display)}` });
    return m;
  };
  const card = (
    side: Side,
    minute: { minute: number; stoppage: number | null },
    player: string | null,
    kind: string,
  ) => {
    const period = periodOfMinute(minute.minute, minute.stoppage);
    add(`card:${side}:${minute.minute}+${minute.stoppage ?? 0}:${slugOf(player ?? '')}:${kind}`, {
      k: PERIOD_ORDER.indexOf(period as (typeof PERIOD_ORDER)[number]),
      minute: minute.minute,
      stoppage: minute.stoppage ?? 0,
      make: () =>
        sportEvent(`${key}:card:${side}:${minute.minute}+${minute.stoppage ?? 0}:${slugOf(player ?? '')}`, 'card', {
          side,
          player,
          minute: minute.minute,
          stoppage: minute.stoppage,
          period,
          detail: { card: kind },
        }),
    });
  };
  const goal = (
    side: Side,
    minute: { minute: number; stoppage: number | null },
    player: string | null,
    flags: { penalty?: boolean; own_goal?: boolean },
  ) => {
    const period = periodOfMinute(minute.minute, minute.stoppage);
    add(`goal:${side}:${minute.minute}+${minute.stoppage ?? 0}:${slugOf(player ?? '')}`, {
      k: PERIOD_ORDER.indexOf(period as (typeof PERIOD_ORDER)[number]),
      minute: minute.minute,
      stoppage: minute.stoppage ?? 0,
      goalSide: side,
      make: (n) =>
        sportEvent(`${key}:goal:${side}:${n}`, 'goal', {
          side,
          player,
          minute: minute.minute,
          stoppage: minute.stoppage,
          period,
          detail: { ...(flags.penalty ? { penalty: true } : {}), ...(flags.own_goal ? { own_goal: true } : {}) },
        }),
    });
  };

  // Scoreboard details: goals and cards (shoot-out kicks are not goals of the match).
  const details = parseEach(c.details, EspnDetailSchema);
  for (const i of details.bad) skipped.push({ item: `event ${raw.id} details[${i}]`, reason: 'malformed' });
  for (const { value: d, index } of details.ok) {
    if (d.shootout) continue;
    const side = sideOfTeam(d.team?.id);
    const m = at(d.clock?.displayValue, `event ${raw.id} details[${index}]`);
    if (!side || !m) continue;
    const player = d.athletesInvolved?.[0]?.displayName ?? null;
    if (d.scoringPlay) goal(side, m, player, { penalty: d.penaltyKick === true, own_goal: d.ownGoal === true });
    else if (d.redCard) card(side, m, player, /yellow/i.test(d.type?.text ?? '') ? 'second_yellow' : 'red');
    else if (d.yellowCard) card(side, m, player, 'yellow');
  }
  // Summary key events: goals, cards and substitutions.
  const keyEvents = parseEach(summary?.keyEvents, EspnKeyEventSchema);
  for (const { value: k, index } of keyEvents.ok) {
    const kind = k.type?.type ?? '';
    const side = sideOfTeam(k.team?.id);
    if (!side || !/goal|card|substitution/.test(kind)) continue;
    const m = at(k.clock?.displayValue, `event ${raw.id} keyEvents[${index}]`);
    if (!m) continue;
    const [first, second] = (k.participants ?? []).map((p) => p.athlete?.displayName ?? null);
    if (/goal/.test(kind) && !/disallowed|missed|saved/.test(kind))
      goal(side, m, first ?? null, { penalty: /penalty/.test(kind), own_goal: /own/.test(kind) });
    else if (kind === 'yellow-card') card(side, m, first ?? null, 'yellow');
    else if (kind === 'red-card') card(side, m, first ?? null, /second/i.test(k.text ?? '') ? 'second_yellow' : 'red');
    else if (/substitution/.test(kind)) {
      // ESPN lists the player coming on first, then the one going off.
      const period = periodOfMinute(m.minute, m.stoppage);
      add(`sub:${side}:${m.minute}+${m.stoppage ?? 0}:${slugOf(second ?? '')}`, {
        k: PERIOD_ORDER.indexOf(period as (typeof PERIOD_ORDER)[number]),
        minute: m.minute,
        stoppage: m.stoppage ?? 0,
        make: () =>
          sportEvent(`${key}:sub:${side}:${m.minute}+${m.stoppage ?? 0}:${slugOf(second ?? '')}`, 'substitution', {
            side,
            player: second ?? null,
            minute: m.minute,
            stoppage: m.stoppage,
            period,
            detail: first ? { replacement: first } : {},
          }),
      });
    }
  }

  const phase = phaseOf(c);
  const events: FeedEvent[] = [];
  const interruption = interruptionOf(c.status);
  if (interruption === 'postponed' || interruption === 'abandoned') {
    events.push(sportEvent(`${key}:status:${interruption}`, 'status', { detail: { status: interruption } }));
    return { fixture, events, skipped };
  }
  // Period events up to the phase reached, each period's incidents after its start; goals numbered per side.
  const ordered = [...incidents.values()].sort((a, b) => a.k - b.k || a.minute - b.minute || a.stoppage - b.stoppage);
  const goals = { home: 0, away: 0 };
  const periodsPlayed = Math.max(
    phase >= 9 ? (ordered.some((i) => i.k >= 2) ? 8 : 4) : phase,
    ...ordered.map((i) => 2 * i.k + 1),
  );
  for (let p = 0; p < Math.min(periodsPlayed, 8); p++) {
    const [type, period] = PHASES[p];
    events.push(sportEvent(`${key}:${type}:${period}`, type, { period }));
    if (type !== 'period_start') continue;
    for (const inc of ordered.filter((i) => i.k === p / 2)) {
      const n = inc.goalSide ? ++goals[inc.goalSide] : undefined;
      events.push(inc.make(n));
    }
  }
  // Goals the score counts that no detail names: unattributed, in the latest period played.
  const lastPeriod = events.filter((e) => e.type === 'period_start').at(-1)?.period ?? null;
  for (const side of ['home', 'away'] as const) {
    const score = Number((side === 'home' ? sides.home : sides.away).score);
    for (let n = goals[side] + 1; Number.isInteger(score) && n <= score && lastPeriod; n++) {
      const goalEvent = sportEvent(`${key}:goal:${side}:${n}`, 'goal', { side, period: lastPeriod });
      const end = events.findIndex((e) => e.type === 'period_end' && e.period === lastPeriod);
      if (end < 0) events.push(goalEvent);
      else events.splice(end, 0, goalEvent);
    }
  }
  if (phase === 9) events.push(sportEvent(`${key}:full_time`, 'full_time'));
  else if (phase % 2 === 1 && typeof c.status?.clock === 'number' && c.status.clock > 0)
    events.push(
      sportEvent(`${key}:clock:${Math.round(c.status.clock)}`, 'clock', {
        detail: { clock_seconds: Math.round(c.status.clock), running: true },
      }),
    );
  return { fixture, events, skipped };
}
