/**
 * What a /v1 REST route declares (RouteSpec: method, path, operation id, summary, tag, query, body,
 * response, handler, authentication, and for a cached read its cache policy), the OpenAPI tags, and the declaring helpers of each kind of
 * route (feed reads, key management, webhooks, operator routes). The tables are in
 * server/api/routes-feed.ts, routes-account.ts and routes-ops.ts; server/api/routes.ts compiles them.
 */
import type { z } from 'zod';
import type { AuthMode } from '../auth/identity';
import type { ReadDeps } from '../read/deps';
import type { ReadVersions } from '../read-cache/versions';
import type { Handler } from './handler';
import type { BodyName, ResponseName } from './openapi-components';

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

/**
 * A cached read's policy (RouteSpec.cache): what its answer depends on. Its answers are kept in the
 * read cache (server/read-cache) per path + query and version, served with ETag / 304, and a hit is
 * answered by the Node front straight from the cached bytes (server/http/fast-read.ts). `q` is the
 * request's query, `sport` its (checked) sport slug, times epoch ms.
 */
export interface ReadPolicy {
  /** The version the answer is built from (server/read-cache/versions.ts); read before building. Null: do not cache this request. */
  version(v: ReadVersions, sport: string, q: URLSearchParams): string | null;
  /** Epoch ms past which an answer built at `nowMs` may read differently with no new version (default: never). */
  validUntil?(deps: ReadDeps, sport: string, q: URLSearchParams, nowMs: number): Promise<number> | number;
  /** Whether the answer is settled (Cache-Control max-age instead of no-cache). */
  settled?(deps: ReadDeps, sport: string, q: URLSearchParams, nowMs: number): Promise<boolean>;
}

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
  /** A cached read: its policy (a GET route; absent: answered afresh every time, `no-store`). */
  cache?: ReadPolicy;
}

export type Declared = Omit<RouteSpec, 'auth' | 'viewer' | 'sandbox' | 'method' | 'query'> & {
  method?: Method;
  query?: z.ZodObject | null;
};

/** A read route of the feed: any data key or the viewer session, served by the sandbox too. */
export const feed = (d: Declared): RouteSpec => ({
  method: 'GET',
  query: null,
  ...d,
  auth: 'feed',
  viewer: true,
  sandbox: true,
});
/** A webhook route (production only, a data key, managing its own endpoints). */
export const webhook = (d: Omit<Declared, 'tag'>): RouteSpec => ({
  method: 'GET',
  query: null,
  ...d,
  tag: 'Webhooks',
  auth: 'key',
  viewer: false,
  sandbox: false,
});
/** An operator route (docs/operators.md): operator keys only, never in the sandbox. */
export const operator = (d: Omit<Declared, 'tag'>): RouteSpec => ({
  method: 'GET',
  query: null,
  ...d,
  tag: 'Operators',
  auth: 'operator',
  viewer: false,
  sandbox: false,
});
/** A key-management route (production only). */
export const keys = (d: Omit<Declared, 'tag'>, auth: AuthMode): RouteSpec => ({
  method: 'GET',
  query: null,
  ...d,
  tag: 'Keys',
  auth,
  viewer: false,
  sandbox: false,
});

export const CREATED = '201 when created, 200 (same body) when it already existed';
export const SINGLE =
  '201 when stored; 200 for a duplicate, or for one the rules refuse: status rejected with the reason';
