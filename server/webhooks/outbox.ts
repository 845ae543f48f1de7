/**
 * The durable webhook outbox: turns the stored feed into deliveries. A cursor row remembers the
 * last seq handled; each step reads the next messages from the event log and odds ticks
 * (server/engine/log-reader.ts), writes one message row plus one delivery per matching enabled
 * endpoint, and moves the cursor — in one transaction. A crash between ingest and enqueue loses
 * nothing: the next start continues from the cursor.
 */
import { randomBytes } from 'node:crypto';
import { typeMatches } from '@/lib/wire/webhooks';
import { readLog } from '../engine/log-reader';
import type { FixtureInfo } from '@/lib/match/types';
import type { Store } from '../store/db';
import { feedHead } from '../store/queries/feed-log';
import {
  enabledEndpoints,
  insertOutboxRows,
  lockOutboxCursor,
  moveOutboxCursor,
  pendingDeliveryCount,
  type WebhookEndpointRow,
} from '../store/queries/webhook-outbox';
import type { Claimed } from './attempt';
import type { LivePoints } from '../read/live-points';
import { LiveWinProbability } from '../read/live-win-probability';
import { messageBody, messageType, WIN_PROBABILITY_TYPE, winProbabilityBody } from './payload';

/**
 * The points of `win_probability.updated` messages for seqs the process's live follower has not
 * kept (server/read/live-points.ts `pointAt`: before its window, or not followed here), folded
 * from the log across enqueue steps (one outbox cursor per store).
 */
const winProbability = new LiveWinProbability();

/** The live follower's per-seq points (server/read/live-points.ts), read instead of folding again. */
export type FollowedPoints = Pick<LivePoints, 'pointAt' | 'settled' | 'publishedUpTo'>;

type Endpoint = WebhookEndpointRow;

/** Random bytes drawn 15 at a time by newDeliveryId (one crypto call per 256 ids). */
let idBytes = Buffer.alloc(0);
let idAt = 0;

/** A new delivery id (`dlv_` + 20 random base64url characters). */
export function newDeliveryId(): string {
  if (idAt + 15 > idBytes.length) {
    idBytes = randomBytes(15 * 256);
    idAt = 0;
  }
  idAt += 15;
  return `dlv_${idBytes.toString('base64url', idAt - 15, idAt)}`;
}

function covers(ep: Endpoint, seq: number, type: string, fixture: FixtureInfo): boolean {
  return (
    seq > ep.fromSeq &&
    typeMatches(type, ep.events) &&
    (!ep.sports.length || ep.sports.includes(fixture.sport)) &&
    (!ep.leagues.length || ep.leagues.includes(fixture.competition.slug))
  );
}

/**
 * Deliveries an enqueue step may claim for the caller as it writes them (no claim statement
 * afterwards): at most `room`, for endpoints `mayClaim` allows (whose older due deliveries, if
 * any, are all claimed already, so none is overtaken) given the `taken` deliveries this step
 * already claimed for that endpoint, locked until `leaseUntil` (epoch ms).
 */
export interface PreClaim {
  room: number;
  leaseUntil: number;
  mayClaim(endpointId: string, taken: number): boolean;
}

/** A message written by an enqueue step: its id and the exact body to send (kept in memory by the dispatcher). */
export interface EnqueuedMessage {
  id: string;
  payload: string;
}

/**
 * Moves the cursor over at most `batch` seqs, enqueueing deliveries for what it passes. The cursor
 * starts at the feed's head the first time (history from before webhooks existed is not sent).
 * Returns how many deliveries were created, the messages written and whether more seqs are waiting.
 * Messages and deliveries are each written by one statement (arrays unnested).
 * A `win_probability.updated` point is `followed`'s for its seq when the live follower kept it
 * (awaited settled before the transaction), else folded here from the log: the same point either way.
 * While the follower is following this feed (it has published seqs past the cursor), a step stops
 * at the last seq published here — the rest, committed but not yet published, come with the bus's
 * next wake-up — so a point is never folded here only because the follower had not seen it yet.
 */
export async function enqueueStep(
  store: Store,
  batch = 2000,
  claim?: PreClaim,
  followed?: FollowedPoints,
): Promise<{ created: number; more: boolean; messages: EnqueuedMessage[]; claimed: Claimed[] }> {
  await followed?.settled(); // outside the transaction: the follower reads the store itself
  const head = await feedHead(store.db);
  return store.db.transaction(async (tx) => {
    const from = await lockOutboxCursor(tx, head);
    if (from >= head) return { created: 0, more: false, messages: [], claimed: [] };
    const published = followed?.publishedUpTo ?? 0;
    const end = published > from && published < head ? published : head;
    const to = Math.min(end, from + batch);
    const endpoints = await enabledEndpoints(tx);
    let created = 0;
    const messages: { id: string; type: string; seq: number; payload: string }[] = [];
    const claimed: Claimed[] = [];
    if (endpoints.length) {
      const sports = new Set(endpoints.flatMap((e) => (e.sports.length ? e.sports : ['*'])));
      const entries = await readLog(tx, from, to, (_kind, f) => sports.has('*') || sports.has(f.sport));
      const ids: string[] = [];
      const eps: string[] = [];
      const msgs: string[] = [];
      const seqs: number[] = [];
      const locks: (string | null)[] = [];
      const leaseIso = claim ? new Date(claim.leaseUntil).toISOString() : null;
      // Claimed at once while there is room, in feed order; the first delivery left unclaimed
      // for an endpoint leaves every later one unclaimed too (a claim takes them in order).
      const unclaimed = new Set<string>();
      const takenFor = new Map<string, number>();
      // An event entry is followed by its win-probability point (id `msg_<seq>_wp`) for the
      // endpoints that opted in, when the event changed it.
      const items: { e: (typeof entries)[number]; type: string; id: string; body: () => Promise<string | null> }[] = [];
      for (const e of entries) {
        const id = `msg_${e.message.seq}`;
        items.push({ e, type: messageType(e), id, body: async () => messageBody(e) });
        if (e.kind === 'event')
          items.push({
            e,
            type: WIN_PROBABILITY_TYPE,
            id: `${id}_wp`,
            body: async () => {
              const kept = followed?.pointAt(e.message.seq, e.message.fixture.id);
              const point = kept ? kept.point : await winProbability.pointAfter(tx, e.message);
              return point ? winProbabilityBody(e, point) : null;
            },
          });
      }
      for (const { e, type, id, body } of items) {
        const targets = endpoints.filter((ep) => covers(ep, e.message.seq, type, e.message.fixture));
        if (!targets.length) continue;
        const payload = await body();
        if (payload === null) continue;
        messages.push({ id, type, seq: e.message.seq, payload });
        for (const ep of targets) {
          const dlv = newDeliveryId();
          ids.push(dlv);
          eps.push(ep.id);
          msgs.push(id);
          seqs.push(e.message.seq);
          const taken = takenFor.get(ep.id) ?? 0;
          const take = !!claim && claimed.length < claim.room && !unclaimed.has(ep.id) && claim.mayClaim(ep.id, taken);
          if (take) takenFor.set(ep.id, taken + 1);
          else unclaimed.add(ep.id);
          locks.push(take ? leaseIso : null);
          if (take)
            claimed.push({
              id: dlv,
              endpointId: ep.id,
              messageId: id,
              attempts: 0,
              url: ep.url,
              secret: ep.secret,
              failing: ep.failingSince != null,
              payload,
              leaseUntil: claim!.leaseUntil,
            });
        }
      }
      if (messages.length)
        await insertOutboxRows(
          tx,
          {
            id: messages.map((m) => m.id),
            type: messages.map((m) => m.type),
            seq: messages.map((m) => m.seq),
            payload: messages.map((m) => m.payload),
          },
          { id: ids, endpointId: eps, messageId: msgs, seq: seqs, lockedUntil: locks },
          new Date().toISOString(),
        );
      created = ids.length;
    }
    await moveOutboxCursor(tx, to);
    return {
      created,
      more: to < end,
      messages: messages.map((m) => ({ id: m.id, payload: m.payload })),
      claimed,
    };
  });
}

/** Pending deliveries (the backlog) and endpoints by status, for feed health. */
export async function outboxStats(store: Store): Promise<{ pending: number }> {
  return { pending: await pendingDeliveryCount(store.db) };
}
