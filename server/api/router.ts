/**
 * The one router of /v1 (and /sandbox/v1, the read feed only): a method and a path → the route
 * that answers (server/api/routes.ts, first match of ROUTES wins), a public document, or the
 * routing error to answer instead (404 no route at this path, 405 with Allow, 400 a bad path
 * parameter, 404 unknown_sport) — each with its path parameters, how it authenticates and, for a
 * cached read, its cache policy (RouteSpec.cache). The Node front (server/http/front.ts) matches a
 * request once and hands the match to the cached fast path or to the app (server/api/app.ts);
 * the Next mount's requests are matched by the app itself. Spec §4 paths.
 */
import { isSport } from '@/lib/sports';
import type { AuthMode } from '../auth/identity';
import type { Handler } from './handler';
import { getAsyncApi, getOpenApi, getWsSchemas } from './handlers/openapi';
import { ApiError, type ErrorCode } from './problem';
import { ROUTES, type ReadPolicy, type Route } from './routes';

/** What a request resolves to: the handler that answers, its path parameters and how it authenticates. */
export interface RouteMatch {
  /** The route's served handler (through the read cache for a cached read), a document's, or a routing error's. */
  handler: Handler;
  /** Path parameters, percent-decoded, by the handler's names (read-only: shared by every request of the path). */
  params: Readonly<Record<string, string>>;
  auth: AuthMode;
  /** Whether the dashboard's viewer session may call it. */
  viewer: boolean;
  /** The cache policy of a cached read whose path parameters are valid (the fast path serves its hits); else null. */
  cache: ReadPolicy | null;
}

const SPORT_LIST = 'football, basketball, cricket, tennis, baseball, ice-hockey, golf, rugby, mma, esports';

/** The public documents: served without a key, GET and HEAD only; not operations of the OpenAPI document. */
const DOCUMENTS: Record<string, Handler> = {
  '/v1/openapi.json': getOpenApi,
  '/v1/asyncapi.json': getAsyncApi,
  '/v1/schemas/ws.json': getWsSchemas,
};

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});
const SANDBOX_ROUTES = ROUTES.filter((r) => r.sandbox);

const failing =
  (code: ErrorCode, detail: string, headers: Record<string, string> = {}): Handler =>
  async () => {
    throw new ApiError(code, detail, headers);
  };

/** A handler answering `code` (a routing error, answered to any authenticated caller, whatever its key's role). */
export function routingError(code: ErrorCode, detail: string, headers: Record<string, string> = {}): RouteMatch {
  return { handler: failing(code, detail, headers), params: NO_PARAMS, auth: 'any', viewer: true, cache: null };
}

/** The API path routed: trailing slashes dropped, /sandbox dropped in the sandbox ('/' when outside it). */
function routedPath(pathname: string, sandbox: boolean): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!sandbox) return path;
  return path.startsWith('/sandbox/v1') ? path.slice('/sandbox'.length) : '/';
}

/** `route` answering `path` (its pattern matched as `m`): its handler, or the error of a bad path parameter. */
function routeMatch(route: Route, m: RegExpExecArray): RouteMatch {
  let params: Record<string, string>;
  try {
    params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
  } catch {
    return routingError('invalid_parameter', 'The path is not valid percent-encoding.');
  }
  if ('sport' in params && !isSport(params.sport))
    return routingError('unknown_sport', `Unknown sport "${params.sport}". Sports: ${SPORT_LIST}.`);
  return {
    handler: route.served,
    params: Object.freeze(params),
    auth: route.auth,
    viewer: route.viewer,
    cache: route.cache ?? null,
  };
}

/** Resolves `sent` (routed as GET when HEAD) and `pathname` (raw, as in the request target); see {@link matchRoute}. */
function resolve(sent: string, pathname: string, sandbox: boolean): RouteMatch {
  const method = sent === 'HEAD' ? 'GET' : sent;
  const path = routedPath(pathname, sandbox);
  if (Object.hasOwn(DOCUMENTS, path))
    return method === 'GET'
      ? { handler: DOCUMENTS[path], params: NO_PARAMS, auth: 'public', viewer: false, cache: null }
      : routingError('method_not_allowed', `${sent} is not allowed here (allowed: GET, HEAD).`, {
          allow: 'GET, HEAD',
        });
  const routes = sandbox ? SANDBOX_ROUTES : ROUTES;
  for (const r of routes) {
    if (r.method !== method) continue;
    const m = r.pattern.exec(path);
    if (m) return routeMatch(r, m);
  }
  const matching = routes.filter((r) => r.pattern.test(path));
  if (!matching.length) {
    const hint =
      sandbox && ROUTES.some((r) => r.pattern.test(path))
        ? ' The sandbox serves the read feed only; manage keys at /v1.'
        : '';
    return routingError('not_found', `No endpoint at ${pathname}.${hint}`);
  }
  const allow = [...new Set(matching.flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])))].join(', ');
  const readOnly = matching.every((r) => r.method === 'GET') ? '; the feed is read-only' : '';
  return routingError('method_not_allowed', `${sent} is not allowed here (allowed: ${allow})${readOnly}.`, {
    allow,
  });
}

/** Matches by sandbox, method and path (bounded: cleared when full): clients poll the same few paths. */
const MATCHES = new Map<string, RouteMatch>();
const MAX_MATCHES = 4096;
/** Longer paths are resolved every time (no route's path is this long): the memo stays small. */
const MAX_MEMO_PATH = 512;

/**
 * What a request of `method` to `pathname` (the request target's path, percent-encoded as sent)
 * resolves to in production or the sandbox. HEAD is routed as GET (a 405 names the method as
 * sent). Never throws: a path no route takes resolves to its routing error.
 */
export function matchRoute(method: string, pathname: string, sandbox: boolean): RouteMatch {
  const key = `${sandbox ? 's' : 'p'}${method} ${pathname}`;
  let m = MATCHES.get(key);
  if (m === undefined) {
    m = resolve(method, pathname, sandbox);
    if (pathname.length > MAX_MEMO_PATH) return m;
    if (MATCHES.size >= MAX_MATCHES) MATCHES.clear();
    MATCHES.set(key, m);
  }
  return m;
}
