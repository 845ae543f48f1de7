/**
 * Keeps a cached match detail (GET /v1/{sport}/matches/{id}) current from WebSocket updates
 * without a refetch: the live shape is replaced and the event appended once, in seq order.
 */
import type { LiveMatch, MatchEvent } from '@/lib/wire/schemas';

export interface MatchDetailData {
  match: LiveMatch;
  events: MatchEvent[];
  [k: string]: unknown;
}

/** A new detail with `event` in the timeline (deduplicated by event_id) and `match` as given. */
export function applyEventToDetail(d: MatchDetailData, match: LiveMatch, event: MatchEvent): MatchDetailData {
  if (d.events.some((e) => e.event_id === event.event_id)) return match.seq >= d.match.seq ? { ...d, match } : d;
  const events = [...d.events, event].sort((a, b) => a.seq - b.seq);
  return { ...d, match: match.seq >= d.match.seq ? match : d.match, events };
}
