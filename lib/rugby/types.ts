/**
 * Rugby union values and state for the SportRules contract (lib/rules/contract.ts), clock 'up'.
 *
 * Conventions:
 * - Two 40-minute halves; knockout games level at full time may play extra time (2 × 10 min).
 * - `clock_seconds` counts up from kick-off as the sources count it: the 2nd half starts at
 *   40·60, extra time at 80·60 and 90·60.
 * - `minute` is the displayed minute, 1-based (0 before kick-off), capped at the period's
 *   regulation end (40, 80, 90, 100) as football does.
 * - Scoring: try 5, conversion 2, penalty goal 3, drop goal 3, penalty try 7 (no conversion
 *   attempted).
 */
import type { Side } from '../rules/contract';
import { CONTROL_EVENT_TYPES, PERIOD_EVENT_TYPES } from '../rules/event-types';
import { HALVES_WITH_EXTRA_TIME } from '../rules/periods';
import type { PerSide } from '../rules/sides';
import { PERIOD_SPORT_STATUSES } from '../rules/status';

export type { Side };

export const RUGBY_STATUSES = PERIOD_SPORT_STATUSES;
export type RugbyStatus = (typeof RUGBY_STATUSES)[number];

export const RUGBY_PERIODS = [...HALVES_WITH_EXTRA_TIME, 'full_time'] as const;
export type RugbyPeriod = (typeof RUGBY_PERIODS)[number];

/** Playing periods: clock at their start (seconds) and regulation length (minutes). */
export const RUGBY_PLAYING_PERIODS = {
  '1st_half': { start: 0, length: 40 },
  '2nd_half': { start: 40 * 60, length: 40 },
  extra_time_1st: { start: 80 * 60, length: 10 },
  extra_time_2nd: { start: 90 * 60, length: 10 },
} as const;
export type RugbyPlayingPeriod = keyof typeof RUGBY_PLAYING_PERIODS;

/** Points per scoring event. */
export const RUGBY_POINTS = { try: 5, conversion: 2, penalty_goal: 3, drop_goal: 3, penalty_try: 7 } as const;
export type RugbyScoreType = keyof typeof RUGBY_POINTS;

/** Sin-bin length in seconds of playing time (yellow card). */
export const SIN_BIN_SECONDS = 10 * 60;

/**
 * Event types. Detail shapes:
 * - `period_start` / `period_end`: period = the playing period (clock_seconds optional).
 * - `try`, `penalty_try`: side, player (penalty try: no player).
 * - `conversion`, `penalty_goal`, `drop_goal`: side, player (kicker); detail { made?: boolean
 *   (default true) } — a missed kick scores nothing but is counted as an attempt.
 * - `card`: side, player; detail { card: 'yellow' | 'red' } (yellow = 10 minutes in the sin bin).
 * - `substitution`: side, player = leaving; detail { replacement: string }.
 * - `full_time`: the final whistle.
 * - `clock`: detail { clock_seconds, running }; `status`: detail { status }.
 * - `result`: authoritative final; detail {@link RugbyResult}.
 */
export const RUGBY_EVENT_TYPES = [
  ...PERIOD_EVENT_TYPES,
  'try',
  'conversion',
  'penalty_goal',
  'drop_goal',
  'penalty_try',
  'card',
  'substitution',
  'full_time',
  ...CONTROL_EVENT_TYPES,
] as const;
export type RugbyEventType = (typeof RUGBY_EVENT_TYPES)[number];

export interface RugbyResult {
  home: number;
  away: number;
  tries?: { home: number; away: number };
}

export interface SinBinEntry {
  side: Side;
  player: string | null;
  /** Clock (seconds) at which the player may return. */
  until: number;
}

export interface RugbyState {
  status: RugbyStatus;
  period: RugbyPeriod;
  score: PerSide<number>;
  halftime_score: PerSide<number> | null;
  clock: { clock_seconds: number; running: boolean } | null;
  tries: PerSide<number>;
  penalty_tries: PerSide<number>;
  /** Kicks made / attempted per kind. */
  kicks: PerSide<Record<'conversion' | 'penalty_goal' | 'drop_goal', { made: number; attempted: number }>>;
  cards: PerSide<{ yellow: number; red: number }>;
  sin_bin: SinBinEntry[];
  /** Players sent off (red card) per side. */
  sent_off: PerSide<number>;
  interrupted_from: RugbyStatus | null;
  result: RugbyResult | null;
  events_applied: number;
}
