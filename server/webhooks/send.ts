/**
 * One webhook POST over a keep-alive connection pool (undici, server/webhooks/pool.ts) with SSRF
 * checks on every new connection, no redirects, one overall deadline and a capped response read.
 * Never throws.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
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
 */
export function postWebhook(req: SendRequest): Promise<SendResult> {
  const t0 = performance.now();
  const max = req.maxResponseBytes ?? 4096;
  return new Promise<SendResult>((resolve) => {
    let status: number | null = null;
    let retryAfterMs: number | null = null;
    let excerpt = '';
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const abort = new AbortController();
    let body: Dispatcher.ResponseData['body'] | undefined;
    const finish = (ok: boolean, error: string | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // A response not read to its end cannot leave its connection reusable: destroy closes it.
      // A request still waiting (timeout, no response yet) is aborted; a finished one needs nothing
      // (aborting it anyway cost an AbortSignal event and a DOMException per delivery).
      if (body) {
        if (!body.readableEnded) body.destroy();
      } else abort.abort();
      resolve({
        ok,
        status,
        latencyMs: Math.round(performance.now() - t0),
        error,
        retryAfterMs,
        responseExcerpt: excerpt,
      });
    };
    try {
      const target = parseTarget(req.url, req.policy);
      if ('refused' in target) return finish(false, target.refused);
      timer = setTimeout(() => finish(false, `timeout after ${req.timeoutMs} ms`), req.timeoutMs);
      const headers = {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        ...req.headers,
        'content-length': String(Buffer.byteLength(req.body)),
      };
      const pool = req.pool ?? sharedWebhookPool(req.policy);
      pool
        .request({
          origin: target.origin,
          path: target.path,
          method: 'POST',
          headers,
          body: req.body,
          signal: abort.signal,
          headersTimeout: req.timeoutMs,
          bodyTimeout: req.timeoutMs,
        })
        .then(
          (res) => {
            body = res.body;
            if (done) return void res.body.destroy();
            status = res.statusCode;
            const ra = res.headers['retry-after'];
            retryAfterMs = parseRetryAfter(Array.isArray(ra) ? ra[0] : ra, {
              nowMs: Date.now(),
              maxMs: MAX_RETRY_AFTER_MS,
            });
            const complete = () => {
              if (status != null && status >= 300 && status < 400) {
                const loc = res.headers.location;
                finish(
                  false,
                  `redirect not followed (${status} to ${(Array.isArray(loc) ? loc[0] : loc) ?? 'no location'})`,
                );
              } else finish(status != null && status >= 200 && status < 300, null);
            };
            const decoder = new StringDecoder('utf8');
            let bytes = 0;
            res.body.on('data', (chunk: Buffer) => {
              const take = chunk.subarray(0, Math.max(0, max - bytes));
              bytes += take.length;
              excerpt += decoder.write(take);
              if (bytes >= max) complete();
            });
            res.body.on('end', complete);
            res.body.on('error', (e) => finish(false, `response aborted: ${e.message}`));
          },
          (e: unknown) => finish(false, errorText(e)),
        );
    } catch (e) {
      finish(false, e instanceof Error ? e.message : String(e));
    }
  });
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
