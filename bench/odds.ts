/**
 * Odds ingest throughput (issue "Odds": "odds ticks ingested, stored and published per second on
 * this machine; aim for at least 10,000/s; batching allowed"). Prints figures, asserts nothing.
 *
 *   node --import tsx bench/odds.ts [--ticks=50000] [--batch=1000] [--store=memory|dir]
 *
 * For each batch size it pushes `--ticks` fresh ticks for two real World Cup 2022 fixtures
 * through FeedEngine.ingestOdds (validation, idempotency check, global seq, insert, publish to
 * the bus with one subscriber counting) and, in the same process on the same store, the same
 * number of rows through a bare drizzle insert of the same batches (no validation, no seq, no
 * publish) as the baseline. Prints ticks/s for both and the ratio engine ÷ baseline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_FORMATS } from '@/lib/import/index';
import { FeedBus } from '@/server/engine/bus';
import { FeedEngine } from '@/server/engine/engine';
import type { OddsTickInput } from '@/server/engine/types';
import { openMemoryStore, openStore, type Store } from '@/server/store/db';
import * as t from '@/server/store/schema';

const { values } = parseArgs({ options: { ticks: { type: 'string', default: '50000' }, batch: { type: 'string' }, store: { type: 'string', default: 'memory' } } });
const N = Number(values.ticks);
const BATCHES = values.batch ? [Number(values.batch)] : [100, 1000, 5000];
const SELECTIONS = ['home', 'draw', 'away'] as const;
const BOOKS = ['bet365', 'pinnacle', 'william-hill', 'betfair', 'unibet', 'bwin', 'scoreline-model', '1xbet'];

function ticks(prefix: string, n: number, fixtures: number[]): OddsTickInput[] {
  const t0 = Date.parse('2022-11-20T16:00:00Z');
  return Array.from({ length: n }, (_, i) => ({
    tick_id: `${prefix}/${i}`,
    fixture_id: fixtures[i % fixtures.length],
    bookmaker: BOOKS[i % BOOKS.length],
    market: '1X2',
    selection: SELECTIONS[i % 3],
    line: null,
    price: 1.5 + (i % 997) / 100,
    observed_at: new Date(t0 + i).toISOString(),
  }));
}

async function main(): Promise<void> {
  let dir: string | null = null;
  let store: Store;
  if (values.store === 'dir') {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-bench-odds-'));
    store = await openStore({ dataDir: dir });
  } else store = await openMemoryStore();
  const bus = new FeedBus();
  let published = 0;
  bus.subscribeOdds((m) => (published += m.ticks.length));
  const engine = new FeedEngine(store, bus);
  const wc = path.resolve('datasets/football/openfootball-worldcup.json/2022/worldcup.json');
  const { fixture_ids } = await engine.importMatches((await IMPORT_FORMATS.openfootball([wc], {})).slice(0, 2));
  console.log(`odds ingest, ${N} ticks per run, store: PGlite ${values.store}, node ${process.version}, ${os.cpus().length} cores`);
  console.log('batch  engine ticks/s  baseline rows/s  ratio  published');
  const results = [];
  for (const batch of BATCHES) {
    const input = ticks(`engine-${batch}`, N, fixture_ids);
    published = 0;
    let t0 = performance.now();
    for (let i = 0; i < N; i += batch) await engine.ingestOdds(input.slice(i, i + batch), 'bench');
    const engineRate = N / ((performance.now() - t0) / 1000);
    const rows = ticks(`baseline-${batch}`, N, fixture_ids).map((x) => ({
      tickId: x.tick_id, seq: null, fixtureId: x.fixture_id, bookmaker: x.bookmaker, market: x.market, selection: x.selection, line: x.line, price: x.price as number, observedAt: x.observed_at!, source: 'bench',
    }));
    t0 = performance.now();
    for (let i = 0; i < N; i += batch) await store.db.transaction((tx) => tx.insert(t.oddsTicks).values(rows.slice(i, i + batch)).then(() => undefined));
    const baseRate = N / ((performance.now() - t0) / 1000);
    results.push({ batch, engine_ticks_per_s: Math.round(engineRate), baseline_rows_per_s: Math.round(baseRate), ratio: engineRate / baseRate, published });
    console.log(`${String(batch).padStart(5)}  ${Math.round(engineRate).toLocaleString('en').padStart(14)}  ${Math.round(baseRate).toLocaleString('en').padStart(15)}  ${(engineRate / baseRate).toFixed(2).padStart(5)}  ${published === N ? 'all' : published}`);
  }
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/odds-${Date.now()}.json`, JSON.stringify({ at: new Date().toISOString(), ticks: N, store: values.store, results }, null, 2));
  await store.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

void main();
