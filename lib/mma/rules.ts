/**
 * MMA bout rules as a pure reducer (lib/rules/contract.ts), clock 'down'. Values, event details
 * and conventions: lib/mma/types.ts.
 *
 * Status machine: scheduled → in_play (round) ⇄ break (between rounds) → finished (`result`);
 * in_play | break → suspended → (resumed) previous; any → postponed | abandoned.
 * Period machine: not_started → round_1 → after_round_1 → … up to the scheduled rounds;
 * `result` → final from any period.
 */
import { clockEventSeconds, clockReading, displayedMinute, elapsedFromCountdown } from '../rules/clock';
import type { LiveProjection, Side, SportEvent, SportRules } from '../rules/contract';
import { assertNotFinished, failEvent as fail, needSide } from '../rules/events';
import { liveProjection } from '../rules/projection';
import { countingReducer } from '../rules/reducer';
import { perSide, type PerSide } from '../rules/sides';
import { compareNames } from '../rules/standings-groups';
import { applyStatusEvent, periodSportStatusRules } from '../rules/status';
import {
  MMA_EVENT_TYPES,
  MMA_METHODS,
  MMA_PERIODS,
  MMA_ROUND_SECONDS,
  MMA_SCHEDULED_ROUNDS,
  MMA_STATUSES,
  type MmaCardPlace,
  type MmaMethod,
  type MmaResult,
  type MmaState,
} from './types';

const STATUS_RULES = periodSportStatusRules('match');
const DECISIONS: readonly MmaMethod[] = ['UD', 'SD', 'MD'];
const NO_WINNER: readonly MmaMethod[] = ['DRAW', 'NC'];
const inRound = (s: MmaState) => s.round > 0 && s.period === `round_${s.round}`;
const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** State before the bout: 3 scheduled rounds, period `not_started`, status `scheduled`. */
export function initialState(): MmaState {
  return {
    status: 'scheduled',
    card: null,
    weight_class: null,
    period: 'not_started',
    scheduled_rounds: 3,
    round: 0,
    clock: null,
    knockdowns: perSide(() => 0),
    significant_strikes: perSide(() => 0),
    takedowns: perSide(() => 0),
    deductions: perSide((): number[] => []),
    scores: [],
    interrupted_from: null,
    result: null,
    events_applied: 0,
  };
}

function needRound(s: MmaState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
  if (!inRound(s)) fail(e, `no round is being fought (period ${s.period})`, 'invalid_state');
}

/** Reads the event's clock (time left) when it has one; the bout clock never exceeds 300. */
function readClock(s: MmaState, e: SportEvent, running: boolean): void {
  const secs = clockReading(e);
  if (secs === null || !s.clock) return;
  if (secs > MMA_ROUND_SECONDS) fail(e, `clock_seconds (time left) must be ≤ ${MMA_ROUND_SECONDS}`);
  s.clock = { clock_seconds: secs, running };
}

function roundStart(s: MmaState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
  const next = s.round + 1;
  if (s.period !== 'not_started' && s.period !== `after_round_${s.round}`)
    fail(e, `round ${next} cannot start during ${s.period}`, 'invalid_state');
  if (next > s.scheduled_rounds) fail(e, `the bout is scheduled for ${s.scheduled_rounds} rounds`, 'invalid_state');
  if (e.period !== null && e.period !== `round_${next}`) fail(e, `expected round_${next}`, 'invalid_state');
  s.round = next;
  s.period = `round_${next}`;
  s.status = 'in_play';
  s.clock = { clock_seconds: MMA_ROUND_SECONDS, running: true };
  readClock(s, e, true);
  s.deductions.home.push(0);
  s.deductions.away.push(0);
}

function roundScored(s: MmaState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
  const { judge, home, away } = e.detail;
  const round = e.detail.round ?? s.round;
  if (!Number.isInteger(round)) fail(e, 'detail.round must be a round number');
  if (typeof judge !== 'string' || judge.trim() === '') fail(e, 'detail.judge must be a non-empty name');
  if (!whole(home, 7, 10) || !whole(away, 7, 10) || Math.max(home, away) !== 10)
    fail(e, 'detail.home/away must be a 10-point-must score (10 and 7–10)');
  if (!whole(round, 1, s.round) || (round === s.round && inRound(s)))
    fail(e, `round ${String(round)} has not been completed`, 'invalid_state');
  if (s.scores.some((x) => x.judge === judge && x.round === round))
    fail(e, `${judge} has already scored round ${round}`, 'invalid_state');
  s.scores.push({ judge, round, home, away });
}

function result(s: MmaState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
  const { winner, method, round, time_seconds } = e.detail as Partial<Record<keyof MmaResult, unknown>>;
  if (method !== null && !MMA_METHODS.includes(method as MmaMethod))
    fail(e, `detail.method must be null or one of ${MMA_METHODS.join(', ')}`);
  const m = method as MmaMethod | null;
  const none = m !== null && NO_WINNER.includes(m);
  if (none ? winner !== null : winner !== 'home' && winner !== 'away')
    fail(e, `detail.winner must be ${none ? 'null' : 'home or away'} for ${m ?? 'an unnamed method'}`);
  if (!whole(round, 1, s.scheduled_rounds)) fail(e, `detail.round must be 1–${s.scheduled_rounds}`);
  if (!whole(time_seconds, 0, MMA_ROUND_SECONDS)) fail(e, `detail.time_seconds must be 0–${MMA_ROUND_SECONDS}`);
  if (s.round > 0 && round !== s.round) fail(e, `the bout is in round ${s.round}, not ${round}`, 'invalid_state');
  if (m !== null && DECISIONS.includes(m) && round !== s.scheduled_rounds)
    fail(e, `a decision comes after round ${s.scheduled_rounds}`, 'invalid_state');
  s.result = { winner: winner as Side | null, method: m, round, time_seconds };
  s.status = 'finished';
  s.period = 'final';
  if (s.clock) s.clock = { clock_seconds: MMA_ROUND_SECONDS - time_seconds, running: false };
}

const text = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** `bout_info`: the card place and weight class (each field optional, kept until given again). */
function boutInfo(s: MmaState, e: SportEvent): void {
  assertNotFinished(s.status, e, 'match');
  const { card, card_order, card_bouts, weight_class, scheduled_rounds } = e.detail;
  if (card !== undefined && !text(card)) fail(e, 'detail.card must be a non-empty name');
  if (weight_class !== undefined && !text(weight_class)) fail(e, 'detail.weight_class must be a non-empty name');
  if (card_order !== undefined && !whole(card_order, 1, 100)) fail(e, 'detail.card_order must be 1–100');
  if (card_bouts !== undefined && !whole(card_bouts, 1, 100)) fail(e, 'detail.card_bouts must be 1–100');
  const place: MmaCardPlace = {
    name: (card as string | undefined) ?? s.card?.name ?? null,
    order: (card_order as number | undefined) ?? s.card?.order ?? null,
    bouts: (card_bouts as number | undefined) ?? s.card?.bouts ?? null,
  };
  if (place.order !== null && place.bouts !== null && place.order > place.bouts)
    fail(e, `card_order ${place.order} is beyond the card's ${place.bouts} bouts`);
  if (scheduled_rounds !== undefined && scheduled_rounds !== s.scheduled_rounds) {
    if (!MMA_SCHEDULED_ROUNDS.includes(scheduled_rounds as 3 | 5)) fail(e, 'detail.scheduled_rounds must be 3 or 5');
    if (s.round > 0) fail(e, 'scheduled rounds cannot change after round 1', 'invalid_state');
    s.scheduled_rounds = scheduled_rounds as 3 | 5;
  }
  s.card = place;
  if (weight_class !== undefined) s.weight_class = weight_class as string;
}

/** Applies one event to `s` in place (the reducer below passes it a copy). */
function applyInPlace(s: MmaState, e: SportEvent): void {
  switch (e.type) {
    case 'bout_info':
      return boutInfo(s, e);
    case 'bout_start': {
      if (s.status !== 'scheduled' || s.round > 0) fail(e, 'the bout has already started', 'invalid_state');
      const n = e.detail.scheduled_rounds ?? 3;
      if (!MMA_SCHEDULED_ROUNDS.includes(n as 3 | 5)) fail(e, 'detail.scheduled_rounds must be 3 or 5');
      s.scheduled_rounds = n as 3 | 5;
      return;
    }
    case 'round_start':
      return roundStart(s, e);
    case 'round_end':
      needRound(s, e);
      if (e.period !== null && e.period !== s.period)
        fail(e, `period ${e.period} is not being fought`, 'invalid_state');
      s.clock = { clock_seconds: 0, running: false };
      readClock(s, e, false);
      s.period = `after_round_${s.round}`;
      s.status = 'break';
      return;
    case 'knockdown':
    case 'significant_strike':
    case 'takedown': {
      const side = needSide(e);
      needRound(s, e);
      readClock(s, e, true);
      const count = e.type === 'knockdown' ? 1 : (e.detail.count ?? 1);
      if (!whole(count, 1, 1000)) fail(e, 'detail.count must be an integer ≥ 1');
      const field = e.type === 'knockdown' ? 'knockdowns' : e.type === 'takedown' ? 'takedowns' : 'significant_strikes';
      s[field][side] += count;
      return;
    }
    case 'round_scored':
      return roundScored(s, e);
    case 'point_deduction': {
      const side = needSide(e);
      assertNotFinished(s.status, e, 'match');
      if (s.round === 0) fail(e, 'no round has started', 'invalid_state');
      const points = e.detail.points ?? 1;
      if (!whole(points, 1, 10)) fail(e, 'detail.points must be an integer 1–10');
      s.deductions[side][s.round - 1] += points;
      return;
    }
    case 'clock': {
      if (!s.clock) fail(e, 'no round has started', 'invalid_state');
      const secs = clockEventSeconds(e);
      if (secs > MMA_ROUND_SECONDS) fail(e, `clock_seconds (time left) must be ≤ ${MMA_ROUND_SECONDS}`);
      s.clock = { clock_seconds: secs, running: e.detail.running !== false };
      return;
    }
    case 'status':
      return applyStatusEvent(s, e, STATUS_RULES);
    case 'result':
      return result(s, e);
    default:
      fail(e, 'unknown mma event type');
  }
}

/**
 * Applies one event and returns the new state (input not mutated).
 * Errors: RuleError `match_over` after the result; `invalid_state` for action outside a round,
 * rounds beyond the scheduled number or out of order, scoring an unfinished round twice, a
 * result in another round or a decision before the last round; `invalid_event` for unknown
 * types, missing sides, scores that are not 10-point must, unknown methods.
 */
export const applyEvent: (prev: MmaState, e: SportEvent) => MmaState = countingReducer(applyInPlace);

/** Replays a bout's event log: `events` applied in order, starting from {@link initialState}. */
export function replayEvents(events: readonly SportEvent[]): MmaState {
  let s = initialState();
  for (const e of events) s = applyEvent(s, e);
  return s;
}

/** A judge's score of a round after deductions. */
const net = (s: MmaState, x: { round: number; home: number; away: number }): PerSide<number> => ({
  home: x.home - (s.deductions.home[x.round - 1] ?? 0),
  away: x.away - (s.deductions.away[x.round - 1] ?? 0),
});

/**
 * Each round started: the judges who scored it, deductions, and the winner — the fighter a
 * majority of those judges had ahead after deductions, else null (split, even or unscored).
 */
export function roundWinners(
  s: MmaState,
): { round: number; judges: number; deductions: PerSide<number>; winner: Side | null }[] {
  return Array.from({ length: s.round }, (_, i) => {
    const cards = s.scores.filter((x) => x.round === i + 1).map((x) => net(s, x));
    const ahead = (side: Side, o: Side) => cards.filter((c) => c[side] > c[o]).length;
    const winner: Side | null =
      ahead('home', 'away') * 2 > cards.length ? 'home' : ahead('away', 'home') * 2 > cards.length ? 'away' : null;
    return {
      round: i + 1,
      judges: cards.length,
      deductions: { home: s.deductions.home[i], away: s.deductions.away[i] },
      winner,
    };
  });
}

/** Displayed fight minute: 0 before round 1; elapsed fight time, 1-based, capped at the round's end. */
export function displayMinute(s: MmaState): number {
  if (!s.clock || s.round === 0) return 0;
  const elapsed = elapsedFromCountdown((s.round - 1) * MMA_ROUND_SECONDS, MMA_ROUND_SECONDS, s.clock.clock_seconds);
  return displayedMinute(elapsed, s.clock.running, (s.round * MMA_ROUND_SECONDS) / 60);
}

/**
 * The spec 2.1 projection: score = rounds won on the judges' cards ({@link roundWinners}),
 * minute = {@link displayMinute}; state documented in docs/sports/mma.md.
 */
export function project(s: MmaState): LiveProjection {
  const rounds = roundWinners(s);
  const score = {
    home: rounds.filter((r) => r.winner === 'home').length,
    away: rounds.filter((r) => r.winner === 'away').length,
  };
  const judges = [...new Set(s.scores.map((x) => x.judge))].sort(compareNames);
  const scorecards = judges.map((judge) => {
    const cards = s.scores.filter((x) => x.judge === judge).sort((a, b) => a.round - b.round);
    const lines = cards.map((x) => ({ round: x.round, ...net(s, x) }));
    return {
      judge,
      rounds: lines,
      total: { home: lines.reduce((t, l) => t + l.home, 0), away: lines.reduce((t, l) => t + l.away, 0) },
    };
  });
  return liveProjection(s, score, displayMinute(s), {
    card: s.card ? { ...s.card } : null,
    weight_class: s.weight_class,
    scheduled_rounds: s.scheduled_rounds,
    round: s.round === 0 ? null : s.round,
    clock_seconds: s.clock?.clock_seconds ?? null,
    clock_running: s.clock?.running ?? false,
    knockdowns: { ...s.knockdowns },
    significant_strikes: { ...s.significant_strikes },
    takedowns: { ...s.takedowns },
    point_deductions: {
      home: s.deductions.home.reduce((a, b) => a + b, 0),
      away: s.deductions.away.reduce((a, b) => a + b, 0),
    },
    rounds,
    scorecards,
    method: s.result?.method ?? null,
    result: s.result ? { ...s.result } : null,
  });
}

/** MMA's {@link SportRules} (slug 'mma', clock 'down', 300 s rounds). */
export const mmaRules: SportRules<MmaState> = {
  sport: 'mma',
  statuses: MMA_STATUSES,
  periods: MMA_PERIODS,
  eventTypes: MMA_EVENT_TYPES,
  clock: 'down',
  initialState,
  applyEvent,
  project,
};
