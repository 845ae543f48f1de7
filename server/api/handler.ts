/**
 * The one wrapper every /v1 handler runs in: request id, bearer-key auth, parameter errors,
 * problem+json for every failure (never a stack trace), JSON responses.
 * Handlers are plain `(Request, ctx) → Response` functions, servable with or without Next.
 */
import { randomUUID } from 'node:crypto';
import { ZodError, type z } from 'zod';
import { bearerToken, type KeyRecord } from '../auth/keys';
import { planOf } from '../auth/plans';
import { rateLimitHeaders } from '../auth/viewer-limits';
import { VIEWER_HEADER, type ViewerSession } from '../auth/viewer-session';
import type { Services } from '../services';
import { ApiError, problem } from './problem';
import { isStoreUnavailable, outageReason, STORE_RETRY_AFTER_S } from '../store/unavailable';

/**
 * Who is asking: an API key, the dashboard's viewer session (server/auth/viewer-session.ts), a
 * sandbox caller (no key), or nobody yet (the one route that needs no key: POST /v1/keys).
 */
export type Principal =
  | { kind: 'key'; key: KeyRecord }
  | { kind: 'viewer'; session: ViewerSession }
  | { kind: 'sandbox' }
  | { kind: 'anonymous' };

/** Facts about the request that a WHATWG Request does not carry. */
export interface RequestMeta {
  /** Client IP (socket address). */
  ip: string;
  /** The request id chosen by the HTTP layer (echoed `x-request-id`, else a UUID); logged with the request. */
  requestId?: string;
  /** Filled in by the router: who asked (`key:12`, `viewer`, `sandbox`, `anonymous`), for the access log. */
  principal?: string;
}

/**
 * How a route authenticates: `feed` — a data key, or the viewer session where `viewer` is set,
 * or nothing in the sandbox (per-IP limit); `key` — a data key only (webhooks); `self` — any
 * key, managing itself (/v1/keys/current); `operator` — an operator key only (/v1/ops: ingest,
 * feed health); `none` — no key (the handler applies its own per-IP limit); `public` — no key,
 * counted against the per-IP limit of requests without a key (never 401): the OpenAPI document;
 * `any` — any key of either role, or the viewer session: routing errors (404/405), so an unknown
 * path or a wrong method is 404/405 for an operator key too, never 403.
 * A key of the wrong role gets 403 `forbidden_role` (docs/operators.md).
 */
export type AuthMode = 'feed' | 'key' | 'self' | 'operator' | 'none' | 'public' | 'any';

export interface Ctx {
  url: URL;
  params: Record<string, string>;
  services: Services;
  requestId: string;
  principal: Principal;
  /** Client IP (socket address). */
  ip: string;
}
export type Handler = (req: Request, ctx: Ctx) => Promise<Response>;

/** Header on every sandbox response (and `"sandbox": true` in every JSON body there). */
export const SANDBOX_HEADER = 'scoreline-environment';

/**
 * A JSON response (200 unless `status`) with the request id. In the sandbox the body gets
 * `"sandbox": true` beside its fields (documented as optional in every response schema).
 */
export function json(
  body: unknown,
  ctx: Pick<Ctx, 'requestId'> & { services?: Pick<Services, 'environment'> },
  status = 200,
): Response {
  const sandbox = ctx.services?.environment === 'sandbox';
  const out = sandbox && body && typeof body === 'object' && !Array.isArray(body) ? { ...body, sandbox: true } : body;
  return new Response(JSON.stringify(out), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': ctx.requestId,
      'cache-control': 'no-store',
      ...(sandbox ? { [SANDBOX_HEADER]: 'sandbox' } : {}),
    },
  });
}

/** Parses the query string with a zod schema. Errors: ApiError invalid_parameter naming each bad parameter. */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) raw[k] = v;
  try {
    return schema.parse(raw);
  } catch (e) {
    if (e instanceof ZodError) {
      const detail = e.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; ');
      throw new ApiError('invalid_parameter', detail);
    }
    throw e;
  }
}

/** Read access to a request's headers (a WHATWG Headers, or server/http/fast-read.ts's view of a Node request). */
export interface HeaderSource {
  get(name: string): string | null;
}

/**
 * Authenticates a request: a bearer key, or (only where `viewerAllowed`) the dashboard's viewer
 * session with its `x-scoreline-viewer: 1` header, rate limited per session and IP.
 * Returns the principal and any headers to add. Errors: ApiError unauthorized (401), rate_limited (429).
 */
export async function authenticate(
  reqHeaders: HeaderSource,
  services: Services,
  meta: RequestMeta,
  mode: AuthMode,
  viewerAllowed: boolean,
): Promise<{ principal: Principal; headers: Record<string, string> }> {
  if (mode === 'none') return { principal: { kind: 'anonymous' }, headers: {} };
  if (mode === 'public' && services.environment !== 'sandbox') {
    const d = await services.keyLimits.consumeAnonymous(meta.ip);
    const headers = rateLimitHeaders(d);
    if (!d.allowed)
      throw new ApiError(
        'rate_limited',
        `Too many requests without an API key from this address; retry in ${d.resetSeconds} s.`,
        { ...headers, 'retry-after': String(d.resetSeconds) },
      );
    return { principal: { kind: 'anonymous' }, headers };
  }
  if (services.environment === 'sandbox') {
    const d = await services.keyLimits.consumeSandbox(meta.ip);
    const headers = rateLimitHeaders(d);
    if (!d.allowed)
      throw new ApiError(
        'rate_limited',
        `The sandbox allows ${d.limit} requests per minute per address; retry in ${d.resetSeconds} s.`,
        { ...headers, 'retry-after': String(d.resetSeconds) },
      );
    return { principal: { kind: 'sandbox' }, headers };
  }
  const token = bearerToken(reqHeaders.get('authorization'));
  if (!token && (mode === 'feed' || mode === 'any') && viewerAllowed && reqHeaders.get(VIEWER_HEADER) === '1') {
    const session = services.viewers.fromCookieHeader(reqHeaders.get('cookie'));
    if (session) {
      const d = await services.viewerLimits.consumeRest(session.sid, meta.ip);
      const headers = rateLimitHeaders(d);
      if (!d.allowed)
        throw new ApiError(
          'rate_limited',
          `Viewer limit reached (${d.limit} requests per minute); retry in ${d.resetSeconds} s.`,
          { ...headers, 'retry-after': String(d.resetSeconds) },
        );
      return { principal: { kind: 'viewer', session }, headers };
    }
  }
  const key = await services.keys.verify(token);
  if (!key) {
    const anon = await services.keyLimits.consumeAnonymous(meta.ip);
    const headers = rateLimitHeaders(anon);
    if (!anon.allowed)
      throw new ApiError(
        'rate_limited',
        `Too many requests without a valid API key from this address; retry in ${anon.resetSeconds} s.`,
        { ...headers, 'retry-after': String(anon.resetSeconds) },
      );
    const detail = token
      ? 'The API key is invalid or revoked.'
      : 'Send your API key as "Authorization: Bearer <API_KEY>".';
    throw new ApiError('unauthorized', detail, { ...headers, 'www-authenticate': 'Bearer realm="scoreline"' });
  }
  if (mode === 'operator' && key.role !== 'operator')
    throw new ApiError(
      'forbidden_role',
      'This endpoint feeds the service: it needs an operator key (npm run cli -- keys create --operator).',
    );
  if ((mode === 'feed' || mode === 'key') && key.role === 'operator')
    throw new ApiError(
      'forbidden_role',
      'Operator keys feed the service and cannot read the feed: use a data key here.',
    );
  const plan = planOf(key.plan);
  const decisions = await services.keyLimits.consumeKey(key.limitId, plan); // per lineage: rotating does not reset it
  const headers = rateLimitHeaders(decisions);
  const refused = decisions.find((d) => !d.allowed);
  if (refused) {
    const per = refused.window === 60 ? 'minute' : 'day';
    throw new ApiError(
      'rate_limited',
      `The ${plan} plan allows ${refused.limit} requests per ${per}; retry in ${refused.resetSeconds} s.`,
      { ...headers, 'retry-after': String(refused.resetSeconds) },
    );
  }
  return { principal: { kind: 'key', key }, headers };
}

/** The request id of `req`: the HTTP layer's choice, else a sane echoed `x-request-id`, else a new UUID. */
export function requestIdOf(req: Request, meta: RequestMeta): string {
  if (meta.requestId) return meta.requestId;
  const echoed = req.headers.get('x-request-id');
  return echoed && /^[\x21-\x7e]{1,64}$/.test(echoed) ? echoed : randomUUID();
}

/**
 * Runs a handler: authenticates by the route's AuthMode (401 / 429 otherwise), maps ApiError to its
 * problem+json, a store outage (server/store/unavailable.ts) to 503 `unavailable` with Retry-After,
 * and any other error to a logged 500 `internal_error` (never a stack trace).
 */
export async function runHandler(
  handler: Handler,
  req: Request,
  url: URL,
  params: Record<string, string>,
  services: Services,
  meta: RequestMeta,
  opts: { viewer: boolean; auth: AuthMode },
): Promise<Response> {
  const requestId = requestIdOf(req, meta);
  const sandbox = services.environment === 'sandbox';
  let headers: Record<string, string> = {};
  try {
    let principal: Principal;
    ({ principal, headers } = await authenticate(req.headers, services, meta, opts.auth, opts.viewer));
    meta.principal = principal.kind === 'key' ? `key:${principal.key.id}` : principal.kind;
    const res = await handler(req, { url, params, services, requestId, principal, ip: meta.ip });
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    if (!res.headers.has('x-request-id')) res.headers.set('x-request-id', requestId);
    if (sandbox) res.headers.set('scoreline-environment', 'sandbox');
    return res;
  } catch (e) {
    // A handler's error keeps the RateLimit headers its request was counted under.
    return errorResponse(e, services, url.pathname, requestId, headers);
  }
}

/**
 * The problem+json answer to an error thrown while answering `instance`: an ApiError's own
 * problem, a store outage (server/store/unavailable.ts) as 503 `unavailable` with Retry-After,
 * anything else as a logged 500 `internal_error` (never a stack trace). `headers` (the RateLimit
 * headers the request was counted under) are kept.
 */
export function errorResponse(
  e: unknown,
  services: Services,
  instance: string,
  requestId: string,
  headers: Record<string, string>,
): Response {
  const sandbox = services.environment === 'sandbox';
  if (e instanceof ApiError)
    return problem(e.code, e.detail, instance, requestId, { ...headers, ...e.headers }, sandbox);
  if (isStoreUnavailable(e)) {
    // The store is unreachable: 503 with Retry-After, logged without the query or its parameters.
    services.log.warn({ reason: outageReason(e), requestId, path: instance }, 'store unavailable');
    return problem(
      'unavailable',
      `The store is unreachable; retry in ${STORE_RETRY_AFTER_S} s.`,
      instance,
      requestId,
      { ...headers, 'retry-after': String(STORE_RETRY_AFTER_S) },
      sandbox,
    );
  }
  services.log.error({ err: e, requestId, path: instance }, 'handler failed');
  return problem(
    'internal_error',
    'The server failed to answer; retry with backoff.',
    instance,
    requestId,
    headers,
    sandbox,
  );
}
