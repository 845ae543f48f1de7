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
import { clockEventSeconds, clockReading, displayedMinute, elapsedFromCountdown } from '../rules/clock';
import type { LiveProjection, SportEvent, SportRules } from '../rules/contract';
import { applyFinalResult, assertNotFinished, failEvent as fail, needPlayingPeriod, needSide } from '../rules/events';
import { addPoints, copyLineScore, emptyLineScore, openLinePeriod } from '../rules/line-score';
import { numberedPeriods } from '../rules/periods';
import { liveProjection } from '../rules/projection';
import { countingReducer } from '../rules/reducer';
import { perSide } from '../rules/sides';
import { applyStatusEvent, periodSportStatusRules } from '../rules/status';
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
} from './types';

const zeroShooting = (): ShootingStats => ({ fgm: 0, fga: 0, tpm: 0, tpa: 0, ftm: 0, fta: 0 });

/** Quarters q1..q4 (index 0..3), then overtimes ot<n> (index 3 + n). */
const QUARTERS = numberedPeriods({
  prefix: 'q',
  regulation: 4,
  regulationSeconds: QUARTER_SECONDS,
  overtimeSeconds: OVERTIME_SECONDS,
});
const STATUS_RULES = periodSportStatusRules('game');

/** Index of a playing period: q1..q4 → 0..3, ot<n> → 3 + n; null for breaks and other values. */
export function playingIndex(period: string): number | null {
  return QUARTERS.index(period);
}
/** Playing period name of an index (0 → q1, 4 → ot1). */
export function periodName(index: number): string {
  return QUARTERS.name(index);
}
/** Length in seconds of the playing period with this index. */
export function periodLength(index: number): number {
  return QUARTERS.length(index);
}
/** Elapsed game seconds at the start of the period with this index. */
export function periodStartSeconds(index: number): number {
  return QUARTERS.start(index);
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
    score: perSide(() => 0),
    line_score: emptyLineScore(),
    clock: null,
    team_fouls: perSide(() => 0),
    personal_fouls: perSide(() => ({})),
    fouled_out: [],
    timeouts_remaining: perSide(() => TIMEOUTS_PER_GAME),
    shooting: perSide(zeroShooting),
    interrupted_from: null,
    result: null,
    events_applied: 0,
  };
}

const needPlaying = (s: BasketballState, e: SportEvent): number => needPlayingPeriod(s, e, playingIndex);
function readClock(s: BasketballState, e: SportEvent): void {
  const secs = clockReading(e);
  if (secs !== null && s.clock) s.clock = { ...s.clock, seconds_remaining: secs };
}

/** Applies one event to `s` in place (the reducer below passes it a copy). */
function applyInPlace(s: BasketballState, e: SportEvent): void {
  switch (e.type) {
    case 'period_start': {
      assertNotFinished(s.status, e);
      if (playingIndex(s.period) !== null) fail(e, `${s.period} is still being played`, 'invalid_state');
      const next = s.period === 'not_started' ? 0 : lastPlayedIndex(s) + 1;
      if (e.period !== null && e.period !== periodName(next))
        fail(e, `expected ${periodName(next)} after ${s.period}`, 'invalid_state');
      s.period = periodName(next);
      s.status = 'in_play';
      s.clock = { seconds_remaining: e.clock_seconds ?? periodLength(next), running: true };
      s.team_fouls = perSide(() => 0);
      if (next >= 4) s.timeouts_remaining = perSide(() => TIMEOUTS_PER_OVERTIME);
      openLinePeriod(s.line_score);
      break;
    }
    case 'period_end': {
      const i = needPlaying(s, e);
      if (e.period !== null && e.period !== s.period)
        fail(e, `period ${e.period} is not being played`, 'invalid_state');
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
        addPoints(s.score, s.line_score, side, points);
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
        addPoints(s.score, s.line_score, side, 1);
      }
      break;
    }
    case 'foul': {
      const side = needSide(e);
      assertNotFinished(s.status, e);
      readClock(s, e);
      const kind = (e.detail.kind as string | undefined) ?? 'personal';
      if (!['personal', 'shooting', 'offensive', 'loose_ball', 'technical', 'flagrant_1', 'flagrant_2'].includes(kind))
        fail(e, `unknown foul kind ${kind}`);
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
      assertNotFinished(s.status, e);
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
      assertNotFinished(s.status, e);
      if (e.player && s.fouled_out.includes(e.player)) fail(e, `${e.player} has fouled out`);
      break;
    case 'clock':
      s.clock = { seconds_remaining: clockEventSeconds(e), running: e.detail.running !== false };
      break;
    case 'status':
      applyStatusEvent(s, e, STATUS_RULES);
      break;
    case 'result': {
      const r = applyFinalResult<BasketballResult>(s, e, 'a basketball game cannot end level');
      s.clock = s.clock ? { seconds_remaining: 0, running: false } : null;
      s.result = { home: r.home, away: r.away, overtimes: r.overtimes ?? Math.max(0, s.line_score.home.length - 4) };
      break;
    }
    case 'box_score':
      if (!Array.isArray(e.detail.players)) fail(e, 'detail.players must be a list of box-score lines');
      break;
    default:
      fail(e, 'unknown basketball event type');
  }
}

/**
 * Applies one event and returns the new state (input not mutated).
 * Errors: RuleError `match_over` after the final buzzer; `invalid_state` for a scoring event
 * during a break or a period out of order; `invalid_event` for unknown types, missing sides,
 * bad point values, a timeout with none left, or a player already fouled out.
 */
export const applyEvent: (prev: BasketballState, e: SportEvent) => BasketballState = countingReducer(applyInPlace);

/** Elapsed game seconds of a state (0 before the tip; end of the last period in breaks). */
export function elapsedSeconds(s: BasketballState): number {
  if (s.period === 'not_started') return 0;
  const i = playingIndex(s.period);
  if (i !== null)
    return elapsedFromCountdown(
      QUARTERS.start(i),
      QUARTERS.length(i),
      s.clock?.seconds_remaining ?? QUARTERS.length(i),
    );
  return QUARTERS.end(Math.max(0, lastPlayedIndex(s)));
}

/** Displayed elapsed minute (see ./types.ts): 0 before the tip, else 1-based, capped at the period end. */
export function displayMinute(s: BasketballState): number {
  if (s.period === 'not_started') return 0;
  const i = playingIndex(s.period) ?? Math.max(0, lastPlayedIndex(s));
  return displayedMinute(elapsedSeconds(s), s.clock?.running ?? false, QUARTERS.end(i) / 60);
}

/** The spec 2.1 projection plus fouls, penalty situation, timeouts and shooting. */
export function project(s: BasketballState): LiveProjection {
  const i = playingIndex(s.period);
  const limit = i !== null && i >= 4 ? PENALTY_FOULS.overtime : PENALTY_FOULS.quarter;
  return liveProjection(s, s.score, displayMinute(s), {
    clock_seconds: s.clock?.seconds_remaining ?? null,
    clock_running: s.clock?.running ?? false,
    line_score: copyLineScore(s.line_score),
    team_fouls: { ...s.team_fouls },
    /** True when the side shoots free throws on every defensive foul (opponent over the limit). */
    in_penalty: { home: s.team_fouls.away >= limit, away: s.team_fouls.home >= limit },
    timeouts_remaining: { ...s.timeouts_remaining },
    fouled_out: [...s.fouled_out],
    shooting: structuredClone(s.shooting),
    result: s.result,
  });
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
