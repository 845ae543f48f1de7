/**
 * Shapes shared by the win-probability models (issue 37, docs/odds.md "Win probability").
 * Probabilities are fractions in (0, 1) (clamped, lib/odds/clamp.ts) summing to 1.
 */
import type { Side } from '../rules/contract';

export type { Side };

/** P(home wins), P(draw) (null where the sport or match has no draw), P(away wins). */
export interface WinProbability {
  home: number;
  draw: number | null;
  away: number;
}

/**
 * One finished match as the ratings read it (any sport; tennis and MMA: home = player 1).
 * `winner` decides matches whose headline score does not (shoot-outs, overtime wins counted as
 * one goal, cricket, retirements); null is a draw / tie / no result.
 */
export interface RatedResult {
  fixture_id: number | string;
  /** ISO 8601 UTC kickoff; results are rated strictly before a fixture's kickoff. */
  kickoff: string;
  /** Season label; ratings regress toward the mean when a team's season changes. */
  season?: string | null;
  /** Competition slug (football's expected goals are per competition). */
  competition?: string | null;
  home: string;
  away: string;
  /** True at a neutral venue: no home advantage. */
  neutral?: boolean;
  home_score: number;
  away_score: number;
  winner: Side | null;
  /** Tennis: the court surface ('Hard', 'Clay', 'Grass'). */
  surface?: string | null;
  /** Football: shots on target of each side (football-data.co.uk HST/AST), read by the rating update after the match; absent where unknown. */
  home_shots_on_target?: number | null;
  away_shots_on_target?: number | null;
  /**
   * Order within one kickoff instant where the source dates a whole event at once (tennis: every
   * match of a tournament at its Monday; the round's order, R128 before R64 … before the final):
   * results of a lower order are rated before a higher order is predicted. Absent: 0.
   */
  order?: number | null;
  /** Tennis: each player's ATP ranking points at the match (published before it; Sackmann's `*_rank_points`). */
  home_rank_points?: number | null;
  away_rank_points?: number | null;
  /** Tennis: sets of the match's format (3 or 5; Sackmann's `best_of`, known before the match); absent: 3. */
  best_of?: number | null;
  /**
   * Tennis: each player's serve points played and won in this match (Sackmann's `svpt`,
   * `1stWon + 2ndWon`), read by the serve ratings only after the match (tennis-serve-rating.ts); absent where unknown.
   */
  home_serve?: { won: number; points: number } | null;
  away_serve?: { won: number; points: number } | null;
  /** Played (true) or scheduled (false): scheduled fixtures are predicted, never rated. */
  finished: boolean;
}
