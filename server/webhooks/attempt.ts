/**
 * One delivery attempt from the outbox: claim due deliveries (crash-safe: a claim expires), sign
 * (Standard Webhooks), POST (server/webhooks/send.ts: SSRF guard, timeout, no redirects), record
 * the attempt, then schedule the retry, mark it delivered or failed, and disable endpoints that
 * answered 410 Gone or have failed for longer than WEBHOOK_DISABLE_AFTER_S.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Store, Tx } from '../store/db';
import { isoUtc } from '../store/fixture-info';
import * as t from '../store/schema';
import { nextDelayMs } from './schedule';
import type { SendResult } from './send';
import { type PostOptions, signAndSend } from './sign-and-send';

/** How attempts are sent (sign-and-send.ts: policy, deadline, pool, secret opening), retried and given up. */
export interface AttemptOptions extends PostOptions {
  /** Seconds before each attempt (schedule.ts). */
  schedule: number[];
  disableAfterMs: number;
}

export interface Claimed {
  id: string;
  endpointId: string;
  messageId: string;
  attempts: number;
  url: string;
  secret: string;
  /** The endpoint was failing when the delivery was claimed (a success then clears that). */
  failing: boolean;
  payload: string;
  /** The claim holds until then (epoch ms); another worker may take the delivery afterwards. */
  leaseUntil: number;
}

/** Message bodies already in memory (they never change), by message id: a claim then reads no payload. */
export interface PayloadCache {
  get(messageId: string): string | undefined;
  set(messageId: string, payload: string): void;
}

/** Options of claimDue. */
export interface ClaimOptions {
  /** Endpoints not to claim for now (e.g. whose queue in this process is long enough). */
  skipEndpoints?: string[];
  /** Message bodies in memory; the ones missing are read (one more statement) and added. */
  payloads?: PayloadCache;
}

/**
 * Claims up to `limit` due deliveries (a disabled endpoint's pending deliveries are parked with no
 * `next_attempt_at`, see parkDeliveries, so this is one short walk of the pending-due index) for
 * `lockMs` (another worker skips them meanwhile; a crashed worker's claim simply expires) and
 * returns them with what sending needs, in (next_attempt_at, seq) order — each endpoint's first
 * attempts in feed order. One statement (claim and endpoint joined); message bodies come from
 * `opts.payloads`, and only the ones not there are read (a second statement).
 */
export async function claimDue(
  store: Store,
  limit: number,
  lockMs: number,
  nowMs = Date.now(),
  opts: ClaimOptions = {},
): Promise<Claimed[]> {
  const now = new Date(nowMs).toISOString();
  const until = new Date(nowMs + lockMs).toISOString();
  const skip = opts.skipEndpoints?.length
    ? sql`AND d.endpoint_id <> ALL(${sql.param(opts.skipEndpoints)}::text[])`
    : sql``;
  const res = (await store.db.execute(sql`
    WITH c AS (
      UPDATE webhook_deliveries SET locked_until = ${until}
      WHERE id IN (
        SELECT d.id FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.next_attempt_at <= ${now} AND (d.locked_until IS NULL OR d.locked_until < ${now}) ${skip}
        ORDER BY d.next_attempt_at, d.seq LIMIT ${limit}
        FOR UPDATE OF d SKIP LOCKED)
      RETURNING id, endpoint_id, message_id, attempts, next_attempt_at, seq)
    SELECT c.id, c.endpoint_id, c.message_id, c.attempts, e.url, e.secret, e.failing_since IS NOT NULL AS failing
    FROM c JOIN webhook_endpoints e ON e.id = c.endpoint_id
    ORDER BY c.next_attempt_at, c.seq, c.id`)) as unknown as {
    rows: {
      id: string;
      endpoint_id: string;
      message_id: string;
      attempts: number | string;
      url: string;
      secret: string;
      failing: boolean;
    }[];
  };
  if (!res.rows.length) return [];
  const payloads = new Map<string, string>();
  const missing = new Set<string>();
  for (const r of res.rows) {
    if (payloads.has(r.message_id)) continue;
    const p = opts.payloads?.get(r.message_id);
    if (p === undefined) missing.add(r.message_id);
    else payloads.set(r.message_id, p);
  }
  if (missing.size) {
    const read = (await store.db.execute(
      sql`SELECT id, payload FROM webhook_messages WHERE id = ANY(${sql.param([...missing])}::text[])`,
    )) as unknown as { rows: { id: string; payload: string }[] };
    for (const m of read.rows) {
      payloads.set(m.id, m.payload);
      opts.payloads?.set(m.id, m.payload);
    }
  }
  const leaseUntil = nowMs + lockMs;
  return res.rows.map((r) => ({
    id: r.id,
    endpointId: r.endpoint_id,
    messageId: r.message_id,
    attempts: Number(r.attempts),
    url: r.url,
    secret: r.secret,
    failing: r.failing === true,
    payload: payloads.get(r.message_id) ?? '',
    leaseUntil,
  }));
}

/** Gives claimed deliveries back (not attempted): due again at once for any worker. */
export async function releaseClaims(store: Store, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await store.db.execute(
    sql`UPDATE webhook_deliveries SET locked_until = NULL WHERE id = ANY(${sql.param(ids)}::text[]) AND status = 'pending'`,
  );
}

/** One finished attempt, waiting to be recorded. */
export interface Outcome {
  c: Claimed;
  at: Date;
  done: Date;
  r: SendResult;
}

/** Sends one claimed delivery (signed now, sign-and-send.ts). Never throws: every failure is in the result. */
export async function sendClaimed(c: Claimed, opts: AttemptOptions): Promise<Outcome> {
  return { c, ...(await signAndSend({ url: c.url, secret: c.secret, messageId: c.messageId, body: c.payload }, opts)) };
}

/**
 * Records finished attempts: the attempt log rows and successes in one statement (when all
 * succeeded, that is all); with failures, in one transaction with each failure's next attempt (schedule with jitter, Retry-After) or final `failed`,
 * the endpoints' failure state, and disables endpoints that answered 410 or have failed for
 * longer than `disableAfterMs`. Store errors propagate (the claims then expire and are retried).
 */
export async function recordOutcomes(store: Store, outcomes: Outcome[], opts: AttemptOptions): Promise<void> {
  if (!outcomes.length) return;
  const failed = outcomes.filter((o) => !o.r.ok);
  // All delivered (the usual case): one statement, atomic on its own.
  if (!failed.length) return recordLogAndSuccesses(store.db, outcomes);
  await store.db.transaction(async (tx) => {
    await recordLogAndSuccesses(tx, outcomes);
    for (const { c, done, r } of failed) {
      const attempts = c.attempts + 1;
      const nowIso = done.toISOString();
      const [before] = await tx
        .select({ status: t.webhookEndpoints.status })
        .from(t.webhookEndpoints)
        .where(eq(t.webhookEndpoints.id, c.endpointId));
      const delay = nextDelayMs(attempts, opts.schedule, r.retryAfterMs);
      const parked = before?.status !== 'enabled'; // disabled while this attempt was in flight
      await tx
        .update(t.webhookDeliveries)
        .set({
          status: delay == null ? 'failed' : 'pending',
          attempts,
          nextAttemptAt: delay == null || parked ? null : new Date(done.getTime() + delay).toISOString(),
          lockedUntil: null,
          lastStatusCode: r.status,
          lastError: r.error ?? `HTTP ${r.status}`,
        })
        .where(eq(t.webhookDeliveries.id, c.id));
      await tx
        .update(t.webhookEndpoints)
        .set({ failingSince: nowIso })
        .where(and(eq(t.webhookEndpoints.id, c.endpointId), isNull(t.webhookEndpoints.failingSince)));
      const [ep] = await tx
        .select({ failingSince: t.webhookEndpoints.failingSince, status: t.webhookEndpoints.status })
        .from(t.webhookEndpoints)
        .where(eq(t.webhookEndpoints.id, c.endpointId));
      const since = ep?.failingSince ? Date.parse(isoUtc(ep.failingSince)) : done.getTime();
      const reason =
        r.status === 410
          ? 'the receiver answered 410 Gone'
          : done.getTime() - since > opts.disableAfterMs
            ? `every delivery failed for more than ${Math.round(opts.disableAfterMs / 1000)} s`
            : null;
      if (reason && ep?.status === 'enabled') {
        await tx
          .update(t.webhookEndpoints)
          .set({ status: 'disabled', disabledReason: reason, updatedAt: nowIso })
          .where(eq(t.webhookEndpoints.id, c.endpointId));
        await parkDeliveries(tx, [c.endpointId], true);
      }
    }
  });
}

/**
 * Writes every outcome's attempt log row, marks the successful ones delivered and clears the
 * failure state of endpoints they recovered — one statement (arrays unnested, so its text does
 * not grow with the batch; the `= ANY` keeps the deliveries update an index scan). A delivery
 * deleted meanwhile (its endpoint was deleted) gets no log row instead of failing the whole batch.
 * Failures are left to the caller.
 */
async function recordLogAndSuccesses(db: Tx, outcomes: Outcome[]): Promise<void> {
  const col = <T>(f: (o: Outcome) => T) => sql.param(outcomes.map(f));
  await db.execute(sql`
    WITH v AS (
      SELECT * FROM unnest(${col((o) => o.c.id)}::text[], ${col((o) => o.c.endpointId)}::text[], ${col((o) => o.c.attempts + 1)}::int[],
        ${col((o) => o.at.toISOString())}::timestamptz[], ${col((o) => o.done.toISOString())}::timestamptz[], ${col((o) => o.r.ok)}::boolean[],
        ${col((o) => o.c.failing)}::boolean[], ${col((o) => o.r.status)}::int[], ${col((o) => o.r.latencyMs)}::int[], ${col((o) => o.r.error)}::text[],
        ${col((o) => o.r.responseExcerpt.slice(0, 1024))}::text[])
        AS v(id, endpoint_id, attempts, attempted_at, done_at, ok, failing, code, latency_ms, error, excerpt)),
    log AS (
      INSERT INTO webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, error, response_excerpt)
      SELECT v.id, v.attempted_at, v.code, v.latency_ms, v.error, v.excerpt FROM v
      WHERE EXISTS (SELECT 1 FROM webhook_deliveries x WHERE x.id = v.id)),
    recovered AS (
      UPDATE webhook_endpoints e SET failing_since = NULL
      WHERE e.id IN (SELECT endpoint_id FROM v WHERE ok AND failing) AND e.failing_since IS NOT NULL)
    UPDATE webhook_deliveries AS d SET status = 'delivered', attempts = v.attempts, delivered_at = v.done_at, next_attempt_at = NULL, locked_until = NULL, last_status_code = v.code, last_error = NULL
    FROM v WHERE d.id = v.id AND v.ok AND d.id = ANY(${sql.param(outcomes.filter((o) => o.r.ok).map((o) => o.c.id))}::text[])`);
}

/**
 * Parks (`park` true: no `next_attempt_at`, never claimed) or resumes (due now) the pending
 * deliveries of endpoints that are disabled or re-enabled. Nothing is dropped either way.
 */
export async function parkDeliveries(tx: Tx, endpointIds: string[], park: boolean): Promise<void> {
  if (!endpointIds.length) return;
  await tx
    .update(t.webhookDeliveries)
    .set({ nextAttemptAt: park ? null : new Date().toISOString() })
    .where(
      and(
        inArray(t.webhookDeliveries.endpointId, endpointIds),
        eq(t.webhookDeliveries.status, 'pending'),
        park ? sql`true` : isNull(t.webhookDeliveries.nextAttemptAt),
      ),
    );
}
