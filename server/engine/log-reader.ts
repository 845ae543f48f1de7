/**
 * Reads the feed back from the store in seq order: stored match events with the match state right
 * after each (rebuilt by folding the fixture's log through the sport rules, the same way the
 * engine built it) and live odds ticks grouped per fixture. WebSocket resume and the webhook
 * outbox read the feed through this, so a replayed message equals the one sent live.
 */
import { and, asc, gt, inArray, lte } from 'drizzle-orm';
import type { Tx } from '../store/db';
import { toStoredEvent } from '../store/event-row';
import { isoUtc, loadFixtureInfos } from '../store/fixture-info';
import * as t from '../store/schema';
import { LogFold } from '@/lib/match/corrections';
import { rulesOptions, type MatchState } from '@/lib/match/state';
import type { FixtureInfo } from '@/lib/match/types';
import type { FeedMessage, OddsMessage, StoredTick } from './types';

export type LogEntry = { kind: 'event'; message: FeedMessage } | { kind: 'odds'; message: OddsMessage };

/**
 * Running folds carried from one `readLog` call to the next over consecutive seq ranges (a paged
 * resume, a follower's successive catch-ups): fixture id → its fold over every event of the
 * fixture read so far. With it a page folds only its own events instead of each fixture's whole
 * log again (a replay of n pages no longer costs n whole-log folds per fixture). A read that does
 * not start where the previous one ended drops them all (events in between were not folded);
 * `max` bounds how many fixtures are kept (the least recently used is refolded from the log).
 */
export class LogFolds {
  private readonly map = new Map<number, LogFold>();
  private through = -1;
  constructor(private readonly max = 1000) {}
  /** Starts a read of the seqs after `afterSeq`: keeps the folds only if the last read ended there. */
  begin(afterSeq: number): void {
    if (afterSeq !== this.through) this.map.clear();
  }
  /** The fold of `fixtureId` over all its events up to the start of this read, if kept. */
  take(fixtureId: number): LogFold | undefined {
    const hit = this.map.get(fixtureId);
    this.map.delete(fixtureId);
    return hit;
  }
  /** Keeps `fold` (all of `fixtureId`'s events up to the end of this read). */
  keep(fixtureId: number, fold: LogFold): void {
    this.map.set(fixtureId, fold);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  /** Ends the read at `toSeq`. */
  end(toSeq: number): void {
    this.through = toSeq;
  }
}

/**
 * Every published message with `afterSeq` < seq ≤ `toSeq`, in seq order, keeping those `keep`
 * accepts (default all). Odds ticks of one fixture with consecutive seqs form one message.
 */
export async function readLog(
  db: Tx,
  afterSeq: number,
  toSeq: number,
  keep: (kind: 'event' | 'odds', fixture: FixtureInfo) => boolean = () => true,
  folds?: LogFolds,
): Promise<LogEntry[]> {
  if (toSeq <= afterSeq) return [];
  folds?.begin(afterSeq);
  const eventRows = await db
    .select()
    .from(t.matchEvents)
    .where(and(gt(t.matchEvents.seq, afterSeq), lte(t.matchEvents.seq, toSeq)))
    .orderBy(asc(t.matchEvents.seq));
  const tickRows = await db
    .select()
    .from(t.oddsTicks)
    .where(and(gt(t.oddsTicks.seq, afterSeq), lte(t.oddsTicks.seq, toSeq)))
    .orderBy(asc(t.oddsTicks.seq));
  const infos = await loadFixtureInfos(db, [
    ...new Set([...eventRows.map((r) => r.fixtureId), ...tickRows.map((r) => r.fixtureId)]),
  ]);

  const events = eventRows.filter((r) => infos.has(r.fixtureId) && keep('event', infos.get(r.fixtureId)!));
  const states = await statesAfter(
    db,
    new Set(events.map((e) => e.seq)),
    [...new Set(events.map((e) => e.fixtureId))],
    infos,
    afterSeq,
    toSeq,
    folds,
  );
  const out: LogEntry[] = events.map((r) => {
    const event = toStoredEvent(r);
    return {
      kind: 'event',
      message: { seq: r.seq, event, fixture: infos.get(r.fixtureId)!, state: states.get(r.seq)! },
    };
  });

  let group: OddsMessage | null = null;
  for (const r of tickRows) {
    const fixture = infos.get(r.fixtureId);
    if (!fixture || !keep('odds', fixture)) continue;
    const tick: StoredTick = {
      tick_id: r.tickId,
      fixture_id: r.fixtureId,
      seq: r.seq!,
      bookmaker: r.bookmaker,
      market: r.market,
      selection: r.selection,
      line: r.line,
      price: r.price,
      observed_at: isoUtc(r.observedAt),
      received_at: isoUtc(r.receivedAt),
    };
    if (group && group.fixture.id === r.fixtureId && group.seq === tick.seq - 1) {
      group.ticks.push(tick);
      group.seq = tick.seq;
    } else {
      group = { seq: tick.seq, fixture, ticks: [tick] };
      out.push({ kind: 'odds', message: group });
    }
  }
  // An odds group spans consecutive seqs, so no event falls inside it: order by first seq.
  const first = (e: LogEntry) => (e.kind === 'odds' ? e.message.ticks[0].seq : e.message.seq);
  folds?.end(toSeq);
  return out.sort((a, b) => first(a) - first(b));
}

/**
 * The state of each fixture right after each event in `wanted`, folding the fixtures' logs up to
 * `toSeq`: from the fold `folds` carries (it has folded every event up to `afterSeq`), else from the
 * fixture's first event. The folds reached are handed back to `folds`.
 */
async function statesAfter(
  db: Tx,
  wanted: Set<number>,
  fixtureIds: number[],
  infos: Map<number, FixtureInfo>,
  afterSeq: number,
  toSeq: number,
  folds?: LogFolds,
): Promise<Map<number, MatchState>> {
  const out = new Map<number, MatchState>();
  const running = new Map<number, LogFold>();
  const fresh: number[] = [];
  for (const id of fixtureIds) {
    const carried = folds?.take(id);
    if (carried) running.set(id, carried);
    else fresh.push(id);
  }
  // Carried fixtures read only this range's events; the others their whole log up to toSeq.
  const ranges: { ids: number[]; from: number }[] = [];
  for (let i = 0; i < fresh.length; i += 200) ranges.push({ ids: fresh.slice(i, i + 200), from: 0 });
  const carriedIds = [...running.keys()];
  for (let i = 0; i < carriedIds.length; i += 200) ranges.push({ ids: carriedIds.slice(i, i + 200), from: afterSeq });
  for (const { ids, from } of ranges) {
    const rows = await db
      .select()
      .from(t.matchEvents)
      .where(and(inArray(t.matchEvents.fixtureId, ids), gt(t.matchEvents.seq, from), lte(t.matchEvents.seq, toSeq)))
      .orderBy(asc(t.matchEvents.seq));
    // Corrections refold their fixture's log (lib/match/corrections.ts), as the engine did.
    for (const r of rows) {
      const info = infos.get(r.fixtureId)!;
      const e = toStoredEvent(r);
      let fold = running.get(r.fixtureId);
      if (!fold) running.set(r.fixtureId, (fold = new LogFold(info.sport, rulesOptions(info))));
      const state = fold.apply(e, e.occurred_at);
      if (wanted.has(r.seq)) out.set(r.seq, state);
    }
  }
  if (folds) for (const [id, fold] of running) folds.keep(id, fold);
  return out;
}
