/**
 * The Node fast path of cached /v1 reads: a GET/HEAD whose answer is in the read cache at the
 * current version is authenticated and rate limited like any request (server/api/handler.ts
 * authenticate), then answered straight from the cached bytes — no WHATWG Request/Response in
 * between. Anything else (a miss, another route) is left to the full path, which fills the cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readKey } from '../api/cached-read';
import { authenticate, errorResponse, SANDBOX_HEADER, type HeaderSource, type RequestMeta } from '../api/handler';
import { resolveCachedRead } from '../api/app';
import { sendWebResponse } from './bridge';
import { conditionalAnswer } from '../read-cache/conditional';
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

/** Parsed request targets, by the raw target (clients poll the same few URLs; bounded: cleared when full). */
const URLS = new Map<string, URL | null>();
const MAX_URLS = 4096;

/** `target` as a URL (null when it does not parse), parsed once per distinct target. */
function urlOf(target: string): URL | null {
  let url = URLS.get(target);
  if (url === undefined) {
    try {
      url = new URL(`http://localhost${target}`);
    } catch {
      url = null;
    }
    if (URLS.size >= MAX_URLS) URLS.clear();
    URLS.set(target, url);
  }
  return url;
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
  const target = req.url?.startsWith('/') ? req.url : '/';
  const url = urlOf(target);
  if (!url) return false;
  const read = resolveCachedRead(url, method, services.environment === 'sandbox');
  if (!read) return false;
  const reads = readsOf(services);
  const version = read.cache.version(reads.versions, read.params.sport, url.searchParams);
  const rep = version == null ? undefined : reads.cache.peek(readKey(url), version, Date.now());
  if (!rep) return false;
  const head = method === 'HEAD';
  const requestId = meta.requestId!;
  void authenticate(headersOf(req), services, meta, read.auth, read.viewer)
    .then(async ({ principal, headers: limits }) => {
      meta.principal = principal.kind === 'key' ? `key:${principal.key.id}` : principal.kind;
      const a = await conditionalAnswer(rep, req.headers['if-none-match'], req.headers['accept-encoding'], head);
      const headers = a.headerList.slice();
      for (const name in limits) headers.push(name, limits[name]);
      headers.push('x-request-id', requestId);
      if (services.environment === 'sandbox') headers.push(SANDBOX_HEADER, 'sandbox');
      res.writeHead(a.status, headers);
      res.end(a.body);
    })
    .catch((e: unknown) => sendWebResponse(res, errorResponse(e, services, url.pathname, requestId, {}), head))
    .catch((err: unknown) => {
      services.log.warn({ err, requestId }, 'cached read failed');
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  return true;
}
