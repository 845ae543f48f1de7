/**
 * The webhook outbox's statements (server/webhooks/outbox.ts): its cursor row, the enabled
 * endpoints, and the message and delivery rows one enqueue step writes (each set in one
 * statement, arrays unnested). Every function runs in the caller's transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import * as t from '../schema';

/** A webhook endpoint as stored. */
export type WebhookEndpointRow = typeof t.webhookEndpoints.$inferSelect;

/**
 * The outbox cursor's seq, locked for update until the transaction ends. A missing cursor row is
 * created at `head` first (history from before webhooks existed is not sent).
 */
export async function lockOutboxCursor(tx: Tx, head: number): Promise<number> {
  await tx.insert(t.webhookCursor).values({ id: 1, seq: head }).onConflictDoNothing();
  const [cur] = await tx.select().from(t.webhookCursor).where(eq(t.webhookCursor.id, 1)).for('update');
  return cur.seq;
}

/** Moves the outbox cursor to `seq`. */
export async function moveOutboxCursor(tx: Tx, seq: number): Promise<void> {
  await tx.update(t.webhookCursor).set({ seq }).where(eq(t.webhookCursor.id, 1));
}

/** The endpoints deliveries are made for (status `enabled`). */
export function enabledEndpoints(tx: Tx): Promise<WebhookEndpointRow[]> {
  return tx.select().from(t.webhookEndpoints).where(eq(t.webhookEndpoints.status, 'enabled'));
}

/** Message rows to write: id `msg_<seq>`, the event type and the exact JSON body. */
export interface OutboxMessageRows {
  id: string[];
  type: string[];
  seq: number[];
  payload: string[];
}

/** Delivery rows to write, column by column: `lockedUntil` ISO 8601 UTC for a delivery claimed as written, else null. */
export interface OutboxDeliveryRows {
  id: string[];
  endpointId: string[];
  messageId: string[];
  seq: number[];
  lockedUntil: (string | null)[];
}

/**
 * Writes one step's messages and its deliveries, pending and due at `dueAt` (ISO 8601 UTC), in
 * two statements; rows already there are left as they are.
 */
export async function insertOutboxRows(
  tx: Tx,
  m: OutboxMessageRows,
  d: OutboxDeliveryRows,
  dueAt: string,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO webhook_messages (id, event_type, seq, payload)
    SELECT * FROM unnest(${sql.param(m.id)}::text[], ${sql.param(m.type)}::text[],
      ${sql.param(m.seq)}::bigint[], ${sql.param(m.payload)}::text[])
    ON CONFLICT DO NOTHING`);
  // Due now, in feed order: the claim takes them by (next_attempt_at, seq).
  await tx.execute(sql`
    INSERT INTO webhook_deliveries (id, endpoint_id, message_id, seq, status, next_attempt_at, locked_until)
    SELECT v.id, v.endpoint_id, v.message_id, v.seq, 'pending', ${dueAt}, v.locked_until
    FROM unnest(${sql.param(d.id)}::text[], ${sql.param(d.endpointId)}::text[], ${sql.param(d.messageId)}::text[], ${sql.param(d.seq)}::bigint[],
      ${sql.param(d.lockedUntil)}::timestamptz[])
      AS v(id, endpoint_id, message_id, seq, locked_until)
    ON CONFLICT DO NOTHING`);
}

/** How many deliveries are pending (the backlog). */
export async function pendingDeliveryCount(db: Tx): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.webhookDeliveries)
    .where(eq(t.webhookDeliveries.status, 'pending'));
  return Number(r?.n ?? 0);
}
