/**
 * Odds ingest throughput (issue 18 target 4: ≥ 20,000 ticks/s ingested, stored and published on
 * PostgreSQL; ≥ 0.9 × the bare insert on PGlite). Prints figures, asserts nothing.
 *
 *   node --import tsx bench/odds.ts [--ticks=50000] [--batch=1000] [--store=both|memory|dir|postgres] [--rounds=5]
 *
 * Stores: `memory` (in-memory PGlite), `dir` (PGlite in a temp data dir), `postgres` (a throwaway
 * database on the machine's PostgreSQL, TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432,
 * dropped at the end); `both` (default) = memory then postgres. For each store and batch size it
 * pushes `--ticks` fresh 1X2 ticks for two real World Cup 2022 fixtures through
 * FeedEngine.ingestOdds (validation, idempotency check, global seq, insert, publish to the bus
 * with one subscriber counting) and, in the same process on the same store, the same number of
 * rows through two bare inserts of the same batches (no validation, no seq, no publish): a
 * drizzle multi-row `insert().values()` — "the bare insert", the baseline of the issue — and the
 * engine's own `unnest` statement (server/store/queries/insert-odds-ticks.ts). The three run
 * interleaved in `--rounds` rounds so that load drift on a shared machine hits them alike.
 * Prints ticks/s for each and the ratios engine ÷ bare insert and engine ÷ bare unnest.
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
import { insertOddsTicks } from '@/server/store/queries/insert-odds-ticks';
import * as t from '@/server/store/schema';
import { createTestDatabase, type TestDatabase } from '@/test/helpers/postgres';

const { values } = parseArgs({
  options: {
    ticks: { type: 'string', default: '50000' },
    batch: { type: 'string' },
    store: { type: 'string', default: 'both' },
    rounds: { type: 'string', default: '5' },
  },
});
const N = Number(values.ticks);
const ROUNDS = Number(values.rounds);
const BATCHES = values.batch ? [Number(values.batch)] : [100, 1000, 5000];
const STORES = values.store === 'both' ? ['memory', 'postgres'] : [values.store!];
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

/** Opens the store named by `kind`; `close` also removes its data dir / drops its database. */
async function open(kind: string): Promise<{ store: Store; label: string; close: () => Promise<void> }> {
  if (kind === 'memory') {
    const store = await openMemoryStore();
    return { store, label: 'PGlite (in memory)', close: () => store.close() };
  }
  if (kind === 'dir') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-bench-odds-'));
    const store = await openStore({ dataDir: dir });
    return {
      store,
      label: `PGlite (data dir ${dir})`,
      close: async () => (await store.close(), fs.rmSync(dir, { recursive: true, force: true })),
    };
  }
  if (kind === 'postgres') {
    const db: TestDatabase = await createTestDatabase('scoreline_bench_odds');
    const store = await openStore({ databaseUrl: db.url, dataDir: '' }).catch(
      async (e) => (await db.drop(), Promise.reject(e)),
    );
    return {
      store,
      label: `PostgreSQL (database ${db.name}, dropped at the end)`,
      close: async () => (await store.close(), await db.drop()),
    };
  }
  throw new Error('--store must be both, memory, dir or postgres');
}

const rate = (n: number, ms: number) => Math.round(n / (ms / 1000));

async function runStore(kind: string): Promise<unknown[]> {
  const { store, label, close } = await open(kind);
  const results = [];
  try {
    const bus = new FeedBus();
    let published = 0;
    bus.subscribeOdds((m) => (published += m.ticks.length));
    const engine = new FeedEngine(store, bus);
    const wc = path.resolve('datasets/football/openfootball-worldcup.json/2022/worldcup.json');
    const { fixture_ids } = await engine.importMatches((await IMPORT_FORMATS.openfootball([wc], {})).slice(0, 2));
    console.log(`\n${label}: ${N.toLocaleString('en')} ticks per batch size, ${ROUNDS} interleaved rounds`);
    console.log(
      'batch  engine ticks/s  bare insert rows/s  bare unnest rows/s  engine÷insert  engine÷unnest  published',
    );
    let seq = 1e9; // the bare rows' seqs, far from the engine's
    for (const batch of BATCHES) {
      const input = ticks(`engine-${batch}`, N, fixture_ids);
      const toRow = (x: OddsTickInput) => ({
        tickId: x.tick_id,
        fixtureId: x.fixture_id,
        bookmaker: x.bookmaker,
        market: x.market,
        selection: x.selection,
        line: x.line,
        price: x.price as number,
        observedAt: x.observed_at!,
      });
      const bare = ticks(`insert-${batch}`, N, fixture_ids).map((x) => ({ ...toRow(x), seq: null, source: 'bench' }));
      const unnest = ticks(`unnest-${batch}`, N, fixture_ids).map((x) => ({ ...toRow(x), seq: seq++ }));
      published = 0;
      const ms = { engine: 0, insert: 0, unnest: 0 };
      const per = Math.ceil(N / ROUNDS / batch) * batch;
      for (let from = 0; from < N; from += per) {
        const to = Math.min(N, from + per);
        let t0 = performance.now();
        for (let i = from; i < to; i += batch)
          await engine.ingestOdds(input.slice(i, Math.min(to, i + batch)), 'bench');
        ms.engine += performance.now() - t0;
        t0 = performance.now();
        for (let i = from; i < to; i += batch)
          await store.db.transaction((tx) =>
            tx
              .insert(t.oddsTicks)
              .values(bare.slice(i, Math.min(to, i + batch)))
              .then(() => undefined),
          );
        ms.insert += performance.now() - t0;
        t0 = performance.now();
        for (let i = from; i < to; i += batch)
          await store.db.transaction((tx) =>
            insertOddsTicks(tx, unnest.slice(i, Math.min(to, i + batch)), new Date().toISOString(), 'bench'),
          );
        ms.unnest += performance.now() - t0;
      }
      const r = {
        store: kind,
        batch,
        engine_ticks_per_s: rate(N, ms.engine),
        bare_insert_rows_per_s: rate(N, ms.insert),
        bare_unnest_rows_per_s: rate(N, ms.unnest),
        ratio_insert: ms.insert / ms.engine,
        ratio_unnest: ms.unnest / ms.engine,
        published,
      };
      results.push(r);
      const f = (x: number, w: number) => x.toLocaleString('en').padStart(w);
      console.log(
        `${String(batch).padStart(5)}  ${f(r.engine_ticks_per_s, 14)}  ${f(r.bare_insert_rows_per_s, 18)}  ${f(r.bare_unnest_rows_per_s, 18)}  ${r.ratio_insert.toFixed(2).padStart(13)}  ${r.ratio_unnest.toFixed(2).padStart(13)}  ${published === N ? 'all' : published}`,
      );
    }
  } finally {
    await close();
  }
  return results;
}

async function main(): Promise<void> {
  console.log(
    `odds ingest, node ${process.version}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  const results = [];
  for (const kind of STORES) results.push(...(await runStore(kind)));
  fs.mkdirSync('bench/results', { recursive: true });
  const out = `bench/results/odds-${Date.now()}.json`;
  fs.writeFileSync(
    out,
    JSON.stringify({ at: new Date().toISOString(), ticks: N, rounds: ROUNDS, load: os.loadavg(), results }, null, 2),
  );
  console.log(`\n→ ${out}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
