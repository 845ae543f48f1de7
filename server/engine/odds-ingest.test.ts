/**
 * Live odds ticks through the feed engine on a real (in-memory) PGlite store: stored with gap-free
 * seqs after the events' seqs, idempotent by tick_id, malformed ticks rejected with a reason while
 * the rest of the batch is stored, published per fixture after commit.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { IMPORT_FORMATS } from '@/lib/import/index';
import { openMemoryStore, type Store } from '../store/db';
import { FeedBus } from './bus';
import { FeedEngine } from './engine';
import type { OddsMessage, OddsTickInput } from './types';

const WC = new URL('../../datasets/football/openfootball-worldcup.json/2022/worldcup.json', import.meta.url).pathname;
let store: Store;
let engine: FeedEngine;
const published: OddsMessage[] = [];
let fixtureId = 0;

beforeAll(async () => {
  store = await openMemoryStore();
  const bus = new FeedBus();
  bus.subscribeOdds((m) => published.push(m));
  engine = new FeedEngine(store, bus);
  const s = await engine.importMatches((await IMPORT_FORMATS.openfootball([WC], {})).slice(0, 2));
  fixtureId = s.fixture_ids[0];
}, 60_000);

afterAll(async () => {
  await store?.close();
});

const tick = (id: string, over: Partial<OddsTickInput> = {}): OddsTickInput => ({
  tick_id: id,
  fixture_id: fixtureId,
  bookmaker: 'bet365',
  market: '1X2',
  selection: 'home',
  line: null,
  price: 2.1,
  observed_at: '2022-11-20T15:00:00Z',
  ...over,
});

test('ticks get the next global seqs, duplicates are skipped, bad ticks rejected with a reason', async () => {
  const [{ seq: before }] = (
    (await store.db.execute(sql`select value::int as seq from feed_sequence`)) as unknown as { rows: { seq: number }[] }
  ).rows;
  const out = await engine.ingestOdds(
    [
      tick('t1'),
      tick('t2', { selection: 'draw', price: 3.4 }),
      tick('t1'), // same tick again in the batch
      tick('bad-price', { price: 0.9 }),
      tick('bad-selection', { selection: 'over' }),
      tick('bad-fixture', { fixture_id: 999_999 }),
      tick('t3', { market: 'over_under', selection: 'over', line: 2.5, price: 1.9 }),
    ],
    'test',
  );
  expect(out.map((o) => o.status)).toEqual([
    'stored',
    'stored',
    'duplicate',
    'rejected',
    'rejected',
    'rejected',
    'stored',
  ]);
  expect(out.filter((o) => o.status === 'stored').map((o) => (o as { seq: number }).seq)).toEqual([
    before + 1,
    before + 2,
    before + 3,
  ]);
  expect((out[3] as { error: string }).error).toMatch(/price/);
  expect((out[5] as { error: string }).error).toMatch(/does not exist/);
  expect(published.at(-1)).toMatchObject({ seq: before + 3, fixture: { id: fixtureId } });
  expect(published.at(-1)!.ticks.map((x) => x.tick_id)).toEqual(['t1', 't2', 't3']);

  const again = await engine.ingestOdds([tick('t1'), tick('t4', { price: 2.2 })], 'test');
  expect(again.map((o) => o.status)).toEqual(['duplicate', 'stored']);
  // Other price formats become decimal by the documented rule; nonsense is rejected.
  const formats = await engine.ingestOdds(
    [
      tick('am', { price: '+150' }),
      tick('am-neg', { price: '-200' }),
      tick('frac', { price: '5/2' }),
      tick('evs', { price: 'evs' }),
      tick('pct', { price: '40%' }),
      tick('junk', { price: '2,5' }),
      tick('am-gap', { price: '+50' }),
    ],
    'test',
  );
  expect(formats.map((o) => o.status)).toEqual([
    'stored',
    'stored',
    'stored',
    'stored',
    'stored',
    'rejected',
    'rejected',
  ]);
  const converted = (
    (await store.db.execute(
      sql`select tick_id, price from odds_ticks where tick_id in ('am','am-neg','frac','evs','pct') order by seq`,
    )) as unknown as { rows: unknown[] }
  ).rows;
  expect(converted).toEqual([
    { tick_id: 'am', price: 2.5 },
    { tick_id: 'am-neg', price: 1.5 },
    { tick_id: 'frac', price: 3.5 },
    { tick_id: 'evs', price: 2 },
    { tick_id: 'pct', price: 2.5 },
  ]);
  const rows = (
    (await store.db.execute(
      sql`select tick_id, seq::int as seq, price from odds_ticks where fixture_id = ${fixtureId} and tick_id like 't%' order by seq`,
    )) as unknown as { rows: unknown[] }
  ).rows;
  expect(rows).toEqual([
    { tick_id: 't1', seq: before + 1, price: 2.1 },
    { tick_id: 't2', seq: before + 2, price: 3.4 },
    { tick_id: 't3', seq: before + 3, price: 1.9 },
    { tick_id: 't4', seq: before + 4, price: 2.2 },
  ]);
});
