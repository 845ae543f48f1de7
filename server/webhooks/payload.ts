/**
 * Webhook message bodies (docs/webhooks.md, lib/wire/webhooks.ts envelopes) from the stored feed:
 * the same event REST and the WebSocket serialize (server/read/serialize.ts).
 */
import type { LogEntry } from '../engine/log-reader';
import type { AnyWinProbabilityPoint } from '@/lib/wire/golf-win-probability';
import { toLiveMatch, toMatchEvent, toOddsTicks } from '../read/serialize';

/** The `data` fields every feed envelope starts with: seq, sport, league slug, fixture id. */
const feedRef = (m: LogEntry['message']) => ({
  seq: m.seq,
  sport: m.fixture.sport,
  league: m.fixture.competition.slug,
  fixture_id: m.fixture.id,
});

/** The message type of a feed entry: `match.<event type>` or `odds.updated`. */
export function messageType(e: LogEntry): string {
  return e.kind === 'event' ? `match.${e.message.event.type}` : 'odds.updated';
}

/** The envelope `{type, timestamp, data}` of a feed entry, as the exact JSON body to sign and send. */
export function messageBody(e: LogEntry): string {
  if (e.kind === 'event') {
    const m = e.message;
    const at = Date.parse(m.event.received_at);
    return JSON.stringify({
      type: messageType(e),
      timestamp: m.event.received_at,
      data: {
        ...feedRef(m),
        event: toMatchEvent(m.event, m.fixture),
        match: toLiveMatch(m.fixture, m.state, m.seq, at),
      },
    });
  }
  const m = e.message;
  return JSON.stringify({
    type: 'odds.updated',
    timestamp: m.ticks.at(-1)!.received_at,
    data: {
      ...feedRef(m),
      ticks: toOddsTicks(m.ticks),
    },
  });
}

/** The message type of an event's win-probability point (opt-in: lib/wire/webhooks.ts OPT_IN_TYPES). */
export const WIN_PROBABILITY_TYPE = 'win_probability.updated';

/**
 * The envelope of a `win_probability.updated` message: the fixture's new last point after the
 * event entry `e` (the same point the WebSocket's `win_probability` message carries); `timestamp`
 * is the event's receipt time. Golf fixtures carry golf's field point (`field`, `others`).
 */
export function winProbabilityBody(e: LogEntry & { kind: 'event' }, point: AnyWinProbabilityPoint): string {
  const m = e.message;
  return JSON.stringify({
    type: WIN_PROBABILITY_TYPE,
    timestamp: m.event.received_at,
    data: {
      ...feedRef(m),
      bookmaker: 'scoreline-model',
      started_from: 'rating',
      point,
    },
  });
}

/** The body of a `webhook.test` message. */
export function testBody(endpointId: string, at: Date): string {
  return JSON.stringify({
    type: 'webhook.test',
    timestamp: at.toISOString(),
    data: {
      endpoint_id: endpointId,
      message: 'Scoreline webhook test: your endpoint is reachable and can verify signatures.',
    },
  });
}
