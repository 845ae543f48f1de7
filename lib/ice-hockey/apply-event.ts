/**
 * Ice hockey's reducer step: one event applied to the state in place (rules.ts copies it first
 * and counts it), one case per event type; the status and period machines are rules.ts's module
 * comment, the power play power-play.ts's. Pure.
 */
import { clockEventSeconds, elapsedFromCountdown } from '../rules/clock';
import type { SportEvent } from '../rules/contract';
import { applyFinalResult, assertNotFinished, failEvent as fail, needPlayingPeriod, needSide } from '../rules/events';
import { addPoints, openLinePeriod } from '../rules/line-score';
import { otherSide as other, perSide } from '../rules/sides';
import { applyStatusEvent, periodSportStatusRules } from '../rules/status';
import {
  applyClockReading,
  periodEndSeconds,
  periodLength,
  periodName,
  periodStartSeconds,
  playedPeriods,
  playingIndex,
} from './periods';
import { callPenalty, endPowerPlay, penaltyKind, powerPlayGoal, updateStrength } from './power-play';
import {
  GOAL_STRENGTHS,
  type Decision,
  type GoalStrength,
  type IceHockeyResult,
  type IceHockeyState,
  type Side,
} from './types';

const STATUS_RULES = periodSportStatusRules('game');

const needPlaying = (s: IceHockeyState, e: SportEvent): number => needPlayingPeriod(s, e, playingIndex);

/** Applies the event's clock reading (seconds remaining) and expires penalties. */
function readClock(s: IceHockeyState, e: SportEvent): void {
  if (applyClockReading(s, e)) updateStrength(s);
}

function finish(s: IceHockeyState, decision: Decision): void {
  s.status = 'finished';
  s.period = 'final';
  if (s.clock) s.clock = { ...s.clock, running: false };
  s.result = { home: s.score.home, away: s.score.away, decision, overtimes: Math.max(0, playedPeriods(s) - 3) };
}

/** True when a shootout (best of three, then sudden death rounds) is decided. */
export function shootoutDecided(so: NonNullable<IceHockeyState['shootout']>): Side | null {
  const { home: h, away: a } = so;
  if (h.attempts <= 3 && a.attempts <= 3) {
    if (h.goals > a.goals + (3 - a.attempts)) return 'home';
    if (a.goals > h.goals + (3 - h.attempts)) return 'away';
    return null;
  }
  if (h.attempts === a.attempts && h.goals !== a.goals) return h.goals > a.goals ? 'home' : 'away';
  return null;
}

/** Applies one event to `s` in place (the reducer below passes it a copy). */
export function applyInPlace(s: IceHockeyState, e: SportEvent): void {
  switch (e.type) {
    case 'period_start': {
      assertNotFinished(s.status, e);
      if (playingIndex(s.period) !== null || s.period === 'shootout')
        fail(e, `${s.period} is still being played`, 'invalid_state');
      if (s.period === 'before_shootout') {
        if (e.period !== null && e.period !== 'shootout') fail(e, 'expected the shootout', 'invalid_state');
        s.period = 'shootout';
        s.status = 'in_play';
        s.shootout = perSide(() => ({ attempts: 0, goals: 0 }));
        s.clock = null;
        break;
      }
      const next = s.period === 'not_started' ? 0 : playedPeriods(s);
      if (e.period !== null && e.period !== periodName(next))
        fail(e, `expected ${periodName(next)} after ${s.period}`, 'invalid_state');
      s.period = periodName(next);
      s.status = 'in_play';
      const len = periodLength(s.format, next);
      s.clock = { seconds_remaining: Math.min(len, e.clock_seconds ?? len), running: true };
      s.elapsed = elapsedFromCountdown(periodStartSeconds(s.format, next), len, s.clock.seconds_remaining);
      openLinePeriod(s.line_score);
      updateStrength(s);
      break;
    }
    case 'period_end': {
      const i = needPlaying(s, e);
      if (e.period !== null && e.period !== s.period)
        fail(e, `period ${e.period} is not being played`, 'invalid_state');
      s.clock = { seconds_remaining: 0, running: false };
      s.elapsed = periodEndSeconds(s.format, i);
      if (i >= 2 && s.score.home !== s.score.away) {
        finish(s, i >= 3 ? 'OT' : 'REG');
        break;
      }
      s.status = 'break';
      if (i < 2) s.period = `intermission_${i + 1}`;
      else if (i >= 3 && s.format === 'regular_season') s.period = 'before_shootout';
      else s.period = `before_ot${i - 1}`;
      updateStrength(s);
      break;
    }
    case 'goal': {
      const side = needSide(e);
      if (s.period === 'shootout') fail(e, 'shootout goals are shootout_attempt events', 'invalid_state');
      const i = needPlaying(s, e);
      readClock(s, e);
      const pp = s.power_play;
      const given = e.detail.strength;
      if (given !== undefined && !(GOAL_STRENGTHS as readonly unknown[]).includes(given))
        fail(e, `unknown strength ${String(given)}`);
      const strength: GoalStrength =
        (given as GoalStrength | undefined) ??
        (pp.advantage === side ? 'power_play' : pp.advantage === other(side) ? 'short_handed' : 'even');
      powerPlayGoal(s, side);
      addPoints(s.score, s.line_score, side, 1);
      s.goals_by_strength[side][strength] += 1;
      if (i >= 3) finish(s, 'OT');
      break;
    }
    case 'shot': {
      const side = needSide(e);
      needPlaying(s, e);
      readClock(s, e);
      if (e.detail.on_goal !== false) s.shots[side] += 1;
      break;
    }
    case 'penalty': {
      const side = needSide(e);
      assertNotFinished(s.status, e);
      readClock(s, e);
      callPenalty(s, e, side, penaltyKind(e));
      break;
    }
    case 'power_play_start': {
      const side = needSide(e);
      needPlaying(s, e);
      readClock(s, e);
      s.power_play.declared = side;
      updateStrength(s);
      break;
    }
    case 'power_play_end': {
      needPlaying(s, e);
      readClock(s, e);
      endPowerPlay(s);
      break;
    }
    case 'shootout_attempt': {
      const side = needSide(e);
      assertNotFinished(s.status, e);
      if (s.period !== 'shootout' || !s.shootout) fail(e, 'no shootout is being played', 'invalid_state');
      if (typeof e.detail.scored !== 'boolean') fail(e, 'detail.scored must be true or false');
      s.shootout[side].attempts += 1;
      if (e.detail.scored) s.shootout[side].goals += 1;
      const winner = shootoutDecided(s.shootout);
      if (winner) {
        s.score[winner] += 1;
        finish(s, 'SO');
      }
      break;
    }
    case 'goalie_change': {
      const side = needSide(e);
      assertNotFinished(s.status, e);
      readClock(s, e);
      s.goalie_pulled[side] = e.player === null;
      break;
    }
    case 'timeout':
    case 'substitution':
      needSide(e);
      assertNotFinished(s.status, e);
      readClock(s, e);
      break;
    case 'clock':
      readClock(s, { ...e, clock_seconds: clockEventSeconds(e) });
      if (s.clock) s.clock.running = e.detail.running !== false;
      break;
    case 'status':
      applyStatusEvent(s, e, STATUS_RULES);
      break;
    case 'result': {
      const r = applyFinalResult<IceHockeyResult>(s, e, 'an ice hockey game cannot end level', (d) => {
        if (d.decision !== undefined && !['REG', 'OT', 'SO'].includes(d.decision))
          fail(e, `unknown decision ${String(d.decision)}`);
      });
      s.result = {
        home: r.home,
        away: r.away,
        decision: r.decision ?? 'REG',
        overtimes: r.overtimes ?? (r.decision === 'OT' || r.decision === 'SO' ? 1 : 0),
      };
      break;
    }
    case 'box_score':
      if (!Array.isArray(e.detail.players)) fail(e, 'detail.players must be a list of box-score lines');
      break;
    default:
      fail(e, 'unknown ice hockey event type');
  }
}
