/**
 * The OpenAPI 3.1 document of the /v1 REST API, generated from the same zod schemas the handlers
 * use: response shapes from lib/wire/schemas.ts, query parameters from each handler's query object.
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
import { LiveQuery } from './handlers/live';
import * as W from '@/lib/wire/schemas';
import { ApiKeySchema, CreateKeyBody, NewApiKeySchema } from '@/lib/wire/keys';

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
  OddsResponse: marked(W.OddsResponseSchema),
  OddsHistoryResponse: marked(W.OddsHistoryResponseSchema),
  ApiKey: ApiKeySchema,
  NewApiKey: NewApiKeySchema,
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
  Problem: W.ProblemSchema.extend({ request_id: z.string(), ...sandboxMark }),
  CreateKeyBody: CreateKeyBody,
};

/** One operation of the document. */
export interface OperationSpec {
  method?: 'get' | 'post' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  tag: 'Live' | 'Matches' | 'Fixtures' | 'Results' | 'Standings' | 'Odds' | 'Keys';
  query: z.ZodObject | null;
  /** Success body; null for 204 No Content. */
  response: ResponseName | null;
  /** Success status (default 200). */
  status?: 200 | 201 | 204;
  /** JSON request body component (POST). */
  body?: 'CreateKeyBody';
  /** `none`: no key (POST /v1/keys). Default: bearer key. */
  security?: 'none';
  /** Not served by /sandbox/v1 (key management). */
  productionOnly?: boolean;
}

/** Every /v1 REST operation (server/api/router.ts ROUTES), in the router's order. */
export const OPERATIONS: OperationSpec[] = [
  { path: '/v1/{sport}/live', operationId: 'getLive', summary: 'Live matches (spec 2.1)', tag: 'Live', query: LiveQuery, response: 'LiveResponse' },
  { path: '/v1/{sport}/matches/live', operationId: 'getMatchesLive', summary: 'In-play summaries (spec 2.2) with the latest event', tag: 'Live', query: LiveQuery, response: 'LiveSummaryResponse' },
  { path: '/v1/{sport}/matches/{fixture_id}', operationId: 'getMatch', summary: 'One match: live shape, fixture, timeline, lineups', tag: 'Matches', query: null, response: 'MatchDetail' },
  { path: '/v1/{sport}/fixtures', operationId: 'getFixtures', summary: 'Upcoming fixtures with the spec 2.3 summary, paged', tag: 'Fixtures', query: FixturesQuery, response: 'FixturesResponse' },
  { path: '/v1/{sport}/results', operationId: 'getResults', summary: 'Full-time results, newest first, paged', tag: 'Results', query: ResultsQuery, response: 'ResultsResponse' },
  { path: '/v1/{sport}/standings', operationId: 'getStandings', summary: 'League tables, optionally live', tag: 'Standings', query: StandingsQuery, response: 'StandingsResponse' },
  { path: '/v1/{sport}/odds', operationId: 'getOdds', summary: '1X2 consensus odds (spec 2.4), best prices, margin and every bookmaker line (opening, current, closing)', tag: 'Odds', query: OddsQuery, response: 'OddsResponse' },
  { path: '/v1/{sport}/odds/history', operationId: 'getOddsHistory', summary: 'Line movement: every observed price of the match, oldest first, paged', tag: 'Odds', query: OddsHistoryQuery, response: 'OddsHistoryResponse' },
  { method: 'post', path: '/v1/keys', operationId: 'createKey', summary: 'Create a free API key (no key needed; shown once)', tag: 'Keys', query: null, response: 'NewApiKey', status: 201, body: 'CreateKeyBody', security: 'none', productionOnly: true },
  { path: '/v1/keys/current', operationId: 'getCurrentKey', summary: 'The calling key: plan, limits, last used', tag: 'Keys', query: null, response: 'ApiKey', productionOnly: true },
  { method: 'delete', path: '/v1/keys/current', operationId: 'revokeCurrentKey', summary: 'Revoke the calling key', tag: 'Keys', query: null, response: null, status: 204, productionOnly: true },
  { method: 'post', path: '/v1/keys/current/rotate', operationId: 'rotateCurrentKey', summary: 'Replace the calling key by a new one (the old one stops working)', tag: 'Keys', query: null, response: 'NewApiKey', status: 201, productionOnly: true },
];

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
  match_id: 'The fixture_id of the match.',
  market: 'Only lines of this market.',
  bookmaker: 'Only lines of this bookmaker (slug).',
  selection: 'Only this selection (home, draw, away, over, under).',
};

const ERRORS = {
  '400': ['BadRequest', 'A parameter or the body is malformed (code invalid_parameter / invalid_body).'],
  '401': ['Unauthorized', 'The API key is missing, invalid or revoked (code unauthorized).'],
  '404': ['NotFound', 'Unknown sport, fixture, league or odds (see code).'],
  '413': ['ContentTooLarge', 'The body is larger than 16 KiB (code payload_too_large).'],
  '415': ['UnsupportedMediaType', 'The body is not application/json (code unsupported_media_type).'],
  '429': ['TooManyRequests', 'Rate limited (code rate_limited); see Retry-After.'],
  '500': ['InternalError', 'A server fault (code internal_error).'],
} as const;

/** The error statuses an operation documents. */
function errorStatuses(op: OperationSpec): (keyof typeof ERRORS)[] {
  if (op.tag !== 'Keys') return ['400', '401', '404', '429', '500'];
  if (op.body) return ['400', '413', '415', '429', '500'];
  return ['401', '429', '500'];
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
  const reg = z.registry<{ id: string }>();
  for (const [id, s] of Object.entries({ ...SHARED, ...RESPONSE_SCHEMAS })) reg.add(s, { id });
  const out = z.toJSONSchema(reg, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}`, override: tidy }) as { schemas: Record<string, Json> };
  for (const s of Object.values(out.schemas)) {
    delete s.$schema;
    delete s.$id;
  }
  return out.schemas;
}

/** OpenAPI parameters of one operation: path `sport` (and `fixture_id`), then the handler's query fields. */
function parameters(op: OperationSpec): Json[] {
  const ps: Json[] = [];
  if (op.path.includes('{sport}')) ps.push({ name: 'sport', in: 'path', required: true, description: 'Sport slug.', schema: { type: 'string', enum: [...SPORTS] } });
  if (op.path.includes('{fixture_id}')) {
    ps.push({ name: 'fixture_id', in: 'path', required: true, description: 'The match id.', schema: { type: 'integer', minimum: 1, maximum: 999_999_999 } });
  }
  for (const [name, s] of Object.entries(op.query?.shape ?? {})) {
    const schema = z.toJSONSchema(s as z.ZodType, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any', override: tidy }) as Json;
    delete schema.$schema;
    ps.push({ name, in: 'query', required: !(s as z.ZodType).safeParse(undefined).success, description: PARAM_DOCS[name] ?? name, schema });
  }
  return ps;
}

function operation(op: OperationSpec): Json {
  const errors = Object.fromEntries(errorStatuses(op).map((code) => [code, { $ref: `#/components/responses/${ERRORS[code][0]}` }]));
  const status = String(op.status ?? 200);
  const success = op.response
    ? { description: status === '201' ? 'Created' : 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${op.response}` } } } }
    : { description: 'No Content' };
  return {
    operationId: op.operationId,
    summary: op.summary,
    tags: [op.tag],
    security: op.security === 'none' ? [] : [{ bearerAuth: [] }],
    ...(op.productionOnly ? { servers: [{ url: '/', description: 'Production only: the sandbox does not manage keys.' }] } : {}),
    parameters: parameters(op),
    ...(op.body ? { requestBody: { required: false, content: { 'application/json': { schema: { $ref: `#/components/schemas/${op.body}` } } } } } : {}),
    responses: { [status]: success, ...errors },
  };
}

const DESCRIPTION = `Live sports data. Send \`Authorization: Bearer <API_KEY>\` (get a free key at /keys or with POST /v1/keys). The sandbox serves the same read endpoints with no key under /sandbox/v1 (second server below): sample data, a looping replay, every body marked \`"sandbox": true\`. Errors are RFC 9457 \`application/problem+json\` with a stable \`code\` (see /docs/errors). Timestamps are ISO 8601 UTC with Z.

Versioning: /v1 is stable. Fields are only added, never renamed or removed, so clients must ignore fields they do not know. A breaking change gets a new prefix (/v2), served beside /v1. This document is served without a key at /v1/openapi.json.`;

export type Method = 'get' | 'post' | 'delete';

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
    components: {
      schemas: componentSchemas(),
      responses: Object.fromEntries(
        Object.values(ERRORS).map(([name, description]) => [name, { description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } }]),
      ),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (scripts/cli.ts keys create).' } },
    },
  };
}
