/**
 * The /v1 API app (and /sandbox/v1, the same routes over the sandbox's services): a Hono app
 * serving the routes declared in server/api/routes.ts, with sport slug validation and 404/405 as
 * problem+json. It is one WHATWG `fetch` (Request → Response), mounted twice: by the custom Node
 * server (server/start.ts, the fast lane, behind the cached-read fast path of
 * server/http/fast-read.ts) and by Next (app/v1/[[...route]]/route.ts, app/sandbox/v1/…, through
 * server/http/next-api.ts). Spec §4 paths; `/v1/ws` is the WebSocket (server/ws) and never reaches it.
 */
import { Hono, type Context } from 'hono';
import { isSport } from '@/lib/sports';
import type { Services } from '../services';
import { unsafeRequestPart } from './safe-strings';
import type { AuthMode } from '../auth/identity';
import { requestIdOf, runHandler, type Handler, type RequestMeta } from './handler';
import { getAsyncApi, getOpenApi, getWsSchemas } from './handlers/openapi';
import { ApiError, type ErrorCode } from './problem';
import type { ReadPolicy } from './read-policies';
import { ROUTES, type Route } from './routes';

/** What each request carries into the app besides the Request: the services answering it and the HTTP layer's facts. */
export interface ApiBindings {
  services: Services;
  meta: RequestMeta;
}
type Env = { Bindings: ApiBindings };
type Ctx = Context<Env>;

const SPORT_LIST = 'football, basketball, cricket, tennis, baseball, ice-hockey, golf, rugby, mma, esports';
/** The public documents: served without a key, GET and HEAD only; not operations of the OpenAPI document. */
const DOCUMENTS: Record<string, Handler> = {
  '/v1/openapi.json': getOpenApi,
  '/v1/asyncapi.json': getAsyncApi,
  '/v1/schemas/ws.json': getWsSchemas,
};

interface AuthOpts {
  auth: AuthMode;
  viewer: boolean;
}
/** A routing error (404/405/unknown sport) is answered to any authenticated caller, whatever its key's role. */
const AS_ERROR: AuthOpts = { auth: 'any', viewer: true };

const failing =
  (code: ErrorCode, detail: string, headers: Record<string, string> = {}): Handler =>
  async () => {
    throw new ApiError(code, detail, headers);
  };

/** The pathname of an absolute URL (a WHATWG Request's url, already normalized), without parsing it again. */
function pathnameOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  let end = url.length;
  const q = url.indexOf('?', start);
  if (q >= 0) end = q;
  const h = url.indexOf('#', start);
  if (h >= 0 && h < end) end = h;
  return url.slice(start, end);
}

/** The API path the app routes: trailing slashes dropped, /sandbox dropped in the sandbox ('/' when outside it). */
function routedPath(pathname: string, sandbox: boolean): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!sandbox) return path;
  return path.startsWith('/sandbox/v1') ? path.slice('/sandbox'.length) : '/';
}

/**
 * Runs `handler` for the request: every answer, routing errors included, passes authentication and
 * the rate limits first (server/api/handler.ts runHandler); NUL or lone surrogates in the query or
 * the path parameters never reach a handler (invalid_parameter, after authentication).
 */
function answer(c: Ctx, handler: Handler, params: Record<string, string>, opts: AuthOpts): Promise<Response> {
  const { services, meta } = c.env;
  const req = c.req.raw;
  const url = new URL(req.url);
  const unsafe = unsafeRequestPart(url.searchParams, params);
  return runHandler(unsafe ? failing('invalid_parameter', unsafe) : handler, req, url, params, services, meta, opts);
}

/** The path parameters of `route` in `path` (percent-decoded), or the routing error to answer instead. */
function paramsOf(route: Route, m: RegExpExecArray): Record<string, string> | Handler {
  let params: Record<string, string>;
  try {
    params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
  } catch {
    return failing('invalid_parameter', 'The path is not valid percent-encoding.');
  }
  if ('sport' in params && !isSport(params.sport))
    return failing('unknown_sport', `Unknown sport "${params.sport}". Sports: ${SPORT_LIST}.`);
  return params;
}

/**
 * The Hono handler of one route. Hono matches the method and the path's shape; the route's own
 * pattern (server/api/routes.ts: ids of the right form, a feed `{sport}` that is not `ops` where
 * that matters) decides, else the next matching route is tried, in declaration order.
 */
function serve(route: Route) {
  return async (c: Ctx, next: () => Promise<void>): Promise<Response | void> => {
    const m = route.pattern.exec(c.req.path);
    if (!m) return void (await next());
    return served(c, route, m);
  };
}

/** Answers with `route` (its pattern matched as `m`): its handler, or the error of a bad path parameter. */
function served(c: Ctx, route: Route, m: RegExpExecArray): Promise<Response> {
  const params = paramsOf(route, m);
  if (typeof params === 'function') return answer(c, params, {}, AS_ERROR);
  return answer(c, route.served, params, route);
}

/**
 * No route took the request: 404 (no route at this path), 405 with Allow (a route at this path,
 * not for this method), as problem+json, authenticated like any request.
 */
function routingError(c: Ctx, routes: Route[], sandbox: boolean): Promise<Response> {
  const path = c.req.path;
  const reqMethod = c.req.raw.method;
  const method = reqMethod === 'HEAD' ? 'GET' : reqMethod;
  if (Object.hasOwn(DOCUMENTS, path))
    return answer(
      c,
      failing('method_not_allowed', `${reqMethod} is not allowed here (allowed: GET, HEAD).`, { allow: 'GET, HEAD' }),
      {},
      AS_ERROR,
    );
  const matching = routes.filter((r) => r.pattern.test(path));
  if (!matching.length) {
    const hint =
      sandbox && ROUTES.some((r) => r.pattern.test(path))
        ? ' The sandbox serves the read feed only; manage keys at /v1.'
        : '';
    return answer(c, failing('not_found', `No endpoint at ${new URL(c.req.raw.url).pathname}.${hint}`), {}, AS_ERROR);
  }
  // Hono and the patterns agree, so no route of this method matches here; if one did, it answers.
  const route = matching.find((r) => r.method === method);
  if (route) return served(c, route, route.pattern.exec(path)!);
  const allow = [...new Set(matching.flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])))].join(', ');
  const readOnly = matching.every((r) => r.method === 'GET') ? '; the feed is read-only' : '';
  return answer(
    c,
    failing('method_not_allowed', `${reqMethod} is not allowed here (allowed: ${allow})${readOnly}.`, { allow }),
    {},
    AS_ERROR,
  );
}

/** Builds the API app of production (/v1) or of the sandbox (/sandbox/v1: the read feed only). */
export function createApiApp(sandbox: boolean): Hono<Env> {
  const app = new Hono<Env>({ getPath: (req) => routedPath(pathnameOf(req.url), sandbox) });
  for (const [path, handler] of Object.entries(DOCUMENTS))
    app.get(path, (c) => answer(c, handler, {}, { auth: 'public', viewer: false }));
  const routes = ROUTES.filter((r) => !sandbox || r.sandbox);
  for (const route of routes) app.on(route.method, route.honoPath, serve(route));
  app.notFound((c) => routingError(c as Ctx, routes, sandbox));
  return app;
}

const APPS = { production: createApiApp(false), sandbox: createApiApp(true) };

/**
 * Answers one /v1 request (a WHATWG Request) with a Response; with the sandbox's services it
 * answers /sandbox/v1 the same way. Every answer, routing errors included, passes authentication
 * and the rate limits first, so it carries the RateLimit headers (an unknown path without a key is
 * 401). `meta.ip` is the client's address. Never throws.
 */
export async function handleApi(req: Request, services: Services, meta: RequestMeta): Promise<Response> {
  meta.requestId = requestIdOf(req, meta);
  const app = services.environment === 'sandbox' ? APPS.sandbox : APPS.production;
  return app.fetch(req, { services, meta } satisfies ApiBindings);
}

/** A cached read's route: its policy, path parameters (read-only) and how it authenticates. */
export interface CachedRoute {
  cache: ReadPolicy;
  params: Readonly<Record<string, string>>;
  auth: AuthMode;
  viewer: boolean;
}

/** resolveCachedRead's routing per method and path (bounded: cleared when full): no pattern scan per request. */
const CACHED_ROUTES = new Map<string, CachedRoute | null>();

/**
 * The cached read a GET/HEAD of `url` resolves to (server/api/read-policies.ts) — its policy,
 * path parameters and how it authenticates — or null for anything else (other routes, routing
 * errors, unsafe characters). The Node fast path (server/http/fast-read.ts) serves cache hits with
 * it; it resolves as the app does (the first GET route of ROUTES whose pattern matches).
 */
export function resolveCachedRead(url: URL, method: string, sandbox: boolean): CachedRoute | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const memoKey = `${sandbox ? 's' : 'p'}${method} ${url.pathname}`;
  let cached = CACHED_ROUTES.get(memoKey);
  if (cached === undefined) {
    cached = null;
    const path = routedPath(url.pathname, sandbox);
    const route = Object.hasOwn(DOCUMENTS, path)
      ? undefined
      : ROUTES.find((r) => r.method === 'GET' && (!sandbox || r.sandbox) && r.pattern.test(path));
    if (route?.cache) {
      const params = paramsOf(route, route.pattern.exec(path)!);
      if (typeof params !== 'function') cached = { cache: route.cache, params, auth: route.auth, viewer: route.viewer };
    }
    if (CACHED_ROUTES.size >= 4096) CACHED_ROUTES.clear();
    CACHED_ROUTES.set(memoKey, cached);
  }
  if (!cached || unsafeRequestPart(url.searchParams, cached.params)) return null;
  return cached;
}
