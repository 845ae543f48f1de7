/**
 * An owned sport key's `/scores` answer applied to the fixtures this source owns: live scores and
 * finals as match events (odds-api-scores.ts maps them; for ice hockey the kit's ledger retracts
 * a goal taken back upstream), each memo marked completed once its result is sent.
 */
import type { FeedEvent } from '@/lib/match/state';
import type { Sport } from '@/lib/sports';
import { diffDelivered } from '../kit/ledger';
import type { AdapterBatch, AdapterSkip } from '../types';
import { OddsApiScoreEventSchema, parseItems } from './odds-api-schemas';
import { scoreEvents } from './odds-api-scores';
import type { OddsApiState } from './odds-api-state';

/**
 * Applies `/scores` (`body`, the JSON answer; undefined when the request gave none) of sport key
 * `key` to the owned fixtures: events pushed to `batch.events` (occurred_at the upstream's
 * `last_update`), notes of scores that went down to `notes`, malformed items to `skipped`.
 * `source` names the adapter on retractions.
 */
export function applyScores(
  sport: Sport,
  key: string,
  body: unknown,
  state: OddsApiState,
  out: { batch: AdapterBatch; notes: string[]; skipped: AdapterSkip[] },
  source: string,
): void {
  const { batch, notes, skipped } = out;
  if (body === undefined) {
    skipped.push({ item: `${key} scores`, reason: 'not a list of events' });
    return;
  }
  const items = parseItems(body, OddsApiScoreEventSchema);
  for (const i of items.bad) skipped.push({ item: `${key} scores[${i}]`, reason: 'malformed event' });
  for (const { value: e } of items.ok) {
    const memo = state.events[e.id];
    if (!memo?.source_key || memo.completed) continue;
    const r = scoreEvents(sport, e, memo.delivered);
    if (r.note) notes.push(r.note);
    let events: FeedEvent[] = r.events;
    if (sport === 'ice-hockey') {
      const diff = diffDelivered(memo.ledger ?? { sent: {} }, r.events, { complete: true, source });
      memo.ledger = diff.ledger;
      events = diff.events;
    } else memo.delivered = r.delivered;
    const at = e.last_update ? new Date(e.last_update).toISOString() : undefined;
    for (const ev of events)
      batch.events.push({
        source_key: memo.source_key,
        event: ev,
        ...(at && ev.type !== 'correction' ? { occurred_at: at } : {}),
      });
    if (e.completed && r.events.some((x) => x.type === 'result')) memo.completed = true;
  }
}
