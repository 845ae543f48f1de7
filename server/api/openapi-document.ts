/**
 * The OpenAPI 3.1 document of the /v1 REST API, generated from the same zod schemas the handlers
 * use: response shapes from lib/wire/schemas.ts and lib/wire/webhooks.ts, query parameters from each
 * handler's query object, and under `webhooks` the signed messages Scoreline POSTs to endpoints.
 * The operator API (/v1/ops, tag Operators) is in server/api/openapi-ops.ts.
 * Served at GET /v1/openapi.json (server/api/handlers/openapi.ts) and rendered at /docs/api.
 */
import { z } from 'zod';
import pkg from '../../package.json' with { type: 'json' };
import { SPORTS } from '@/lib/sports';
import { FixturesQuery } from './handlers/fixtures';
import { OddsQuery } from './handlers/odds';
import { OddsHistoryQuery } from './handlers/odds-history';
import { ResultsQuery } from './handlers/results';
import { StandingsQuery } from './handlers/standings';
import { StatisticsQuery } from './handlers/statistics';
import * as ST from '@/lib/wire/statistics';
import { LiveQuery } from './handlers/live';
import { HeadToHeadQuery } from './handlers/head-to-head';
import { LeaguesQuery } from './handlers/leagues';
import { PlayerQuery } from './handlers/players';
import { TeamQuery, TeamsQuery } from './handlers/teams';
import * as R from '@/lib/wire/resources';
import { DeliveriesQuery } from './handlers/webhooks';
import * as W from '@/lib/wire/schemas';
import { ApiKeySchema, CreateKeyBody, NewApiKeySchema } from '@/lib/wire/keys';
import * as WH from '@/lib/wire/webhooks';
import { OPS_BODIES, OPS_ERRORS, OPS_OPERATIONS, OPS_PARAM_DOCS, OPS_PATH_PARAMS, OPS_REQUEST_SCHEMAS, OPS_RESPONSE_SCHEMAS, opsErrorsOf } from './openapi-ops';

const seq = z.number().int().nonnegative();

/** The sandbox's mark: `"sandbox": true` in every /sandbox/v1 body, absent in production. */
const sandboxMark = { sandbox: z.literal(true).optional().describe('Present (true) only in sandbox answers (/sandbox/v1).') };
const marked = <S extends z.ZodObject>(s: S) => s.extend(sandboxMark);

/** Response bodies by component name, in the order they are listed. */
export const RESPONSE_SCHEMAS = {
  LiveResponse: marked(z.object({ data: z.array(W.LiveMatchSchema), seq })),
  LiveSummaryResponse: marked(z.object({ data: z.array(W.LiveSummarySchema), seq })),
  MatchDetail: marked(W.MatchDetailSchema),
  FixturesResponse: marked(W.FixturesResponseSchema),
  ResultsResponse: marked(W.ResultsResponseSchema),
  StandingsResponse: marked(W.StandingsResponseSchema),
  TeamStatisticsResponse: marked(ST.TeamStatisticsResponseSchema),
  PlayerStatisticsResponse: marked(ST.PlayerStatisticsResponseSchema),
  OddsResponse: marked(W.OddsResponseSchema),
  OddsHistoryResponse: marked(W.OddsHistoryResponseSchema),
  LeaguesResponse: marked(R.LeaguesResponseSchema),
  LeagueSeason: marked(R.LeagueSeasonSchema),
  TeamsResponse: marked(R.TeamsResponseSchema),
  TeamDetail: marked(R.TeamDetailSchema),
  PlayerDetail: marked(R.PlayerDetailSchema),
  HeadToHead: marked(R.HeadToHeadSchema),
  ApiKey: ApiKeySchema,
  NewApiKey: NewApiKeySchema,
  WebhookEndpoint: WH.WebhookEndpointSchema,
  WebhookList: WH.WebhookListSchema,
  WebhookDeliveries: WH.WebhookDeliveriesSchema,
  WebhookQueued: WH.WebhookQueuedSchema,
  ...OPS_RESPONSE_SCHEMAS,
} as const;
export type ResponseName = keyof typeof RESPONSE_SCHEMAS;

/** Shared shapes that get their own component (referenced from the responses above). */
const SHARED: Record<string, z.ZodType> = {
  LiveMatch: W.LiveMatchSchema,
  LiveSummary: W.LiveSummarySchema,
  LastEvent: W.LastEventSchema,
  Fixture: W.FixtureSchema,
  FixturesSummary: W.FixturesSummarySchema,
  Result: W.ResultSchema,
  StandingsTable: W.StandingsTableSchema,
  StandingsRow: W.StandingsRowSchema,
  MatchEvent: W.MatchEventSchema,
  Lineup: W.LineupSchema,
  OddsTick: W.OddsTickSchema,
  League: R.LeagueSchema,
  SeasonRef: R.SeasonRefSchema,
  TeamRef: R.TeamRefSchema,
  Problem: W.ProblemSchema.extend({ request_id: z.string(), ...sandboxMark }),
  CreateKeyBody: CreateKeyBody,
  CreateWebhookBody: WH.CreateWebhookBody,
  UpdateWebhookBody: WH.UpdateWebhookBody,
  WebhookDelivery: WH.WebhookDeliverySchema,
  WebhookAttempt: WH.WebhookAttemptSchema,
  WebhookMatchEvent: WH.MatchEventEnvelope,
  WebhookOddsUpdated: WH.OddsEnvelope,
  WebhookTestMessage: WH.TestEnvelope,
};

/** Request bodies by component name: whether the body is required (POST /v1/keys and PATCH accept an empty one). */
const BODIES = { CreateKeyBody: false, CreateWebhookBody: true, UpdateWebhookBody: false, ...OPS_BODIES } as const;

/** One operation of the document. */
export interface OperationSpec {
  method?: Method;
  path: string;
  operationId: string;
  summary: string;
  tag: 'Live' | 'Matches' | 'Fixtures' | 'Results' | 'Standings' | 'Statistics' | 'Odds' | 'Leagues' | 'Teams' | 'Players' | 'Keys' | 'Webhooks' | 'Operators';
  query: z.ZodObject | null;
  /** Success body; null for 204 No Content. */
  response: ResponseName | null;
  /** Success status (default 200). */
  status?: 200 | 201 | 202 | 204;
  /** JSON request body component (POST, PATCH). */
  body?: keyof typeof BODIES;
  /** `none`: no key (POST /v1/keys); `operator`: an operator key (/v1/ops). Default: bearer key (an API key; the dashboard's viewer session is refused where productionOnly). */
  security?: 'none' | 'operator';
  /** Not served by /sandbox/v1 (key management, webhooks). */
  productionOnly?: boolean;
  /** May answer 403 plan_limit_reached. */
  planLimited?: boolean;
  /** Operators: may answer 404 (an unknown id or league). */
  notFound?: boolean;
  /** A cached read (server/api/read-policies.ts READ_POLICIES): ETag, Cache-Control, Vary, If-None-Match → 304. */
  cached?: boolean;
}

/** Every /v1 REST operation (server/api/router.ts ROUTES), in the router's order. */
export const OPERATIONS: OperationSpec[] = [
  { path: '/v1/{sport}/live', operationId: 'getLive', summary: 'Live matches (spec 2.1)', tag: 'Live', query: LiveQuery, response: 'LiveResponse' , cached: true },
  { path: '/v1/{sport}/matches/live', operationId: 'getMatchesLive', summary: 'In-play summaries (spec 2.2) with the latest event', tag: 'Live', query: LiveQuery, response: 'LiveSummaryResponse' , cached: true },
  { path: '/v1/{sport}/matches/{fixture_id}', operationId: 'getMatch', summary: 'One match: live shape, fixture, timeline, lineups', tag: 'Matches', query: null, response: 'MatchDetail' },
  { path: '/v1/{sport}/fixtures', operationId: 'getFixtures', summary: 'Upcoming fixtures with the spec 2.3 summary, paged', tag: 'Fixtures', query: FixturesQuery, response: 'FixturesResponse' , cached: true },
  { path: '/v1/{sport}/results', operationId: 'getResults', summary: 'Full-time results, newest first, paged', tag: 'Results', query: ResultsQuery, response: 'ResultsResponse' , cached: true },
  { path: '/v1/{sport}/standings', operationId: 'getStandings', summary: 'League tables, optionally live', tag: 'Standings', query: StandingsQuery, response: 'StandingsResponse' , cached: true },
  { path: '/v1/{sport}/statistics/teams', operationId: 'getTeamStatistics', summary: "Team records (W-D-L, points for and against, home and away) and the sport's team figures for a season", tag: 'Statistics', query: StatisticsQuery, response: 'TeamStatisticsResponse' },
  { path: '/v1/{sport}/statistics/players', operationId: 'getPlayerStatistics', summary: "The sport's player tables for a season (scorers, batting, bowling, pitching, aces…)", tag: 'Statistics', query: StatisticsQuery, response: 'PlayerStatisticsResponse' },
  { path: '/v1/{sport}/odds', operationId: 'getOdds', summary: '1X2 consensus odds (spec 2.4), best prices, margin and every bookmaker line (opening, current, closing)', tag: 'Odds', query: OddsQuery, response: 'OddsResponse' , cached: true },
  { path: '/v1/{sport}/odds/history', operationId: 'getOddsHistory', summary: 'Line movement: every observed price of the match, oldest first, paged', tag: 'Odds', query: OddsHistoryQuery, response: 'OddsHistoryResponse' , cached: true },
  { path: '/v1/{sport}/leagues', operationId: 'getLeagues', summary: 'Leagues of the sport: slug (the league id), name, country, seasons with ids (current first) and the standings rules', tag: 'Leagues', query: LeaguesQuery, response: 'LeaguesResponse' },
  { path: '/v1/{sport}/leagues/{slug}/seasons/{season}', operationId: 'getLeagueSeason', summary: 'One league-season (label, or `current`): fixtures by status, teams with ids, standings rules and tables', tag: 'Leagues', query: LeaguesQuery, response: 'LeagueSeason' },
  { path: '/v1/{sport}/teams', operationId: 'getTeams', summary: 'Teams (tennis: players) with ids, by league, season and name search, paged', tag: 'Teams', query: TeamsQuery, response: 'TeamsResponse' },
  { path: '/v1/{sport}/teams/{team_id}', operationId: 'getTeam', summary: 'One team: seasons, standing, form, last results, next fixtures, statistics', tag: 'Teams', query: TeamQuery, response: 'TeamDetail' },
  { path: '/v1/{sport}/players/{player_id}', operationId: 'getPlayer', summary: 'One player (where the data names players): teams, seasons, lines in the player tables', tag: 'Players', query: PlayerQuery, response: 'PlayerDetail' },
  { path: '/v1/{sport}/head-to-head', operationId: 'getHeadToHead', summary: "Two teams' meetings: record, results newest first, upcoming fixtures", tag: 'Teams', query: HeadToHeadQuery, response: 'HeadToHead' },
  { method: 'post', path: '/v1/keys', operationId: 'createKey', summary: 'Create a free API key (no key needed; shown once)', tag: 'Keys', query: null, response: 'NewApiKey', status: 201, body: 'CreateKeyBody', security: 'none', productionOnly: true },
  { path: '/v1/keys/current', operationId: 'getCurrentKey', summary: 'The calling key: plan, limits, last used', tag: 'Keys', query: null, response: 'ApiKey', productionOnly: true },
  { method: 'delete', path: '/v1/keys/current', operationId: 'revokeCurrentKey', summary: 'Revoke the calling key', tag: 'Keys', query: null, response: null, status: 204, productionOnly: true },
  { method: 'post', path: '/v1/keys/current/rotate', operationId: 'rotateCurrentKey', summary: 'Replace the calling key by a new one (the old one stops working)', tag: 'Keys', query: null, response: 'NewApiKey', status: 201, productionOnly: true },
  ...webhookOps([
    { method: 'post', path: '/v1/webhooks', operationId: 'createWebhook', summary: 'Register a webhook endpoint (answer includes its signing secret)', response: 'WebhookEndpoint', status: 201, body: 'CreateWebhookBody', planLimited: true },
    { path: '/v1/webhooks', operationId: 'listWebhooks', summary: "The calling key's webhook endpoints (without secrets)", response: 'WebhookList' },
    { path: '/v1/webhooks/{id}', operationId: 'getWebhook', summary: 'One webhook endpoint, with its signing secret', response: 'WebhookEndpoint' },
    { method: 'patch', path: '/v1/webhooks/{id}', operationId: 'updateWebhook', summary: 'Change the URL, filters or description; disable or re-enable (status)', response: 'WebhookEndpoint', body: 'UpdateWebhookBody' },
    { method: 'delete', path: '/v1/webhooks/{id}', operationId: 'deleteWebhook', summary: 'Delete a webhook endpoint (its pending deliveries are dropped)', response: null, status: 204 },
    { method: 'post', path: '/v1/webhooks/{id}/test', operationId: 'testWebhook', summary: 'Send a signed webhook.test message now', response: 'WebhookQueued', status: 202 },
    { path: '/v1/webhooks/{id}/deliveries', operationId: 'listWebhookDeliveries', summary: 'Deliveries, newest first, with every attempt (status code, latency, error), paged', query: DeliveriesQuery, response: 'WebhookDeliveries' },
    { method: 'post', path: '/v1/webhooks/{id}/deliveries/{delivery_id}/retry', operationId: 'retryWebhookDelivery', summary: 'Deliver a message again now, with a fresh retry schedule', response: 'WebhookQueued', status: 202 },
  ]),
  ...OPS_OPERATIONS,
];

/** Webhook operations: tag Webhooks, API key only, production only, no query unless given. */
function webhookOps(ops: (Omit<OperationSpec, 'tag' | 'query' | 'productionOnly'> & { query?: z.ZodObject })[]): OperationSpec[] {
  return ops.map((o) => ({ ...o, query: o.query ?? null, tag: 'Webhooks', productionOnly: true }));
}

/** Human descriptions of the query parameters (docs/api.md). */
export const PARAM_DOCS: Record<string, string> = {
  league: 'League slug, e.g. premier-league, world-cup.',
  season: 'Season: 2023-24 for leagues, 2022 for tournaments.',
  team: 'Team name; any known spelling.',
  from: 'Kickoff from: YYYY-MM-DD (UTC day) or a date-time with zone.',
  to: 'Kickoff to (inclusive): YYYY-MM-DD or a date-time with zone.',
  status: 'Match status.',
  limit: 'Page size (1–200; odds history 1–1000).',
  cursor: 'Opaque cursor from next_cursor.',
  live: 'true: tables as if the matches in play ended now.',
  search: 'Only teams whose name or a known spelling contains this (case-insensitive).',
  teams: 'Two team ids or names, comma-separated (1,2 or Arsenal,Chelsea).',
  'getTeams.limit': 'Page size (1–200, default 50).',
  'getHeadToHead.limit': 'Results and upcoming fixtures listed (1–200, default 20); the summary counts every meeting.',
  stage: 'regular (default): regular-season matches; playoffs; all. Sports without playoffs count everything as regular.',
  match_id: 'The fixture_id of the match.',
  market: 'Only lines of this market.',
  'listWebhookDeliveries.status': 'Only deliveries in this state.',
  'listWebhookDeliveries.limit': 'Page size (1–200, default 50).',
  bookmaker: 'Only lines of this bookmaker (slug).',
  selection: 'Only this selection (home, draw, away, over, under).',
  ...OPS_PARAM_DOCS,
};

/** Error responses by component name: [status, description]. */
const ERRORS = {
  BadRequest: ['400', 'A parameter or the body is malformed (code invalid_parameter / invalid_body).'],
  Unauthorized: ['401', 'The API key is missing, invalid or revoked (code unauthorized).'],
  Forbidden: ['403', "The key's plan allows no more webhook endpoints (code plan_limit_reached)."],
  NotFound: ['404', 'Unknown sport, fixture, league or odds (see code).'],
  WebhookNotFound: ['404', 'No webhook endpoint with this id for this API key (code webhook_not_found), or no such delivery of it (delivery_not_found).'],
  RequestTimeout: ['408', 'The body did not arrive within BODY_TIMEOUT_S (default 10 s); the connection is closed (code request_timeout).'],
  ContentTooLarge: ['413', 'The body is larger than 16 KiB, refused at once when Content-Length declares more (code payload_too_large).'],
  UnsupportedMediaType: ['415', 'The body is not application/json (code unsupported_media_type).'],
  TooManyRequests: ['429', 'Rate limited (code rate_limited); see Retry-After.'],
  InternalError: ['500', 'A server fault (code internal_error).'],
  ...OPS_ERRORS,
} as const;
type ErrorName = keyof typeof ERRORS;

/** The error responses an operation documents. */
function errorsOf(op: OperationSpec): ErrorName[] {
  if (op.tag === 'Operators') return opsErrorsOf(op);
  if (op.tag !== 'Keys' && op.tag !== 'Webhooks') return ['BadRequest', 'Unauthorized', 'NotFound', 'TooManyRequests', 'InternalError'];
  const names: ErrorName[] = [];
  if (op.body || op.query) names.push('BadRequest');
  if (op.security !== 'none') names.push('Unauthorized');
  if (op.planLimited) names.push('Forbidden');
  if (op.path.includes('{id}')) names.push('WebhookNotFound');
  if (op.body) names.push('RequestTimeout', 'ContentTooLarge', 'UnsupportedMediaType');
  return [...names, 'TooManyRequests', 'InternalError'];
}

type Json = Record<string, unknown>;

/** Drops zod's noise from each node: safe-integer bounds and `additionalProperties: false` (/v1 may add fields). */
function tidy(ctx: { jsonSchema: Json }): void {
  const s = ctx.jsonSchema;
  if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
  if (s.additionalProperties === false) delete s.additionalProperties;
}

/** JSON Schema (2020-12) of every component, cross-referenced with `#/components/schemas/<name>`. */
export function componentSchemas(): Record<string, Json> {
  // The operator request bodies are emitted as sent (io: input): defaulted fields optional, times as strings before their transform.
  return { ...emit({ ...SHARED, ...RESPONSE_SCHEMAS }, 'output'), ...emit(OPS_REQUEST_SCHEMAS, 'input') };
}

/** JSON Schema of each named zod schema, cross-referenced with `#/components/schemas/<name>`. */
function emit(named: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, Json> {
  const reg = z.registry<{ id: string }>();
  for (const [id, s] of Object.entries(named)) reg.add(s, { id });
  const out = z.toJSONSchema(reg, { target: 'draft-2020-12', io, uri: (id) => `#/components/schemas/${id}`, override: tidy }) as { schemas: Record<string, Json> };
  for (const s of Object.values(out.schemas)) {
    delete s.$schema;
    delete s.$id;
  }
  return out.schemas;
}

/** Path parameters by name (in path order). */
const PATH_PARAMS: Record<string, Json> = {
  ...OPS_PATH_PARAMS,
  sport: { description: 'Sport slug.', schema: { type: 'string', enum: [...SPORTS] } },
  fixture_id: { description: 'The match id.', schema: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
  slug: { description: 'League slug (the league id), e.g. premier-league.', schema: { type: 'string' } },
  season: { description: 'Season label (2023-24, 2022, 2022-replay) or `current`.', schema: { type: 'string' } },
  team_id: { description: 'The team id: GET /v1/{sport}/teams, fixtures home_team_id / away_team_id, standings team_id (operators: POST /v1/ops/teams answers it too).', schema: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
  player_id: { description: 'Player id (from the player tables, player_id).', schema: { type: 'integer', minimum: 1 } },
  id: { description: 'The webhook endpoint id (wh_…).', schema: { type: 'string', pattern: '^wh_[A-Za-z0-9_-]{1,40}$' } },
  delivery_id: { description: 'The delivery id (dlv_…) from the deliveries list.', schema: { type: 'string', pattern: '^dlv_[A-Za-z0-9_-]{1,40}$' } },
};

/** OpenAPI parameters of one operation: its path parameters, then the handler's query fields. */
function parameters(op: OperationSpec): Json[] {
  const ps: Json[] = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, ...PATH_PARAMS[name] }));
  for (const [name, s] of Object.entries(op.query?.shape ?? {})) {
    const schema = z.toJSONSchema(s as z.ZodType, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any', override: tidy }) as Json;
    delete schema.$schema;
    ps.push({ name, in: 'query', required: !(s as z.ZodType).safeParse(undefined).success, description: PARAM_DOCS[`${op.operationId}.${name}`] ?? PARAM_DOCS[name] ?? name, schema });
  }
  return ps;
}

const SUCCESS: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content' };
const SANDBOX_LACKS: Partial<Record<OperationSpec['tag'], string>> = { Keys: 'does not manage keys', Webhooks: 'has no webhooks', Operators: 'has no operator API' };

/** Response headers of a cached read (docs/api.md, "Caching and conditional requests"). */
const CACHE_HEADERS: Json = {
  ETag: { description: 'Weak validator of this representation (the same JSON in any coding); send it back in If-None-Match.', schema: { type: 'string' } },
  'Cache-Control': { description: '`private, no-cache` (revalidate every use), or `private, max-age=3600` for a finished season; `public` in the sandbox.', schema: { type: 'string' } },
  Vary: { description: '`Accept-Encoding`: the body is br or gzip when asked for (Content-Encoding).', schema: { type: 'string' } },
};
const IF_NONE_MATCH: Json = { name: 'If-None-Match', in: 'header', required: false, description: 'An ETag from an earlier answer: 304 Not Modified (no body) while it is current. Still authenticated and counted against the rate limits.', schema: { type: 'string' } };
const NOT_MODIFIED: Json = { description: 'Not Modified: the ETag sent in If-None-Match is current.', headers: { ETag: CACHE_HEADERS.ETag, 'Cache-Control': CACHE_HEADERS['Cache-Control'] } };

function operation(op: OperationSpec): Json {
  const errors = Object.fromEntries(errorsOf(op).map((name) => [ERRORS[name][0], { $ref: `#/components/responses/${name}` }]));
  const status = String(op.status ?? 200);
  const success = op.response
    ? { description: SUCCESS[status], ...(op.cached ? { headers: CACHE_HEADERS } : {}), content: { 'application/json': { schema: { $ref: `#/components/schemas/${op.response}` } } } }
    : { description: SUCCESS[status] };
  return {
    operationId: op.operationId,
    summary: op.summary,
    tags: [op.tag],
    security: op.security === 'none' ? [] : [op.security === 'operator' ? { operatorAuth: [] } : { bearerAuth: [] }],
    ...(op.productionOnly ? { servers: [{ url: '/', description: `Production only: the sandbox ${SANDBOX_LACKS[op.tag] ?? 'does not serve this'}.` }] } : {}),
    parameters: op.cached ? [...parameters(op), IF_NONE_MATCH] : parameters(op),
    ...(op.body ? { requestBody: { required: BODIES[op.body], content: { 'application/json': { schema: { $ref: `#/components/schemas/${op.body}` } } } } } : {}),
    responses: { [status]: success, ...(op.cached ? { '304': NOT_MODIFIED } : {}), ...errors },
  };
}

const DESCRIPTION = `Live sports data. Send \`Authorization: Bearer <API_KEY>\` (get a free key at /keys or with POST /v1/keys). The sandbox serves the same read endpoints with no key under /sandbox/v1 (second server below): sample data, a looping replay, every body marked \`"sandbox": true\`. Errors are RFC 9457 \`application/problem+json\` with a stable \`code\` (see /docs/errors). Timestamps are ISO 8601 UTC with Z.

Versioning: /v1 is stable. Fields are only added, never renamed or removed, so clients must ignore fields they do not know. A breaking change gets a new prefix (/v2), served beside /v1. This document is served without a key at /v1/openapi.json; the JSON Schemas of the WebSocket protocol (/v1/ws) likewise at /v1/schemas/ws.json.

Operators (production only): the /v1/ops endpoints (tag Operators) feed the service and take an operator key (\`slo_…\`, operatorAuth), never an API key; an operator key cannot read the feed and an API key cannot feed it (403 \`forbidden_role\`); see docs/operators.md.

Webhooks (production only, API key only): register an endpoint with POST /v1/webhooks and Scoreline POSTs the messages listed under \`webhooks\` to it, signed per Standard Webhooks (https://www.standardwebhooks.com) with the endpoint's secret.`;

export type Method = 'get' | 'post' | 'patch' | 'delete';

/** The three Standard Webhooks headers of every message (header parameters of each `webhooks` entry). */
const SIGNATURE_HEADERS: Json[] = [
  { name: 'webhook-id', in: 'header', required: true, description: 'Message id: the same on every attempt of the message; use it to drop duplicates.', schema: { type: 'string' } },
  { name: 'webhook-timestamp', in: 'header', required: true, description: 'Unix seconds when this attempt was signed; reject values far from your clock.', schema: { type: 'string', pattern: '^[0-9]+$' } },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description: 'Space-separated `v1,<base64>` signatures: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the endpoint secret after `whsec_`.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
  },
];

/** The signed messages POSTed to webhook endpoints: `webhooks` key, operationId, body component, summary. */
const MESSAGES: [string, string, string, string][] = [
  ['match.event', 'matchEventMessage', 'WebhookMatchEvent', 'A match event; `type` is `match.<event type>` (match.goal, match.red_card, …), with the event and the match after it.'],
  ['odds.updated', 'oddsUpdatedMessage', 'WebhookOddsUpdated', 'New odds ticks of one match.'],
  ['webhook.test', 'webhookTestMessage', 'WebhookTestMessage', 'Sent by POST /v1/webhooks/{id}/test: the endpoint is reachable and can verify signatures.'],
];

/** The OpenAPI 3.1 `webhooks` object: one POST per message type, with the signature headers and the envelope. */
function webhookMessages(): Record<string, Json> {
  const responses = {
    '2XX': { description: 'Received: any 2xx acknowledges the delivery (answer within WEBHOOK_TIMEOUT_MS, default 10 s).' },
    '410': { description: 'Gone: the endpoint is disabled at once and gets no further deliveries.' },
    default: { description: 'Anything else, a redirect or no answer is retried (0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, ±20 %; a longer Retry-After wins); an endpoint failing for 5 days is disabled.' },
  };
  return Object.fromEntries(
    MESSAGES.map(([name, operationId, schema, summary]) => [
      name,
      { post: { operationId, summary, tags: ['Webhooks'], parameters: SIGNATURE_HEADERS, requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } }, responses } },
    ]),
  );
}

/** Builds the OpenAPI 3.1 document of the /v1 REST API (pure; the same object on every call). */
export function buildOpenApi(): Json & { paths: Record<string, Partial<Record<Method, Json>>>; components: { schemas: Record<string, Json>; [k: string]: unknown } } {
  const paths: Record<string, Partial<Record<Method, Json>>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method ?? 'get'] = operation(op);
  return {
    openapi: '3.1.0',
    info: { title: 'Scoreline API', version: pkg.version, description: DESCRIPTION, license: { name: 'MIT', identifier: 'MIT' } },
    servers: [
      { url: '/', description: 'This server (API key)' },
      { url: '/sandbox', description: 'Sandbox: no key, sample data, read endpoints only' },
    ],
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    webhooks: webhookMessages(),
    components: {
      schemas: componentSchemas(),
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([name, [, description]]) => [name, { description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } }]),
      ),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (scripts/cli.ts keys create).' },
        operatorAuth: { type: 'http', scheme: 'bearer', description: 'An operator key (slo_…): `npm run cli -- keys create --operator`, or OPERATOR_API_KEY. Only for /v1/ops (docs/operators.md).' },
      },
    },
  };
}
