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

/** Who is asking: an API key, or the dashboard's viewer session (server/auth/viewer-session.ts). */
export type Principal = { kind: 'key'; key: KeyRecord } | { kind: 'viewer'; session: ViewerSession };

/** Facts about the request that a WHATWG Request does not carry. */
export interface RequestMeta {
  /** Client IP (socket address). */
  ip: string;
}

export interface Ctx {
  url: URL;
  params: Record<string, string>;
  services: Services;
  requestId: string;
  principal: Principal;
}
export type Handler = (req: Request, ctx: Ctx) => Promise<Response>;

/** A JSON 200 response with the request id. */
export function json(body: unknown, ctx: Pick<Ctx, 'requestId'>, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': ctx.requestId, 'cache-control': 'no-store' },
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

/**
 * Authenticates a request: a bearer key, or (only where `viewerAllowed`) the dashboard's viewer
 * session with its `x-scoreline-viewer: 1` header, rate limited per session and IP.
 * Returns the principal and any headers to add. Errors: ApiError unauthorized (401), rate_limited (429).
 */
async function authenticate(req: Request, services: Services, meta: RequestMeta, viewerAllowed: boolean): Promise<{ principal: Principal; headers: Record<string, string> }> {
  const token = bearerToken(req.headers.get('authorization'));
  if (!token && viewerAllowed && req.headers.get(VIEWER_HEADER) === '1') {
    const session = services.viewers.fromCookieHeader(req.headers.get('cookie'));
    if (session) {
      const d = await services.viewerLimits.consumeRest(session.sid, meta.ip);
      const headers = rateLimitHeaders(d);
      if (!d.allowed) throw new ApiError('rate_limited', `Viewer limit reached (${d.limit} requests per minute); retry in ${d.resetSeconds} s.`, { ...headers, 'retry-after': String(d.resetSeconds) });
      return { principal: { kind: 'viewer', session }, headers };
    }
  }
  const key = await services.keys.verify(token);
  if (!key) {
    const anon = await services.keyLimits.consumeAnonymous(meta.ip);
    const headers = rateLimitHeaders(anon);
    if (!anon.allowed) throw new ApiError('rate_limited', `Too many requests without a valid API key from this address; retry in ${anon.resetSeconds} s.`, { ...headers, 'retry-after': String(anon.resetSeconds) });
    const detail = token ? 'The API key is invalid or revoked.' : 'Send your API key as "Authorization: Bearer <API_KEY>".';
    throw new ApiError('unauthorized', detail, { ...headers, 'www-authenticate': 'Bearer realm="scoreline"' });
  }
  const plan = planOf(key.plan);
  const decisions = await services.keyLimits.consumeKey(key.id, plan);
  const headers = rateLimitHeaders(decisions);
  const refused = decisions.find((d) => !d.allowed);
  if (refused) {
    const per = refused.window === 60 ? 'minute' : 'day';
    throw new ApiError('rate_limited', `The ${plan} plan allows ${refused.limit} requests per ${per}; retry in ${refused.resetSeconds} s.`, { ...headers, 'retry-after': String(refused.resetSeconds) });
  }
  return { principal: { kind: 'key', key }, headers };
}

/**
 * Runs a handler: authenticates (bearer key, or a viewer session where the route allows it; 401
 * otherwise), maps ApiError to its problem+json, and any other error to a logged 500 `internal_error`.
 */
export async function runHandler(
  handler: Handler,
  req: Request,
  url: URL,
  params: Record<string, string>,
  services: Services,
  meta: RequestMeta,
  opts: { viewer: boolean },
): Promise<Response> {
  const requestId = req.headers.get('x-request-id')?.slice(0, 64) || randomUUID();
  try {
    const { principal, headers } = await authenticate(req, services, meta, opts.viewer);
    const res = await handler(req, { url, params, services, requestId, principal });
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    return res;
  } catch (e) {
    if (e instanceof ApiError) return problem(e.code, e.detail, url.pathname, requestId, e.headers);
    services.log.error({ err: e, requestId, path: url.pathname }, 'handler failed');
    return problem('internal_error', 'The server failed to answer; retry with backoff.', url.pathname, requestId);
  }
}
