/**
 * /v1 routing (and /sandbox/v1, the same routes over the sandbox's services): path → handler,
 * sport slug validation, 404/405 as problem+json. Spec §4 paths; `/v1/ws` is the WebSocket
 * (server/ws) and never reaches this router.
 */
import { isSport } from '@/lib/sports';
import type { Services } from '../services';
import { unsafeRequestPart } from './safe-strings';
import { requestIdOf, runHandler, type AuthMode, type Handler, type RequestMeta } from './handler';
import { getFixtures } from './handlers/fixtures';
import { createKey, getCurrentKey, revokeCurrentKey, rotateCurrentKey } from './handlers/keys';
import { getLive, getMatchesLive } from './handlers/live';
import { getMatchHandler } from './handlers/match';
import { createWebhook, deleteWebhook, getWebhook, listWebhookDeliveries, listWebhooks, retryWebhookDelivery, testWebhook, updateWebhook } from './handlers/webhooks';
import { getOdds } from './handlers/odds';
import { getOddsHistory } from './handlers/odds-history';
import { getOpenApi, getWsSchemas } from './handlers/openapi';
import { getFeedHealth } from './handlers/ops-health';
import { getResults } from './handlers/results';
import { getHeadToHead } from './handlers/head-to-head';
import { getLeagueSeason, getLeagues } from './handlers/leagues';
import { getPlayerHandler } from './handlers/players';
import { getTeamHandler, getTeams } from './handlers/teams';
import { getStandingsHandler } from './handlers/standings';
import { getPlayerStatistics, getTeamStatistics } from './handlers/statistics';
import { getOpsFixture } from './handlers/ops-fixture';
import { postBatch, postCorrection, postEvents, postOdds, postStatus } from './handlers/ops-ingest';
import { getCompetitions, getOpsFixtures, patchCompetition, patchOpsFixture, patchTeam, postCompetition, postFixture, postTeam } from './handlers/ops-reference';
import { ApiError, type ErrorCode } from './problem';
import { cachedRead } from './cached-read';
import { READ_POLICIES, type ReadPolicy } from './read-policies';

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  pattern: RegExp;
  /** Names of the pattern's capture groups, in order. A `sport` parameter is checked against the ten slugs. */
  names: string[];
  handler: Handler;
  auth: AuthMode;
  /** Whether the dashboard's viewer session may call it (read routes only). */
  viewer: boolean;
  /** Whether /sandbox/v1 serves it too (the read feed; not key management). */
  sandbox: boolean;
  /** A cached read (server/api/read-policies.ts): `handler` then answers from the read cache. */
  cache?: ReadPolicy;
}

/** A read route of the feed; a cached one (READ_POLICIES) answers through the read cache. */
const feed = (pattern: RegExp, names: string[], handler: Handler): Route => {
  const cache = READ_POLICIES.get(handler);
  const served: Handler = cache ? (req, ctx) => cachedRead(cache, handler, req, ctx) : handler;
  return { method: 'GET', pattern, names, handler: served, auth: 'feed', viewer: true, sandbox: true, cache };
};

/** Every /v1 REST route, first match wins. The feed routes are also the sandbox's. */
export const ROUTES: Route[] = [
  feed(/^\/v1\/([^/]+)\/live$/, ['sport'], getLive),
  feed(/^\/v1\/([^/]+)\/matches\/live$/, ['sport'], getMatchesLive),
  feed(/^\/v1\/([^/]+)\/matches\/([^/]+)$/, ['sport', 'id'], getMatchHandler),
  feed(/^\/v1\/([^/]+)\/fixtures$/, ['sport'], getFixtures),
  feed(/^\/v1\/([^/]+)\/results$/, ['sport'], getResults),
  feed(/^\/v1\/([^/]+)\/standings$/, ['sport'], getStandingsHandler),
  feed(/^\/v1\/([^/]+)\/statistics\/teams$/, ['sport'], getTeamStatistics),
  feed(/^\/v1\/([^/]+)\/statistics\/players$/, ['sport'], getPlayerStatistics),
  feed(/^\/v1\/([^/]+)\/odds$/, ['sport'], getOdds),
  feed(/^\/v1\/([^/]+)\/odds\/history$/, ['sport'], getOddsHistory),
  // Resources with ids (issue 19): leagues and their seasons, teams, players, head-to-head.
  feed(/^\/v1\/([^/]+)\/leagues$/, ['sport'], getLeagues),
  feed(/^\/v1\/([^/]+)\/leagues\/([^/]+)\/seasons\/([^/]+)$/, ['sport', 'slug', 'season'], getLeagueSeason),
  // Not /v1/ops/teams (operators: POST and PATCH only, so GET there stays a 405).
  feed(/^\/v1\/(?!ops\/)([^/]+)\/teams$/, ['sport'], getTeams),
  feed(/^\/v1\/(?!ops\/)([^/]+)\/teams\/([^/]+)$/, ['sport', 'id'], getTeamHandler),
  feed(/^\/v1\/([^/]+)\/players\/([^/]+)$/, ['sport', 'id'], getPlayerHandler),
  feed(/^\/v1\/([^/]+)\/head-to-head$/, ['sport'], getHeadToHead),
  { method: 'POST', pattern: /^\/v1\/keys$/, names: [], handler: createKey, auth: 'none', viewer: false, sandbox: false },
  { method: 'GET', pattern: /^\/v1\/keys\/current$/, names: [], handler: getCurrentKey, auth: 'self', viewer: false, sandbox: false },
  { method: 'DELETE', pattern: /^\/v1\/keys\/current$/, names: [], handler: revokeCurrentKey, auth: 'self', viewer: false, sandbox: false },
  { method: 'POST', pattern: /^\/v1\/keys\/current\/rotate$/, names: [], handler: rotateCurrentKey, auth: 'self', viewer: false, sandbox: false },
];

const owned = (method: Route['method'], pattern: RegExp, names: string[], handler: Handler): Route => ({ method, pattern, names, handler, auth: 'key', viewer: false, sandbox: false });
ROUTES.push(
  owned('POST', /^\/v1\/webhooks$/, [], createWebhook),
  owned('GET', /^\/v1\/webhooks$/, [], listWebhooks),
  owned('GET', /^\/v1\/webhooks\/(wh_[A-Za-z0-9_-]{1,40})$/, ['id'], getWebhook),
  owned('PATCH', /^\/v1\/webhooks\/(wh_[A-Za-z0-9_-]{1,40})$/, ['id'], updateWebhook),
  owned('DELETE', /^\/v1\/webhooks\/(wh_[A-Za-z0-9_-]{1,40})$/, ['id'], deleteWebhook),
  owned('POST', /^\/v1\/webhooks\/(wh_[A-Za-z0-9_-]{1,40})\/test$/, ['id'], testWebhook),
  owned('GET', /^\/v1\/webhooks\/(wh_[A-Za-z0-9_-]{1,40})\/deliveries$/, ['id'], listWebhookDeliveries),
  owned('POST', /^\/v1\/webhooks\/(wh_[A-Za-z0-9_-]{1,40})\/deliveries\/(dlv_[A-Za-z0-9_-]{1,40})\/retry$/, ['id', 'delivery_id'], retryWebhookDelivery),
);
// GET /v1/ops/health — the operators' feed-health report (docs/operations.md)
ROUTES.unshift({ method: 'GET', pattern: /^\/v1\/ops\/health$/, names: [], handler: getFeedHealth, auth: 'operator', viewer: false, sandbox: false });

// Operator routes (docs/operators.md): operator keys only, never in the sandbox.
const op = (method: Route['method'], pattern: RegExp, names: string[], handler: Handler): Route => ({ method, pattern, names, handler, auth: 'operator', viewer: false, sandbox: false });
// First: /v1/ops/fixtures would otherwise match the feed's /v1/{sport}/fixtures (sport "ops").
ROUTES.splice(1, 0,
  op('POST', /^\/v1\/ops\/competitions$/, [], postCompetition),
  op('GET', /^\/v1\/ops\/competitions$/, [], getCompetitions),
  op('PATCH', /^\/v1\/ops\/competitions\/(\d{1,9})$/, ['id'], patchCompetition),
  op('POST', /^\/v1\/ops\/teams$/, [], postTeam),
  op('PATCH', /^\/v1\/ops\/teams\/(\d{1,9})$/, ['id'], patchTeam),
  op('POST', /^\/v1\/ops\/fixtures$/, [], postFixture),
  op('GET', /^\/v1\/ops\/fixtures$/, [], getOpsFixtures),
  op('GET', /^\/v1\/ops\/fixtures\/(\d{1,9})$/, ['id'], getOpsFixture),
  op('PATCH', /^\/v1\/ops\/fixtures\/(\d{1,9})$/, ['id'], patchOpsFixture),
  op('POST', /^\/v1\/ops\/fixtures\/(\d{1,9})\/status$/, ['id'], postStatus),
  op('POST', /^\/v1\/ops\/events$/, [], postEvents),
  op('POST', /^\/v1\/ops\/corrections$/, [], postCorrection),
  op('POST', /^\/v1\/ops\/odds$/, [], postOdds),
  op('POST', /^\/v1\/ops\/batch$/, [], postBatch),
);

const SPORT_LIST = 'football, basketball, cricket, tennis, baseball, ice-hockey, golf, rugby, mma, esports';

/** What a request resolves to: a route's handler, or a handler that answers the routing error. */
interface Resolved {
  handler: Handler;
  params: Record<string, string>;
  opts: { auth: AuthMode; viewer: boolean; cache?: ReadPolicy };
}

const failing = (code: ErrorCode, detail: string, headers: Record<string, string> = {}): Handler => async () => {
  throw new ApiError(code, detail, headers);
};

/** Maps a path (without /sandbox) and method to its handler; routing errors become failing handlers. */
function resolve(path: string, reqMethod: string, sandbox: boolean, shownPath: string): Resolved {
  // A routing error (404/405/unknown sport) is answered to any authenticated caller, whatever its key's role.
  const asError = (handler: Handler): Resolved => ({ handler, params: {}, opts: { auth: 'any', viewer: true } });
  const method = reqMethod === 'HEAD' ? 'GET' : reqMethod;
  if (path === '/v1/openapi.json') {
    if (method === 'GET') return { handler: getOpenApi, params: {}, opts: { auth: 'public', viewer: false } };
    return asError(failing('method_not_allowed', `${reqMethod} is not allowed here (allowed: GET, HEAD).`, { allow: 'GET, HEAD' }));
  }
  if (path === '/v1/schemas/ws.json') {
    if (method === 'GET') return { handler: getWsSchemas, params: {}, opts: { auth: 'public', viewer: false } };
    return asError(failing('method_not_allowed', `${reqMethod} is not allowed here (allowed: GET, HEAD).`, { allow: 'GET, HEAD' }));
  }
  const matching = ROUTES.filter((r) => r.pattern.test(path) && (!sandbox || r.sandbox));
  if (!matching.length) {
    const hint = sandbox && ROUTES.some((r) => r.pattern.test(path)) ? ' The sandbox serves the read feed only; manage keys at /v1.' : '';
    return asError(failing('not_found', `No endpoint at ${shownPath}.${hint}`));
  }
  const route = matching.find((r) => r.method === method);
  if (!route) {
    const allow = [...new Set(matching.flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])))].join(', ');
    const readOnly = matching.every((r) => r.method === 'GET') ? '; the feed is read-only' : '';
    return asError(failing('method_not_allowed', `${reqMethod} is not allowed here (allowed: ${allow})${readOnly}.`, { allow }));
  }
  const m = route.pattern.exec(path)!;
  let params: Record<string, string>;
  try {
    params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
  } catch {
    return asError(failing('invalid_parameter', 'The path is not valid percent-encoding.'));
  }
  if ('sport' in params && !isSport(params.sport)) return asError(failing('unknown_sport', `Unknown sport "${params.sport}". Sports: ${SPORT_LIST}.`));
  return { handler: route.handler, params, opts: route };
}

/** The API path a router matches: trailing slashes dropped, /sandbox dropped in the sandbox ('/' when outside it). */
function routedPath(pathname: string, sandbox: boolean): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!sandbox) return path;
  return path.startsWith('/sandbox/v1') ? path.slice('/sandbox'.length) : '/';
}

/**
 * The cached read a GET/HEAD of `url` resolves to (server/api/read-policies.ts) — its policy,
 * path parameters and how it authenticates — or null for anything else (other routes, routing
 * errors, unsafe characters). The Node fast path (server/http/fast-read.ts) serves cache hits with it.
 */
export function resolveCachedRead(url: URL, method: string, sandbox: boolean): CachedRoute | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const memoKey = `${sandbox ? 's' : 'p'}${method} ${url.pathname}`;
  let route = CACHED_ROUTES.get(memoKey);
  if (route === undefined) {
    const r = resolve(routedPath(url.pathname, sandbox), method, sandbox, url.pathname);
    route = r.opts.cache ? { cache: r.opts.cache, params: r.params, auth: r.opts.auth, viewer: r.opts.viewer } : null;
    if (CACHED_ROUTES.size >= 4096) CACHED_ROUTES.clear();
    CACHED_ROUTES.set(memoKey, route);
  }
  if (!route || unsafeRequestPart(url.searchParams, route.params)) return null;
  return route;
}

/** A cached read's route: its policy, path parameters (read-only) and how it authenticates. */
export interface CachedRoute {
  cache: ReadPolicy;
  params: Readonly<Record<string, string>>;
  auth: AuthMode;
  viewer: boolean;
}

/** resolveCachedRead's routing per method and path (bounded: cleared when full): no regex scan per request. */
const CACHED_ROUTES = new Map<string, CachedRoute | null>();

/**
 * Answers one /v1 request (a WHATWG Request) with a Response; with the sandbox's services it
 * answers /sandbox/v1 the same way. Every answer, routing errors included, passes authentication
 * and the rate limits first, so it carries the RateLimit headers (an unknown path without a key is
 * 401). `meta.ip` is the client's address. Never throws.
 */
export async function handleApi(req: Request, services: Services, meta: RequestMeta): Promise<Response> {
  const url = new URL(req.url);
  const sandbox = services.environment === 'sandbox';
  meta.requestId = requestIdOf(req, meta);
  const resolved = resolve(routedPath(url.pathname, sandbox), req.method, sandbox, url.pathname);
  // NUL / lone surrogates in the query or path never reach a handler (after authentication, like every error).
  const unsafe = unsafeRequestPart(url.searchParams, resolved.params);
  const { handler, params, opts } = unsafe ? { ...resolved, handler: failing('invalid_parameter', unsafe) } : resolved;
  return runHandler(handler, req, url, params, services, meta, opts);
}
