/**
 * Ice hockey (NHL) rules as a pure reducer (lib/rules/contract.ts), clock 'down'.
 *
 * Status machine: scheduled → in_play ⇄ break → finished; in_play | break → suspended →
 * (resumed) previous; any → postponed | abandoned.
 * Period machine: not_started → p1 → intermission_1 → p2 → intermission_2 → p3 → final (not
 * level) | before_ot1 → ot1 → final (overtime goal, sudden death)
 *   regular season: ot1 (5 min, 3-on-3) level → before_shootout → shootout → final
 *   playoffs: ot<n> (20 min, 5-on-5) level → before_ot<n+1> → ot<n+1> …
 * Power play (derived from the running penalties):
 * - minor (2), double minor (4), major (5), match (5) put the team a skater short; misconducts
 *   do not. Skaters = 5 − short-handed penalties, never below 3. In regular-season overtime
 *   (3-on-3) a penalty adds a skater to the opponent instead (4-on-3, 5-on-3).
 * - A power-play goal releases the earliest-ending minor of the short-handed team (a double
 *   minor restarts at its second 2 minutes if the goal comes in the first); majors run on.
 * - Simplification: the penalty queue (a third penalty waits until one expires) is not
 *   modelled; penalty end times always count from the call.
 * - A goal's strength is taken from the event when given, else derived: the scoring team has
 *   the advantage → power_play, the opponent has it → short_handed, else even.
 */
import { clockEventSeconds, clockReading, displayedMinute, elapsedFromCountdown } from '../rules/clock';
import type { LiveProjection, SportEvent, SportRules } from '../rules/contract';
import { applyFinalResult, assertNotFinished, failEvent as fail, needSide } from '../rules/events';
import { addPoints, copyLineScore, emptyLineScore, openLinePeriod } from '../rules/line-score';
import { numberedPeriods, type NumberedPeriods } from '../rules/periods';
import { liveProjection } from '../rules/projection';
import { countingReducer } from '../rules/reducer';
import { otherSide as other, perSide } from '../rules/sides';
import { applyStatusEvent, periodSportStatusRules } from '../rules/status';
import {
  GOAL_STRENGTHS,
  ICE_HOCKEY_EVENT_TYPES,
  ICE_HOCKEY_PERIODS,
  ICE_HOCKEY_STATUSES,
  PENALTY_MINUTES,
  PERIOD_SECONDS,
  REGULAR_SEASON_OT_SECONDS,
  type Decision,
  type GoalStrength,
  type IceHockeyFormat,
  type IceHockeyResult,
  type IceHockeyState,
  type PenaltyKind,
  type Side,
} from './types';

const zeroStrengths = (): Record<GoalStrength, number> => ({ even: 0, power_play: 0, short_handed: 0, empty_net: 0 });

/** Periods p1..p3 (index 0..2), then overtimes ot<n> (index 2 + n), per format. */
const SCHEMES: Record<IceHockeyFormat, NumberedPeriods> = {
  regular_season: numberedPeriods({
    prefix: 'p',
    regulation: 3,
    regulationSeconds: PERIOD_SECONDS,
    overtimeSeconds: REGULAR_SEASON_OT_SECONDS,
  }),
  playoff: numberedPeriods({
    prefix: 'p',
    regulation: 3,
    regulationSeconds: PERIOD_SECONDS,
    overtimeSeconds: PERIOD_SECONDS,
  }),
};
const STATUS_RULES = periodSportStatusRules('game');

/** Index of a playing period: p1..p3 → 0..2, ot<n> → 2 + n; null for breaks and `shootout`. */
export function playingIndex(period: string): number | null {
  return SCHEMES.playoff.index(period);
}
/** Name of the playing period with this index (0 → p1, 3 → ot1). */
export function periodName(index: number): string {
  return SCHEMES.playoff.name(index);
}
/** Length in seconds of a playing period in a format. */
export function periodLength(format: IceHockeyFormat, index: number): number {
  return SCHEMES[format].length(index);
}
/** Elapsed game seconds at the start of a playing period. */
export function periodStartSeconds(format: IceHockeyFormat, index: number): number {
  return SCHEMES[format].start(index);
}

/** State before the opening face-off. */
export function initialState(format: IceHockeyFormat = 'regular_season'): IceHockeyState {
  return {
    format,
    status: 'scheduled',
    period: 'not_started',
    score: perSide(() => 0),
    line_score: emptyLineScore(),
    clock: null,
    elapsed: 0,
    shots: perSide(() => 0),
    penalty_minutes: perSide(() => 0),
    power_play: { advantage: null, skaters: perSide(() => 5), penalties: [], declared: null },
    power_plays: perSide(() => ({ opportunities: 0, goals: 0 })),
    goalie_pulled: perSide(() => false),
    goals_by_strength: perSide(zeroStrengths),
    shootout: null,
    interrupted_from: null,
    result: null,
    events_applied: 0,
  };
}

function needPlaying(s: IceHockeyState, e: SportEvent): number {
  assertNotFinished(s.status, e);
  const i = playingIndex(s.period);
  if (i === null) fail(e, `no period is being played (period ${s.period})`, 'invalid_state');
  return i;
}
const playedPeriods = (s: IceHockeyState): number => s.line_score.home.length;

/** Recomputes skaters and the advantage from the running penalties; counts a new power play. */
function updateStrength(s: IceHockeyState): void {
  const pp = s.power_play;
  pp.penalties = pp.penalties.filter((p) => p.end > s.elapsed);
  const count = { home: 0, away: 0 };
  for (const p of pp.penalties) if (p.short_handed) count[p.side] += 1;
  const i = playingIndex(s.period);
  const threeOnThree = s.format === 'regular_season' && i !== null && i >= 3;
  if (threeOnThree) {
    const net = count.home - count.away;
    pp.skaters = { home: net < 0 ? Math.min(5, 3 - net) : 3, away: net > 0 ? Math.min(5, 3 + net) : 3 };
  } else {
    pp.skaters = { home: Math.max(3, 5 - count.home), away: Math.max(3, 5 - count.away) };
  }
  const derived: Side | null =
    pp.skaters.home > pp.skaters.away ? 'home' : pp.skaters.away > pp.skaters.home ? 'away' : null;
  const advantage = derived ?? pp.declared;
  if (advantage && advantage !== pp.advantage) s.power_plays[advantage].opportunities += 1;
  pp.advantage = advantage;
}

/** Applies the event's clock reading (seconds remaining) and expires penalties. */
function readClock(s: IceHockeyState, e: SportEvent): void {
  const i = playingIndex(s.period);
  const secs = clockReading(e);
  if (i === null || secs === null) return;
  const len = periodLength(s.format, i);
  const remaining = Math.min(len, secs);
  s.clock = { seconds_remaining: remaining, running: s.clock?.running ?? true };
  s.elapsed = elapsedFromCountdown(periodStartSeconds(s.format, i), len, remaining);
  updateStrength(s);
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

function penaltyKind(e: SportEvent): PenaltyKind {
  const k = e.detail.kind;
  if (typeof k === 'string') {
    if (!(k in PENALTY_MINUTES)) fail(e, `unknown penalty kind ${k}`);
    return k as PenaltyKind;
  }
  const byMinutes: Record<number, PenaltyKind> = { 2: 'minor', 4: 'double_minor', 5: 'major', 10: 'misconduct' };
  const kind = byMinutes[Number(e.detail.minutes)];
  if (!kind) fail(e, 'detail.kind or detail.minutes (2, 4, 5, 10) is required');
  return kind;
}

/** Applies one event to `s` in place (the reducer below passes it a copy). */
function applyInPlace(s: IceHockeyState, e: SportEvent): void {
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
      s.elapsed = SCHEMES[s.format].end(i);
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
      if (pp.advantage === side) {
        s.power_plays[side].goals += 1;
        const minors = pp.penalties
          .filter((p) => p.side === other(side) && (p.kind === 'minor' || p.kind === 'double_minor'))
          .sort((a, b) => a.end - b.end);
        const released = minors[0];
        if (released) {
          if (released.kind === 'double_minor' && released.end - s.elapsed > 120) released.end = s.elapsed + 120;
          else pp.penalties = pp.penalties.filter((p) => p !== released);
        } else if (pp.declared === side) pp.declared = null;
        updateStrength(s);
      }
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
      const kind = penaltyKind(e);
      const minutes = typeof e.detail.minutes === 'number' ? e.detail.minutes : PENALTY_MINUTES[kind];
      s.penalty_minutes[side] += minutes;
      const shortHanded = kind === 'minor' || kind === 'double_minor' || kind === 'major' || kind === 'match';
      if (playingIndex(s.period) !== null) {
        s.power_play.penalties.push({
          side,
          player: e.player,
          kind,
          start: s.elapsed,
          end: s.elapsed + PENALTY_MINUTES[kind] * 60,
          short_handed: shortHanded,
        });
        updateStrength(s);
      }
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
      const adv = s.power_play.advantage;
      s.power_play.declared = null;
      if (adv) s.power_play.penalties = s.power_play.penalties.filter((p) => p.side === adv || !p.short_handed);
      updateStrength(s);
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

/**
 * Applies one event and returns the new state (input not mutated).
 * Errors: RuleError `match_over` after the game ended; `invalid_state` for goals in a break or
 * during the shootout, periods out of order, shootout attempts outside the shootout;
 * `invalid_event` for unknown types, missing sides, unknown penalty kinds or strengths.
 */
export const applyEvent: (prev: IceHockeyState, e: SportEvent) => IceHockeyState = countingReducer(applyInPlace);

/** Displayed elapsed minute: 0 before the face-off, else 1-based, capped at the period's end. */
export function displayMinute(s: IceHockeyState): number {
  if (s.period === 'not_started') return 0;
  const i = playingIndex(s.period);
  const last = i ?? Math.max(0, playedPeriods(s) - 1);
  const end = SCHEMES[s.format].end(last) / 60;
  if (i === null) return end;
  return displayedMinute(s.elapsed, s.clock?.running ?? false, end);
}

/** The spec 2.1 projection plus shots, penalty minutes, the power-play situation and the shootout. */
export function project(s: IceHockeyState): LiveProjection {
  return liveProjection(s, s.score, displayMinute(s), {
    format: s.format,
    clock_seconds: s.clock?.seconds_remaining ?? null,
    clock_running: s.clock?.running ?? false,
    line_score: copyLineScore(s.line_score),
    shots: { ...s.shots },
    penalty_minutes: { ...s.penalty_minutes },
    power_play: {
      advantage: s.power_play.advantage,
      skaters: { ...s.power_play.skaters },
      /** Running penalties with the seconds left to serve. */
      penalties: s.power_play.penalties.map((p) => ({
        side: p.side,
        player: p.player,
        kind: p.kind,
        remaining_seconds: p.end - s.elapsed,
      })),
    },
    power_plays: structuredClone(s.power_plays),
    goalie_pulled: { ...s.goalie_pulled },
    goals_by_strength: structuredClone(s.goals_by_strength),
    shootout: s.shootout ? structuredClone(s.shootout) : null,
    result: s.result,
  });
}

/** Ice hockey rules for one format (regular season: 5-min OT + shootout; playoff: 20-min OTs). */
export function createIceHockeyRules(format: IceHockeyFormat): SportRules<IceHockeyState> {
  return {
    sport: 'ice-hockey',
    statuses: ICE_HOCKEY_STATUSES,
    periods: ICE_HOCKEY_PERIODS,
    eventTypes: ICE_HOCKEY_EVENT_TYPES,
    clock: 'down',
    initialState: () => initialState(format),
    applyEvent,
    project,
  };
}

/** NHL regular-season rules (the default). */
export const iceHockeyRules: SportRules<IceHockeyState> = createIceHockeyRules('regular_season');
