/**
 * Ice hockey (NHL rules) values and state for the SportRules contract (lib/rules/contract.ts).
 *
 * Conventions:
 * - Three 20-minute periods. Regular season: one 5-minute 3-on-3 sudden-death overtime, then a
 *   shootout. Playoffs: 20-minute 5-on-5 sudden-death overtimes until a goal. The format is
 *   part of the state ({@link IceHockeyFormat}); `iceHockeyRules` plays the regular season,
 *   `createIceHockeyRules('playoff')` the playoffs.
 * - `clock_seconds` is the game clock as displayed: seconds REMAINING in the period (clock
 *   'down'). Elapsed game time = period start + length − remaining; penalties run on elapsed
 *   time, so they carry over into the next period.
 * - `minute` (projection) is the elapsed minute, 1-based (0 before the opening face-off),
 *   capped at the period's end (20, 40, 60, 65, …).
 * - Final score convention (NHL): the shootout winner is credited with one goal.
 */
import type { Side } from '../rules/contract';
import { CONTROL_EVENT_TYPES, PERIOD_EVENT_TYPES } from '../rules/event-types';
import type { LineScore } from '../rules/line-score';
import { periodValues } from '../rules/periods';
import type { PerSide } from '../rules/sides';
import { PERIOD_SPORT_STATUSES } from '../rules/status';

export type { Side };
export type IceHockeyFormat = 'regular_season' | 'playoff';

export const ICE_HOCKEY_STATUSES = PERIOD_SPORT_STATUSES;
export type IceHockeyStatus = (typeof ICE_HOCKEY_STATUSES)[number];

export const PERIOD_SECONDS = 20 * 60;
/** Regular-season overtime length; playoff overtimes are {@link PERIOD_SECONDS}. */
export const REGULAR_SEASON_OT_SECONDS = 5 * 60;
export const LISTED_OVERTIMES = 8;

/**
 * Period values: `not_started`, `p1`, `intermission_1`, `p2`, `intermission_2`, `p3`, then per
 * overtime n `before_ot<n>`, `ot<n>`; `before_shootout`, `shootout`; `final`.
 */
export const ICE_HOCKEY_PERIODS: readonly string[] = periodValues(
  ['p1', 'intermission_1', 'p2', 'intermission_2', 'p3'],
  LISTED_OVERTIMES,
  ['before_shootout', 'shootout'],
);

/** Goal strength from the scoring team's point of view. */
export const GOAL_STRENGTHS = ['even', 'power_play', 'short_handed', 'empty_net'] as const;
export type GoalStrength = (typeof GOAL_STRENGTHS)[number];

/**
 * Penalty kinds and their minutes: minor 2, double_minor 4, major 5 (all put the team a player
 * short); misconduct 10 and game_misconduct 10 (player off, team NOT short-handed); match 5
 * (short-handed for 5 minutes, like a major).
 */
export const PENALTY_MINUTES = {
  minor: 2,
  double_minor: 4,
  major: 5,
  misconduct: 10,
  game_misconduct: 10,
  match: 5,
} as const;
export type PenaltyKind = keyof typeof PENALTY_MINUTES;

/**
 * Event types. Detail shapes:
 * - `period_start` / `period_end`: period = the playing period (`p1`…, `ot<n>`, `shootout`).
 * - `goal`: side = scoring team, player = scorer; detail { strength?: GoalStrength (derived
 *   from the power-play state when absent), assists?: string[], penalty_shot?: boolean }.
 * - `shot`: side, player; detail { on_goal?: boolean (default true) } — shots on goal count.
 * - `penalty`: side = penalised team, player; detail { kind?: PenaltyKind, minutes?: number,
 *   infraction?: string } (kind from minutes when absent: 2 minor, 4 double_minor, 5 major,
 *   10 misconduct).
 * - `power_play_start`: side = team WITH the advantage (source-declared power play when the
 *   penalties are not sent); `power_play_end`: the current power play ends (penalties that
 *   caused it are released).
 * - `shootout_attempt`: side, player; detail { scored: boolean }.
 * - `goalie_change`: side, player = goalie in (null = net empty); detail {}.
 * - `timeout`, `substitution`: side.
 * - `clock`: detail { clock_seconds, running }; `status`: detail { status };
 *   `result`: detail {@link IceHockeyResult}.
 * - `box_score`: a snapshot of the players' box-score lines as the source publishes them
 *   (detail {@link IceHockeyBoxScoreDetail}); it changes no state and is accepted at any time,
 *   also after the game ended (the final box score, a stat correction). Player statistics read
 *   the latest one of a game instead of counting its events.
 */
export const ICE_HOCKEY_EVENT_TYPES = [
  ...PERIOD_EVENT_TYPES,
  'goal',
  'shot',
  'penalty',
  'power_play_start',
  'power_play_end',
  'shootout_attempt',
  'goalie_change',
  'timeout',
  'substitution',
  ...CONTROL_EVENT_TYPES,
  'box_score',
] as const;
export type IceHockeyEventType = (typeof ICE_HOCKEY_EVENT_TYPES)[number];

/**
 * One player's line in an ice-hockey `box_score` event: counts for the game so far, time on ice
 * in seconds. Skaters (`position` C, L, R, D) carry goals … penalty minutes; goalies (`G`) also
 * shots against, saves and goals against (saves + goals against = shots against).
 */
export interface IceHockeyBoxLine {
  player: string;
  player_id?: string | null;
  side: Side;
  position: string;
  goals: number;
  assists: number;
  points: number;
  power_play_goals: number;
  shots: number;
  pim: number;
  toi_seconds: number;
  shots_against?: number;
  saves?: number;
  goals_against?: number;
}

/** `box_score` detail: every player's line (the source's box score at one moment). */
export interface IceHockeyBoxScoreDetail {
  players: IceHockeyBoxLine[];
}

/** How a game was decided: REG(ulation), OT (any overtime), SO (shootout). */
export type Decision = 'REG' | 'OT' | 'SO';

export interface IceHockeyResult {
  home: number;
  away: number;
  decision?: Decision;
  /** Overtime periods played (2OT = 2). */
  overtimes?: number;
}

/** A penalty that is running (elapsed game seconds). */
export interface ActivePenalty {
  side: Side;
  player: string | null;
  kind: PenaltyKind;
  start: number;
  end: number;
  /** True when the team plays a skater short while it runs. */
  short_handed: boolean;
}

export interface PowerPlay {
  /** Team with the man advantage, null at equal strength. */
  advantage: Side | null;
  /** Skaters on the ice per side (goalies not counted). */
  skaters: { home: number; away: number };
  penalties: ActivePenalty[];
  /** A power play declared by the source (`power_play_start`) without penalties sent. */
  declared: Side | null;
}

export interface IceHockeyState {
  format: IceHockeyFormat;
  status: IceHockeyStatus;
  period: string;
  score: PerSide<number>;
  /** Goals per period (index 0 = p1; overtimes follow; shootout not included). */
  line_score: LineScore;
  clock: { seconds_remaining: number; running: boolean } | null;
  /** Elapsed game seconds at the latest clock reading. */
  elapsed: number;
  shots: { home: number; away: number };
  penalty_minutes: { home: number; away: number };
  power_play: PowerPlay;
  /** Power-play opportunities and goals per team. */
  power_plays: PerSide<{ opportunities: number; goals: number }>;
  goalie_pulled: { home: boolean; away: boolean };
  /** Goals per side by strength (event's strength, else derived; shootout not included). */
  goals_by_strength: PerSide<Record<GoalStrength, number>>;
  shootout: PerSide<{ attempts: number; goals: number }> | null;
  interrupted_from: IceHockeyStatus | null;
  result: (IceHockeyResult & { decision: Decision }) | null;
  events_applied: number;
}
