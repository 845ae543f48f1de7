/**
 * Stores live odds ticks (issue "Odds"): validated, idempotent by `tick_id`, each given the next
 * global feed `seq` in one transaction, then published per fixture. Runs inside the feed engine's
 * single-writer queue (FeedEngine.ingestOdds).
 */
import { toDecimal } from '@/lib/odds/convert';
import { OddsError } from '@/lib/odds/errors';
import { QuoteSchema } from '@/lib/odds/markets';
import type { Tx } from '../store/db';
import { findStoredTickIds, insertOddsTicks } from '../store/queries/insert-odds-ticks';
import { assignSeqs } from './sequence';
import type { FixtureInfo, OddsMessage, OddsOutcome, OddsTickInput, StoredTick } from './types';

/**
 * Stores `items` in `tx`. `fixtureInfo` resolves fixtures (null: unknown → rejected). Prices in
 * American, fractional or implied form become decimal (lib/odds/convert.ts toDecimal). Returns one
 * outcome per item in order and the messages to publish after commit. A malformed tick (bad
 * price, market/selection/line combination or time) is rejected with the reason; the others are
 * still stored.
 */
export async function ingestOddsInTx(
  tx: Tx,
  items: OddsTickInput[],
  source: string,
  fixtureInfo: (id: number) => Promise<FixtureInfo | null>,
): Promise<{ outcomes: OddsOutcome[]; messages: OddsMessage[] }> {
  const receivedAt = new Date().toISOString();
  const existing = await findStoredTickIds(tx, [...new Set(items.map((i) => i.tick_id))]);
  const outcomes: OddsOutcome[] = [];
  const accepted: { tick: StoredTick; info: FixtureInfo }[] = [];
  const infos = new Map<number, FixtureInfo | null>();
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
    const q = QuoteSchema.safeParse({ bookmaker: item.bookmaker, market: item.market, selection: item.selection, line: item.line, price, observed_at: observedAt });
    if (!q.success) {
      outcomes.push({ tick_id: item.tick_id, status: 'rejected', error: q.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
      continue;
    }
    existing.add(item.tick_id);
    accepted.push({ tick: { tick_id: item.tick_id, fixture_id: info.id, seq: 0, ...q.data, received_at: receivedAt }, info });
    outcomes.push({ tick_id: item.tick_id, status: 'stored', seq: 0 });
  }
  if (!accepted.length) return { outcomes, messages: [] };

  await assignSeqs(tx, accepted, (a, seq) => (a.tick.seq = seq), outcomes);

  await insertOddsTicks(
    tx,
    accepted.map(({ tick: x }) => ({ tickId: x.tick_id, seq: x.seq, fixtureId: x.fixture_id, bookmaker: x.bookmaker, market: x.market, selection: x.selection, line: x.line, price: x.price, observedAt: x.observed_at })),
    receivedAt,
    source,
  );
  const byFixture = new Map<number, OddsMessage>();
  for (const { tick, info } of accepted) {
    const m = byFixture.get(info.id) ?? { seq: tick.seq, fixture: info, ticks: [] };
    m.ticks.push(tick);
    m.seq = tick.seq;
    byFixture.set(info.id, m);
  }
  return { outcomes, messages: [...byFixture.values()].sort((a, b) => a.seq - b.seq) };
}
