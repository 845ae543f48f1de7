/**
 * Season statistics for GET /v1/{sport}/statistics/teams and /players (docs/statistics.md):
 * pure functions of stored fixtures and their event logs. Wire schemas: lib/wire/statistics.ts.
 */
export { countsForRecord, recordWinner, teamStatistics } from './teams';
export { playerStatistics } from './players';
export { statsMatchFromImported, toImportedSportMatch, type AnyImported } from './adapt';
export { PLAYER_CATEGORIES, type CategorySpec } from './categories';
export type {
  BaseballTeamStats,
  BasketballTeamStats,
  ColumnSpec,
  CricketTeamStats,
  FootballTeamStats,
  IceHockeyTeamStats,
  PlayerCategory,
  PlayerRow,
  PlayerStatistics,
  RugbyTeamStats,
  SportTeamStats,
  StatsEvent,
  StatsMatch,
  TeamRecord,
  TeamStatsRow,
} from './types';
