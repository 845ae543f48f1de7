/**
 * Cricket domain types: the values of the cricket rules module (lib/cricket/rules.ts), the
 * `detail` of every cricket event, and the derived match state.
 *
 * ─── docs-ready: cricket values (docs/sports/cricket.md) ─────────────────────────────────────
 *
 * Sides: `home` = the first team Cricsheet lists in `info.teams`, `away` = the second. The batting
 * order comes from the `innings_start` events, never from home/away.
 *
 * Clock: none (`clock: 'none'`, `clock_seconds` null, displayed `minute` always 0).
 *
 * Statuses (`status`):
 *   scheduled   before the first ball (a `toss` keeps the match scheduled)
 *   in_play     an innings is in progress
 *   break       between innings (period `innings_break`) or at the end of a day's play (`stumps`)
 *   suspended   play stopped (rain, bad light); `status` event {status:'resumed'} restores
 *   finished    result known (derived from the innings, or an explicit `result` event)
 *   postponed   not started, moved to a later date
 *   abandoned   called off (with or without play); an explicit `result` then records no result
 *
 * Periods (`period`):
 *   not_started, innings_1, innings_2, innings_3, innings_4 (Tests: 4 innings),
 *   innings_break (between innings, also before a super over), stumps (end of a day, multi-day),
 *   super_over (every super-over innings), ended (after the result).
 *
 * Event types (`type`) and their `detail` (side = batting side unless noted; period = the
 * innings' period; every event may carry `detail.innings`, the 1-based innings number):
 *   toss          side null; {winner: Side, decision: 'bat'|'field'}
 *   innings_start side = batting; {innings, super_over?: boolean, overs?: number (quota; default
 *                 the match quota, 1 for a super over)}
 *   powerplay     {innings, number (1-based), from: '0.1', to: '5.6' (over.ball, Cricsheet
 *                 notation), type: 'mandatory'|'batting'|'fielding'}
 *   target        side = chasing side; {innings, runs, overs: number|null, revised: boolean,
 *                 method: 'D/L'|'DLS'|'VJD'|null}. Without it the chase target is first-innings
 *                 runs + 1 in the full quota.
 *   delivery      player = batter (striker); {innings, over (0-based), ball (1-based position of
 *                 the delivery in the over as bowled, wides and no-balls included), bowler,
 *                 non_striker, runs_batter, runs_extras, runs_total, extras: {wides?, noballs?,
 *                 byes?, legbyes?, penalty?} (runs by kind), legal: boolean (false for a wide or
 *                 a no-ball: it does not count towards the over), non_boundary?: true}
 *   wicket        player = player out; {innings, over, ball (the delivery it fell on), kind
 *                 (see WICKET_KINDS), bowler, fielders: string[], credited_to_bowler?: boolean
 *                 (informative; see BOWLER_WICKETS)}. `retired hurt` and
 *                 `retired not out` are recorded but not counted as wickets.
 *   over_end      {innings, over (0-based), runs (in the over), wickets, bowler, maiden: boolean}
 *   innings_end   {innings, runs, wickets, overs ('19.4'), reason: InningsEndReason}; confirms an
 *                 innings the rules already closed, or closes it (declared, rain, forfeited)
 *   penalty_runs  side = team awarded; {innings, runs, when: 'pre'|'post'}
 *   status        side null; {status: 'suspended'|'resumed'|'postponed'|'abandoned'|'scheduled'|'stumps'}
 *   result        side = winner or null; CricketResult (authoritative final result)
 *   innings_score side = batting; {innings, runs, wickets, overs ('73.5' or 73.5: overs.balls),
 *                 overs_limit?: number (the quota, when it opens the first innings), closed?:
 *                 boolean, reason?: InningsEndReason} — an innings' totals from a feed that gives
 *                 scores, not deliveries (ESPN's scoreboard): opens the next innings or updates
 *                 one played; runs, wickets and balls are replaced, extras stay 0 (unknown)
 *
 * State (`project().state`):
 *   innings: [{number, team: Side, super_over, runs, wickets, overs: '12.3', legal_balls,
 *             overs_limit, extras: {wides, noballs, byes, legbyes, penalty}, closed,
 *             end_reason}]
 *   batting / bowling: Side|null (the side batting / bowling in the current or last innings)
 *   target: {innings, runs, overs, revised, method} | null
 *   required_runs, required_balls: numbers while a chase is open, else null
 *   current_run_rate: runs per 6 legal balls of the current innings, 2 decimals (null before a ball)
 *   required_run_rate: required runs per 6 remaining balls, 2 decimals (null without a chase)
 *   striker, non_striker, bowler: names from the last delivery (null between innings)
 *   this_over: {over, runs, legal_balls, wickets} | null; powerplay: the running powerplay | null
 *   toss, result (CricketResult | null)
 * Headline `score`: runs of each side summed over its innings, super overs excluded (the
 * headline of a tied match stays level; the super-over winner is `result.winner`).
 * Overs are written as cricket writes them: completed overs, then `.` and the legal balls of
 * the over in progress — `12.3`; a whole number of overs is written without `.0` (`19`).
 * ─────────────────────────────────────────────────────────────────────────────────────────────
 */
import type { Side } from '../rules/contract';

export type { Side };

/** Status values, in the order a match passes them (plus postponed/abandoned). */
export const CRICKET_STATUSES = [
  'scheduled',
  'in_play',
  'break',
  'suspended',
  'finished',
  'postponed',
  'abandoned',
] as const;
export type CricketStatus = (typeof CRICKET_STATUSES)[number];

/** Period values: the innings, the breaks between them, super overs, and `ended`. */
export const CRICKET_PERIODS = [
  'not_started',
  'innings_1',
  'innings_break',
  'innings_2',
  'innings_3',
  'innings_4',
  'stumps',
  'super_over',
  'ended',
] as const;
export type CricketPeriod = (typeof CRICKET_PERIODS)[number];

/** Event types (detail documented in the header of this file). */
export const CRICKET_EVENT_TYPES = [
  'toss',
  'innings_start',
  'powerplay',
  'target',
  'delivery',
  'wicket',
  'over_end',
  'innings_end',
  'penalty_runs',
  'status',
  'result',
  'innings_score',
] as const;
export type CricketEventType = (typeof CRICKET_EVENT_TYPES)[number];

/** Kinds of extras as Cricsheet names them; the value in `detail.extras` is the runs of that kind. */
export const EXTRAS_KINDS = ['wides', 'noballs', 'byes', 'legbyes', 'penalty'] as const;
export type ExtrasKind = (typeof EXTRAS_KINDS)[number];
export type Extras = Record<ExtrasKind, number>;

/** Dismissal kinds as Cricsheet writes them (Laws of Cricket 32–40 plus retirements). */
export const WICKET_KINDS = [
  'bowled',
  'caught',
  'caught and bowled',
  'lbw',
  'stumped',
  'run out',
  'hit wicket',
  'hit the ball twice',
  'handled the ball',
  'obstructing the field',
  'timed out',
  'retired out',
  'retired hurt',
  'retired not out',
] as const;
export type WicketKind = (typeof WICKET_KINDS)[number];

/** Dismissals that do not count as a wicket in the innings total (the batter may return). */
export const NOT_A_WICKET: readonly string[] = ['retired hurt', 'retired not out'];
/** Dismissals credited to the bowler (Law 32–39; run outs, obstruction, retirements, timed out are not). */
export const BOWLER_WICKETS: readonly string[] = [
  'bowled',
  'caught',
  'caught and bowled',
  'lbw',
  'stumped',
  'hit wicket',
];

/** Why an innings ended. */
export const INNINGS_END_REASONS = [
  'all_out',
  'overs_complete',
  'target_reached',
  'declared',
  'forfeited',
  'ended',
] as const;
export type InningsEndReason = (typeof INNINGS_END_REASONS)[number];

/** `detail` of a `delivery` event. Runs are whole runs; `over` is 0-based, `ball` 1-based. */
export interface DeliveryDetail {
  innings: number;
  over: number;
  ball: number;
  bowler: string;
  non_striker: string | null;
  runs_batter: number;
  runs_extras: number;
  runs_total: number;
  extras: Partial<Extras>;
  legal: boolean;
  non_boundary?: boolean;
}

/** `detail` of a `wicket` event. */
export interface WicketDetail {
  innings: number;
  over: number;
  ball: number;
  kind: string;
  bowler: string;
  fielders: string[];
}

/** A chase target: `runs` to win in `overs` (null: no over limit, Tests). */
export interface Target {
  /** The chasing innings (1-based). */
  innings: number;
  runs: number;
  overs: number | null;
  /** True when set by a rain rule (D/L, DLS, VJD) rather than first-innings runs + 1. */
  revised: boolean;
  method: string | null;
}

/** A powerplay as Cricsheet writes it: from/to in over.ball notation (`0.1`–`5.6`). */
export interface Powerplay {
  number: number;
  from: string;
  to: string;
  type: string;
}

/**
 * Final result. kind `win` (winner set, `by` the margin), `tie` (winner = super-over or
 * bowl-out winner when one was played, else null), `no_result`, `draw` (multi-day).
 * `by`: {runs} when the side batting first (or the side that won in the field) won,
 * {wickets} when the chasing side won; {innings, runs} for an innings win.
 */
export interface CricketResult {
  kind: 'win' | 'tie' | 'no_result' | 'draw';
  winner: Side | null;
  by: { runs?: number; wickets?: number; innings?: number } | null;
  /** Rain rule that decided the target, as Cricsheet writes it (`D/L`), else null. */
  method: string | null;
  /** Side that won the super over / bowl-out of a tied match. */
  eliminator: Side | null;
  /** True when the rules computed it from the innings; false when a `result` event set it. */
  derived: boolean;
}

/** One innings in the state. `legal_balls` excludes wides and no-balls. */
export interface InningsState {
  /** 1-based, counted over the whole match (super overs continue the numbering). */
  number: number;
  /** Batting side. */
  team: Side;
  super_over: boolean;
  runs: number;
  wickets: number;
  legal_balls: number;
  /** Overs quota (null: unlimited, Tests). */
  overs_limit: number | null;
  extras: Extras;
  closed: boolean;
  end_reason: InningsEndReason | null;
  powerplays: Powerplay[];
}

/** The over being bowled (reset by `over_end` or a new over number). */
export interface ThisOver {
  over: number;
  runs: number;
  legal_balls: number;
  wickets: number;
}

/** Derived state of one cricket match: a pure function of its events (lib/cricket/rules.ts). */
export interface CricketState {
  status: CricketStatus;
  period: CricketPeriod;
  balls_per_over: number;
  /** Default overs quota per innings (20 T20, 50 ODI; null Tests); set by the first innings_start. */
  overs_limit: number | null;
  /** Wickets that end an innings (10). */
  max_wickets: number;
  toss: { winner: Side; decision: 'bat' | 'field' } | null;
  innings: InningsState[];
  target: Target | null;
  result: CricketResult | null;
  striker: string | null;
  non_striker: string | null;
  bowler: string | null;
  this_over: ThisOver | null;
  /** The last delivery: wickets may still be attached to it after it closed the innings. */
  last_ball: { innings: number; over: number; ball: number } | null;
  suspended_from: CricketStatus | null;
  events_applied: number;
}
