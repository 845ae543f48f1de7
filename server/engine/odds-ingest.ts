/**
 * Stores live odds ticks (issue "Odds"): validated, idempotent by `tick_id`, each given the next
 * global feed `seq` in one transaction, then published per fixture. Runs inside the feed engine's
 * single-writer queue (FeedEngine.ingestOdds).
 */
import { toDecimal } from '@/lib/odds/convert';
import { OddsError } from '@/lib/odds/errors';
import { QuoteSchema } from '@/lib/odds/markets';
import type { Tx } from '../store/db';
import { findStoredTickIds, insertNewOddsTicksWithSeqs, insertOddsTicks } from '../store/queries/insert-odds-ticks';
import { assignSeqs } from './sequence';
import type { FixtureInfo } from '@/lib/match/types';
import type { OddsMessage, OddsOutcome, OddsTickInput, StoredTick } from './types';

/**
 * Stores `items` in `tx`. `fixtureInfo` resolves fixtures (null: unknown → rejected). Prices in
 * American, fractional or implied form become decimal (lib/odds/convert.ts toDecimal). Returns one
 * outcome per item in order and the messages to publish after commit. A malformed tick (bad
 * price, market/selection/line combination or time) is rejected with the reason; the others are
 * still stored. Round trips: one statement stores everything when no tick_id was stored before
 * (insertNewOddsTicksWithSeqs); otherwise that statement is undone and the ids are looked up first.
 */
export async function ingestOddsInTx(
  tx: Tx,
  items: OddsTickInput[],
  source: string,
  fixtureInfo: (id: number) => Promise<FixtureInfo | null>,
): Promise<{ outcomes: OddsOutcome[]; messages: OddsMessage[] }> {
  const receivedAt = new Date().toISOString();
  const infos = new Map<number, FixtureInfo | null>();
  // Optimistic: no tick stored before (within the batch, repeats are caught here anyway).
  let v = await validate(items, new Set(), receivedAt, infos, fixtureInfo);
  if (!v.accepted.length) return { outcomes: v.outcomes, messages: [] };
  const rows = v.accepted.map(({ tick: x }) => ({
    tickId: x.tick_id,
    fixtureId: x.fixture_id,
    bookmaker: x.bookmaker,
    market: x.market,
    selection: x.selection,
    line: x.line,
    price: x.price,
    observedAt: x.observed_at,
  }));
  const last = await insertNewOddsTicksWithSeqs(tx, rows, receivedAt, source);
  if (last != null) {
    let seq = last - v.accepted.length;
    for (const a of v.accepted) a.tick.seq = ++seq;
    let k = 0;
    for (const o of v.outcomes) if (o.status === 'stored') o.seq = v.accepted[k++].tick.seq;
  } else {
    // Some tick_id was stored before: the path with the lookup (duplicates reported as such).
    v = await validate(
      items,
      await findStoredTickIds(tx, [...new Set(items.map((i) => i.tick_id))]),
      receivedAt,
      infos,
      fixtureInfo,
    );
    if (!v.accepted.length) return { outcomes: v.outcomes, messages: [] };
    await assignSeqs(tx, v.accepted, (a, seq) => (a.tick.seq = seq), v.outcomes);
    await insertOddsTicks(
      tx,
      v.accepted.map(({ tick: x }) => ({
        tickId: x.tick_id,
        seq: x.seq,
        fixtureId: x.fixture_id,
        bookmaker: x.bookmaker,
        market: x.market,
        selection: x.selection,
        line: x.line,
        price: x.price,
        observedAt: x.observed_at,
      })),
      receivedAt,
      source,
    );
  }
  const { outcomes, accepted } = v;
  const byFixture = new Map<number, OddsMessage>();
  for (const { tick, info } of accepted) {
    const m = byFixture.get(info.id) ?? { seq: tick.seq, fixture: info, ticks: [] };
    m.ticks.push(tick);
    m.seq = tick.seq;
    byFixture.set(info.id, m);
  }
  return { outcomes, messages: [...byFixture.values()].sort((a, b) => a.seq - b.seq) };
}

/** Validates `items` in order against the tick_ids in `existing` (and repeats within the batch); `infos` caches fixtures. */
async function validate(
  items: OddsTickInput[],
  existing: Set<string>,
  receivedAt: string,
  infos: Map<number, FixtureInfo | null>,
  fixtureInfo: (id: number) => Promise<FixtureInfo | null>,
): Promise<{ outcomes: OddsOutcome[]; accepted: { tick: StoredTick; info: FixtureInfo }[] }> {
  const outcomes: OddsOutcome[] = [];
  const accepted: { tick: StoredTick; info: FixtureInfo }[] = [];
  for (const item of items) {
    if (existing.has(item.tick_id)) {
      outcomes.push({ tick_id: item.tick_id, status: 'duplicate' });
      continue;
    }
    if (!infos.has(item.fixture_id)) infos.set(item.fixture_id, await fixtureInfo(item.fixture_id));
    const info = infos.get(item.fixture_id);
    if (!info) {
      outcomes.push({ tick_id: item.tick_id, status: 'rejected', error: `fixture ${item.fixture_id} does not exist` });
      continue;
    }
    const observedAt = item.observed_at ?? receivedAt;
    let price: number;
    try {
      price = toDecimal(item.price);
    } catch (err) {
      if (!(err instanceof OddsError)) throw err;
      outcomes.push({ tick_id: item.tick_id, status: 'rejected', error: `price: ${err.message}` });
      continue;
    }
    const q = QuoteSchema.safeParse({
      bookmaker: item.bookmaker,
      market: item.market,
      selection: item.selection,
      line: item.line,
      price,
      observed_at: observedAt,
    });
    if (!q.success) {
      outcomes.push({
        tick_id: item.tick_id,
        status: 'rejected',
        error: q.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      });
      continue;
    }
    existing.add(item.tick_id);
    accepted.push({
      tick: { tick_id: item.tick_id, fixture_id: info.id, seq: 0, ...q.data, received_at: receivedAt },
      info,
    });
    outcomes.push({ tick_id: item.tick_id, status: 'stored', seq: 0 });
  }
  return { outcomes, accepted };
}
