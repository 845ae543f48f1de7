/**
 * Operator event ingest and corrections (issue "Operators"). Prints figures, asserts nothing.
 *
 *   node --import tsx bench/ingest.ts [--events=20000] [--store=memory|dir]
 *
 * 1. Events/s through FeedEngine.ingest (validation, idempotency, sport rules, global seq, insert,
 *    snapshot, publish) for batches of 1, 100 and 1000 football events spread over 10 operator
 *    fixtures, against a bare drizzle insert of the same rows (the baseline, same process and store).
 * 2. The cost of a correction: a retraction refolds its fixture's log, so it is timed on fixtures
 *    with 100, 1,000 and 5,000 events and compared with one plain event on the same fixture.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FeedBus } from '@/server/engine/bus';
import { FeedEngine } from '@/server/engine/engine';
import { createFixture, upsertCompetition } from '@/server/engine/operator-reference';
import type { FeedEvent } from '@/lib/match/state';
import type { IngestItem } from '@/server/engine/types';
import { openMemoryStore, openStore, type Store } from '@/server/store/db';
import * as t from '@/server/store/schema';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '20000' }, store: { type: 'string', default: 'memory' } },
});
const N = Number(values.events);

const corner = (id: string, i: number): FeedEvent => ({
  event_id: id,
  type: 'corner',
  side: i % 2 ? 'away' : 'home',
  player: null,
  minute: 10,
  stoppage: null,
  period: '1st_half',
  clock_seconds: 600,
  detail: {},
});
const kickoff = (id: string): FeedEvent => ({
  event_id: id,
  type: 'period_start',
  side: null,
  player: null,
  minute: 0,
  stoppage: null,
  period: '1st_half',
  clock_seconds: 0,
  detail: {},
});
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

async function fixtures(engine: FeedEngine, n: number, tag: string): Promise<number[]> {
  await engine.write((tx) =>
    upsertCompetition(tx, { sport: 'football', league: 'bench-league', season: '2026', name: 'Bench League' }),
  );
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const { id } = await engine.write((tx) =>
      createFixture(tx, {
        sport: 'football',
        league: 'bench-league',
        season: '2026',
        home_team: `${tag} Home ${i}`,
        away_team: `${tag} Away ${i}`,
        kickoff: new Date().toISOString(),
      }),
    );
    await engine.ingest([{ fixture_id: id, event: kickoff(`${tag}-ko-${id}`) }], 'operator');
    ids.push(id);
  }
  return ids;
}

async function main(): Promise<void> {
  let dir: string | null = null;
  let store: Store;
  if (values.store === 'dir')
    store = await openStore({ dataDir: (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-bench-ingest-'))) });
  else store = await openMemoryStore();
  const bus = new FeedBus();
  let published = 0;
  bus.subscribe(() => (published += 1));
  const engine = new FeedEngine(store, bus);
  console.log(
    `operator ingest, ${N} events per run, store: PGlite ${values.store}, node ${process.version}, ${os.cpus().length} cores`,
  );
  console.log('batch  engine events/s  baseline rows/s  ratio  published');
  for (const batch of [1, 100, 1000]) {
    const n = batch === 1 ? Math.min(N, 2000) : N;
    const ids = await fixtures(engine, 10, `b${batch}`);
    const items: IngestItem[] = Array.from({ length: n }, (_, i) => ({
      fixture_id: ids[i % ids.length],
      event: corner(`b${batch}-${i}`, i),
    }));
    const before = published;
    let t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i += batch) await engine.ingest(items.slice(i, i + batch), 'operator');
    const engineRate = n / (ms(t0) / 1000);
    const rows = items.map((x, i) => ({
      seq: 1e9 + batch * 1e6 + i,
      eventId: `base-${x.event.event_id}`,
      fixtureId: x.fixture_id,
      sport: 'football',
      type: 'corner',
      side: x.event.side,
      player: null,
      minute: 10,
      stoppage: null,
      period: '1st_half',
      clockSeconds: 600,
      detail: {},
      source: 'bench',
      occurredAt: new Date().toISOString(),
      receivedAt: new Date().toISOString(),
    }));
    t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i += batch) await store.db.insert(t.matchEvents).values(rows.slice(i, i + batch));
    const baseRate = n / (ms(t0) / 1000);
    console.log(
      `${String(batch).padStart(5)}  ${engineRate.toFixed(0).padStart(15)}  ${baseRate.toFixed(0).padStart(15)}  ${(engineRate / baseRate).toFixed(2).padStart(5)}  ${published - before}`,
    );
  }

  console.log('\nlog size  plain event ms  retraction ms  ratio');
  for (const size of [100, 1000, 5000]) {
    const [id] = await fixtures(engine, 1, `c${size}`);
    const items: IngestItem[] = Array.from({ length: size }, (_, i) => ({
      fixture_id: id,
      event: corner(`c${size}-${i}`, i),
    }));
    for (let i = 0; i < size; i += 1000) await engine.ingest(items.slice(i, i + 1000), 'operator');
    let t0 = process.hrtime.bigint();
    await engine.ingest([{ fixture_id: id, event: corner(`c${size}-plain`, 1) }], 'operator');
    const plain = ms(t0);
    t0 = process.hrtime.bigint();
    const [o] = await engine.ingest(
      [
        {
          fixture_id: id,
          event: {
            ...corner(`c${size}-fix`, 0),
            type: 'correction',
            side: null,
            detail: { action: 'retract', target_event_id: `c${size}-${size >> 1}` },
          },
        },
      ],
      'operator',
    );
    const retract = ms(t0);
    if (o.status !== 'stored') throw new Error(`correction not stored: ${JSON.stringify(o)}`);
    console.log(
      `${String(size).padStart(8)}  ${plain.toFixed(1).padStart(14)}  ${retract.toFixed(1).padStart(13)}  ${(retract / plain).toFixed(1).padStart(5)}`,
    );
  }
  await store.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
