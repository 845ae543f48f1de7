/**
 * The batched odds write path (server/store/queries/insert-odds-ticks.ts: one `unnest` statement
 * per 5,000 ticks) on in-memory PGlite and on a throwaway database of the machine's real
 * PostgreSQL (dropped after): big batches spanning several statements with bad and duplicate
 * items among them, awkward tick ids, every stored value read back, gap-free seqs, opening and
 * closing lines from the stored ticks, and publication only after commit.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IMPORT_FORMATS } from '@/lib/import/index';
import { summarizeLines } from '@/lib/odds/lines';
import { createTestDatabase, type TestDatabase } from '@/test/helpers/postgres';
import { openMemoryStore, openStore, type Store } from '../store/db';
import { listOddsTicks } from '../store/queries/get-odds-ticks';
import { FeedBus } from './bus';
import { FeedEngine } from './engine';
import type { OddsMessage, OddsTickInput } from './types';

const WC = new URL('../../datasets/football/openfootball-worldcup.json/2022/worldcup.json', import.meta.url).pathname;
const rowsOf = <R>(res: unknown) => (res as { rows: R[] }).rows;

describe.each(['pglite', 'postgres'] as const)('batched odds ticks on %s', (kind) => {
  let db: TestDatabase | null = null;
  let store: Store;
  let engine: FeedEngine;
  let fixtureId = 0;
  let kickoff = '';
  const published: { m: OddsMessage; visible: number }[] = [];
  const pending: Promise<void>[] = [];
  /** PostgreSQL only: the scoreline_feed wake-ups other processes get at commit (server/cluster/log-follower.ts). */
  const notified: string[] = [];
  let listener: pg.Client | null = null;

  beforeAll(async () => {
    if (kind === 'postgres') {
      db = await createTestDatabase('scoreline_odds_batch');
      store = await openStore({ databaseUrl: db.url, dataDir: '' });
      listener = new pg.Client({ connectionString: db.url });
      await listener.connect();
      listener.on('notification', (n) => notified.push(n.payload ?? ''));
      await listener.query('LISTEN scoreline_feed');
    } else store = await openMemoryStore();
    const bus = new FeedBus();
    // At publication the ticks must already be committed: on PostgreSQL read them through another connection.
    bus.subscribeOdds((m) => {
      const ids = m.ticks.map((x) => x.tick_id);
      const check = db
        ? db
            .query('SELECT count(*)::int AS n FROM odds_ticks WHERE tick_id = ANY($1::text[])', [ids])
            .then(([r]) => void published.push({ m, visible: r.n }))
        : Promise.resolve(void published.push({ m, visible: ids.length }));
      pending.push(check);
    });
    engine = new FeedEngine(store, bus);
    const s = await engine.importMatches((await IMPORT_FORMATS.openfootball([WC], {})).slice(0, 1));
    fixtureId = s.fixture_ids[0];
    const [f] = rowsOf<{ kickoff: string }>(
      await store.db.execute(sql`select kickoff::text as kickoff from fixtures where id = ${fixtureId}`),
    );
    kickoff = new Date(f.kickoff).toISOString();
  }, 120_000);

  afterAll(async () => {
    await listener?.end();
    await store?.close();
    await db?.drop();
  });

  test('12,000 ticks in one batch: bad ones rejected, duplicates skipped, every good one stored as sent', async () => {
    const [{ seq: before }] = rowsOf<{ seq: number }>(
      await store.db.execute(sql`select value::int as seq from feed_sequence`),
    );
    const t0 = Date.parse(kickoff) - 12_000 * 1000;
    const awkward = ['q"uote', 'back\\slash', 'com,ma', '{brace}', 'NULL', 'spa ce', 'ünï-çødé ⚽'];
    const items: OddsTickInput[] = Array.from({ length: 12_000 }, (_, i) => ({
      tick_id: i < awkward.length ? awkward[i] : `batch/${i}`,
      fixture_id: fixtureId,
      bookmaker: i % 2 ? 'bet365' : 'pinnacle',
      market: i % 5 === 0 ? 'over_under' : '1X2',
      selection: i % 5 === 0 ? 'over' : (['home', 'draw', 'away'] as const)[i % 3],
      line: i % 5 === 0 ? 2.5 : null,
      price: Math.round((1.5 + (i % 400) / 100) * 100) / 100,
      observed_at: new Date(t0 + i * 1000).toISOString(),
    }));
    items[100] = { ...items[100], price: 0.5 }; // below 1: rejected
    items[6001] = { ...items[6001], selection: 'banana' }; // not a 1X2 selection: rejected
    items[9000] = { ...items[9000], fixture_id: 999_999 }; // no such fixture: rejected
    items.push({ ...items[42] }); // the same tick twice in one batch
    const out = await engine.ingestOdds(items, 'batch-test');
    const status = out.map((o) => o.status);
    expect(status.filter((s) => s === 'stored')).toHaveLength(11_997);
    expect(out.map((o, i) => (o.status === 'rejected' ? i : -1)).filter((i) => i >= 0)).toEqual([100, 6001, 9000]);
    expect(status.at(-1)).toBe('duplicate');
    const seqs = out.flatMap((o) => (o.status === 'stored' ? [o.seq] : []));
    expect(seqs).toEqual(Array.from({ length: 11_997 }, (_, k) => before + 1 + k));

    // Every stored row is exactly what was sent (awkward ids included), in seq order.
    const stored = rowsOf<{
      tick_id: string;
      seq: number;
      bookmaker: string;
      market: string;
      selection: string;
      line: number | null;
      price: number;
      observed_at: string;
      source: string;
    }>(
      await store.db.execute(
        sql`select tick_id, seq::int as seq, bookmaker, market, selection, line, price, to_char(observed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as observed_at, source from odds_ticks where source = 'batch-test' order by seq`,
      ),
    );
    const good = items.slice(0, -1).filter((_, i) => ![100, 6001, 9000].includes(i));
    expect(stored).toHaveLength(good.length);
    expect(stored.slice(0, awkward.length).map((r) => r.tick_id)).toEqual(awkward);
    stored.forEach((r, k) => {
      const x = good[k];
      expect(r).toEqual({
        tick_id: x.tick_id,
        seq: before + 1 + k,
        bookmaker: x.bookmaker,
        market: x.market,
        selection: x.selection,
        line: x.line,
        price: x.price,
        observed_at: x.observed_at,
        source: 'batch-test',
      });
    });

    // Sent again: every one is a duplicate, nothing new stored, no seq used.
    const again = await engine.ingestOdds(good.slice(5990, 6010), 'batch-test');
    expect(again.every((o) => o.status === 'duplicate')).toBe(true);
    const [{ seq: after }] = rowsOf<{ seq: number }>(
      await store.db.execute(sql`select value::int as seq from feed_sequence`),
    );
    expect(after).toBe(before + 11_997);

    // Published once, after commit, with every stored tick.
    await Promise.all(pending);
    const last = published.at(-1)!;
    expect(last.m).toMatchObject({ seq: before + 11_997, fixture: { id: fixtureId } });
    expect(last.m.ticks).toHaveLength(11_997);
    expect(last.visible).toBe(11_997);
    if (listener) {
      await expect.poll(() => notified.map((p) => p.split(' ')[0])).toContain(String(before + 11_997));
    }

    // Opening and closing lines from the stored ticks: first and last quote before kickoff per line.
    const lines = summarizeLines(await listOddsTicks(store.db, fixtureId), { kickoff });
    const homeAtPinnacle = good.filter(
      (x) => x.bookmaker === 'pinnacle' && x.market === '1X2' && x.selection === 'home',
    );
    const line = lines.find((l) => l.bookmaker === 'pinnacle' && l.market === '1X2' && l.selection === 'home')!;
    expect(line.opening).toEqual({ price: homeAtPinnacle[0].price, observed_at: homeAtPinnacle[0].observed_at });
    expect(line.closing).toEqual({
      price: homeAtPinnacle.at(-1)!.price,
      observed_at: homeAtPinnacle.at(-1)!.observed_at,
    });
  }, 180_000);
});
