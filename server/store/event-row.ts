/** The stored event log's rows on the way out: one mapping for REST timelines, WebSocket resume and webhooks. */
import type { StoredEvent } from '@/lib/match/types';
import { isoUtc } from './fixture-info';
import type * as t from './schema';

/** A `match_events` row as the engine's StoredEvent (timestamps ISO 8601 UTC). */
export function toStoredEvent(e: typeof t.matchEvents.$inferSelect): StoredEvent {
  return {
    seq: e.seq,
    event_id: e.eventId,
    fixture_id: e.fixtureId,
    sport: e.sport,
    type: e.type as StoredEvent['type'],
    side: e.side as StoredEvent['side'],
    player: e.player,
    minute: e.minute,
    stoppage: e.stoppage,
    period: e.period as StoredEvent['period'],
    clock_seconds: e.clockSeconds,
    detail: e.detail,
    source: e.source,
    occurred_at: isoUtc(e.occurredAt),
    received_at: isoUtc(e.receivedAt),
  };
}
