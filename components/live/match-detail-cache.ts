/**
 * Keeps a cached match detail (GET /v1/{sport}/matches/{id}) current from WebSocket updates
 * without a refetch: the live shape is replaced and the event appended once, in seq order. A
 * `correction` (docs/operators.md) is applied the way the REST timeline shows it: a retracted
 * event leaves the timeline, an amended one takes its new values, the correction is listed.
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
  const events = [...corrected(d.events, event), event].sort((a, b) => a.seq - b.seq);
  return { ...d, match: match.seq >= d.match.seq ? match : d.match, events };
}

/** `events` with correction `c` applied to its target (unchanged when `c` is not a correction). */
function corrected(events: MatchEvent[], c: MatchEvent): MatchEvent[] {
  if (c.type !== 'correction') return events;
  const d = c.detail as {
    action?: string;
    target_event_id?: string;
    changes?: Partial<MatchEvent> & { stoppage?: number | null };
  };
  if (d.action === 'retract') return events.filter((e) => e.event_id !== d.target_event_id);
  if (d.action !== 'amend' || !d.changes) return events;
  const { stoppage, ...rest } = d.changes;
  return events.map((e) =>
    e.event_id === d.target_event_id
      ? { ...e, ...rest, ...(stoppage !== undefined ? { stoppage_time: stoppage } : {}), amended: true }
      : e,
  );
}
