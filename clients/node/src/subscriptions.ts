/**
 * Subscription identity and the client messages built from subscriptions (docs/websocket.md,
 * "resume"). Pure functions: no I/O.
 */
import type { ResumeMessage, WsScope, WsSubscription } from './protocol';

/** Largest `subscriptions` array a `resume` may carry (lib/wire/ws.ts ResumeMessage). */
export const MAX_RESUME_SUBSCRIPTIONS = 100;

/**
 * A subscription without absent filters: `{channel}` plus `league` / `fixture_id` only when set.
 * Accepts the server's echo (`null` filters) as well as a client subscription.
 */
export function normalizeSubscription(sub: WsSubscription | WsScope): WsSubscription {
  const out: WsSubscription = { channel: sub.channel };
  if (sub.league != null) out.league = sub.league;
  if (sub.fixture_id != null) out.fixture_id = sub.fixture_id;
  return out;
}

/** A stable identity string of a subscription: equal for the same channel, league and fixture. */
export function subscriptionKey(sub: WsSubscription | WsScope): string {
  return `${sub.channel}|${sub.league ?? ''}|${sub.fixture_id ?? ''}`;
}

/**
 * The one `resume` message sent after a reconnect: replay everything matching `subscriptions`
 * with seq > `lastSeq`. Errors: throws RangeError when `lastSeq` is not a non-negative integer,
 * or `subscriptions` is empty or longer than 100 (the server would reject it).
 */
export function buildResumeMessage(lastSeq: number, subscriptions: readonly WsSubscription[]): ResumeMessage {
  if (!Number.isInteger(lastSeq) || lastSeq < 0)
    throw new RangeError(`last_seq must be a non-negative integer, got ${lastSeq}`);
  if (subscriptions.length < 1 || subscriptions.length > MAX_RESUME_SUBSCRIPTIONS) {
    throw new RangeError(`a resume carries 1–${MAX_RESUME_SUBSCRIPTIONS} subscriptions, got ${subscriptions.length}`);
  }
  return { type: 'resume', last_seq: lastSeq, subscriptions: subscriptions.map(normalizeSubscription) };
}
