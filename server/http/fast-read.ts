/**
 * The Node fast path of cached /v1 reads: a GET/HEAD whose answer is in the read cache at the
 * current version is authenticated and rate limited like any request (server/api/handler.ts
 * authenticate), then answered straight from the cached bytes — no WHATWG Request/Response in
 * between. Anything else (a miss, another route) is left to the full path, which fills the cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readKey } from '../api/cached-read';
import type { HeaderSource, Principal } from '../auth/identity';
import { authenticate, errorResponse, SANDBOX_HEADER, type RequestMeta } from '../api/handler';
import { resolveCachedRead } from '../api/app';
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
interface Target {
  url: URL;
  key: string;
}

/** Parsed request targets, by the raw target (clients poll the same few URLs; bounded: cleared when full). */
const TARGETS = new Map<string, Target | null>();
const MAX_TARGETS = 4096;

/** `raw` as a URL and cache key (null when it does not parse), parsed once per distinct target. Read-only. */
function targetOf(raw: string): Target | null {
  let t = TARGETS.get(raw);
  if (t === undefined) {
    try {
      const url = new URL(`http://localhost${raw}`);
      t = { url, key: readKey(url) };
    } catch {
      t = null;
    }
    if (TARGETS.size >= MAX_TARGETS) TARGETS.clear();
    TARGETS.set(raw, t);
  }
  return t;
}

/**
 * Answers `req` from the read cache when its answer is there at the current version and returns
 * true; returns false (nothing sent) otherwise. `meta.requestId` must be set.
 */
export function serveCachedRead(
  req: IncomingMessage,
  res: ServerResponse,
  services: Services,
  meta: RequestMeta,
): boolean {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') return false;
  const target = targetOf(req.url?.startsWith('/') ? req.url : '/');
  if (!target) return false;
  const url = target.url;
  const read = resolveCachedRead(url, method, services.environment === 'sandbox');
  if (!read) return false;
  const reads = readsOf(services);
  const version = read.cache.version(reads.versions, read.params.sport, url.searchParams);
  const rep = version == null ? undefined : reads.cache.peek(target.key, version, Date.now());
  if (!rep) return false;
  const head = method === 'HEAD';
  // Module-level steps and no async functions: this runs on every cached read.
  void authenticate(headersOf(req), services, meta, read.auth, read.viewer).then(
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
