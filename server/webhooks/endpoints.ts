/**
 * Webhook endpoints and their deliveries in the store (docs/webhooks.md), always scoped to the
 * API key that owns them: one key never sees or changes another key's endpoints.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { CreateWebhookBody, UpdateWebhookBody } from '@/lib/wire/webhooks';
import type { Tx } from '../store/db';
import { isoUtc } from '../store/fixture-info';
import * as t from '../store/schema';
import { parkDeliveries } from './attempt';
import { newDeliveryId } from './outbox';
import { testBody } from './payload';
import type { SecretBox } from './secret-key';
import { newSigningSecret } from './signing';

type Row = typeof t.webhookEndpoints.$inferSelect;
const iso = (v: string | null) => (v ? isoUtc(v) : null);

/**
 * The wire view of an endpoint (WebhookEndpointSchema); the secret (decrypted with `secrets`)
 * only when `secrets` is given. Errors: throws when the secret's key is not configured.
 */
export function endpointView(r: Row, secrets: SecretBox | null) {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    sports: r.sports,
    leagues: r.leagues,
    status: r.status as 'enabled' | 'disabled',
    disabled_reason: r.disabledReason,
    failing_since: iso(r.failingSince),
    created_at: isoUtc(r.createdAt),
    updated_at: isoUtc(r.updatedAt),
    ...(secrets ? { secret: secrets.open(r.secret) } : {}),
  };
}

/** Registers an endpoint for `keyId` that receives the feed after `fromSeq`, its new signing secret sealed with `secrets`; returns the stored row. */
export async function createEndpoint(
  db: Tx,
  keyId: number,
  body: z.infer<typeof CreateWebhookBody>,
  fromSeq: number,
  secrets: SecretBox,
): Promise<Row> {
  const [row] = await db
    .insert(t.webhookEndpoints)
    .values({
      id: `wh_${randomBytes(12).toString('base64url')}`,
      keyId,
      url: body.url,
      description: body.description ?? null,
      events: body.events ?? ['*'],
      sports: body.sports ?? [],
      leagues: body.leagues ?? [],
      secret: secrets.seal(newSigningSecret()),
      fromSeq,
    })
    .returning();
  return row;
}

/** How many endpoints `keyId` has (plan limit `webhook_endpoints`). */
export async function countEndpoints(db: Tx, keyId: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(t.webhookEndpoints).where(eq(t.webhookEndpoints.keyId, keyId));
  return Number(r.n);
}

/** The key's endpoints, oldest first. */
export function listEndpoints(db: Tx, keyId: number): Promise<Row[]> {
  return db
    .select()
    .from(t.webhookEndpoints)
    .where(eq(t.webhookEndpoints.keyId, keyId))
    .orderBy(t.webhookEndpoints.createdAt, t.webhookEndpoints.id);
}

/** One of the key's endpoints, or null. */
export async function getEndpoint(db: Tx, keyId: number, id: string): Promise<Row | null> {
  const [r] = await db
    .select()
    .from(t.webhookEndpoints)
    .where(and(eq(t.webhookEndpoints.id, id), eq(t.webhookEndpoints.keyId, keyId)));
  return r ?? null;
}

/** Applies a validated patch; re-enabling clears the failure state. Returns the new row, or null when not the key's. */
export async function updateEndpoint(
  db: Tx,
  keyId: number,
  id: string,
  patch: z.infer<typeof UpdateWebhookBody>,
): Promise<Row | null> {
  const set: Partial<typeof t.webhookEndpoints.$inferInsert> = { updatedAt: new Date().toISOString() };
  if (patch.url !== undefined) set.url = patch.url;
  if (patch.events !== undefined) set.events = patch.events;
  if (patch.sports !== undefined) set.sports = patch.sports;
  if (patch.leagues !== undefined) set.leagues = patch.leagues;
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.status === 'enabled') Object.assign(set, { status: 'enabled', disabledReason: null, failingSince: null });
  if (patch.status === 'disabled') Object.assign(set, { status: 'disabled', disabledReason: 'disabled by its owner' });
  const [r] = await db
    .update(t.webhookEndpoints)
    .set(set)
    .where(and(eq(t.webhookEndpoints.id, id), eq(t.webhookEndpoints.keyId, keyId)))
    .returning();
  if (r && patch.status) await parkDeliveries(db, [r.id], patch.status === 'disabled');
  return r ?? null;
}

/** Deletes an endpoint with its deliveries and attempts; false when not the key's. */
export async function deleteEndpoint(db: Tx, keyId: number, id: string): Promise<boolean> {
  const r = await db
    .delete(t.webhookEndpoints)
    .where(and(eq(t.webhookEndpoints.id, id), eq(t.webhookEndpoints.keyId, keyId)))
    .returning({ id: t.webhookEndpoints.id });
  return r.length > 0;
}

/** Moves a key's endpoints to the key that replaced it (rotation), or disables them (revocation, `to` null). */
export async function handOverEndpoints(db: Tx, from: number, to: number | null): Promise<void> {
  if (to != null) await db.update(t.webhookEndpoints).set({ keyId: to }).where(eq(t.webhookEndpoints.keyId, from));
  else {
    const off = await db
      .update(t.webhookEndpoints)
      .set({ status: 'disabled', disabledReason: 'its API key was revoked', updatedAt: new Date().toISOString() })
      .where(eq(t.webhookEndpoints.keyId, from))
      .returning({ id: t.webhookEndpoints.id });
    await parkDeliveries(
      db,
      off.map((e) => e.id),
      true,
    );
  }
}

/** Queues a `webhook.test` message to one endpoint, due now. */
export async function queueTest(
  db: Tx,
  endpointId: string,
  endpointEnabled: boolean,
): Promise<{ delivery_id: string; message_id: string; status: 'pending' }> {
  const at = new Date();
  const messageId = `msg_test_${randomBytes(12).toString('base64url')}`;
  const id = newDeliveryId();
  await db
    .insert(t.webhookMessages)
    .values({ id: messageId, eventType: 'webhook.test', seq: null, payload: testBody(endpointId, at) });
  await db
    .insert(t.webhookDeliveries)
    .values({ id, endpointId, messageId, status: 'pending', nextAttemptAt: endpointEnabled ? at.toISOString() : null });
  return { delivery_id: id, message_id: messageId, status: 'pending' };
}

/** Puts a delivery back in the queue, due now, with a fresh retry schedule. False when the endpoint has no such delivery. */
export async function retryDelivery(
  db: Tx,
  endpointId: string,
  deliveryId: string,
  endpointEnabled: boolean,
): Promise<{ delivery_id: string; message_id: string; status: 'pending' } | null> {
  const [r] = await db
    .update(t.webhookDeliveries)
    // A disabled endpoint's delivery waits (parked) until the endpoint is enabled again.
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: endpointEnabled ? new Date().toISOString() : null,
      lockedUntil: null,
    })
    .where(and(eq(t.webhookDeliveries.id, deliveryId), eq(t.webhookDeliveries.endpointId, endpointId)))
    .returning({ id: t.webhookDeliveries.id, messageId: t.webhookDeliveries.messageId });
  return r ? { delivery_id: r.id, message_id: r.messageId, status: 'pending' } : null;
}

/** Cursor of the deliveries list: the last row's creation time and id. */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}
/**
 * A delivery cursor as issued: the row's `created_at` as the store printed it (kept to the
 * microsecond so paging is exact; a real calendar date within years 0001–9999) and a delivery id.
 */
const DeliveryCursorSchema = z.tuple([
  z
    .string()
    .regex(/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?(Z|[+-]\d\d(:\d\d)?)$/)
    .refine((s) => z.iso.date().safeParse(s.slice(0, 10)).success && s.slice(0, 4) !== '0000'),
  z.string().regex(/^dlv_[A-Za-z0-9_-]{1,40}$/),
]);

/** Errors: throws Error on a cursor this server did not issue (anything else never reaches SQL). */
export function decodeCursor(c: string): [string, string] {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(c, 'base64url').toString('utf8'));
  } catch {
    throw new Error('bad cursor');
  }
  const r = DeliveryCursorSchema.safeParse(v);
  if (!r.success) throw new Error('bad cursor');
  return r.data;
}

/** An endpoint's deliveries, newest first, with every attempt; `cursor` continues a previous page. */
export async function listDeliveries(
  db: Tx,
  endpointId: string,
  opts: { status?: string; limit: number; cursor?: [string, string] },
) {
  const d = t.webhookDeliveries;
  const conds = [eq(d.endpointId, endpointId)];
  if (opts.status) conds.push(eq(d.status, opts.status));
  if (opts.cursor)
    conds.push(or(lt(d.createdAt, opts.cursor[0]), and(eq(d.createdAt, opts.cursor[0]), lt(d.id, opts.cursor[1])))!);
  const rows = await db
    .select({ d, type: t.webhookMessages.eventType, seq: t.webhookMessages.seq })
    .from(d)
    .innerJoin(t.webhookMessages, eq(t.webhookMessages.id, d.messageId))
    .where(and(...conds))
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const ids = page.map((r) => r.d.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(t.webhookAttempts)
        .where(inArray(t.webhookAttempts.deliveryId, ids))
        .orderBy(t.webhookAttempts.id)
    : [];
  const last = page.at(-1);
  return {
    data: page.map(({ d: r, type, seq }) => ({
      id: r.id,
      endpoint_id: r.endpointId,
      message_id: r.messageId,
      event_type: type,
      seq,
      status: r.status as 'pending' | 'delivered' | 'failed',
      attempts: r.attempts,
      next_attempt_at: r.status === 'pending' ? iso(r.nextAttemptAt) : null,
      last_status_code: r.lastStatusCode,
      last_error: r.lastError,
      created_at: isoUtc(r.createdAt),
      delivered_at: iso(r.deliveredAt),
      attempt_log: attempts
        .filter((a) => a.deliveryId === r.id)
        .map((a) => ({
          attempted_at: isoUtc(a.attemptedAt),
          status_code: a.statusCode,
          latency_ms: a.latencyMs,
          error: a.error,
        })),
    })),
    next_cursor: rows.length > opts.limit && last ? encodeCursor(last.d.createdAt, last.d.id) : null,
  };
}
