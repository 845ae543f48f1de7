/**
 * The one upstream HTTP client of every source adapter (docs/adapters.md "The kit"). Per source:
 *
 * - every request is bounded: undici Agent `connectTimeout`, `headersTimeout` and `bodyTimeout`
 *   (socket timers) plus an overall deadline of our own — a `setTimeout` that aborts a controller
 *   the request holds. Nothing depends on `AbortSignal.timeout` combined through
 *   `AbortSignal.any`, whose timers can be collected with the signal (issue 32: 4 of 5 hangs held
 *   past the bound, one for undici's default 300 s);
 * - failures are classified (server/adapters/kit/upstream-error.ts): refused, timed out (connect /
 *   headers / body / deadline), DNS, HTTP status, malformed body, budget;
 * - conditional requests: a 200 with `ETag` / `Last-Modified` is remembered per URL and the next
 *   request sends `If-None-Match` / `If-Modified-Since`; a 304 answers the remembered body;
 * - a per-source request budget per minute (rate-limiter-flexible's memory limiter): a request
 *   past it fails with kind `budget` and the wait until the budget has room;
 * - a 429 or 5xx with `Retry-After` blocks the source's next requests until then (the runner backs
 *   off as well, lib/http/backoff.ts);
 * - `User-Agent: Scoreline/<package version>`, `Accept-Encoding: gzip, deflate, br` (bodies are
 *   decompressed here), a body size cap.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { Agent, request, type Dispatcher } from 'undici';
import pkg from '../../../package.json' with { type: 'json' };
import { parseRetryAfter } from '@/lib/http/retry-after';
import { classifyTransportError, UpstreamError } from './upstream-error';

/** `Scoreline/<version>`: the User-Agent of every upstream request. */
export const USER_AGENT = `Scoreline/${pkg.version}`;

/** Bounds of one request, in ms. */
export interface RequestTimeouts {
  /** TCP (+TLS) connect; default min(5 000, deadline). */
  connectMs: number;
  /** From sending the request to the response headers; default the deadline. */
  headersMs: number;
  /** Longest gap between two body chunks; default the deadline. */
  bodyMs: number;
  /** The whole request, connect to last body byte; default 30 000. */
  deadlineMs: number;
}

/** The timeouts for an overall deadline of `deadlineMs` (see {@link RequestTimeouts}). */
export function timeoutsFor(deadlineMs = 30_000): RequestTimeouts {
  return { connectMs: Math.min(5_000, deadlineMs), headersMs: deadlineMs, bodyMs: deadlineMs, deadlineMs };
}

/** Options of an UpstreamClient. */
export interface UpstreamClientOptions {
  /** The source's name, in error messages and health (`nhl`, `football-data-org`, …). */
  source: string;
  /** Requests allowed per rolling minute; default 60. */
  requestsPerMinute?: number;
  timeouts?: Partial<RequestTimeouts>;
  /** Largest decompressed body accepted, bytes; default 32 MiB. */
  maxBodyBytes?: number;
  /** Headers sent with every request (e.g. an API token). */
  headers?: Record<string, string>;
  /** Response headers read, in order, for the wait after a 429 / 5xx; default `['retry-after']`. */
  retryAfterHeaders?: string[];
  /** Aborts every request in flight (the runner's stop); a function is read at each request. */
  signal?: AbortSignal | (() => AbortSignal);
  /** Remembered conditional-request bodies (URLs), most recent kept; default 256. */
  cacheEntries?: number;
}

/** The answer to a GET: a 2xx or 304 with its JSON body, or another 4xx without one. */
export interface UpstreamResponse {
  url: string;
  /** 2xx, 304 (then `body` is the body remembered from the last 200) or a 4xx other than 401 and 429. */
  status: number;
  /** Parsed JSON for 2xx and 304; for a 4xx its JSON error body if it has one, else undefined. */
  body: unknown;
  /** True for a 304 or a 200 whose body equals the previous one of this URL. */
  unchanged: boolean;
  /** Bytes received on the wire (compressed size), headers excluded. */
  bytes: number;
  /** Response headers (lower-case names). */
  headers: Record<string, string>;
}

/** One source's request figures for feed health. Times ISO 8601 UTC. */
export interface UpstreamStats {
  requests_total: number;
  /** Requests counted against the budget in the current minute window. */
  requests_last_minute: number;
  request_budget_per_minute: number;
  bytes_total: number;
  not_modified_total: number;
  last_request_at: string | null;
  /** The last response whose body differed from the one before it (the upstream changed). */
  last_change_at: string | null;
}

interface Remembered {
  etag: string | null;
  lastModified: string | null;
  hash: string;
  body: unknown;
}

/** One source's HTTP client (see the module comment). `close()` it when done. */
export class UpstreamClient {
  readonly timeouts: RequestTimeouts;
  private readonly agent: Agent;
  private readonly budget: RateLimiterMemory;
  private readonly rpm: number;
  private readonly cache = new Map<string, Remembered>();
  private blockedUntil = 0;
  private figures: UpstreamStats;
  private windowStart = 0;

  constructor(private readonly opts: UpstreamClientOptions) {
    const deadline = opts.timeouts?.deadlineMs ?? 30_000;
    this.timeouts = { ...timeoutsFor(deadline), ...opts.timeouts };
    this.agent = new Agent({
      connectTimeout: this.timeouts.connectMs,
      headersTimeout: this.timeouts.headersMs,
      bodyTimeout: this.timeouts.bodyMs,
      keepAliveTimeout: 4_000,
      connections: 8,
    });
    this.rpm = opts.requestsPerMinute ?? 60;
    this.budget = new RateLimiterMemory({ points: this.rpm, duration: 60 });
    this.figures = {
      requests_total: 0,
      requests_last_minute: 0,
      request_budget_per_minute: this.rpm,
      bytes_total: 0,
      not_modified_total: 0,
      last_request_at: null,
      last_change_at: null,
    };
  }

  /** A copy of the request figures. */
  stats(): UpstreamStats {
    if (Date.now() - this.windowStart >= 60_000) this.figures.requests_last_minute = 0;
    return { ...this.figures };
  }

  /**
   * GETs `url` and parses its JSON body (see {@link UpstreamResponse}). `conditional: false` skips
   * If-None-Match / If-Modified-Since.
   * Errors: UpstreamError — `budget` (per-minute budget spent, or a Retry-After still running:
   * `retryAfterMs` says how long), `refused` / `timeout` / `dns` / `network` for transport
   * failures, `http` for 401, 429 and 5xx (with the Retry-After wait), `malformed` for a
   * 2xx body that is not JSON or exceeds the size cap, `stopped` when the client's signal aborted.
   */
  async getJson(
    url: string,
    opts: { headers?: Record<string, string>; conditional?: boolean } = {},
  ): Promise<UpstreamResponse> {
    const what = `${this.opts.source} GET ${shortUrl(url)}`;
    const now = Date.now();
    if (this.blockedUntil > now)
      throw new UpstreamError(`${what}: waiting for the upstream's Retry-After`, 'budget', 0, this.blockedUntil - now);
    try {
      const r = await this.budget.consume(this.opts.source);
      if (r.consumedPoints === 1) this.windowStart = now;
      this.figures.requests_last_minute = r.consumedPoints;
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      throw new UpstreamError(
        `${what}: request budget of ${this.rpm} a minute spent`,
        'budget',
        0,
        Math.max(1, e.msBeforeNext),
      );
    }
    this.figures.requests_total += 1;
    this.figures.last_request_at = new Date(now).toISOString();
    const remembered = opts.conditional === false ? undefined : this.cache.get(url);
    const headers: Record<string, string> = {
      'user-agent': USER_AGENT,
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br',
      ...this.opts.headers,
      ...opts.headers,
    };
    if (remembered?.etag) headers['if-none-match'] = remembered.etag;
    if (remembered?.lastModified) headers['if-modified-since'] = remembered.lastModified;

    const { status, resHeaders, raw } = await this.send(url, what, headers);
    this.figures.bytes_total += raw.length;
    if (status === 304) {
      if (remembered?.body === undefined)
        throw new UpstreamError(`${what}: 304 without a remembered body`, 'malformed', 304);
      this.figures.not_modified_total += 1;
      return { url, status, body: remembered.body, unchanged: true, bytes: raw.length, headers: resHeaders };
    }
    if (status === 429 || status >= 500 || status === 401) {
      let retry: number | null = null;
      for (const h of this.opts.retryAfterHeaders ?? ['retry-after']) retry ??= parseRetryAfter(resHeaders[h]);
      if (retry != null && (status === 429 || status >= 500))
        this.blockedUntil = Math.max(this.blockedUntil, Date.now() + retry);
      const label = status === 429 ? '429 too many requests' : `HTTP ${status}`;
      throw new UpstreamError(
        `${what}: ${label}${retry != null ? ` (Retry-After ${Math.round(retry / 1000)} s)` : ''}`,
        'http',
        status,
        retry,
        null,
        this.errorBody(raw, resHeaders['content-encoding']),
      );
    }
    const text = this.decode(raw, resHeaders['content-encoding'], what);
    if (status < 200 || status >= 300) {
      let errorBody: unknown;
      try {
        errorBody = JSON.parse(text);
      } catch {
        errorBody = undefined;
      }
      return { url, status, body: errorBody, unchanged: false, bytes: raw.length, headers: resHeaders };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new UpstreamError(
        `${what}: malformed body, not JSON (${text.slice(0, 40).replace(/\s+/g, ' ')}…)`,
        'malformed',
        status,
      );
    }
    const hash = createHash('sha1').update(text).digest('base64');
    const before = this.cache.get(url);
    const unchanged = before?.hash === hash;
    if (!unchanged) this.figures.last_change_at = new Date().toISOString();
    const etag = resHeaders.etag ?? null;
    const lastModified = resHeaders['last-modified'] ?? null;
    // The body is kept only when a 304 can answer it later.
    this.remember(url, { etag, lastModified, hash, body: etag || lastModified ? body : undefined });
    return { url, status, body, unchanged, bytes: raw.length, headers: resHeaders };
  }

  /** Closes the connection pool (requests in flight fail). */
  async close(): Promise<void> {
    await this.agent.close().catch(() => undefined);
  }

  /** Sends the request under the overall deadline and reads the whole (compressed) body. */
  private async send(
    url: string,
    what: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; resHeaders: Record<string, string>; raw: Buffer }> {
    const ac = new AbortController();
    const deadlineMs = this.timeouts.deadlineMs;
    let timedOut = false;
    // A plain timer, strongly held by the event loop while it runs: it aborts `ac` at the deadline.
    const timer = setTimeout(() => {
      timedOut = true;
      ac.abort(new Error('deadline'));
    }, deadlineMs);
    timer.unref();
    const stop = typeof this.opts.signal === 'function' ? this.opts.signal() : this.opts.signal;
    const onStop = () => ac.abort(new Error('stopped'));
    if (stop?.aborted) onStop();
    else stop?.addEventListener('abort', onStop, { once: true });
    let phase: 'headers' | 'body' = 'headers';
    try {
      const res: Dispatcher.ResponseData = await request(url, {
        method: 'GET',
        headers,
        dispatcher: this.agent,
        signal: ac.signal,
        headersTimeout: this.timeouts.headersMs,
        bodyTimeout: this.timeouts.bodyMs,
      });
      phase = 'body';
      const chunks: Buffer[] = [];
      let size = 0;
      const cap = this.opts.maxBodyBytes ?? 32 * 1024 * 1024;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > cap) {
          res.body.destroy();
          throw new UpstreamError(`${what}: body larger than ${cap} bytes`, 'malformed', res.statusCode);
        }
        chunks.push(chunk as Buffer);
      }
      const resHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers))
        if (v != null) resHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
      return { status: res.statusCode, resHeaders, raw: Buffer.concat(chunks) };
    } catch (err) {
      throw classifyTransportError(what, err, {
        phase,
        deadlineMs: timedOut ? deadlineMs : null,
        stopped: !timedOut && stop?.aborted === true,
      });
    } finally {
      clearTimeout(timer);
      stop?.removeEventListener('abort', onStop);
    }
  }

  /** The JSON body of an error answer (at most 64 KiB read), or undefined when it has none. */
  private errorBody(raw: Buffer, encoding: string | undefined): unknown {
    if (!raw.length || raw.length > 65_536) return undefined;
    try {
      return JSON.parse(this.decode(raw, encoding, ''));
    } catch {
      return undefined;
    }
  }

  private decode(raw: Buffer, encoding: string | undefined, what: string): string {
    const maxOutputLength = this.opts.maxBodyBytes ?? 32 * 1024 * 1024;
    try {
      const enc = encoding?.trim().toLowerCase();
      if (enc === 'gzip' || enc === 'x-gzip') return zlib.gunzipSync(raw, { maxOutputLength }).toString('utf8');
      if (enc === 'deflate') return zlib.inflateSync(raw, { maxOutputLength }).toString('utf8');
      if (enc === 'br') return zlib.brotliDecompressSync(raw, { maxOutputLength }).toString('utf8');
      return raw.toString('utf8');
    } catch (e) {
      throw new UpstreamError(`${what}: cannot decompress the ${encoding} body (${(e as Error).message})`, 'malformed');
    }
  }

  private remember(url: string, entry: Remembered): void {
    this.cache.delete(url);
    this.cache.set(url, entry);
    const max = this.opts.cacheEntries ?? 256;
    while (this.cache.size > max) this.cache.delete(this.cache.keys().next().value as string);
  }
}

/** Values of query parameters that carry a credential (The Odds API's `apiKey`, …): never in messages. */
const SECRET_VALUES = /([?&](?:apikey|api_key|key|token|access_token)=)[^&#]*/gi;

/**
 * The path and query of `url` (error messages name the request, not the host, which the settings
 * say), with the value of every credential parameter (`apiKey`, `api_key`, `key`, `token`, `access_token`) replaced by `***`.
 */
export function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search.replace(SECRET_VALUES, '$1***');
  } catch {
    return url.replace(SECRET_VALUES, '$1***');
  }
}

/**
 * The upstream client of `adapter` (its name, budget and per-source settings) with an overall
 * request bound of `timeoutMs` (default 30 s) and the stop signal. Used by the runner and tests.
 */
export function upstreamClientFor(
  adapter: {
    name: string;
    requestsPerMinute?: number;
    upstream?: { headers?: Record<string, string>; retryAfterHeaders?: string[] };
  },
  opts: { timeoutMs?: number; signal?: AbortSignal | (() => AbortSignal) } = {},
): UpstreamClient {
  return new UpstreamClient({
    source: adapter.name,
    requestsPerMinute: adapter.requestsPerMinute ?? 60,
    timeouts: timeoutsFor(opts.timeoutMs ?? 30_000),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...adapter.upstream,
  });
}
