/**
 * Conditional requests and content negotiation for a cached read (RFC 9110 §13, §12.5.3):
 * `If-None-Match` → 304, `Accept-Encoding` → br, gzip or identity. Framework-free: it takes
 * header values and returns status, headers and body bytes, so any router can send them.
 */
import type { Coding, ConditionalAnswer, Representation } from './representation';

export type { ConditionalAnswer } from './representation';

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

function answer(status: 200 | 304, headers: Record<string, string>, body: Buffer): ConditionalAnswer {
  return { status, headers, headerList: Object.entries(headers).flat(), body };
}

/** The 304 of `rep` (built once). */
function notModified(rep: Representation): ConditionalAnswer {
  let a = rep.answers.get('304');
  if (!a) {
    a = answer(304, { etag: rep.etag, 'cache-control': rep.cacheControl, vary: 'Accept-Encoding' }, EMPTY);
    rep.answers.set('304', a);
  }
  return a;
}

/** The 200 of `rep` in `coding` with its `bytes`, for a GET or (`head`) a HEAD (built once each). */
function ok(rep: Representation, coding: Coding, bytes: Buffer, head: boolean): ConditionalAnswer {
  const key = head ? `head/${coding}` : coding;
  let a = rep.answers.get(key);
  if (!a) {
    const headers: Record<string, string> = {
      etag: rep.etag,
      'cache-control': rep.cacheControl,
      vary: 'Accept-Encoding',
      'content-type': rep.contentType,
      'content-length': String(bytes.length),
    };
    if (coding !== 'identity') headers['content-encoding'] = coding;
    a = answer(200, headers, head ? EMPTY : bytes);
    rep.answers.set(key, a);
  }
  return a;
}

/**
 * The answer to a GET or HEAD of `rep` given the request's `If-None-Match` and `Accept-Encoding`:
 * 304 with the validator and caching headers when the client's copy is current, else 200 with the
 * negotiated coding (`Content-Encoding`, `Content-Length`, `Vary: Accept-Encoding`). `head`
 * keeps the headers of the GET and drops the body. Resolves at once unless the coding's bytes
 * are still being compressed for the first time. The same answer object is returned for the same
 * representation, status, coding and method (no closure or object is made per request: this runs
 * on every cached read).
 */
export function conditionalAnswer(
  rep: Representation,
  ifNoneMatch: string | null | undefined,
  acceptEncoding: string | null | undefined,
  head: boolean,
): ConditionalAnswer | Promise<ConditionalAnswer> {
  if (noneMatchHits(ifNoneMatch, rep.etag)) return notModified(rep);
  const coding = rep.codingFor(negotiateCoding(acceptEncoding));
  const bytes = rep.bytes(coding);
  return Buffer.isBuffer(bytes) ? ok(rep, coding, bytes, head) : bytes.then((b) => ok(rep, coding, b, head));
}

const EMPTY = Buffer.alloc(0);
