/**
 * One delivery attempt from the outbox: claim due deliveries (crash-safe: a claim expires), sign
 * (Standard Webhooks), POST (server/webhooks/send.ts: SSRF guard, timeout, no redirects), record
 * the attempt, then schedule the retry, mark it delivered or failed, and disable endpoints that
 * answered 410 Gone or have failed for longer than WEBHOOK_DISABLE_AFTER_S.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Dispatcher } from 'undici';
import type { Store, Tx } from '../store/db';
import { isoUtc } from '../store/fixture-info';
import * as t from '../store/schema';
import { nextDelayMs } from './schedule';
import { postWebhook, type SendResult } from './send';
import { webhookHeaders } from './signing';
import type { AddressPolicy } from './ssrf';

export interface AttemptOptions {
  policy: AddressPolicy;
  timeoutMs: number;
  /** Seconds before each attempt (schedule.ts). */
  schedule: number[];
  disableAfterMs: number;
  /** Decrypts a stored signing secret (server/webhooks/secret-key.ts); absent: stored in clear (unit tests). */
  openSecret?: (stored: string) => string;
  /** Keep-alive connection pool built with webhookPool(policy) (pool.ts); absent: the process-wide one. */
  pool?: Dispatcher;
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
}

/**
 * Claims up to `limit` due deliveries (a disabled endpoint's pending deliveries are parked with no
 * `next_attempt_at`, see parkDeliveries, so this is one short walk of the pending-due index) for `lockMs` (another worker skips
 * them meanwhile; a crashed worker's claim simply expires) and returns them with what sending needs.
 */
export async function claimDue(store: Store, limit: number, lockMs: number, nowMs = Date.now()): Promise<Claimed[]> {
  const now = new Date(nowMs).toISOString();
  const until = new Date(nowMs + lockMs).toISOString();
  const res = (await store.db.execute(sql`
    UPDATE webhook_deliveries SET locked_until = ${until}
    WHERE id IN (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${now} AND (d.locked_until IS NULL OR d.locked_until < ${now})
      ORDER BY d.next_attempt_at LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED)
    RETURNING id`)) as unknown as { rows: { id: string }[] };
  const ids = res.rows.map((r) => r.id);
  if (!ids.length) return [];
  return store.db
    .select({
      id: t.webhookDeliveries.id,
      endpointId: t.webhookDeliveries.endpointId,
      messageId: t.webhookDeliveries.messageId,
      attempts: t.webhookDeliveries.attempts,
      url: t.webhookEndpoints.url,
      secret: t.webhookEndpoints.secret,
      failing: sql<boolean>`${t.webhookEndpoints.failingSince} IS NOT NULL`,
      payload: t.webhookMessages.payload,
    })
    .from(t.webhookDeliveries)
    .innerJoin(t.webhookEndpoints, eq(t.webhookEndpoints.id, t.webhookDeliveries.endpointId))
    .innerJoin(t.webhookMessages, eq(t.webhookMessages.id, t.webhookDeliveries.messageId))
    .where(inArray(t.webhookDeliveries.id, ids));
}

/** One finished attempt, waiting to be recorded. */
export interface Outcome {
  c: Claimed;
  at: Date;
  done: Date;
  r: SendResult;
}

/** Sends one claimed delivery (signed now). Never throws: every failure is in the result. */
export async function sendClaimed(c: Claimed, opts: AttemptOptions): Promise<Outcome> {
  const at = new Date();
  let secret: string;
  try {
    secret = opts.openSecret ? opts.openSecret(c.secret) : c.secret;
  } catch (e) {
    const error = `signing secret unreadable: ${(e as Error).message}`;
    return {
      c,
      at,
      done: new Date(),
      r: { ok: false, status: null, latencyMs: 0, error, responseExcerpt: '', retryAfterMs: null },
    };
  }
  const r = await postWebhook({
    url: c.url,
    headers: webhookHeaders(secret, c.messageId, at, c.payload),
    body: c.payload,
    timeoutMs: opts.timeoutMs,
    policy: opts.policy,
    pool: opts.pool,
  });
  return { c, at, done: new Date(), r };
}

/**
 * Records finished attempts in one transaction: the attempt log rows, successes in one
 * statement, each failure's next attempt (schedule with jitter, Retry-After) or final `failed`,
 * the endpoints' failure state, and disables endpoints that answered 410 or have failed for
 * longer than `disableAfterMs`. Store errors propagate (the claims then expire and are retried).
 */
export async function recordOutcomes(store: Store, outcomes: Outcome[], opts: AttemptOptions): Promise<void> {
  if (!outcomes.length) return;
  await store.db.transaction(async (tx) => {
    await tx.insert(t.webhookAttempts).values(
      outcomes.map(({ c, at, r }) => ({
        deliveryId: c.id,
        attemptedAt: at.toISOString(),
        statusCode: r.status,
        latencyMs: r.latencyMs,
        error: r.error,
        responseExcerpt: r.responseExcerpt.slice(0, 1024),
      })),
    );
    const ok = outcomes.filter((o) => o.r.ok);
    if (ok.length) {
      const rows = sql.join(
        ok.map(({ c, done, r }) => sql`(${c.id}, ${c.attempts + 1}, ${done.toISOString()}, ${r.status})`),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE webhook_deliveries AS d SET status = 'delivered', attempts = v.attempts::int, delivered_at = v.at::timestamptz, next_attempt_at = NULL, locked_until = NULL, last_status_code = v.code::int, last_error = NULL
        FROM (VALUES ${rows}) AS v(id, attempts, at, code) WHERE d.id = v.id`);
      const recovered = [...new Set(ok.filter((o) => o.c.failing).map((o) => o.c.endpointId))];
      if (recovered.length)
        await tx
          .update(t.webhookEndpoints)
          .set({ failingSince: null })
          .where(and(inArray(t.webhookEndpoints.id, recovered), sql`${t.webhookEndpoints.failingSince} IS NOT NULL`));
    }
    for (const { c, done, r } of outcomes.filter((o) => !o.r.ok)) {
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
