/**
 * The Node fast path of cached /v1 reads: a request the router matched to a route declaring
 * `cache` (RouteSpec.cache, server/api/router.ts) whose answer is in the read cache at the
 * current version is authenticated and rate limited like any request (server/api/handler.ts
 * authenticate), then answered straight from the cached bytes — no WHATWG Request/Response in
 * between. Anything else (a miss, a query with unsafe characters) is left to the app
 * (server/api/app.ts), which answers with the same match and fills the cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readKey } from '../api/cached-read';
import type { HeaderSource, Principal } from '../auth/identity';
import { authenticate, errorResponse, SANDBOX_HEADER, type RequestMeta } from '../api/handler';
import type { RouteMatch } from '../api/router';
import { unsafeRequestPart } from '../api/safe-strings';
import { sendWebResponse } from './bridge';
import { conditionalAnswer, type ConditionalAnswer } from '../read-cache/conditional';
import type { Representation } from '../read-cache/representation';
import { readsOf } from '../read-cache/reads';
import type { Services } from '../services';

/** A Node request's headers as a HeaderSource (repeated headers joined with ", ", as WHATWG Headers do). */
function headersOf(req: IncomingMessage): HeaderSource {
  return {
    get(name) {
      const v = req.headers[name];
      return v == null ? null : Array.isArray(v) ? v.join(', ') : v;
    },
  };
}

/** A parsed request target and its read-cache key (server/api/cached-read.ts readKey). */
export interface Target {
  url: URL;
  key: string;
}

/** Parsed request targets, by the raw target (clients poll the same few URLs; bounded: cleared when full). */
const TARGETS = new Map<string, Target | null>();
const MAX_TARGETS = 4096;
/** Longer targets are parsed every time: the memo stays small. */
const MAX_MEMO_TARGET = 1024;

/**
 * A Node request target (`req.url`; not origin-form: `/`) as a URL on `http://localhost` — the
 * WHATWG Request's URL (server/http/bridge.ts toWebRequest) — and its cache key; null when it does
 * not parse. Parsed once per distinct target. Read-only.
 */
export function requestTarget(raw: string | undefined): Target | null {
  return targetOf(raw?.startsWith('/') ? raw : '/');
}

function targetOf(raw: string): Target | null {
  let t = TARGETS.get(raw);
  if (t === undefined) {
    try {
      const url = new URL(`http://localhost${raw}`);
      t = { url, key: readKey(url) };
    } catch {
      t = null;
    }
    if (raw.length > MAX_MEMO_TARGET) return t;
    if (TARGETS.size >= MAX_TARGETS) TARGETS.clear();
    TARGETS.set(raw, t);
  }
  return t;
}

/**
 * Answers `req` (`target` as parsed, matched by the router as `match`) from the read cache when it
 * is a cached read (`match.cache` set: a GET route, so a GET or HEAD) whose answer is there at the
 * current version, and returns true; returns false (nothing sent) otherwise. `meta.requestId` must be set.
 */
export function serveCachedRead(
  req: IncomingMessage,
  res: ServerResponse,
  services: Services,
  meta: RequestMeta,
  target: Target,
  match: RouteMatch,
): boolean {
  const url = target.url;
  if (!match.cache || unsafeRequestPart(url.searchParams, match.params)) return false;
  const reads = readsOf(services);
  const version = match.cache.version(reads.versions, match.params.sport, url.searchParams);
  const rep = version == null ? undefined : reads.cache.peek(target.key, version, Date.now());
  if (!rep) return false;
  const head = req.method === 'HEAD';
  // Module-level steps and no async functions: this runs on every cached read.
  void authenticate(headersOf(req), services, meta, match.auth, match.viewer).then(
    (auth) => answer(req, res, services, meta, rep, head, auth),
    (e: unknown) => fail(res, services, url.pathname, meta.requestId!, head, e),
  );
  return true;
}

/** Sends `rep`'s conditional answer with the rate-limit headers, the request id (and the sandbox's header). */
function answer(
  req: IncomingMessage,
  res: ServerResponse,
  services: Services,
  meta: RequestMeta,
  rep: Representation,
  head: boolean,
  auth: { principal: Principal; headers: Record<string, string> },
): void {
  try {
    const p = auth.principal;
    meta.principal = p.kind === 'key' ? `key:${p.key.id}` : p.kind;
    const a = conditionalAnswer(rep, req.headers['if-none-match'], req.headers['accept-encoding'], head);
    if (a instanceof Promise)
      a.then(
        (done) => send(res, done, auth.headers, meta.requestId!, services),
        (e: unknown) => fail(res, services, req.url ?? '/', meta.requestId!, head, e),
      );
    else send(res, a, auth.headers, meta.requestId!, services);
  } catch (e) {
    fail(res, services, req.url ?? '/', meta.requestId!, head, e);
  }
}

function send(
  res: ServerResponse,
  a: ConditionalAnswer,
  limits: Record<string, string>,
  requestId: string,
  services: Services,
): void {
  const headers = a.headerList.slice();
  for (const name in limits) headers.push(name, limits[name]);
  headers.push('x-request-id', requestId);
  if (services.environment === 'sandbox') headers.push(SANDBOX_HEADER, 'sandbox');
  res.writeHead(a.status, headers);
  res.end(a.body);
}

/** Answers a refused or failed cached read with its problem (e.g. 401, 429); a failure to do even that is a bare 500. */
function fail(
  res: ServerResponse,
  services: Services,
  instance: string,
  requestId: string,
  head: boolean,
  e: unknown,
): void {
  Promise.resolve()
    .then(() => sendWebResponse(res, errorResponse(e, services, instance.split('?')[0], requestId, {}), head))
    .catch((err: unknown) => {
      services.log.warn({ err, requestId }, 'cached read failed');
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
}
