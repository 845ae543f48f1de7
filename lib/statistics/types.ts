/**
 * Types of the season statistics behind `GET /v1/{sport}/statistics/teams` and
 * `GET /v1/{sport}/statistics/players` (docs/statistics.md). Pure data: the server loads stored
 * fixtures and their event logs as {@link StatsMatch} values and calls lib/statistics.
 */
import type { Sport } from '../sports';

/** One stored event of a match (the stored log, in order). Same fields as a SportEvent. */
export interface StatsEvent {
  event_id: string;
  /** One of the sport's event types (docs/sports/<sport>.md, football: docs/football.md). */
  type: string;
  side: 'home' | 'away' | null;
  player: string | null;
  minute: number | null;
  period: string | null;
  clock_seconds: number | null;
  /** Sport-specific facts of the event type. */
  detail: Record<string, unknown>;
}

/** One stored fixture with its event log: the input of every statistics function. */
export interface StatsMatch {
  fixture_id: number;
  sport: Sport;
  /** Competition slug. */
  competition: string;
  season: string;
  home_team: string;
  away_team: string;
  /** ISO 8601 UTC. */
  kickoff: string;
  status: string;
  /** The sport's headline score (goals, runs, points, sets won); null before the match. */
  score: { home: number; away: number } | null;
  /** null = draw or undecided. Football: the shoot-out winner of a level match. */
  winner: 'home' | 'away' | null;
  /** The importer's `result.detail` (football: {ht, ft, et, p}); null when not stored. */
  result_detail: Record<string, unknown> | null;
  events: StatsEvent[];
  stats: { home: Record<string, number | null>; away: Record<string, number | null> } | null;
}

/** A W-D-L record. played = won + drawn + lost. */
export interface TeamRecord {
  played: number;
  won: number;
  drawn: number;
  lost: number;
}

/** Football team figures (docs/statistics.md#football). */
export interface FootballTeamStats {
  goals: number;
  goals_against: number;
  clean_sheets: number;
  /** null when no match of the team records bookings (results-only sources). */
  yellow_cards: number | null;
  red_cards: number | null;
  shootouts_won: number;
  shootouts_lost: number;
}

/** Cricket team figures (regular innings; super overs excluded). */
export interface CricketTeamStats {
  runs_scored: number;
  runs_conceded: number;
  wickets_taken: number;
  wickets_lost: number;
  tied: number;
  no_result: number;
  /** ICC net run rate, 3 decimals; null before an innings each way. */
  net_run_rate: number | null;
}

/** Baseball team figures. */
export interface BaseballTeamStats {
  runs: number;
  runs_allowed: number;
  /** null when no match of the team records hits / errors. */
  hits: number | null;
  /** Errors committed by the team (while fielding). */
  errors: number | null;
}

/** Ice hockey team figures (NHL decisions). */
export interface IceHockeyTeamStats {
  goals: number;
  goals_against: number;
  regulation_wins: number;
  overtime_wins: number;
  shootout_wins: number;
  overtime_losses: number;
  shootout_losses: number;
}

/** Rugby team figures. */
export interface RugbyTeamStats {
  /** Tries scored (penalty tries included); null when no match of the team records tries. */
  tries: number | null;
  tries_against: number | null;
}

/** Basketball team figures. */
export interface BasketballTeamStats {
  points_per_game: number | null;
  points_against_per_game: number | null;
}

/** Sport-specific team figures; `{}` for tennis, mma and esports (golf has no team rows). */
export type SportTeamStats =
  | FootballTeamStats
  | CricketTeamStats
  | BaseballTeamStats
  | IceHockeyTeamStats
  | RugbyTeamStats
  | BasketballTeamStats
  | Record<string, never>;

/** One team (or individual: tennis player, fighter) over the given matches. */
export interface TeamStatsRow extends TeamRecord {
  team: string;
  /** Headline score for / against, summed (goals, runs, points, sets won). */
  points_for: number;
  points_against: number;
  home: TeamRecord;
  away: TeamRecord;
  sport_stats: SportTeamStats;
}

/** A column of a player category (lib/statistics/categories.ts). */
export interface ColumnSpec {
  key: string;
  label: string;
  /** int: whole count; decimal: ratio (rounded as documented); text: string (e.g. overs "3.4"); counts: {name: count}. */
  kind: 'int' | 'decimal' | 'text' | 'counts';
  /** True when the value can be null (a ratio with a zero base). */
  nullable?: boolean;
  description: string;
}

/** A category of player statistics as served (columns describe the row fields after rank/player/team). */
export interface PlayerCategory {
  name: string;
  title: string;
  description: string;
  columns: { key: string; label: string; description: string }[];
  rows: PlayerRow[];
}

/** One player line: rank (1-based, in the category's order), player, team, then the columns. */
export interface PlayerRow {
  rank: number;
  player: string;
  /** Team name; null for individual sports (tennis) or when the events name no side. */
  team: string | null;
  [column: string]: number | string | null | Record<string, number>;
}

/** What `playerStatistics` returns. */
export interface PlayerStatistics {
  sport: Sport;
  categories: PlayerCategory[];
}
