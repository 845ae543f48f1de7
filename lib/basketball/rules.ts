/**
 * Basketball (NBA) rules as a pure reducer (lib/rules/contract.ts), clock 'down'.
 *
 * Status machine: scheduled → in_play ⇄ break → finished; in_play | break → suspended →
 * (resumed) previous; any → postponed | abandoned.
 * Period machine: not_started → q1 → after_q1 → q2 → half_time → q3 → after_q3 → q4 →
 *   final when the score is not level, else before_ot1 → ot1 → before_ot2 → ot2 … → final.
 * Scoring: field goals 2 or 3 points, free throws 1. Team fouls reset every period; the
 * opponent is "in the penalty" from the 5th team foul of a quarter (4th of an overtime); the
 * last-two-minutes rule (penalty from the 2nd foul in the final 2:00) is not modelled.
 */
import { RuleError, type LiveProjection, type SportEvent, type SportRules } from '../rules/contract';
import {
  BASKETBALL_EVENT_TYPES,
  BASKETBALL_PERIODS,
  BASKETBALL_STATUSES,
  FOUL_OUT,
  OVERTIME_SECONDS,
  PENALTY_FOULS,
  QUARTER_SECONDS,
  TIMEOUTS_PER_GAME,
  TIMEOUTS_PER_OVERTIME,
  type BasketballResult,
  type BasketballState,
  type ShootingStats,
  type Side,
} from './types';

const zeroShooting = (): ShootingStats => ({ fgm: 0, fga: 0, tpm: 0, tpa: 0, ftm: 0, fta: 0 });

/** Index of a playing period: q1..q4 → 0..3, ot<n> → 3 + n; null for breaks and other values. */
export function playingIndex(period: string): number | null {
  const q = /^q([1-4])$/.exec(period);
  if (q) return Number(q[1]) - 1;
  const ot = /^ot([1-9]\d*)$/.exec(period);
  return ot ? 3 + Number(ot[1]) : null;
}
/** Playing period name of an index (0 → q1, 4 → ot1). */
export function periodName(index: number): string {
  return index < 4 ? `q${index + 1}` : `ot${index - 3}`;
}
/** Length in seconds of the playing period with this index. */
export function periodLength(index: number): number {
  return index < 4 ? QUARTER_SECONDS : OVERTIME_SECONDS;
}
/** Elapsed game seconds at the start of the period with this index. */
export function periodStartSeconds(index: number): number {
  return index < 4 ? index * QUARTER_SECONDS : 4 * QUARTER_SECONDS + (index - 4) * OVERTIME_SECONDS;
}
const BREAK_AFTER = ['after_q1', 'half_time', 'after_q3'];
/** The playing period before a break (or the last one at `final`), from the line score length. */
function lastPlayedIndex(s: BasketballState): number {
  return s.line_score.home.length - 1;
}

/** State before the tip-off. */
export function initialState(): BasketballState {
  return {
    status: 'scheduled',
    period: 'not_started',
    score: { home: 0, away: 0 },
    line_score: { home: [], away: [] },
    clock: null,
    team_fouls: { home: 0, away: 0 },
    personal_fouls: { home: {}, away: {} },
    fouled_out: [],
    timeouts_remaining: { home: TIMEOUTS_PER_GAME, away: TIMEOUTS_PER_GAME },
    shooting: { home: zeroShooting(), away: zeroShooting() },
    interrupted_from: null,
    result: null,
    events_applied: 0,
  };
}

function fail(e: SportEvent, message: string, code: RuleError['code'] = 'invalid_event'): never {
  throw new RuleError(code, `event ${e.event_id} (${e.type}): ${message}`);
}
function needSide(e: SportEvent): Side {
  if (e.side !== 'home' && e.side !== 'away') fail(e, 'needs side home or away');
  return e.side;
}
function needPlaying(s: BasketballState, e: SportEvent): number {
  if (s.status === 'finished') fail(e, 'the game is over', 'match_over');
  const i = playingIndex(s.period);
  if (i === null) fail(e, `no period is being played (period ${s.period})`, 'invalid_state');
  return i;
}
function readClock(s: BasketballState, e: SportEvent): void {
  if (typeof e.clock_seconds === 'number' && e.clock_seconds >= 0 && s.clock) {
    s.clock = { ...s.clock, seconds_remaining: e.clock_seconds };
  }
}
function score(s: BasketballState, side: Side, points: number): void {
  s.score[side] += points;
  s.line_score[side][s.line_score[side].length - 1] += points;
}

/**
 * Applies one event and returns the new state (input not mutated).
 * Errors: RuleError `match_over` after the final buzzer; `invalid_state` for a scoring event
 * during a break or a period out of order; `invalid_event` for unknown types, missing sides,
 * bad point values, a timeout with none left, or a player already fouled out.
 */
export function applyEvent(prev: BasketballState, e: SportEvent): BasketballState {
  const s: BasketballState = structuredClone(prev);
  switch (e.type) {
    case 'period_start': {
      if (s.status === 'finished') fail(e, 'the game is over', 'match_over');
      if (playingIndex(s.period) !== null) fail(e, `${s.period} is still being played`, 'invalid_state');
      const next = s.period === 'not_started' ? 0 : lastPlayedIndex(s) + 1;
      if (e.period !== null && e.period !== periodName(next)) fail(e, `expected ${periodName(next)} after ${s.period}`, 'invalid_state');
      s.period = periodName(next);
      s.status = 'in_play';
      s.clock = { seconds_remaining: e.clock_seconds ?? periodLength(next), running: true };
      s.team_fouls = { home: 0, away: 0 };
      if (next >= 4) s.timeouts_remaining = { home: TIMEOUTS_PER_OVERTIME, away: TIMEOUTS_PER_OVERTIME };
      s.line_score.home.push(0);
      s.line_score.away.push(0);
      break;
    }
    case 'period_end': {
      const i = needPlaying(s, e);
      if (e.period !== null && e.period !== s.period) fail(e, `period ${e.period} is not being played`, 'invalid_state');
      s.clock = { seconds_remaining: 0, running: false };
      if (i >= 3 && s.score.home !== s.score.away) {
        s.status = 'finished';
        s.period = 'final';
        s.result = { home: s.score.home, away: s.score.away, overtimes: i - 3 };
      } else {
        s.status = 'break';
        s.period = i < 3 ? BREAK_AFTER[i] : `before_ot${i - 2}`;
      }
      break;
    }
    case 'field_goal': {
      const side = needSide(e);
      needPlaying(s, e);
      readClock(s, e);
      const points = e.detail.points;
      if (points !== 2 && points !== 3) fail(e, 'detail.points must be 2 or 3');
      const made = e.detail.made !== false;
      const st = s.shooting[side];
      st.fga += 1;
      if (points === 3) st.tpa += 1;
      if (made) {
        st.fgm += 1;
        if (points === 3) st.tpm += 1;
        score(s, side, points);
      }
      break;
    }
    case 'free_throw': {
      const side = needSide(e);
      needPlaying(s, e);
      readClock(s, e);
      if (typeof e.detail.made !== 'boolean') fail(e, 'detail.made must be true or false');
      s.shooting[side].fta += 1;
      if (e.detail.made) {
        s.shooting[side].ftm += 1;
        score(s, side, 1);
      }
      break;
    }
    case 'foul': {
      const side = needSide(e);
      if (s.status === 'finished') fail(e, 'the game is over', 'match_over');
      readClock(s, e);
      const kind = (e.detail.kind as string | undefined) ?? 'personal';
      if (!['personal', 'shooting', 'offensive', 'loose_ball', 'technical', 'flagrant_1', 'flagrant_2'].includes(kind)) fail(e, `unknown foul kind ${kind}`);
      if (e.player && s.fouled_out.includes(e.player)) fail(e, `${e.player} has fouled out`);
      if (kind !== 'technical' && e.player) {
        const n = (s.personal_fouls[side][e.player] ?? 0) + 1;
        s.personal_fouls[side][e.player] = n;
        if (n >= FOUL_OUT) s.fouled_out.push(e.player);
      }
      if (kind !== 'technical' && kind !== 'offensive' && playingIndex(s.period) !== null) s.team_fouls[side] += 1;
      break;
    }
    case 'timeout': {
      const side = needSide(e);
      if (s.status === 'finished') fail(e, 'the game is over', 'match_over');
      readClock(s, e);
      if (s.clock) s.clock.running = false;
      if (e.detail.kind !== 'official') {
        if (s.timeouts_remaining[side] <= 0) fail(e, `${side} has no timeouts left`);
        s.timeouts_remaining[side] -= 1;
      }
      break;
    }
    case 'substitution':
      needSide(e);
      if (s.status === 'finished') fail(e, 'the game is over', 'match_over');
      if (e.player && s.fouled_out.includes(e.player)) fail(e, `${e.player} has fouled out`);
      break;
    case 'clock': {
      const secs = Number(e.detail.clock_seconds ?? e.clock_seconds);
      if (!Number.isFinite(secs) || secs < 0) fail(e, 'clock_seconds must be ≥ 0');
      s.clock = { seconds_remaining: secs, running: e.detail.running !== false };
      break;
    }
    case 'status': {
      const st = e.detail.status;
      if (st === 'resumed') {
        s.status = s.interrupted_from ?? 'in_play';
        s.interrupted_from = null;
      } else if (st === 'suspended' || st === 'postponed' || st === 'abandoned' || st === 'scheduled') {
        if (s.status === 'finished') fail(e, 'the game is over', 'match_over');
        if (st === 'suspended' && s.status !== 'suspended') s.interrupted_from = s.status;
        s.status = st;
        if (s.clock) s.clock.running = false;
      } else fail(e, `unknown status ${String(st)}`);
      break;
    }
    case 'result': {
      const r = e.detail as unknown as BasketballResult;
      if (!r || !Number.isInteger(r.home) || !Number.isInteger(r.away) || r.home < 0 || r.away < 0) fail(e, 'detail.home/away must be non-negative integers');
      if (r.home === r.away) fail(e, 'a basketball game cannot end level');
      s.score = { home: r.home, away: r.away };
      s.status = 'finished';
      s.period = 'final';
      s.clock = s.clock ? { seconds_remaining: 0, running: false } : null;
      s.result = { home: r.home, away: r.away, overtimes: r.overtimes ?? Math.max(0, s.line_score.home.length - 4) };
      break;
    }
    default:
      fail(e, 'unknown basketball event type');
  }
  s.events_applied += 1;
  return s;
}

/** Elapsed game seconds of a state (0 before the tip; end of the last period in breaks). */
export function elapsedSeconds(s: BasketballState): number {
  if (s.period === 'not_started') return 0;
  const i = playingIndex(s.period);
  if (i !== null) return periodStartSeconds(i) + periodLength(i) - (s.clock?.seconds_remaining ?? periodLength(i));
  const last = Math.max(0, lastPlayedIndex(s));
  return periodStartSeconds(last) + periodLength(last);
}

/** Displayed elapsed minute (see ./types.ts): 0 before the tip, else 1-based, capped at the period end. */
export function displayMinute(s: BasketballState): number {
  if (s.period === 'not_started') return 0;
  const secs = elapsedSeconds(s);
  const i = playingIndex(s.period) ?? Math.max(0, lastPlayedIndex(s));
  const end = (periodStartSeconds(i) + periodLength(i)) / 60;
  const read = secs > 0 && secs % 60 === 0 && !(s.clock?.running ?? false) ? secs / 60 : Math.floor(secs / 60) + 1;
  return Math.min(read, end);
}

/** The spec 2.1 projection plus fouls, penalty situation, timeouts and shooting. */
export function project(s: BasketballState): LiveProjection {
  const i = playingIndex(s.period);
  const limit = i !== null && i >= 4 ? PENALTY_FOULS.overtime : PENALTY_FOULS.quarter;
  return {
    score: { ...s.score },
    minute: displayMinute(s),
    period: s.period,
    status: s.status,
    state: {
      clock_seconds: s.clock?.seconds_remaining ?? null,
      clock_running: s.clock?.running ?? false,
      line_score: { home: [...s.line_score.home], away: [...s.line_score.away] },
      team_fouls: { ...s.team_fouls },
      /** True when the side shoots free throws on every defensive foul (opponent over the limit). */
      in_penalty: { home: s.team_fouls.away >= limit, away: s.team_fouls.home >= limit },
      timeouts_remaining: { ...s.timeouts_remaining },
      fouled_out: [...s.fouled_out],
      shooting: structuredClone(s.shooting),
      result: s.result,
    },
  };
}

/** Basketball's {@link SportRules} (NBA timing), clock counting down. */
export const basketballRules: SportRules<BasketballState> = {
  sport: 'basketball',
  statuses: BASKETBALL_STATUSES,
  periods: BASKETBALL_PERIODS,
  eventTypes: BASKETBALL_EVENT_TYPES,
  clock: 'down',
  initialState,
  applyEvent,
  project,
};
