/**
 * Golf (stroke play) values and state for the SportRules contract (lib/rules/contract.ts),
 * clock 'none'.
 *
 * Conventions:
 * - A fixture is one stroke-play tournament, all its rounds. Golf has no head-to-head: the
 *   fixture's `home_team` is the tournament name and `away_team` is "Field"; `score` is always
 *   { home: 0, away: 0 } and `minute` 0. The leaderboard (`project().state.leaderboard`) is the
 *   headline.
 * - Up to four rounds (`round_1`…`round_4`) with a break after each (`after_round_<n>`), then an
 *   optional sudden-death `playoff`; the tournament finishes only with a `result` event, which
 *   names the winner (the leader may be tied, and a shortened event may stop after any round).
 * - A player is known from the field given on `round_start` of round 1 (detail.players) or from
 *   their first `hole_completed` / `withdrawal`.
 * - `to_par` = strokes − par over every hole completed in rounds 1–4 (playoff holes excluded);
 *   negative is under par.
 */
import { PERIOD_SPORT_STATUSES } from '../rules/status';

/** Statuses in order: scheduled, in_play (a round is being played), break (between rounds), finished, then suspended, postponed, abandoned. */
export const GOLF_STATUSES = PERIOD_SPORT_STATUSES;
/** One of {@link GOLF_STATUSES}. */
export type GolfStatus = (typeof GOLF_STATUSES)[number];

/** Regulation rounds of a tournament (at most; a shortened event stops earlier). */
export const GOLF_ROUNDS = 4;

/**
 * Period values in order: `not_started`, `round_1`, `after_round_1`, …, `round_4`,
 * `after_round_4`, `playoff`, `final` (after the `result` event, or after the playoff ends).
 */
export const GOLF_PERIODS = [
  'not_started',
  ...Array.from({ length: GOLF_ROUNDS }, (_, i) => [`round_${i + 1}`, `after_round_${i + 1}`]).flat(),
  'playoff',
  'final',
] as readonly string[];
/** One of {@link GOLF_PERIODS} (a string: the round names are built from GOLF_ROUNDS). */
export type GolfPeriod = string;

/**
 * Event types (side is always null: golf has no sides). Fields and detail shapes:
 * - `round_start`: period = `round_<n>` (the next round; null = the next one) or `playoff`;
 *   detail { players?: string[] } — round 1: the field; playoff: the players in it (default:
 *   every active player tied for the lead).
 * - `round_end`: period = the round being played (or null).
 * - `hole_completed`: player; detail { hole: 1–18, strokes: ≥ 1, par: 3–6 }. Each hole once per
 *   player and round (any order: two-tee starts); in the playoff a hole may repeat.
 * - `withdrawal`: player (WD); an unknown player is added as withdrawn.
 * - `cut`: detail { players: string[] } (those cut) or { cut_line: integer to par } (every
 *   active player above it is cut); only between rounds.
 * - `scorecard`: player; detail { rounds: strokes per round so far (index 0 = round 1, at most
 *   the latest round started, the last one partial), thru: 0–18 holes done in the latest round,
 *   to_par: integer over every regulation hole completed } — the player's whole line as a
 *   source that publishes totals instead of hole-by-hole pars gives it (ESPN's scoreboard). It
 *   replaces the line (idempotent); any round or break, not the playoff; an unknown player joins
 *   the field in any round.
 * - `status`: detail { status } (lib/rules/status.ts).
 * - `result`: authoritative final; detail {@link GolfResult} (`to_par` and `total_strokes`
 *   default to the winner's leaderboard line).
 */
export const GOLF_EVENT_TYPES = [
  'round_start',
  'round_end',
  'hole_completed',
  'withdrawal',
  'cut',
  'scorecard',
  'status',
  'result',
] as const;
/** One of {@link GOLF_EVENT_TYPES}. */
export type GolfEventType = (typeof GOLF_EVENT_TYPES)[number];

/** A player's standing in the tournament. */
export type GolfPlayerStatus = 'active' | 'cut' | 'withdrawn';

/** The final result as the state keeps it (from the `result` event). */
export type GolfResult = {
  /** The winner's name. */
  winner: string;
  /** The winner's score to par over the regulation rounds; null when unknown. */
  to_par: number | null;
  /** The winner's strokes over the regulation rounds; null when unknown. */
  total_strokes: number | null;
};

/** One player's card. */
export interface GolfPlayer {
  name: string;
  status: GolfPlayerStatus;
  /** Strokes per round, index 0 = round 1; one entry per round started while active. */
  rounds: number[];
  /** Strokes − par over every regulation hole completed. */
  to_par: number;
  /** Holes (1–18) completed in the latest round started. */
  holes: number[];
  /** Playoff strokes, null when not in a playoff. */
  playoff_strokes: number | null;
}

/** The tournament state the reducer folds (lib/golf/rules.ts); `project` derives the wire state from it. */
export interface GolfState {
  status: GolfStatus;
  period: GolfPeriod;
  /** Latest regulation round started (0 before round 1). */
  round: number;
  /** Players in the order first seen. */
  players: GolfPlayer[];
  /** The cut line to par of the latest `cut` by line, else null. */
  cut_line: number | null;
  /** Players in the playoff (null: no playoff). */
  playoff: string[] | null;
  interrupted_from: GolfStatus | null;
  result: GolfResult | null;
  events_applied: number;
}

/** One leaderboard line of `project().state.leaderboard`. */
export interface GolfLeaderboardEntry {
  /** `1`, `T3` (tied), `CUT` or `WD`. */
  position: string;
  player: string;
  status: GolfPlayerStatus;
  to_par: number;
  /** Strokes over the regulation rounds. */
  strokes: number;
  rounds: number[];
  /** Holes completed in the latest round started (18 = round done). */
  thru: number;
  playoff_strokes: number | null;
}

/**
 * `result.detail` of a finished golf fixture (ImportedSportMatch, lib/rules/contract.ts): the
 * `result` event's fields plus the final leaderboard (as `project().state.leaderboard`, rounds,
 * thru and playoff strokes left out). `result.home`/`away` are 0 and `result.winner` is null.
 */
export type GolfResultDetail = GolfResult & {
  leaderboard: Pick<GolfLeaderboardEntry, 'position' | 'player' | 'status' | 'to_par' | 'strokes'>[];
};
