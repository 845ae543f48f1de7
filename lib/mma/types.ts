/**
 * MMA (one bout under the Unified Rules) values and state for the SportRules contract
 * (lib/rules/contract.ts), clock 'down'.
 *
 * Conventions:
 * - A fixture is one bout: `home` = red corner, `away` = blue corner.
 * - Scheduled rounds 3 (default) or 5 (`bout_start` detail.scheduled_rounds), each 5 minutes:
 *   `clock_seconds` is the time left in the round, counting down from 300.
 * - `minute` is the displayed fight minute (round 2 at 1:30 elapsed → minute 7), 1-based,
 *   0 before the first round.
 * - Judges score each round 10-point must (winner 10, loser 9–7; 10-10 even); point deductions
 *   come off the penalised fighter's score for that round on every judge's card.
 * - Headline `score`: rounds won on the judges' scorecards — a round goes to the fighter a
 *   majority of the judges who scored it had ahead (after deductions); a split or even round
 *   goes to nobody. The fight's outcome is `result` (winner, method, round, time).
 * - A bout finishes only with the `result` event (the stoppage or the judges' decision).
 */
import type { Side } from '../rules/contract';
import type { PerSide } from '../rules/sides';
import { PERIOD_SPORT_STATUSES } from '../rules/status';

/** `home` = red corner, `away` = blue corner. */
export type { Side };

/** Statuses in order: scheduled, in_play (a round), break (between rounds), finished, then suspended, postponed, abandoned. */
export const MMA_STATUSES = PERIOD_SPORT_STATUSES;
/** One of {@link MMA_STATUSES}. */
export type MmaStatus = (typeof MMA_STATUSES)[number];

/** Scheduled rounds a bout may have. */
export const MMA_SCHEDULED_ROUNDS = [3, 5] as const;
/** Length of a round in seconds (5 minutes). */
export const MMA_ROUND_SECONDS = 300;

/**
 * Period values in order: `not_started`, `round_1`, `after_round_1`, …, `round_5`,
 * `after_round_5`, `final` (after the `result` event).
 */
export const MMA_PERIODS: readonly string[] = [
  'not_started',
  ...[1, 2, 3, 4, 5].flatMap((r) => [`round_${r}`, `after_round_${r}`]),
  'final',
];

/**
 * Methods of a result: KO, TKO (incl. doctor and corner stoppages), SUB (submission), UD / SD / MD
 * (unanimous / split / majority decision), DRAW, NC (no contest), DQ (disqualification).
 */
export const MMA_METHODS = ['KO', 'TKO', 'SUB', 'UD', 'SD', 'MD', 'DRAW', 'NC', 'DQ'] as const;
/** One of {@link MMA_METHODS}. */
export type MmaMethod = (typeof MMA_METHODS)[number];

/**
 * Event types. Fields and detail shapes (side = the fighter the event credits or penalises):
 * - `bout_start`: before round 1; detail { scheduled_rounds: 3 | 5 } (default 3).
 * - `round_start`: period = the next round (or null); clock_seconds optional (default 300).
 * - `round_end`: period = the round being played (or null); clock_seconds = time left (default 0).
 * - `knockdown`: side = the fighter who scored it.
 * - `significant_strike`, `takedown`: side = the fighter credited; detail { count?: ≥ 1 } (default 1).
 * - `round_scored`: detail { judge, home, away, round? (default the latest round) } — one judge's
 *   10-point-must score of a finished round, before deductions; once per judge and round.
 * - `point_deduction`: side = the penalised fighter; detail { points?: ≥ 1 } (default 1), in the
 *   latest round started.
 * - `clock`: detail { clock_seconds (0–300, time left), running }; `status`: detail { status }.
 * - `bout_info`: the bout's place on its card, any time before the result; every field optional
 *   and kept until given again: detail { card: the event's name, card_order: 1-based position on
 *   the card (1 = the first bout fought, the main event last), card_bouts: bouts on the card,
 *   weight_class: e.g. "Bantamweight", scheduled_rounds: 3 | 5 (only before round 1) }.
 * - `result`: detail {@link MmaResult}.
 */
export const MMA_EVENT_TYPES = [
  'bout_info',
  'bout_start',
  'round_start',
  'round_end',
  'knockdown',
  'significant_strike',
  'takedown',
  'round_scored',
  'point_deduction',
  'clock',
  'status',
  'result',
] as const;
/** One of {@link MMA_EVENT_TYPES}. */
export type MmaEventType = (typeof MMA_EVENT_TYPES)[number];

/**
 * The `result` event's detail, and `result.detail` of a finished ImportedSportMatch (there
 * `result.home`/`away` = rounds won on the cards and `result.winner` = `winner`).
 */
export interface MmaResult {
  /** Winning corner; null for DRAW and NC (required for every other method, and when the method is null). */
  winner: Side | null;
  /** How the bout ended; null when the source names the winner but not the method (ESPN's scoreboard on a stoppage). */
  method: MmaMethod | null;
  /** Round the bout ended in (the last scheduled round for a decision). */
  round: number;
  /** Seconds elapsed in that round when it ended (0–300; 300 for a decision). */
  time_seconds: number;
}

/** One judge's score of one round, before deductions. */
export interface MmaRoundScore {
  judge: string;
  round: number;
  home: number;
  away: number;
}

/** A bout's place on its fight card (the event it is fought at), from `bout_info`. */
export interface MmaCardPlace {
  /** The event's name, e.g. "UFC Fight Night: Cannonier vs. Strickland" (also the fixture's `round`). */
  name: string | null;
  /** 1-based position in the order the card is fought (the main event last); null when unknown. */
  order: number | null;
  /** Bouts on the card; null when unknown. */
  bouts: number | null;
}

/** The bout state the reducer folds (lib/mma/rules.ts); `project` derives the wire state from it. */
export interface MmaState {
  status: MmaStatus;
  /** Where the bout sits on its card; null until a `bout_info` names it. */
  card: MmaCardPlace | null;
  /** Weight class, e.g. "Bantamweight", "W Strawweight"; null when not given. */
  weight_class: string | null;
  period: string;
  scheduled_rounds: 3 | 5;
  /** Latest round started (0 before round 1). */
  round: number;
  /** Time left in the round; null before round 1. */
  clock: { clock_seconds: number; running: boolean } | null;
  knockdowns: PerSide<number>;
  significant_strikes: PerSide<number>;
  takedowns: PerSide<number>;
  /** Points deducted per round (index 0 = round 1). */
  deductions: PerSide<number[]>;
  scores: MmaRoundScore[];
  interrupted_from: MmaStatus | null;
  result: MmaResult | null;
  events_applied: number;
}
