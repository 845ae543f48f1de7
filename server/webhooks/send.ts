/**
 * One webhook POST over a keep-alive connection pool (undici, server/webhooks/pool.ts) with SSRF
 * checks on every new connection, no redirects, one overall deadline and a capped response read.
 * Never throws.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { parseRetryAfter } from '@/lib/http/retry-after';
import { sharedWebhookPool } from './pool';
import { MAX_RETRY_AFTER_MS } from './schedule';
import { bareHost, isAllowedAddress, refusalReason, type AddressPolicy } from './ssrf';

/** Outcome of one delivery attempt. */
export interface SendResult {
  /** True for a 2xx answer read to its end (or to maxResponseBytes). */
  ok: boolean;
  /** HTTP status, or null when no response headers arrived. */
  status: number | null;
  /** Integer ms from start to the end of the response (or the failure). */
  latencyMs: number;
  /** Why it failed (timeout, connection error, redirect, SSRF refusal), null when ok or a plain non-2xx. */
  error: string | null;
  /** From the response's Retry-After header (delta-seconds or HTTP-date), ms; null when absent/invalid. */
  retryAfterMs: number | null;
  /** First maxResponseBytes of the response body, utf8. */
  responseExcerpt: string;
}

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  /** The exact JSON text sent (and signed). */
  body: string;
  /** Overall deadline in ms for connect + send + reading the response. */
  timeoutMs: number;
  policy: AddressPolicy;
  /** Response bytes kept in responseExcerpt; default 4096. The rest is not read. */
  maxResponseBytes?: number;
  /**
   * The connection pool to send through, built by webhookPool(policy) (pool.ts) with the same
   * policy; default the process-wide pool for `policy`.
   */
  pool?: Dispatcher;
}

export const USER_AGENT = 'Scoreline-Webhooks/1';

/**
 * POSTs `body` to `url` with the given headers plus content-type application/json, user-agent
 * and content-length, over a pooled keep-alive connection (a new one is resolved through
 * guardedLookup and its peer address checked; IP literals are checked here first); never follows
 * redirects (3xx → ok:false, error "redirect not followed (302 to <location>)"); fails with
 * "timeout after <n> ms" when the whole exchange (waiting for a connection included) exceeds
 * timeoutMs. Never throws.
 *
 * It drives undici's dispatcher directly (Dispatcher.dispatch with a DispatchHandler): the
 * response is read chunk by chunk into the excerpt with no body stream, promise chain or
 * AbortSignal per attempt, which the request() API costs (this runs once per delivery).
 */
export function postWebhook(req: SendRequest): Promise<SendResult> {
  return new Promise<SendResult>((resolve) => {
    const attempt = new Attempt(req, resolve);
    try {
      const target = parseTarget(req.url, req.policy);
      if ('refused' in target) return attempt.finish(false, target.refused);
      attempt.arm();
      const pool = req.pool ?? sharedWebhookPool(req.policy);
      pool.dispatch(
        {
          origin: target.origin,
          path: target.path,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': USER_AGENT,
            ...req.headers,
            'content-length': String(Buffer.byteLength(req.body)),
          },
          body: req.body,
          headersTimeout: req.timeoutMs,
          bodyTimeout: req.timeoutMs,
        },
        attempt,
      );
    } catch (e) {
      attempt.finish(false, e instanceof Error ? e.message : String(e));
    }
  });
}

/** One attempt's state, and its handler of undici's dispatch events (methods, so no closures per attempt). */
class Attempt implements Dispatcher.DispatchHandler {
  private readonly t0 = performance.now();
  private readonly max: number;
  private status: number | null = null;
  private location: string | undefined;
  private retryAfterMs: number | null = null;
  private excerpt = '';
  private bytes = 0;
  private decoder: StringDecoder | null = null;
  private done = false;
  private ended = false;
  private timer: NodeJS.Timeout | undefined;
  private controller: Dispatcher.DispatchController | null = null;

  constructor(
    private readonly req: SendRequest,
    private readonly resolve: (r: SendResult) => void,
  ) {
    this.max = req.maxResponseBytes ?? 4096;
  }

  /** Starts the overall deadline. */
  arm(): void {
    this.timer = setTimeout(Attempt.expire, this.req.timeoutMs, this);
  }

  private static expire(a: Attempt): void {
    a.finish(false, `timeout after ${a.req.timeoutMs} ms`);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.done) controller.abort(new Error('attempt over'));
  }

  onResponseStart(_c: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    if (this.done) return;
    this.status = statusCode;
    const ra = headers['retry-after'];
    this.retryAfterMs = parseRetryAfter(Array.isArray(ra) ? ra[0] : ra, {
      nowMs: Date.now(),
      maxMs: MAX_RETRY_AFTER_MS,
    });
    const loc = headers.location;
    this.location = Array.isArray(loc) ? loc[0] : loc;
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.done) return;
    const take = chunk.subarray(0, Math.max(0, this.max - this.bytes));
    this.bytes += take.length;
    this.excerpt += (this.decoder ??= new StringDecoder('utf8')).write(take);
    if (this.bytes >= this.max) this.complete();
  }

  onResponseEnd(): void {
    this.ended = true;
    this.complete();
  }

  onResponseError(_c: Dispatcher.DispatchController, err: Error): void {
    this.finish(false, this.status == null ? errorText(err) : `response aborted: ${err.message}`);
  }

  /** The response was read to its end (or to the excerpt's cap): its outcome. */
  private complete(): void {
    const status = this.status;
    if (status != null && status >= 300 && status < 400)
      this.finish(false, `redirect not followed (${status} to ${this.location ?? 'no location'})`);
    else this.finish(status != null && status >= 200 && status < 300, null);
  }

  /** Resolves once with the outcome; a request or response still running is aborted (its connection closed). */
  finish(ok: boolean, error: string | null): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    // A response not read to its end cannot leave its connection reusable: aborting closes it. A
    // request not started yet is aborted when it starts (onRequestStart).
    if (!this.ended) this.controller?.abort(new Error(error ?? 'response not read to its end'));
    this.resolve({
      ok,
      status: this.status,
      latencyMs: Math.round(performance.now() - this.t0),
      error,
      retryAfterMs: this.retryAfterMs,
      responseExcerpt: this.excerpt,
    });
  }
}

type Target = { origin: string; path: string } | { refused: string };
/** Parsed URLs and their IP-literal check, per policy: once per endpoint URL, not once per delivery. */
const targets = new Map<string, Target>();

/** The origin and path of `raw`, or why it is refused (not a URL, scheme, an IP literal the policy refuses). */
function parseTarget(raw: string, policy: AddressPolicy): Target {
  const key = `${policy.allowLoopback ? 1 : 0}${policy.allowPrivate ? 1 : 0}${raw}`;
  let t = targets.get(key);
  if (t) return t;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {}
  const host = url ? bareHost(url) : '';
  if (!url) t = { refused: 'invalid URL' };
  else if (url.protocol !== 'http:' && url.protocol !== 'https:')
    t = { refused: `scheme ${url.protocol} is not allowed` };
  else if (net.isIP(host) && !isAllowedAddress(host, policy)) t = { refused: refusalReason(host) };
  else t = { origin: url.origin, path: `${url.pathname}${url.search}` };
  if (targets.size >= 10_000) targets.clear();
  targets.set(key, t);
  return t;
}

/** The message of a failed request: the socket error's own text (e.g. "connect ECONNREFUSED 127.0.0.1:80", an SSRF refusal). */
function errorText(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = (e as Error & { cause?: unknown }).cause;
  const msg = e.message.trim() || (cause instanceof Error ? cause.message : '') || e.name;
  return msg;
}
