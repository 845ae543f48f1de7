/**
 * Ice hockey (NHL) rules as a pure reducer (lib/rules/contract.ts), clock 'down'.
 *
 * Status machine: scheduled → in_play ⇄ break → finished; in_play | break → suspended →
 * (resumed) previous; any → postponed | abandoned.
 * Period machine: not_started → p1 → intermission_1 → p2 → intermission_2 → p3 → final (not
 * level) | before_ot1 → ot1 → final (overtime goal, sudden death)
 *   regular season: ot1 (5 min, 3-on-3) level → before_shootout → shootout → final
 *   playoffs: ot<n> (20 min, 5-on-5) level → before_ot<n+1> → ot<n+1> …
 * Power play: derived from the running penalties (./power-play.ts: who is short-handed, 3-on-3
 * overtime, a power-play goal releasing a minor; the penalty queue is not modelled).
 * - A goal's strength is taken from the event when given, else derived: the scoring team has
 *   the advantage → power_play, the opponent has it → short_handed, else even.
 *
 * Split by concern: ./periods.ts (periods and clock), ./power-play.ts, ./apply-event.ts (one
 * case per event type); this module assembles the reducer, the initial state and the projection.
 */
import { displayedMinute } from '../rules/clock';
import type { LiveProjection, SportEvent, SportRules } from '../rules/contract';
import { copyLineScore, emptyLineScore } from '../rules/line-score';
import { liveProjection } from '../rules/projection';
import { countingReducer } from '../rules/reducer';
import { perSide } from '../rules/sides';
import { applyInPlace } from './apply-event';
import { periodEndSeconds, playedPeriods, playingIndex } from './periods';
import {
  ICE_HOCKEY_EVENT_TYPES,
  ICE_HOCKEY_PERIODS,
  ICE_HOCKEY_STATUSES,
  type GoalStrength,
  type IceHockeyFormat,
  type IceHockeyState,
} from './types';

export { shootoutDecided } from './apply-event';
export { periodLength, periodName, periodStartSeconds, playingIndex } from './periods';

const zeroStrengths = (): Record<GoalStrength, number> => ({ even: 0, power_play: 0, short_handed: 0, empty_net: 0 });

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
  const end = periodEndSeconds(s.format, last) / 60;
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
