/**
 * Conditional requests and content negotiation for a cached read (RFC 9110 §13, §12.5.3):
 * `If-None-Match` → 304, `Accept-Encoding` → br, gzip or identity. Framework-free: it takes
 * header values and returns status, headers and body bytes, so any router can send them.
 */
import type { Coding, Representation } from './representation';

/** What to send: status 200 or 304, the representation's headers, and the body (empty for 304). */
export interface ConditionalAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer;
}

const parsedCodings = new Map<string, Coding>();

/**
 * The coding to answer `accept-encoding` with: br, then gzip, when the client accepts them with a
 * non-zero q-value (`*` counts for both); identity otherwise. Memoized per header value (clients
 * send a handful of distinct ones; the memo is bounded).
 */
export function negotiateCoding(acceptEncoding: string | null | undefined): Coding {
  if (!acceptEncoding) return 'identity';
  const memo = parsedCodings.get(acceptEncoding);
  if (memo) return memo;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (c: string) => (q.get(c) ?? q.get('*') ?? 0) > 0;
  const coding: Coding = accepts('br') ? 'br' : accepts('gzip') || accepts('x-gzip') ? 'gzip' : 'identity';
  if (parsedCodings.size < 256) parsedCodings.set(acceptEncoding, coding);
  return coding;
}

/** Whether `ifNoneMatch` (a list of entity tags, or `*`) matches `etag` by weak comparison. */
export function noneMatchHits(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const tag of ifNoneMatch.split(',')) {
    const t = tag.trim();
    if ((t.startsWith('W/') ? t.slice(2) : t) === opaque) return true;
  }
  return false;
}

/**
 * The answer to a GET or HEAD of `rep` given the request's `If-None-Match` and `Accept-Encoding`:
 * 304 with the validator and caching headers when the client's copy is current, else 200 with the
 * negotiated coding (`Content-Encoding`, `Content-Length`, `Vary: Accept-Encoding`). `head`
 * keeps the headers of the GET and drops the body. Resolves at once unless the coding's bytes
 * are still being compressed for the first time.
 */
export function conditionalAnswer(
  rep: Representation,
  ifNoneMatch: string | null | undefined,
  acceptEncoding: string | null | undefined,
  head: boolean,
): ConditionalAnswer | Promise<ConditionalAnswer> {
  const base: Record<string, string> = { etag: rep.etag, 'cache-control': rep.cacheControl, vary: 'Accept-Encoding' };
  if (noneMatchHits(ifNoneMatch, rep.etag)) return { status: 304, headers: base, body: EMPTY };
  const coding = rep.codingFor(negotiateCoding(acceptEncoding));
  const finish = (bytes: Buffer): ConditionalAnswer => {
    const headers: Record<string, string> = {
      ...base,
      'content-type': rep.contentType,
      'content-length': String(bytes.length),
    };
    if (coding !== 'identity') headers['content-encoding'] = coding;
    return { status: 200, headers, body: head ? EMPTY : bytes };
  };
  const bytes = rep.bytes(coding);
  return Buffer.isBuffer(bytes) ? finish(bytes) : bytes.then(finish);
}

const EMPTY = Buffer.alloc(0);
