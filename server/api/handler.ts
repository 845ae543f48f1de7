/**
 * The one wrapper every /v1 handler runs in: request id, bearer-key auth, parameter errors,
 * problem+json for every failure (never a stack trace), JSON responses.
 * Handlers are plain `(Request, ctx) → Response` functions, servable with or without Next.
 */
import { randomUUID } from 'node:crypto';
import { ZodError, type z } from 'zod';
import {
  identifyRequest,
  RefusedError,
  type AuthMode,
  type HeaderSource,
  type Identity,
  type Principal,
} from '../auth/identity';
import type { Services } from '../services';
import { ApiError, problem } from './problem';
import { isStoreUnavailable, outageReason, STORE_RETRY_AFTER_S } from '../store/unavailable';

/** Facts about the request that a WHATWG Request does not carry. */
export interface RequestMeta {
  /** Client IP (socket address). */
  ip: string;
  /** The request id chosen by the HTTP layer (echoed `x-request-id`, else a UUID); logged with the request. */
  requestId?: string;
  /** Filled in by the router: who asked (`key:12`, `viewer`, `sandbox`, `anonymous`), for the access log. */
  principal?: string;
}

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

/**
 * Authenticates a request by the route's AuthMode through the identity module
 * (server/auth/identity.ts identifyRequest). Returns the principal and the RateLimit headers to
 * add. Errors: ApiError unauthorized (401), forbidden_role (403), rate_limited (429).
 */
export async function authenticate(
  reqHeaders: HeaderSource,
  services: Services,
  meta: RequestMeta,
  mode: AuthMode,
  viewerAllowed: boolean,
): Promise<Identity> {
  try {
    return await identifyRequest(reqHeaders, services, meta.ip, mode, viewerAllowed);
  } catch (e) {
    if (e instanceof RefusedError) throw new ApiError(e.refusal.code, e.refusal.detail, e.refusal.headers);
    throw e;
  }
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
