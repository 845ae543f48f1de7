/**
 * Serves a cached /v1 read (a route declaring `cache`, server/api/route-spec.ts ReadPolicy) over WHATWG Request/Response: the answer
 * of the request's resource + query at the current version from the read cache, else the
 * handler's (stored when it is a 200), then ETag / 304 and compression (server/read-cache).
 * Errors are never cached: a handler's ApiError propagates to runHandler as before.
 */
import { conditionalAnswer, type ConditionalAnswer } from '../read-cache/conditional';
import { cacheControlOf, readsOf } from '../read-cache/reads';
import { Representation } from '../read-cache/representation';
import { readDepsOf } from '../read/deps';
import type { Services } from '../services';
import { SANDBOX_HEADER, type Ctx, type Handler } from './handler';
import type { ReadPolicy } from './route-spec';

/** The cache key of a read: its path and query as the router saw them (URL-normalized). */
export function readKey(url: URL): string {
  return url.pathname + url.search;
}

/**
 * The answer to a GET/HEAD of a cached read: 200 (the negotiated coding) or 304, with ETag,
 * Cache-Control, Vary and the request id; a non-200 from the handler is returned as it is.
 */
export async function cachedRead(policy: ReadPolicy, handler: Handler, req: Request, ctx: Ctx): Promise<Response> {
  const { services, url } = ctx;
  const sport = ctx.params.sport;
  const reads = readsOf(services);
  const nowMs = Date.now();
  const version = policy.version(reads.versions, sport, url.searchParams);
  if (version == null) return handler(req, ctx);
  const built = await reads.cache.getOrBuild<Response>(readKey(url), version, nowMs, async () => {
    // Both before the handler reads: what it builds may be newer than these, never older.
    const deps = readDepsOf(services);
    const validUntil = Math.min(
      (await policy.validUntil?.(deps, sport, url.searchParams, nowMs)) ?? Infinity,
      nowMs + reads.maxAgeMs,
    );
    const res = await handler(req, ctx);
    if (res.status !== 200) return { rep: null, validUntil, other: res };
    const settled = (await policy.settled?.(deps, sport, url.searchParams, nowMs)) ?? false;
    const body = Buffer.from(await res.arrayBuffer());
    return {
      rep: new Representation(
        body,
        res.headers.get('content-type') ?? 'application/json',
        cacheControlOf(services.environment, settled),
      ),
      validUntil,
    };
  });
  if (!built.rep) return built.other!;
  const answer = await conditionalAnswer(
    built.rep,
    req.headers.get('if-none-match'),
    req.headers.get('accept-encoding'),
    req.method === 'HEAD',
  );
  return toResponse(answer, ctx.requestId, services);
}

/** A ConditionalAnswer as a WHATWG Response, with the request id (and the sandbox's header). */
function toResponse(a: ConditionalAnswer, requestId: string, services: Pick<Services, 'environment'>): Response {
  const headers = new Headers(a.headers);
  headers.set('x-request-id', requestId);
  if (services.environment === 'sandbox') headers.set(SANDBOX_HEADER, 'sandbox');
  return new Response(a.status === 304 || !a.body.length ? null : new Uint8Array(a.body), {
    status: a.status,
    headers,
  });
}
