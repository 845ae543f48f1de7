/**
 * What the play-by-play adapters (mlb, nba) share around the kit: a GET that turns the upstream's
 * "not there" answers (a 4xx, a body that is not JSON) into a reported skip instead of a failed
 * poll, and the delivery of one game's full mapped event list through the kit's ledger
 * (server/adapters/kit/ledger.ts: new events, and amend / retract corrections for what changed
 * or vanished upstream), keeping each event's upstream time for feed health's lag.
 */
import { diffDelivered, fingerprint, readLedger, type Ledger } from './kit/ledger';
import { UpstreamError } from './kit/upstream-error';
import type { AdapterEvent, AdapterSkip, PollContext } from './types';
import type { FeedEvent } from '@/lib/match/state';

/**
 * GETs `url` through the source's client. Answers `{status, body}` for a 2xx/304; `null` — with a
 * skip recorded — for another 4xx (e.g. a box score that is not published yet: 404) or a body
 * that is not JSON. Throws UpstreamError for transport failures, 429 and 5xx (the runner backs
 * off and says so in feed health).
 */
export async function getOrSkip(
  ctx: PollContext,
  url: string,
  what: string,
  skipped: AdapterSkip[],
): Promise<{ body: unknown; unchanged: boolean } | null> {
  try {
    const res = await ctx.http.getJson(url);
    if (res.status >= 200 && res.status < 400) return { body: res.body, unchanged: res.unchanged };
    skipped.push({ item: what, reason: `HTTP ${res.status}` });
    return null;
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.kind !== 'malformed') throw e;
    skipped.push({ item: what, reason: e.message });
    return null;
  }
}

/** One game's mapped events with the upstream time each happened. */
export interface MappedGameEvent {
  event: FeedEvent;
  occurred_at?: string;
}

/**
 * Delivers the full list of events the upstream shows now for one game: what is new, plus an
 * explicit correction for each delivered event that changed (amend) or vanished (retract) — see
 * diffDelivered. `complete`: the list is the game's whole log (a vanished event was removed).
 * @returns the adapter events to send (corrections first) and the game's new ledger (JSON)
 */
export function deliverGame(
  sourceKey: string,
  ledger: unknown,
  mapped: readonly MappedGameEvent[],
  opts: { complete: boolean; source: string },
): { events: AdapterEvent[]; ledger: Ledger; amended: number; retracted: number } {
  const at = new Map(mapped.map((m) => [m.event.event_id, m.occurred_at]));
  const diff = diffDelivered(
    readLedger(ledger),
    mapped.map((m) => m.event),
    opts,
  );
  const events = diff.events.map((event) => {
    const occurred = at.get(event.event_id.replace(/~\d+$/, ''));
    return occurred && event.type !== 'correction'
      ? { source_key: sourceKey, event, occurred_at: occurred }
      : { source_key: sourceKey, event };
  });
  return { events, ledger: diff.ledger, amended: diff.amended, retracted: diff.retracted };
}

/** The last box-score snapshot a game delivered: its event id and content fingerprint. */
export interface BoxSnapshot {
  id: string;
  fp: string;
}

/**
 * Whether to deliver a box-score snapshot (`box_score` events are snapshots, not corrections of
 * one another): a snapshot under a new id (the next period's, the final) goes out once; a final
 * box score that changed afterwards (a stat correction) goes out again as `<id>~<fingerprint>`,
 * the latest of which player statistics read. Other changes within a period wait for the next id.
 * @param final the event is the game's final box score
 * @returns the event to deliver (or null) and the snapshot to remember
 */
export function nextBoxSnapshot(
  prev: BoxSnapshot | undefined,
  event: FeedEvent,
  final: boolean,
): { send: FeedEvent | null; box: BoxSnapshot | undefined } {
  const fp = fingerprint(event);
  if (prev?.fp === fp) return { send: null, box: prev };
  if (prev?.id !== event.event_id) return { send: event, box: { id: event.event_id, fp } };
  if (!final) return { send: null, box: prev };
  const again = { ...event, event_id: `${event.event_id}~${fp.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}` };
  return { send: again, box: { id: event.event_id, fp } };
}
