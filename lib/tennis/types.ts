/**
 * Tennis domain types: values of the tennis rules module (lib/tennis/rules.ts), the `detail` of
 * every tennis event, and the derived match state.
 *
 * ─── docs-ready: tennis values (docs/sports/tennis.md) ───────────────────────────────────────
 *
 * Sides: `home` = player 1, `away` = player 2 (point-by-point data: player 1 = `server1`, who
 * serves first; ATP results: see lib/import/sackmann.ts for the deterministic order).
 *
 * Clock: none (`clock: 'none'`, `clock_seconds` null, displayed `minute` always 0).
 *
 * Statuses: scheduled, in_play, suspended (rain, darkness; `status` {status:'resumed'} restores),
 *   finished (won, retired, walkover or default — see `result.outcome`), postponed, abandoned.
 * Periods: not_started, set_1, set_2, set_3, set_4, set_5, ended.
 *
 * Scoring rules (lib/tennis/rules.ts):
 *   - game: first to 4 points with a 2-point lead; points shown 0/15/30/40/AD (deuce = 40-40);
 *   - set: first to 6 games with a 2-game lead; at 6-6 a tie-break (first to 7 points, 2 clear:
 *     7-5 ends it, 6-6 goes on to 8-6 …) that wins the set 7-6;
 *   - final set (`final_set` of match_start): 'tiebreak' (as any set: ATP tour, US Open, Davis Cup
 *     2017), 'advantage' (no tie-break, play on until 2 games clear: Australian Open, Roland
 *     Garros and Wimbledon in 2017), 'tiebreak_at_12' (7-point tie-break at 12-12: Wimbledon
 *     2019–21), 'tiebreak_10' (10-point tie-break at 6-6: all Grand Slams from 2022);
 *   - best_of 3 or 5 sets: the match ends when a player has won 2 / 3 sets;
 *   - serve: `first_server` serves game 1, then service alternates every game; in a tie-break
 *     the player due to serve serves point 1, then the serve changes after every 2 points; the
 *     player who received first in a tie-break serves the first game of the next set.
 *
 * Event types and `detail` (side = the player the event is about):
 *   match_start     side null; {best_of: 3|5, first_server: Side, final_set?: FinalSetRule
 *                   (default 'tiebreak')}
 *   point           side = point winner; {server?: Side (checked against the rules' server),
 *                   ace?: true (side must be the server), double_fault?: true (side must be the
 *                   returner), set?, game?, point? (1-based positions, informative)}
 *   tiebreak_start  side null; {set} — marker, checked: the rules start tie-breaks themselves
 *   game_end        side = game winner; {set, game, games: {home, away}, break: boolean,
 *                   tiebreak: boolean} — marker, checked against the rules' last game
 *   set_end         side = set winner; {set, games: {home, away}, tiebreak: {home, away}|null} — marker
 *   retirement      side = the player who retires / withdraws / is defaulted;
 *                   {kind: 'retired'|'walkover'|'default'}; the other player wins
 *   status          side null; {status: 'suspended'|'resumed'|'postponed'|'abandoned'|'scheduled'}
 *   result          side = winner; {sets: [[h, a], …] games per set, tiebreaks?: ({home, away}|null)[],
 *                   outcome?: 'completed'|'retired'|'walkover'|'default'} — authoritative result
 *   score           side null; {sets: [[h, a], …] completed sets, tiebreaks?: ({home, away}|null)[],
 *                   games: {home, away} in the set in play, server?: Side|null, best_of?: 3|5} — a
 *                   snapshot from a feed that gives games, not points (ESPN's scoreboard): replaces
 *                   the sets, games and server (starting the match if it was scheduled); the points
 *                   are then unknown (`points` null until a `point` event)
 *
 * State (`project().state`):
 *   sets: [[h, a], …] games of every completed set; set_tiebreaks: ({home, away}|null)[] per set
 *   games: {home, away} in the current set; points: {home, away} as shown — '0' '15' '30' '40'
 *     'AD' in a game, the point count ('0' … '12') in a tie-break; null when only the games are
 *     known (after a `score` snapshot)
 *   server: Side|null; tiebreak: boolean; best_of; final_set; sets_won: {home, away}
 *   stats: per side {aces, double_faults, points_won, service_points, service_points_won,
 *     service_games, service_games_won, break_points_faced, break_points_saved}
 *     (service games exclude tie-breaks; a break point is a point the returner wins the game with)
 *   result: {winner, outcome, sets, set_tiebreaks} | null
 * Headline `score`: sets won by each player.
 * ─────────────────────────────────────────────────────────────────────────────────────────────
 */
import type { Side } from '../rules/contract';

export type { Side };

/** Status values (a retired match is `finished`; the outcome is in `result.outcome`). */
export const TENNIS_STATUSES = ['scheduled', 'in_play', 'suspended', 'finished', 'postponed', 'abandoned'] as const;
export type TennisStatus = (typeof TENNIS_STATUSES)[number];

/** Period values: one per set, plus before and after the match. */
export const TENNIS_PERIODS = ['not_started', 'set_1', 'set_2', 'set_3', 'set_4', 'set_5', 'ended'] as const;
export type TennisPeriod = (typeof TENNIS_PERIODS)[number];

/** Event types (detail documented in the header of this file). */
export const TENNIS_EVENT_TYPES = [
  'match_start',
  'point',
  'tiebreak_start',
  'game_end',
  'set_end',
  'retirement',
  'status',
  'result',
  'score',
] as const;
export type TennisEventType = (typeof TENNIS_EVENT_TYPES)[number];

/** How the deciding set is decided (see the header). */
export const FINAL_SET_RULES = ['tiebreak', 'advantage', 'tiebreak_at_12', 'tiebreak_10'] as const;
export type FinalSetRule = (typeof FINAL_SET_RULES)[number];

/** How a finished match ended. */
export const TENNIS_OUTCOMES = ['completed', 'retired', 'walkover', 'default'] as const;
export type TennisOutcome = (typeof TENNIS_OUTCOMES)[number];

/** Serve statistics of one player (counts). */
export interface ServeStats {
  aces: number;
  double_faults: number;
  points_won: number;
  service_points: number;
  service_points_won: number;
  /** Service games completed (tie-breaks excluded). */
  service_games: number;
  service_games_won: number;
  /** Points on serve where the returner was one point from the game. */
  break_points_faced: number;
  break_points_saved: number;
}

export type Pair = { home: number; away: number };

export interface TennisResult {
  winner: Side;
  outcome: TennisOutcome;
  sets: [number, number][];
  set_tiebreaks: (Pair | null)[];
}

/** Derived state of one tennis match: a pure function of its events (lib/tennis/rules.ts). */
export interface TennisState {
  status: TennisStatus;
  period: TennisPeriod;
  best_of: 3 | 5;
  final_set: FinalSetRule;
  first_server: Side | null;
  /** Completed sets, games [home, away]. */
  sets: [number, number][];
  set_tiebreaks: (Pair | null)[];
  sets_won: Pair;
  games: Pair;
  /** Raw points in the current game or tie-break. */
  points: Pair;
  /** False after a `score` snapshot (games known, points not) until the next `point`. */
  points_known: boolean;
  tiebreak: boolean;
  /** Points needed to win the current tie-break (7 or 10). */
  tiebreak_to: number;
  server: Side | null;
  /** Who served the first point of the current game (decides the next game's server). */
  game_server: Side | null;
  /** The last completed game: what a `game_end` marker is checked against. */
  last_game: { set: number; winner: Side; tiebreak: boolean } | null;
  last_set: { set: number; winner: Side } | null;
  stats: { home: ServeStats; away: ServeStats };
  result: TennisResult | null;
  suspended_from: TennisStatus | null;
  events_applied: number;
}
