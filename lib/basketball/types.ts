/**
 * Basketball (NBA rules) values and state for the SportRules contract (lib/rules/contract.ts).
 *
 * Conventions:
 * - Four 12-minute quarters, then 5-minute overtimes until the score is not level.
 * - `clock_seconds` is the game clock as displayed: seconds REMAINING in the period (counts
 *   down, clock 'down'); 720 at the start of a quarter, 300 at the start of an overtime.
 * - `minute` (projection) is the elapsed game minute, 1-based like football: 0 before the tip,
 *   `floor(elapsed / 60) + 1` while playing, capped at the period's end minute (12, 24, 36, 48,
 *   53, 58, …); a stopped clock on a whole minute reads that completed minute.
 */
import { CONTROL_EVENT_TYPES, PERIOD_EVENT_TYPES } from '../rules/event-types';
import type { LineScore } from '../rules/line-score';
import { periodValues } from '../rules/periods';
import type { PerSide } from '../rules/sides';
import { PERIOD_SPORT_STATUSES } from '../rules/status';

export type { Side } from '../rules/contract';

export const BASKETBALL_STATUSES = PERIOD_SPORT_STATUSES;
export type BasketballStatus = (typeof BASKETBALL_STATUSES)[number];

/** Regulation quarter and overtime lengths in seconds (NBA). */
export const QUARTER_SECONDS = 12 * 60;
export const OVERTIME_SECONDS = 5 * 60;
/** Overtimes listed in {@link BASKETBALL_PERIODS}; the reducer accepts any `ot<n>`. */
export const LISTED_OVERTIMES = 10;

/**
 * Period values: `not_started`, `q1`, `after_q1`, `q2`, `half_time`, `q3`, `after_q3`, `q4`,
 * then per overtime n `before_ot<n>`, `ot<n>`; `final`.
 */
export const BASKETBALL_PERIODS: readonly string[] = periodValues(
  ['q1', 'after_q1', 'q2', 'half_time', 'q3', 'after_q3', 'q4'],
  LISTED_OVERTIMES,
);

/**
 * Event types. Detail shapes:
 * - `period_start`: period = the playing period that starts; clock_seconds optional (full length).
 * - `period_end`: period = the playing period that ends (default: the current one).
 * - `field_goal`: side, player; detail { points: 2 | 3, made?: boolean (default true) }.
 * - `free_throw`: side, player; detail { made: boolean }.
 * - `foul`: side = team of the player who fouled; detail { kind?: 'personal' (default) |
 *   'shooting' | 'offensive' | 'loose_ball' | 'technical' | 'flagrant_1' | 'flagrant_2' }.
 * - `timeout`: side; detail { kind?: 'full' | 'official' } (official timeouts are not charged).
 * - `substitution`: side, player = entering; detail { replaced?: string }.
 * - `clock`: detail { clock_seconds: number, running: boolean } explicit clock reading.
 * - `status`: detail { status: 'suspended' | 'postponed' | 'abandoned' | 'resumed' }.
 * - `result`: authoritative final; detail {@link BasketballResult}.
 * - `box_score`: a snapshot of the players' box-score lines as the source publishes them
 *   (detail {@link BoxScoreDetail}); it changes no state and is accepted at any time, also after
 *   the final buzzer (the final box score, a stat correction). Player statistics read the
 *   latest one of a game instead of counting its events.
 */
export const BASKETBALL_EVENT_TYPES = [
  ...PERIOD_EVENT_TYPES,
  'field_goal',
  'free_throw',
  'foul',
  'timeout',
  'substitution',
  ...CONTROL_EVENT_TYPES,
  'box_score',
] as const;
export type BasketballEventType = (typeof BASKETBALL_EVENT_TYPES)[number];

export interface BasketballResult {
  home: number;
  away: number;
  /** Overtimes played (0 = decided in regulation). */
  overtimes?: number;
}

/** One player's line in a `box_score` event (counts for the game so far; `seconds` played; shooting as {@link ShootingStats}). */
export interface BoxScoreLine extends ShootingStats {
  player: string;
  player_id?: string | null;
  side: 'home' | 'away';
  starter?: boolean;
  seconds: number;
  points: number;
  rebounds: number;
  assists: number;
  steals: number;
  blocks: number;
  turnovers: number;
  fouls: number;
}

/** `box_score` detail: every player's line (the source's box score at one moment). */
export interface BoxScoreDetail {
  players: BoxScoreLine[];
}

export interface ShootingStats {
  fgm: number;
  fga: number;
  /** Three-pointers made / attempted (included in fgm/fga). */
  tpm: number;
  tpa: number;
  ftm: number;
  fta: number;
}

/** NBA: 7 timeouts per team per game; each overtime gives each team 2 (regulation ones do not carry). */
export const TIMEOUTS_PER_GAME = 7;
export const TIMEOUTS_PER_OVERTIME = 2;
/** Team fouls after which the opponent shoots free throws (penalty/bonus): 5 per quarter, 4 per overtime. */
export const PENALTY_FOULS = { quarter: 5, overtime: 4 } as const;
/** Personal fouls at which a player is disqualified. */
export const FOUL_OUT = 6;

export interface BasketballState {
  status: BasketballStatus;
  period: string;
  score: PerSide<number>;
  /** Points per period (index 0 = q1; overtimes follow). */
  line_score: LineScore;
  clock: { seconds_remaining: number; running: boolean } | null;
  /** Team fouls in the current period (offensive and technical fouls not counted). */
  team_fouls: { home: number; away: number };
  /** Personal fouls per player. */
  personal_fouls: { home: Record<string, number>; away: Record<string, number> };
  fouled_out: string[];
  timeouts_remaining: { home: number; away: number };
  shooting: { home: ShootingStats; away: ShootingStats };
  interrupted_from: BasketballStatus | null;
  result: BasketballResult | null;
  events_applied: number;
}
