/**
 * Every /v1 REST route, declared once: method, path (OpenAPI template), operation id, summary,
 * tag, query object, request body and response components (server/api/openapi-components.ts), the
 * handler and how it authenticates. The Hono app (server/api/app.ts) serves them, the OpenAPI
 * document (server/api/openapi-document.ts) is generated from them, and the Node fast path
 * (server/http/fast-read.ts) finds the cached reads among them. Listed in the document's order;
 * ROUTES is the routing order (first match wins). `/v1/openapi.json`, `/v1/schemas/ws.json`
 * (server/api/app.ts) and the WebSocket `/v1/ws` (server/ws) are not in this table.
 */
import type { z } from 'zod';
import type { AuthMode, Handler } from './handler';
import { getFixtures, FixturesQuery } from './handlers/fixtures';
import { createKey, getCurrentKey, revokeCurrentKey, rotateCurrentKey } from './handlers/keys';
import { getLive, getMatchesLive, LiveQuery } from './handlers/live';
import { getMatchHandler } from './handlers/match';
import {
  createWebhook,
  deleteWebhook,
  DeliveriesQuery,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  retryWebhookDelivery,
  testWebhook,
  updateWebhook,
} from './handlers/webhooks';
import { getOdds, OddsQuery } from './handlers/odds';
import { getOddsHistory, OddsHistoryQuery } from './handlers/odds-history';
import { getFeedHealth } from './handlers/ops-health';
import { getResults, ResultsQuery } from './handlers/results';
import { getHeadToHead, HeadToHeadQuery } from './handlers/head-to-head';
import { getLeagueSeason, getLeagues, LeaguesQuery } from './handlers/leagues';
import { getPlayerHandler, PlayerQuery } from './handlers/players';
import { getTeamHandler, getTeams, TeamQuery, TeamsQuery } from './handlers/teams';
import { getStandingsHandler, StandingsQuery } from './handlers/standings';
import { getPlayerStatistics, getTeamStatistics, StatisticsQuery } from './handlers/statistics';
import { getOpsFixture } from './handlers/ops-fixture';
import { postBatch, postCorrection, postEvents, postOdds, postStatus } from './handlers/ops-ingest';
import {
  getCompetitions,
  getOpsFixtures,
  ListCompetitionsQuery,
  ListFixturesQuery,
  patchCompetition,
  patchOpsFixture,
  patchTeam,
  postCompetition,
  postFixture,
  postTeam,
} from './handlers/ops-reference';
import type { BodyName, ResponseName } from './openapi-components';
import { cachedRead } from './cached-read';
import { READ_POLICIES, type ReadPolicy } from './read-policies';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type Tag =
  | 'Live'
  | 'Matches'
  | 'Fixtures'
  | 'Results'
  | 'Standings'
  | 'Statistics'
  | 'Odds'
  | 'Leagues'
  | 'Teams'
  | 'Players'
  | 'Keys'
  | 'Webhooks'
  | 'Operators';

/** Each tag of the document, with its description (in the document's order of first use). */
export const TAGS: Record<Tag, string> = {
  Live: 'Matches in play: the live shape (spec 2.1) and in-play summaries (spec 2.2).',
  Matches: 'One match: live shape, fixture, timeline, lineups.',
  Fixtures: 'Upcoming fixtures (spec 2.3), filtered and paged.',
  Results: 'Full-time results, newest first, paged.',
  Standings: 'League tables and their tie-breakers, optionally live.',
  Statistics: 'Team and player tables of a season.',
  Odds: 'Decimal odds: consensus, best prices, bookmaker lines and line movement (spec 2.4).',
  Leagues: 'Leagues and their seasons.',
  Teams: 'Teams with ids, one team, head-to-head.',
  Players: 'Players where the data names them.',
  Keys: 'API keys: create one, see, rotate or revoke the calling key (production only).',
  Webhooks:
    'Webhook endpoints of the calling key, their deliveries, and the signed messages Scoreline POSTs to them (production only).',
  Operators:
    'Feeding the service: reference data, events, corrections, odds, feed health (operator key, production only; docs/operators.md).',
};

/** One route as declared: what the document says about it and what serves it. */
export interface RouteSpec {
  method: Method;
  /** OpenAPI path template, e.g. `/v1/{sport}/matches/{fixture_id}`. */
  path: string;
  operationId: string;
  summary: string;
  tag: Tag;
  /** The handler's query object (documented parameter by parameter); null: no query. */
  query: z.ZodObject | null;
  /** Success body component; null for 204 No Content. */
  response: ResponseName | null;
  /** Success status (default 200). */
  status?: 200 | 201 | 202 | 204;
  /** JSON request body component (POST, PATCH). */
  body?: BodyName;
  /** May answer 403 plan_limit_reached. */
  planLimited?: boolean;
  /** Operators: may answer 404 (an unknown id or league). */
  notFound?: boolean;
  /** `GET /v1/ops/…` is not this route (a `{sport}` of `ops`): GET /v1/ops/teams stays a 405. */
  notOps?: boolean;
  /** The plain `(Request, ctx) → Response` handler (server/api/handlers). */
  handler: Handler;
  /** How it authenticates (server/api/handler.ts AuthMode). */
  auth: AuthMode;
  /** Whether the dashboard's viewer session may call it (read routes only). */
  viewer: boolean;
  /** Whether /sandbox/v1 serves it too (the read feed; not key management, webhooks, operators). */
  sandbox: boolean;
}

/** A declared route, compiled: its matcher, its Hono path, and the handler that serves it. */
export interface Route extends RouteSpec {
  /** Matches the routed path (trailing slashes and /sandbox dropped) exactly; one group per path parameter. */
  pattern: RegExp;
  /** The handler's names of the pattern's groups, in order (`{fixture_id}` is `id` to getMatchHandler). A `sport` is checked against the ten slugs. */
  names: string[];
  /** The path in Hono's syntax (`/v1/:sport/live`). */
  honoPath: string;
  /** A cached read (server/api/read-policies.ts): `served` then answers from the read cache. */
  cache?: ReadPolicy;
  /** `handler`, through the read cache when `cache` is set. */
  served: Handler;
}

type Declared = Omit<RouteSpec, 'auth' | 'viewer' | 'sandbox' | 'method' | 'query'> & {
  method?: Method;
  query?: z.ZodObject | null;
};

/** A read route of the feed: any data key or the viewer session, served by the sandbox too. */
const feed = (d: Declared): RouteSpec => ({
  method: 'GET',
  query: null,
  ...d,
  auth: 'feed',
  viewer: true,
  sandbox: true,
});
/** A webhook route (production only, a data key, managing its own endpoints). */
const webhook = (d: Omit<Declared, 'tag'>): RouteSpec => ({
  method: 'GET',
  query: null,
  ...d,
  tag: 'Webhooks',
  auth: 'key',
  viewer: false,
  sandbox: false,
});
/** An operator route (docs/operators.md): operator keys only, never in the sandbox. */
const operator = (d: Omit<Declared, 'tag'>): RouteSpec => ({
  method: 'GET',
  query: null,
  ...d,
  tag: 'Operators',
  auth: 'operator',
  viewer: false,
  sandbox: false,
});
/** A key-management route (production only). */
const keys = (d: Omit<Declared, 'tag'>, auth: AuthMode): RouteSpec => ({
  method: 'GET',
  query: null,
  ...d,
  tag: 'Keys',
  auth,
  viewer: false,
  sandbox: false,
});

const CREATED = '201 when created, 200 (same body) when it already existed';
const SINGLE = '201 when stored; 200 for a duplicate, or for one the rules refuse: status rejected with the reason';

/** Every /v1 REST route, in the document's order. */
export const ROUTE_SPECS: RouteSpec[] = [
  // GET /v1/{sport}/… — the read feed (spec §4), also served by /sandbox/v1
  feed({
    path: '/v1/{sport}/live',
    operationId: 'getLive',
    summary: 'Live matches (spec 2.1)',
    tag: 'Live',
    query: LiveQuery,
    response: 'LiveResponse',
    handler: getLive,
  }),
  feed({
    path: '/v1/{sport}/matches/live',
    operationId: 'getMatchesLive',
    summary: 'In-play summaries (spec 2.2) with the latest event',
    tag: 'Live',
    query: LiveQuery,
    response: 'LiveSummaryResponse',
    handler: getMatchesLive,
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
    path: '/v1/{sport}/fixtures',
    operationId: 'getFixtures',
    summary: 'Upcoming fixtures with the spec 2.3 summary, paged',
    tag: 'Fixtures',
    query: FixturesQuery,
    response: 'FixturesResponse',
    handler: getFixtures,
  }),
  feed({
    path: '/v1/{sport}/results',
    operationId: 'getResults',
    summary: 'Full-time results, newest first, paged',
    tag: 'Results',
    query: ResultsQuery,
    response: 'ResultsResponse',
    handler: getResults,
  }),
  feed({
    path: '/v1/{sport}/standings',
    operationId: 'getStandings',
    summary: 'League tables, optionally live',
    tag: 'Standings',
    query: StandingsQuery,
    response: 'StandingsResponse',
    handler: getStandingsHandler,
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
  }),
  feed({
    path: '/v1/{sport}/odds/history',
    operationId: 'getOddsHistory',
    summary: 'Line movement: every observed price of the match, oldest first, paged',
    tag: 'Odds',
    query: OddsHistoryQuery,
    response: 'OddsHistoryResponse',
    handler: getOddsHistory,
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
  // /v1/keys — key management (docs/keys.md)
  keys(
    {
      method: 'POST',
      path: '/v1/keys',
      operationId: 'createKey',
      summary: 'Create a free API key (no key needed; shown once)',
      response: 'NewApiKey',
      status: 201,
      body: 'CreateKeyBody',
      handler: createKey,
    },
    'none',
  ),
  keys(
    {
      path: '/v1/keys/current',
      operationId: 'getCurrentKey',
      summary: 'The calling key: plan, limits, last used',
      response: 'ApiKey',
      handler: getCurrentKey,
    },
    'self',
  ),
  keys(
    {
      method: 'DELETE',
      path: '/v1/keys/current',
      operationId: 'revokeCurrentKey',
      summary: 'Revoke the calling key',
      response: null,
      status: 204,
      handler: revokeCurrentKey,
    },
    'self',
  ),
  keys(
    {
      method: 'POST',
      path: '/v1/keys/current/rotate',
      operationId: 'rotateCurrentKey',
      summary: 'Replace the calling key by a new one (the old one stops working)',
      response: 'NewApiKey',
      status: 201,
      handler: rotateCurrentKey,
    },
    'self',
  ),
  // /v1/webhooks — the calling key's endpoints (docs/webhooks.md)
  webhook({
    method: 'POST',
    path: '/v1/webhooks',
    operationId: 'createWebhook',
    summary: 'Register a webhook endpoint (answer includes its signing secret)',
    response: 'WebhookEndpoint',
    status: 201,
    body: 'CreateWebhookBody',
    planLimited: true,
    handler: createWebhook,
  }),
  webhook({
    path: '/v1/webhooks',
    operationId: 'listWebhooks',
    summary: "The calling key's webhook endpoints (without secrets)",
    response: 'WebhookList',
    handler: listWebhooks,
  }),
  webhook({
    path: '/v1/webhooks/{id}',
    operationId: 'getWebhook',
    summary: 'One webhook endpoint, with its signing secret',
    response: 'WebhookEndpoint',
    handler: getWebhook,
  }),
  webhook({
    method: 'PATCH',
    path: '/v1/webhooks/{id}',
    operationId: 'updateWebhook',
    summary: 'Change the URL, filters or description; disable or re-enable (status)',
    response: 'WebhookEndpoint',
    body: 'UpdateWebhookBody',
    handler: updateWebhook,
  }),
  webhook({
    method: 'DELETE',
    path: '/v1/webhooks/{id}',
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook endpoint (its pending deliveries are dropped)',
    response: null,
    status: 204,
    handler: deleteWebhook,
  }),
  webhook({
    method: 'POST',
    path: '/v1/webhooks/{id}/test',
    operationId: 'testWebhook',
    summary: 'Send a signed webhook.test message now',
    response: 'WebhookQueued',
    status: 202,
    handler: testWebhook,
  }),
  webhook({
    path: '/v1/webhooks/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'Deliveries, newest first, with every attempt (status code, latency, error), paged',
    query: DeliveriesQuery,
    response: 'WebhookDeliveries',
    handler: listWebhookDeliveries,
  }),
  webhook({
    method: 'POST',
    path: '/v1/webhooks/{id}/deliveries/{delivery_id}/retry',
    operationId: 'retryWebhookDelivery',
    summary: 'Deliver a message again now, with a fresh retry schedule',
    response: 'WebhookQueued',
    status: 202,
    handler: retryWebhookDelivery,
  }),
  // /v1/ops — the operator API (docs/operators.md, docs/operations.md)
  operator({
    path: '/v1/ops/health',
    operationId: 'getFeedHealth',
    summary:
      "Feed health: each source's last event, rate and lag, silent live matches, WebSocket, webhook, API and store figures, adapters (docs/operations.md)",
    response: 'FeedHealth',
    handler: getFeedHealth,
  }),
  operator({
    method: 'POST',
    path: '/v1/ops/competitions',
    operationId: 'createCompetition',
    summary: `Create a competition, or rename the one with this sport, league and season (${CREATED})`,
    response: 'OpsCompetition',
    status: 201,
    body: 'CompetitionBody',
    handler: postCompetition,
  }),
  operator({
    path: '/v1/ops/competitions',
    operationId: 'listCompetitions',
    summary: 'Competitions, newest first',
    query: ListCompetitionsQuery,
    response: 'OpsCompetitionList',
    handler: getCompetitions,
  }),
  operator({
    method: 'PATCH',
    path: '/v1/ops/competitions/{competition_id}',
    operationId: 'renameCompetition',
    summary: 'Rename a competition',
    response: 'OpsCompetition',
    body: 'CompetitionPatch',
    notFound: true,
    handler: patchCompetition,
  }),
  operator({
    method: 'POST',
    path: '/v1/ops/teams',
    operationId: 'createTeam',
    summary: `Find or create a team by sport and name (any known spelling; ${CREATED})`,
    response: 'OpsTeam',
    status: 201,
    body: 'TeamBody',
    handler: postTeam,
  }),
  operator({
    method: 'PATCH',
    path: '/v1/ops/teams/{team_id}',
    operationId: 'renameTeam',
    summary: 'Rename a team (400 invalid_body when another team of the sport has the name)',
    response: 'OpsTeam',
    body: 'TeamPatch',
    notFound: true,
    handler: patchTeam,
  }),
  operator({
    method: 'POST',
    path: '/v1/ops/fixtures',
    operationId: 'createFixture',
    summary: `Create a fixture; its teams are created when new (201 when created, 200 when external_id names an existing one)`,
    response: 'OpsFixture',
    status: 201,
    body: 'FixtureBody',
    notFound: true,
    handler: postFixture,
  }),
  operator({
    path: '/v1/ops/fixtures',
    operationId: 'listOpsFixtures',
    summary: 'Fixtures, newest kickoff first, at most 200',
    query: ListFixturesQuery,
    response: 'OpsFixtureList',
    handler: getOpsFixtures,
  }),
  operator({
    path: '/v1/ops/fixtures/{fixture_id}',
    operationId: 'getOpsFixture',
    summary: 'One fixture, its live match (spec 2.1) and its whole stored log with source, retracted and amended flags',
    response: 'OpsFixtureDetail',
    notFound: true,
    handler: getOpsFixture,
  }),
  operator({
    method: 'PATCH',
    path: '/v1/ops/fixtures/{fixture_id}',
    operationId: 'patchOpsFixture',
    summary: 'Reschedule or relabel a fixture: kickoff, round, group, venue (status changes are events)',
    response: 'OpsFixture',
    body: 'FixturePatch',
    notFound: true,
    handler: patchOpsFixture,
  }),
  operator({
    method: 'POST',
    path: '/v1/ops/fixtures/{fixture_id}/status',
    operationId: 'postStatus',
    summary: `Change a fixture's status (postponed, suspended, abandoned, resumed…) with a status event (${SINGLE})`,
    response: 'ItemResult',
    status: 201,
    body: 'StatusBody',
    handler: postStatus,
  }),
  operator({
    method: 'POST',
    path: '/v1/ops/events',
    operationId: 'postEvents',
    summary:
      'Push 1–1000 match events: one result per event, in order (stored, duplicate by event_id, or rejected with the reason; the others are still stored)',
    response: 'IngestResult',
    body: 'EventsBody',
    handler: postEvents,
  }),
  operator({
    method: 'POST',
    path: '/v1/ops/corrections',
    operationId: 'postCorrection',
    summary: `Amend or retract an earlier event of the fixture (${SINGLE})`,
    response: 'ItemResult',
    status: 201,
    body: 'CorrectionBody',
    handler: postCorrection,
  }),
  operator({
    method: 'POST',
    path: '/v1/ops/odds',
    operationId: 'postOdds',
    summary: 'Push 1–1000 odds ticks (decimal or any format docs/odds.md reads): one result per tick, in order',
    response: 'IngestResult',
    body: 'OddsBody',
    handler: postOdds,
  }),
  operator({
    method: 'POST',
    path: '/v1/ops/batch',
    operationId: 'postBatch',
    summary: 'Push 1–1000 mixed items (event, correction, status, odds), applied in order: one result per item',
    response: 'IngestResult',
    body: 'BatchBody',
    handler: postBatch,
  }),
];

/** Regex of one path parameter and the name its handler reads it under. */
function parameter(name: string, spec: RouteSpec): { group: string; as: string } {
  if (spec.path.startsWith('/v1/ops/')) return { group: '(\\d{1,9})', as: 'id' }; // operator ids: 1–9 digits
  if (name === 'id') return { group: '(wh_[A-Za-z0-9_-]{1,40})', as: 'id' }; // a webhook endpoint
  if (name === 'delivery_id') return { group: '(dlv_[A-Za-z0-9_-]{1,40})', as: 'delivery_id' };
  return { group: '([^/]+)', as: name.endsWith('_id') ? 'id' : name }; // checked by the handler (sport: by the router)
}

/** Compiles a declared route: its matcher, Hono path and served handler. */
function compile(spec: RouteSpec): Route {
  const names: string[] = [];
  let source = '^';
  let honoPath = '';
  for (const part of spec.path.split('/').slice(1)) {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name) {
      source += `\\/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      honoPath += `/${part}`;
      continue;
    }
    const { group, as } = parameter(name, spec);
    source += `\\/${name === 'sport' && spec.notOps ? '(?!ops\\/)' : ''}${group}`;
    honoPath += `/:${as}`;
    names.push(as);
  }
  const cache = READ_POLICIES.get(spec.handler);
  const served: Handler = cache ? (req, ctx) => cachedRead(cache, spec.handler, req, ctx) : spec.handler;
  return { ...spec, pattern: new RegExp(`${source}$`), names, honoPath, cache, served };
}

/** Every declared route, compiled, in the document's order. */
export const API_ROUTES: Route[] = ROUTE_SPECS.map(compile);

const isOps = (r: Route) => r.path.startsWith('/v1/ops/');

/**
 * Every /v1 REST route in routing order, first match wins: the operator routes before the feed's,
 * whose `{sport}` would otherwise take `ops` (GET /v1/ops/fixtures is the operators' list).
 */
export const ROUTES: Route[] = [...API_ROUTES.filter(isOps), ...API_ROUTES.filter((r) => !isOps(r))];
