/**
 * WebSocket resume (docs/websocket.md "Resume"): the messages a reconnecting client missed,
 * read from the stored feed (so it survives server restarts), or the reason it must resync.
 */
import { eq } from 'drizzle-orm';
import { readLog } from '../engine/log-reader';
import { isoUtc } from '../store/fixture-info';
import * as t from '../store/schema';
import type { Services } from '../services';
import { oddsMessage, updateMessage } from './messages';
import { anyCovers, type Sub } from './subscriptions';

export type ResumePlan =
  | { kind: 'replay'; head: number; messages: { seq: number; payload: string }[] }
  | { kind: 'resync'; head: number; reason: 'retention_expired' | 'too_many_messages' | 'ahead_of_server' };

/**
 * What a client that last saw `lastSeq` missed under `subs`, up to `head` (the feed's latest
 * published seq when the client's live messages started being held back). Resync when `lastSeq`
 * is ahead of the feed (the store was reset), when more than WS_RESUME_MAX_MESSAGES were
 * published since, or when the first missed one was received longer than WS_RESUME_RETENTION_S ago.
 */
export async function planResume(services: Services, lastSeq: number, subs: Sub[], head: number, nowMs = Date.now()): Promise<ResumePlan> {
  const { WS_RESUME_MAX_MESSAGES: max, WS_RESUME_RETENTION_S: retention } = services.config;
  if (lastSeq > head) return { kind: 'resync', head, reason: 'ahead_of_server' };
  if (lastSeq === head) return { kind: 'replay', head, messages: [] };
  if (head - lastSeq > max) return { kind: 'resync', head, reason: 'too_many_messages' };
  const firstMissed = await receivedAtOf(services, lastSeq + 1);
  if (firstMissed != null && firstMissed < nowMs - retention * 1000) return { kind: 'resync', head, reason: 'retention_expired' };
  const entries = await readLog(services.store.db, lastSeq, head, (kind, fixture) => anyCovers(subs, kind === 'event' ? 'live' : 'odds', fixture));
  const messages = entries.map((e) =>
    e.kind === 'event'
      ? { seq: e.message.seq, payload: JSON.stringify(updateMessage(e.message, { replayed: true, nowMs: Date.parse(e.message.event.received_at) })) }
      : { seq: e.message.seq, payload: JSON.stringify(oddsMessage(e.message, { replayed: true })) },
  );
  return { kind: 'replay', head, messages };
}

/** When the message with `seq` was received (ms), from the event log or the odds ticks; null if neither holds it. */
async function receivedAtOf(services: Services, seq: number): Promise<number | null> {
  const db = services.store.db;
  const [e] = await db.select({ at: t.matchEvents.receivedAt }).from(t.matchEvents).where(eq(t.matchEvents.seq, seq));
  if (e) return Date.parse(isoUtc(e.at));
  const [o] = await db.select({ at: t.oddsTicks.receivedAt }).from(t.oddsTicks).where(eq(t.oddsTicks.seq, seq));
  return o ? Date.parse(isoUtc(o.at)) : null;
}
