/**
 * The read feed's routes (spec §4: GET /v1/{sport}/…, also served by /sandbox/v1) and the
 * resources with ids (leagues, seasons, teams, players, head-to-head), in the OpenAPI document's
 * order. The cached reads declare their policy (`cache`: the version their answer is built from,
 * when it changes without one, whether it is settled); the others are answered afresh, `no-store`.
 */
import { getFixtures, FixturesQuery } from './handlers/fixtures';
import { getLive, getMatchesLive, LiveQuery } from './handlers/live';
import { getMatchHandler } from './handlers/match';
import { getWinProbability } from './handlers/win-probability';
import { getOdds, OddsQuery } from './handlers/odds';
import { getOddsHistory, OddsHistoryQuery } from './handlers/odds-history';
import { getResults, ResultsQuery } from './handlers/results';
import { getHeadToHead, HeadToHeadQuery } from './handlers/head-to-head';
import { getLeagueSeason, getLeagues, LeaguesQuery } from './handlers/leagues';
import { getPlayerHandler, PlayerQuery } from './handlers/players';
import { getTeamHandler, getTeams, TeamQuery, TeamsQuery } from './handlers/teams';
import { getStandingsHandler, StandingsQuery } from './handlers/standings';
import { getPlayerStatistics, getTeamStatistics, StatisticsQuery } from './handlers/statistics';
import { isFinishedSeason, nextLiveChangeAt, nextUpcomingChangeAt } from '../read/read-validity';
import { feed, type ReadPolicy, type RouteSpec } from './route-spec';

/** Live lists: any event changes them (global version); a running match clock too (its next minute). */
const live: ReadPolicy = { version: (v) => v.global(), validUntil: nextLiveChangeAt };
/** The live rows also carry each match's in-play point, kept just after its event: the points' version too. */
const liveRows: ReadPolicy = { version: (v) => v.liveRows(), validUntil: nextLiveChangeAt };
/** Standings, results and fixtures of one league (and season) read that league's (season's) matches only. */
const seasonal: ReadPolicy = {
  version: (v, sport, q) => v.sport(sport, q.get('league'), q.get('season')),
  settled: isFinishedSeason,
};
/** Fixtures are "from now" by default, and `upcoming` counts kickoffs still ahead: also valid until the next kickoff. */
const upcoming: ReadPolicy = { ...seasonal, validUntil: nextUpcomingChangeAt };
/** One match's odds: that match's odds version (an unparseable match_id is not cached: the handler answers 400). */
const odds: ReadPolicy = {
  version: (v, _sport, q) => (/^\d{1,9}$/.test(q.get('match_id') ?? '') ? v.odds(Number(q.get('match_id'))) : null),
};

export const FEED_ROUTES: RouteSpec[] = [
  // GET /v1/{sport}/… — the read feed (spec §4), also served by /sandbox/v1
  feed({
    path: '/v1/{sport}/live',
    operationId: 'getLive',
    summary: 'Live matches (spec 2.1)',
    tag: 'Live',
    query: LiveQuery,
    response: 'LiveResponse',
    handler: getLive,
    cache: liveRows,
  }),
  feed({
    path: '/v1/{sport}/matches/live',
    operationId: 'getMatchesLive',
    summary: 'In-play summaries (spec 2.2) with the latest event',
    tag: 'Live',
    query: LiveQuery,
    response: 'LiveSummaryResponse',
    handler: getMatchesLive,
    cache: live,
  }),
  feed({
    path: '/v1/{sport}/matches/{fixture_id}',
    operationId: 'getMatch',
    summary: 'One match: live shape, fixture, timeline, lineups',
    tag: 'Matches',
    response: 'MatchDetail',
    handler: getMatchHandler,
  }),
  feed({
    path: '/v1/{sport}/matches/{fixture_id}/win-probability',
    operationId: 'getWinProbability',
    summary:
      "Scoreline's win-probability series of a match: pre-match rating, then every event that moved it (golf: each player's probability to win the tournament; docs/odds.md)",
    tag: 'Matches',
    response: 'WinProbabilitySeries',
    handler: getWinProbability,
  }),
  feed({
    path: '/v1/{sport}/fixtures',
    operationId: 'getFixtures',
    summary: 'Upcoming fixtures with the spec 2.3 summary, paged',
    tag: 'Fixtures',
    query: FixturesQuery,
    response: 'FixturesResponse',
    handler: getFixtures,
    cache: upcoming,
  }),
  feed({
    path: '/v1/{sport}/results',
    operationId: 'getResults',
    summary: 'Full-time results, newest first, paged',
    tag: 'Results',
    query: ResultsQuery,
    response: 'ResultsResponse',
    handler: getResults,
    cache: seasonal,
  }),
  feed({
    path: '/v1/{sport}/standings',
    operationId: 'getStandings',
    summary: 'League tables, optionally live',
    tag: 'Standings',
    query: StandingsQuery,
    response: 'StandingsResponse',
    handler: getStandingsHandler,
    cache: seasonal,
  }),
  feed({
    path: '/v1/{sport}/statistics/teams',
    operationId: 'getTeamStatistics',
    summary: "Team records (W-D-L, points for and against, home and away) and the sport's team figures for a season",
    tag: 'Statistics',
    query: StatisticsQuery,
    response: 'TeamStatisticsResponse',
    handler: getTeamStatistics,
  }),
  feed({
    path: '/v1/{sport}/statistics/players',
    operationId: 'getPlayerStatistics',
    summary: "The sport's player tables for a season (scorers, batting, bowling, pitching, aces…)",
    tag: 'Statistics',
    query: StatisticsQuery,
    response: 'PlayerStatisticsResponse',
    handler: getPlayerStatistics,
  }),
  feed({
    path: '/v1/{sport}/odds',
    operationId: 'getOdds',
    summary: '1X2 consensus odds (spec 2.4), best prices, margin and every bookmaker line (opening, current, closing)',
    tag: 'Odds',
    query: OddsQuery,
    response: 'OddsResponse',
    handler: getOdds,
    cache: odds,
  }),
  feed({
    path: '/v1/{sport}/odds/history',
    operationId: 'getOddsHistory',
    summary: 'Line movement: every observed price of the match, oldest first, paged',
    tag: 'Odds',
    query: OddsHistoryQuery,
    response: 'OddsHistoryResponse',
    handler: getOddsHistory,
    cache: odds,
  }),
  // Resources with ids (issue 19): leagues and their seasons, teams, players, head-to-head.
  feed({
    path: '/v1/{sport}/leagues',
    operationId: 'getLeagues',
    summary:
      'Leagues of the sport: slug (the league id), name, country, seasons with ids (current first) and the standings rules',
    tag: 'Leagues',
    query: LeaguesQuery,
    response: 'LeaguesResponse',
    handler: getLeagues,
  }),
  feed({
    path: '/v1/{sport}/leagues/{slug}/seasons/{season}',
    operationId: 'getLeagueSeason',
    summary: 'One league-season (label, or `current`): fixtures by status, teams with ids, standings rules and tables',
    tag: 'Leagues',
    query: LeaguesQuery,
    response: 'LeagueSeason',
    handler: getLeagueSeason,
  }),
  feed({
    path: '/v1/{sport}/teams',
    operationId: 'getTeams',
    summary: 'Teams (tennis: players) with ids, by league, season and name search, paged',
    tag: 'Teams',
    query: TeamsQuery,
    response: 'TeamsResponse',
    handler: getTeams,
    notOps: true,
  }),
  feed({
    path: '/v1/{sport}/teams/{team_id}',
    operationId: 'getTeam',
    summary: 'One team: seasons, standing, form, last results, next fixtures, statistics',
    tag: 'Teams',
    query: TeamQuery,
    response: 'TeamDetail',
    handler: getTeamHandler,
    notOps: true,
  }),
  feed({
    path: '/v1/{sport}/players/{player_id}',
    operationId: 'getPlayer',
    summary: 'One player (where the data names players): teams, seasons, lines in the player tables',
    tag: 'Players',
    query: PlayerQuery,
    response: 'PlayerDetail',
    handler: getPlayerHandler,
  }),
  feed({
    path: '/v1/{sport}/head-to-head',
    operationId: 'getHeadToHead',
    summary: "Two teams' meetings: record, results newest first, upcoming fixtures",
    tag: 'Teams',
    query: HeadToHeadQuery,
    response: 'HeadToHead',
    handler: getHeadToHead,
  }),
];
