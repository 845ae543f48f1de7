/**
 * The odds-api adapter's requests: one GET with the key as the `apiKey` query parameter, the
 * answer's `x-requests-*` headers recorded on the quota (odds-api-quota.ts), a quota-exhausted
 * answer turned into a pause until the month resets, and the key scrubbed from every message
 * that leaves (errors, notes) — it never appears in logs, errors, health or metrics.
 */
import { UpstreamError } from '../kit/upstream-error';
import type { PollContext } from '../types';
import { isQuotaExhausted, nextMonthStart, type QuotaState, recordAnswer } from './odds-api-quota';
import { OddsApiErrorSchema } from './odds-api-schemas';

/** GETs The Odds API at one base URL with one key. */
export class OddsApiRequester {
  private readonly base: string;

  /** `baseUrl`: e.g. `https://api.the-odds-api.com` (trailing slashes dropped); `apiKey`: the account's key. */
  constructor(
    baseUrl: string,
    private readonly apiKey: string,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  /**
   * GETs `path` with the key and `query`; records the quota headers on `quota` (cost `cost`
   * when the answer has no `x-requests-last`). Answers the JSON body; undefined for another 4xx
   * or a malformed body (reported); `'exhausted'` when the upstream says the quota is spent (401 /
   * 429 with its error body): then `quota.exhausted` holds the pause until the month resets.
   * Other failures throw UpstreamError with the key redacted.
   */
  async get(
    ctx: PollContext,
    quota: QuotaState,
    now: Date,
    path: string,
    query: Record<string, string>,
    cost: number,
  ): Promise<unknown | 'exhausted'> {
    const qs = new URLSearchParams({ apiKey: this.apiKey, ...query });
    try {
      const res = await ctx.http.getJson(`${this.base}${path}?${qs}`);
      recordAnswer(quota, res.headers, res.status === 304 ? 0 : cost, now);
      if (res.status >= 200 && res.status < 400) return res.body;
      if (isQuotaExhausted(res.body)) return this.exhaust(quota, now, res.body);
      return undefined;
    } catch (err) {
      if (err instanceof UpstreamError && (err.status === 401 || err.status === 429) && isQuotaExhausted(err.body))
        return this.exhaust(quota, now, err.body);
      if (err instanceof UpstreamError && err.kind === 'malformed') return undefined;
      throw this.redact(err);
    }
  }

  private exhaust(quota: QuotaState, now: Date, body: unknown): 'exhausted' {
    const b = OddsApiErrorSchema.safeParse(body);
    const message =
      (b.success ? [b.data.error_code, b.data.message].filter(Boolean).join(': ') : '') || 'quota exhausted';
    quota.exhausted = { at: now.toISOString(), message: this.scrub(message), until: nextMonthStart(now) };
    return 'exhausted';
  }

  private scrub(s: string): string {
    return this.apiKey ? s.split(this.apiKey).join('***') : s;
  }

  /** `err` with the key taken out of its message (the kit already hides `apiKey=`; this covers any echo). */
  private redact(err: unknown): unknown {
    if (!(err instanceof Error) || !err.message.includes(this.apiKey)) return err;
    if (err instanceof UpstreamError)
      return new UpstreamError(this.scrub(err.message), err.kind, err.status, err.retryAfterMs, err.phase, err.body);
    return new Error(this.scrub(err.message));
  }
}
