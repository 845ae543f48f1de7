import { describe, expect, it } from 'vitest';
import { effectiveLog, parseCorrection } from '@/lib/match/corrections';
import type { FeedEvent } from '@/lib/match/state';
import { diffDelivered, feedEvent, readLedger, type Ledger } from './ledger';

const ev = feedEvent;
const g1 = ev('nhl:1:goal:101', 'goal', { side: 'home', player: 'A', period: 'p1', clock_seconds: 600 });
const g2 = ev('nhl:1:goal:205', 'goal', { side: 'away', player: 'B', period: 'p2', clock_seconds: 300 });
const start = ev('nhl:1:period_start:p1', 'period_start', { period: 'p1' });

/** Delivers polls in turn and returns every event sent, as a log the corrections module reads. */
function deliver(polls: { events: FeedEvent[]; complete?: boolean }[]) {
  let ledger: Ledger = { sent: {} };
  const sent: FeedEvent[][] = [];
  for (const p of polls) {
    const d = diffDelivered(ledger, p.events, { complete: p.complete ?? true, source: 'nhl' });
    ledger = d.ledger;
    sent.push(d.events);
  }
  return { ledger, sent, log: sent.flat().map((event) => ({ event, occurred_at: '2025-04-22T23:00:00.000Z' })) };
}

describe('diffDelivered: what a poll adds, amends and retracts', () => {
  it('sends new events once; the same list again sends nothing', () => {
    const { sent } = deliver([{ events: [start, g1] }, { events: [start, g1] }, { events: [start, g1, g2] }]);
    expect(sent.map((s) => s.map((e) => e.event_id))).toEqual([[start.event_id, g1.event_id], [], [g2.event_id]]);
  });

  it('a changed delivered event becomes an amend with its new fields; a vanished one a retract', () => {
    const recredited = { ...g1, player: 'C', detail: { assists: ['D'] } };
    const { sent, log } = deliver([
      { events: [start, g1, g2] },
      { events: [start, recredited, g2] },
      { events: [start, recredited] },
    ]);
    const [amend] = sent[1];
    expect(parseCorrection(amend)).toMatchObject({
      action: 'amend',
      target_event_id: g1.event_id,
      changes: { player: 'C', detail: { assists: ['D'] } },
    });
    const [retract] = sent[2];
    expect(parseCorrection(retract)).toEqual({
      action: 'retract',
      target_event_id: g2.event_id,
      reason: 'removed upstream (nhl)',
    });
    // The corrections module reads the delivered log to the upstream's current list.
    const { effective, retracted, amended } = effectiveLog(log);
    expect(effective.map((x) => [x.event.event_id, x.event.player])).toEqual([
      [start.event_id, null],
      [g1.event_id, 'C'],
    ]);
    expect([...retracted, ...amended]).toEqual([g2.event_id, g1.event_id]);
  });

  it('an incomplete poll retracts nothing; an item back after its retraction gets a fresh id; a type change is retract + new', () => {
    const { sent, log, ledger } = deliver([
      { events: [start, g1, g2] },
      { events: [start], complete: false },
      { events: [start, g1] },
      { events: [start, g1, g2] },
      { events: [start, { ...g1, type: 'shot' }, g2] },
    ]);
    expect(sent[1]).toEqual([]);
    expect(sent[2].map((e) => e.event_id)).toEqual([`${g2.event_id}#retract`]);
    expect(sent[3].map((e) => e.event_id)).toEqual([`${g2.event_id}~1`]);
    expect(sent[4].map((e) => e.event_id)).toEqual([`${g1.event_id}#retract`, `${g1.event_id}~1`]);
    const { effective } = effectiveLog(log);
    expect(effective.map((x) => `${x.event.event_id} ${x.event.type}`)).toEqual([
      `${start.event_id} period_start`,
      `${g2.event_id}~1 goal`,
      `${g1.event_id}~1 shot`,
    ]);
    // The ledger survives the adapter state's JSON round trip; junk reads as empty.
    expect(readLedger(JSON.parse(JSON.stringify(ledger)))).toEqual(ledger);
    expect(readLedger({ sent: { x: [1, 2] }, gen: { y: -1 } })).toEqual({ sent: {} });
  });
});
