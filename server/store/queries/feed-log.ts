/**
 * The feed's position and receipt times, read from the store: the latest committed seq
 * (`feed_sequence`) and when the message with a given seq was received (the event log or the
 * odds ticks). WebSocket resume, the webhook outbox and the cluster's log follower read these.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { isoUtc } from '../fixture-info';
import * as t from '../schema';

/** The feed's latest committed seq (0 for an empty feed). */
export async function feedHead(db: Tx): Promise<number> {
  const [row] = await db.select({ value: t.feedSequence.value }).from(t.feedSequence);
  return Number(row?.value ?? 0);
}

/** When the message with `seq` was received (epoch ms), from the event log or the odds ticks; null if neither holds it. */
export async function receivedAtOfSeq(db: Tx, seq: number): Promise<number | null> {
  const [e] = await db.select({ at: t.matchEvents.receivedAt }).from(t.matchEvents).where(eq(t.matchEvents.seq, seq));
  if (e) return Date.parse(isoUtc(e.at));
  const [o] = await db.select({ at: t.oddsTicks.receivedAt }).from(t.oddsTicks).where(eq(t.oddsTicks.seq, seq));
  return o ? Date.parse(isoUtc(o.at)) : null;
}
