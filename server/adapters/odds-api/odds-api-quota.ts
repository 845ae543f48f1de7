/**
 * How the `odds-api` source spends its quota (docs/adapters.md "odds-api" budget). Pure.
 *
 * - The API prices each request: an odds request costs markets × regions credits, `/scores` 1
 *   (2 with `daysFrom`), `/sports` nothing; every answer says `x-requests-remaining`,
 *   `x-requests-used` and `x-requests-last` (the cost of that request).
 * - The source keeps its own count of the credits it spent this calendar month (UTC) against
 *   ODDS_API_MONTHLY_BUDGET: a request that would pass the budget (or the plan's remaining
 *   credits) is not sent, and polling waits for the next month.
 * - The spacing of polls follows from what is left: never more often than the credits left
 *   spread evenly over the time left in the month allow (the live interval is a floor).
 * - Quota exhausted upstream (a 401 / 429 whose body says `OUT_OF_USAGE_CREDITS` or a usage
 *   quota): nothing more is sent until the month resets.
 */

/** The quota state kept in the adapter state (JSON). Times ISO 8601 UTC. */
export interface QuotaState {
  /** `YYYY-MM` (UTC) the spent count belongs to. */
  month: string;
  /** Credits this source spent this month (sum of `x-requests-last`, else the computed cost). */
  spent: number;
  /** The last answer's `x-requests-remaining` / `x-requests-used` (the plan's figures), null before one. */
  remaining: number | null;
  used: number | null;
  last: number | null;
  updated_at: string | null;
  /** Set when the upstream said the quota is exhausted: when, its message, and when polling resumes. */
  exhausted: { at: string; message: string; until: string } | null;
}

/** `YYYY-MM` of `now` (UTC). */
export const monthOf = (now: Date) => now.toISOString().slice(0, 7);

/** The first instant of the month after `now` (UTC), ISO 8601. */
export function nextMonthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

/** Reads a quota state leniently (unreadable → a fresh month); a new month starts from 0 spent and clears an exhaustion. */
export function readQuota(raw: unknown, now: Date): QuotaState {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Partial<QuotaState>;
  const month = monthOf(now);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
  const fresh = r.month !== month;
  const exhausted =
    !fresh && r.exhausted && typeof r.exhausted.until === 'string' && Date.parse(r.exhausted.until) > now.getTime()
      ? r.exhausted
      : null;
  return {
    month,
    spent: fresh ? 0 : (num(r.spent) ?? 0),
    remaining: num(r.remaining),
    used: num(r.used),
    last: num(r.last),
    updated_at: typeof r.updated_at === 'string' ? r.updated_at : null,
    exhausted,
  };
}

/** Records one answer's quota headers (lower-case names) and its cost (`x-requests-last`, else `cost`) in `q`. */
export function recordAnswer(q: QuotaState, headers: Record<string, string>, cost: number, now: Date): void {
  const n = (h: string) => {
    const v = Number(headers[h]);
    return headers[h] != null && Number.isFinite(v) && v >= 0 ? v : null;
  };
  const last = n('x-requests-last');
  q.remaining = n('x-requests-remaining') ?? q.remaining;
  q.used = n('x-requests-used') ?? q.used;
  q.last = last ?? q.last;
  q.spent += last ?? cost;
  q.updated_at = now.toISOString();
}

/** Why a request costing `cost` may not be sent now (budget, plan or exhaustion), or null when it may. */
export function refusal(q: QuotaState, cost: number, budget: number): string | null {
  if (q.exhausted) return `quota exhausted upstream (${q.exhausted.message}); polling resumes ${q.exhausted.until}`;
  if (cost > 0 && q.spent + cost > budget)
    return `monthly budget spent: ${q.spent} of ${budget} credits this month; polling resumes with the next month`;
  if (cost > 0 && q.remaining != null && q.remaining < cost)
    return `the plan has ${q.remaining} credits left, a poll costs ${cost}`;
  return null;
}

/**
 * The least wait between polls (ms) so the budget lasts the month: the time left in the month
 * divided by the polls the credits left pay for (`pollCost` each); 0 when nothing is spent per poll.
 */
export function budgetSpacingMs(q: QuotaState, budget: number, pollCost: number, now: Date): number {
  if (pollCost <= 0) return 0;
  const left = Math.max(0, budget - q.spent);
  const plan = q.remaining ?? Number.POSITIVE_INFINITY;
  const polls = Math.floor(Math.min(left, plan) / pollCost);
  const msLeft = Date.parse(nextMonthStart(now)) - now.getTime();
  return polls <= 0 ? msLeft : Math.ceil(msLeft / polls);
}

/** True when an error body (The Odds API's `{message, error_code}`) says the usage quota is spent. */
export function isQuotaExhausted(body: unknown): boolean {
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; error_code?: unknown };
  return (
    b.error_code === 'OUT_OF_USAGE_CREDITS' ||
    (typeof b.message === 'string' && /usage quota|out of usage|quota has been reached/i.test(b.message))
  );
}
