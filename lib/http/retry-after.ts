/**
 * `Retry-After` (RFC 9110 §10.2.3) as a delay in ms. Pure, no imports: shared by the webhook
 * sender (`server/webhooks`), the operator adapters (`server/adapters`) and the Node client
 * package (`clients/node`, bundled by tsup). The Python client has its own copy
 * (`clients/python/scoreline/backoff.py`).
 */

/** Default bound of {@link parseRetryAfter}: 24 h, in ms. */
export const RETRY_AFTER_DEFAULT_MAX_MS = 24 * 3600 * 1000;

/** Options of {@link parseRetryAfter}. */
export interface RetryAfterOptions {
  /** "Now" in epoch ms, the origin of an HTTP-date. Default Date.now(). */
  nowMs?: number;
  /** Largest delay returned, in ms (longer asks are capped). Default {@link RETRY_AFTER_DEFAULT_MAX_MS} (24 h). */
  maxMs?: number;
}

/** The three HTTP-date forms a recipient must accept (RFC 9110 §5.6.7). */
const HTTP_DATE = [
  /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/, // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
  /^[A-Za-z]+, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$/, // obsolete RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
  /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/, // obsolete asctime: Sun Nov  6 08:49:37 1994 (GMT)
];

/**
 * Reads a `Retry-After` header value: delay-seconds ("120", surrounding spaces ignored) or an
 * HTTP-date (one of the three RFC 9110 forms; the delay is measured from `nowMs`, a past date gives 0).
 * @returns the delay in integer ms, clamped to [0, maxMs]; null when the value is absent, empty
 *   or not one of those forms (e.g. "soon", "-5", "1.5", an ISO 8601 timestamp).
 */
export function parseRetryAfter(value: string | null | undefined, opts: RetryAfterOptions = {}): number | null {
  const v = value?.trim();
  if (!v) return null;
  const maxMs = opts.maxMs ?? RETRY_AFTER_DEFAULT_MAX_MS;
  let ms: number;
  if (/^\d+$/.test(v)) ms = Number(v) * 1000;
  else {
    if (!HTTP_DATE.some((re) => re.test(v))) return null;
    const at = Date.parse(v.endsWith('GMT') ? v : `${v} GMT`);
    if (Number.isNaN(at)) return null;
    ms = at - (opts.nowMs ?? Date.now());
  }
  return Math.min(maxMs, Math.max(0, ms));
}
