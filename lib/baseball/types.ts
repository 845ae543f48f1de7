/**
 * Baseball domain values and state (SportRules contract, lib/rules/contract.ts; clock 'none').
 *
 * Conventions:
 * - `side` 'home' | 'away'; the away team bats in the top half of each inning, the home team in
 *   the bottom half. A play event's `side` is the BATTING side.
 * - Periods are innings halves: `top_1`, `bottom_1`, …, `top_9`, `bottom_9`, then extra innings
 *   `top_10`, `bottom_10`, … (no upper bound; {@link BASEBALL_PERIODS} lists 1–30 for display,
 *   {@link parseHalf} accepts any inning ≥ 1). Between halves the period is a break:
 *   `middle_<n>` after the top of inning n, `end_<n>` after the bottom; `not_started` before the
 *   first pitch and `final` once the game is over.
 * - Bases hold the player as the events name them (the importer uses display names; the
 *   reducer never needs ids).
 * - `minute` is always 0 and `clock_seconds` always null (baseball has no clock).
 */
import type { Side } from '../rules/contract';
import type { LineScore } from '../rules/line-score';

export type { Side };
export type Half = 'top' | 'bottom';
export type Base = '1' | '2' | '3';

/** Status values in the order a game passes them, then the interrupted/cancelled ones. */
export const BASEBALL_STATUSES = [
  'scheduled',
  'in_play',
  'break', // between half innings
  'finished',
  'delayed', // rain delay (game resumes the same day)
  'suspended', // stopped, to be completed another day
  'postponed',
  'abandoned',
] as const;
export type BaseballStatus = (typeof BASEBALL_STATUSES)[number];

/** Regulation length of a game in innings. */
export const REGULATION_INNINGS = 9;

/** Innings listed in {@link BASEBALL_PERIODS}; the reducer accepts any inning ≥ 1. */
export const LISTED_INNINGS = 30;

/** Period values: `not_started`, then per inning n: `top_n`, `middle_n`, `bottom_n`, `end_n`; `final`. */
export const BASEBALL_PERIODS: readonly string[] = [
  'not_started',
  ...Array.from({ length: LISTED_INNINGS }, (_, i) => [
    `top_${i + 1}`,
    `middle_${i + 1}`,
    `bottom_${i + 1}`,
    `end_${i + 1}`,
  ]).flat(),
  'final',
];

/**
 * Event types. Detail shapes:
 * - `lineup`: side = team, detail {@link LineupDetail} (starting lineup; sets the pitcher).
 * - `plate_appearance`: side = batting team, player = batter, detail {@link PlayDetail}; the
 *   batter's turn ends (hit, out, walk, strikeout, hit by pitch, error, fielder's choice, …).
 * - `base_running`: side = batting team, detail {@link PlayDetail}; a play during a plate
 *   appearance that does not end it (stolen base, caught stealing, pickoff, wild pitch, passed
 *   ball, balk, defensive indifference, other advance).
 * - `run`: side = batting team, player = runner; detail { from?: Base } — one run scores (the
 *   runner leaves `from` when given). For live scoring without full play detail.
 * - `out`: side = batting team, player = who is out; detail { from?: 'B' | Base }.
 * - `base_advance`: side = batting team; detail { from: 'B' | Base, to: Base | 'H' }.
 * - `substitution`: side = team, player = player coming in; detail {@link SubstitutionDetail}.
 * - `pitching_change`: as `substitution` with position 1; sets the team's pitcher.
 * - `half_inning_end`: the current half ends (the reducer already ends it at the 3rd out; this
 *   event then only confirms; with fewer outs it ends the half, e.g. a game called mid-inning
 *   is ended by a following `result`).
 * - `status`: detail { status: 'delayed' | 'suspended' | 'postponed' | 'abandoned' | 'resumed' }.
 * - `result`: authoritative final (results-only sources; an importer or adapter closing a game
 *   with the scorer's decisions and earned runs); accepted after the plays already ended the
 *   game. Detail {@link ResultDetail}.
 */
export const BASEBALL_EVENT_TYPES = [
  'lineup',
  'plate_appearance',
  'base_running',
  'run',
  'out',
  'base_advance',
  'substitution',
  'pitching_change',
  'half_inning_end',
  'status',
  'result',
] as const;
export type BaseballEventType = (typeof BASEBALL_EVENT_TYPES)[number];

/**
 * Outcome of a play, normalised from the Retrosheet basic play (retrosheet.org/eventfile.htm).
 * Plate-appearance outcomes: single, double, triple, home_run, walk, intentional_walk,
 * hit_by_pitch, strikeout, out (batted-ball out incl. sacrifices and double/triple plays),
 * error (batter reaches on an error), fielders_choice, interference, foul_error (error on a
 * foul fly: the plate appearance goes on). Running plays: stolen_base, caught_stealing,
 * pickoff, wild_pitch, passed_ball, balk, defensive_indifference, other_advance.
 */
export const PLAY_OUTCOMES = [
  'single',
  'double',
  'triple',
  'home_run',
  'walk',
  'intentional_walk',
  'hit_by_pitch',
  'strikeout',
  'out',
  'error',
  'fielders_choice',
  'interference',
  'foul_error',
  'stolen_base',
  'caught_stealing',
  'pickoff',
  'wild_pitch',
  'passed_ball',
  'balk',
  'defensive_indifference',
  'other_advance',
] as const;
export type PlayOutcome = (typeof PLAY_OUTCOMES)[number];

/** Outcomes credited as a base hit. */
export const HIT_OUTCOMES: readonly PlayOutcome[] = ['single', 'double', 'triple', 'home_run'];

/**
 * One runner's movement on a play. `from` B = the batter. `to` H = home (a run scores unless
 * `out`). An out at `to` has `out: true` (the runner leaves the bases; `to` is where he was put
 * out). `earned` false marks an unearned run (Retrosheet `(UR)`); `rbi` false means no run
 * batted in is credited (Retrosheet `(NR)`/`(NORBI)`), true forces one (`(RBI)`), undefined =
 * default scoring rule.
 */
export interface Advance {
  from: 'B' | Base;
  to: Base | 'H';
  out: boolean;
  earned?: boolean;
  rbi?: boolean;
}

/** Detail of `plate_appearance` and `base_running` events. */
export interface PlayDetail {
  outcome: PlayOutcome;
  /** Every runner movement on the play, batter included; runners not listed stay put. */
  advances: Advance[];
  /** Errors charged to the fielding team on this play. */
  errors: number;
  /** Source event code as recorded, e.g. Retrosheet `S7/L.1-3;B-2(TH)`. */
  code?: string;
  /** Count when the play happened ("BS": balls then strikes, e.g. "32"), if known. */
  count?: string | null;
  /** Pitch sequence as recorded, if known. */
  pitches?: string | null;
  /** Pitcher of the fielding team (display name) and source ids, when known. */
  pitcher?: string | null;
  batter_id?: string | null;
  pitcher_id?: string | null;
  /** Modifiers after the basic play (Retrosheet `/SF`, `/GDP`, `/L`, …). */
  modifiers?: string[];
}

/** One lineup entry. `batting_order` 1–9, 0 = not in the batting order (pitcher with a DH). */
export interface LineupEntry {
  player: string;
  player_id?: string | null;
  batting_order: number;
  /** Fielding position 1–9 (1 pitcher … 9 right field), 10 DH, 11 pinch hitter, 12 pinch runner. */
  position: number;
}
export interface LineupDetail {
  players: LineupEntry[];
}
/** `substitution` / `pitching_change` detail: the incoming player's slot. */
export interface SubstitutionDetail {
  player_id?: string | null;
  batting_order: number;
  position: number;
}

/** `result` detail (results-only sources) and the `result` kept in the state. */
export interface ResultDetail {
  home: number;
  away: number;
  /** Innings played (the last one possibly incomplete). */
  innings?: number;
  /** True when the game ended before regulation was complete (called game). */
  called?: boolean;
  /** The official scorer's decisions ({id, name} of the pitcher, null when none), when the source has them. */
  winning_pitcher?: { id: string; name: string } | null;
  losing_pitcher?: { id: string; name: string } | null;
  save?: { id: string; name: string } | null;
  /**
   * Earned runs charged to each pitcher by the official scorer (Retrosheet `data,er`, MLB box
   * score `pitching.earnedRuns`); with it the statistics and box score show ER and ERA.
   */
  earned_runs?: { pitcher_id: string; pitcher?: string; side?: Side; er: number }[];
}

export interface Bases {
  first: string | null;
  second: string | null;
  third: string | null;
}

/** Per-side lineup: batting order slot 1–9 → player (index 0 holds a DH-game pitcher). */
export interface TeamLineup {
  batting: (string | null)[];
  positions: Record<string, number>;
}

export interface BaseballState {
  status: BaseballStatus;
  period: string;
  /** 0 before the first pitch. */
  inning: number;
  half: Half | null;
  outs: number;
  bases: Bases;
  /** Runs per inning (index 0 = 1st inning), the line score. An unplayed bottom half is absent. */
  line_score: LineScore;
  runs: { home: number; away: number };
  hits: { home: number; away: number };
  /** Errors committed BY the team (charged while it fields). */
  errors: { home: number; away: number };
  left_on_base: { home: number; away: number };
  /** Batter of the last play (null between halves). */
  batter: string | null;
  /** Current pitcher of each team (from lineup/pitching_change events). */
  pitchers: { home: string | null; away: string | null };
  lineups: { home: TeamLineup; away: TeamLineup };
  scheduled_innings: number;
  /** Status before a delay/suspension (to resume). */
  interrupted_from: BaseballStatus | null;
  result: ResultDetail | null;
  events_applied: number;
}
