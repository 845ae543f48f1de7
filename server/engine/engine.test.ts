import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FootballState } from '@/lib/football/state';
import type { SourceEvent } from '@/lib/match/events';
import { IMPORT_FORMATS } from '@/lib/import/index';
import type { ImportedMatch } from '@/lib/import/types';
import { openStore, type Store } from '../store/db';
import { DataDirLockedError, lockDataDir } from '../store/lock';
import { getStandings } from '../store/queries/get-standings';
import * as t from '../store/schema';
import { FeedBus } from './bus';
import { FeedEngine } from './engine';
import type { FeedMessage, IngestItem } from './types';

const DATA = fileURLToPath(new URL('../../datasets/football/', import.meta.url));
const ADMIN_URL = process.env.SCORELINE_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-engine-test-'));

interface Opened {
  store: Store;
  cleanup: () => Promise<void>;
}

/** PGlite in a fresh temp dir. */
async function openPglite(): Promise<Opened> {
  const dir = tempDir();
  const store = await openStore({ dataDir: dir });
  return {
    store,
    cleanup: async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh PostgreSQL database, dropped again by cleanup (after the store is closed). */
async function openPostgres(): Promise<Opened> {
  const name = `scoreline_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dir = tempDir();
  const drop = async () => {
    // A plain DROP fails while the pool's last backends are still exiting: retry, force only as a last resort
    // (forcing at once makes those backends report FATAL to clients that are already closing).
    for (let i = 0; ; i++) {
      try {
        await admin(`drop database if exists "${name}"${i < 50 ? '' : ' with (force)'}`);
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== '55006' || i >= 50) throw e; // 55006: object_in_use
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const store = await openStore({ databaseUrl: url.toString(), dataDir: dir });
    return {
      store,
      cleanup: async () => {
        try {
          await store.close();
        } finally {
          await drop();
        }
      },
    };
  } catch (e) {
    await drop();
    throw e;
  }
}

/** Premier League 2023-24 final table: [team, W, D, L, GF, GA, points] (Everton −8, Forest −4). */
const PL_2023_24: [string, number, number, number, number, number, number][] = [
  ['Manchester City', 28, 7, 3, 96, 34, 91],
  ['Arsenal', 28, 5, 5, 91, 29, 89],
  ['Liverpool', 24, 10, 4, 86, 41, 82],
  ['Aston Villa', 20, 8, 10, 76, 61, 68],
  ['Tottenham Hotspur', 20, 6, 12, 74, 61, 66],
  ['Chelsea', 18, 9, 11, 77, 63, 63],
  ['Newcastle United', 18, 6, 14, 85, 62, 60],
  ['Manchester United', 18, 6, 14, 57, 58, 60],
  ['West Ham United', 14, 10, 14, 60, 74, 52],
  ['Crystal Palace', 13, 10, 15, 57, 58, 49],
  ['Brighton & Hove Albion', 12, 12, 14, 55, 62, 48],
  ['Bournemouth', 13, 9, 16, 54, 67, 48],
  ['Fulham', 13, 8, 17, 55, 61, 47],
  ['Wolverhampton Wanderers', 13, 7, 18, 50, 65, 46],
  ['Everton', 13, 9, 16, 40, 51, 40],
  ['Brentford', 10, 9, 19, 56, 65, 39],
  ['Nottingham Forest', 9, 9, 20, 49, 67, 32],
  ['Luton Town', 6, 8, 24, 52, 85, 26],
  ['Burnley', 5, 9, 24, 41, 78, 24],
  ['Sheffield United', 3, 7, 28, 35, 104, 16],
];
const ADJUSTMENTS: Record<string, number> = { Everton: -8, 'Nottingham Forest': -4 };

/** A scheduled World Cup 2022 fixture, as an importer would hand it over. */
function scheduled(home: string, away: string, kickoff: string, group: string): ImportedMatch {
  return {
    source: 'openfootball',
    source_key: `engine-test/world-cup/2022/${home}/${away}`,
    competition: 'world-cup',
    season: '2022',
    round: 'Matchday 1',
    group,
    venue: null,
    kickoff,
    home_team: home,
    away_team: away,
    status: 'scheduled',
    result: null,
    events: [],
    lineups: null,
    odds: [],
    stats: null,
  };
}

function item(
  fixtureId: number,
  id: string,
  type: SourceEvent['type'],
  fields: Partial<SourceEvent> = {},
  occurredAt?: string,
): IngestItem {
  return {
    fixture_id: fixtureId,
    event: {
      event_id: `engine-test:${id}`,
      type,
      side: null,
      player: null,
      minute: null,
      stoppage: null,
      period: null,
      clock_seconds: null,
      detail: {},
      ...fields,
    },
    occurred_at: occurredAt,
  };
}

const BACKENDS = [
  { name: 'PGlite', open: openPglite },
  { name: 'PostgreSQL', open: openPostgres },
];

describe.each(BACKENDS)('store + feed engine on $name', ({ open }) => {
  let opened: Opened | undefined;
  let store: Store;
  let engine: FeedEngine;
  const bus = new FeedBus();
  const published: FeedMessage[] = [];
  /** For each published message: did a query started at publish time see the committed row? */
  const visibleAtPublish: Promise<number>[] = [];

  const rows = async <T>(query: SQL) => ((await store.db.execute(query)) as unknown as { rows: T[] }).rows;
  const counts = async () =>
    (
      await rows<Record<string, number>>(sql`select
      (select count(*)::int from fixtures) as fixtures, (select count(*)::int from match_events) as events,
      (select value::int from feed_sequence where id = 1) as seq, (select count(*)::int from teams) as teams,
      (select count(*)::int from fixture_sources) as sources, (select count(*)::int from odds_ticks) as odds`)
    )[0];
  const snapshot = async (fixtureId: number) => {
    const [s] = await store.db.select().from(t.matchSnapshots).where(eq(t.matchSnapshots.fixtureId, fixtureId));
    return s ? { state: s.state as unknown as FootballState, lastSeq: Number(s.lastSeq) } : null;
  };
  const fixtureRow = async (fixtureId: number) => {
    const [f] = await store.db.select().from(t.fixtures).where(eq(t.fixtures.id, fixtureId));
    return { status: f.status, home: f.homeScore, away: f.awayScore };
  };
  const since = (seq: number) => published.filter((m) => m.seq > seq);

  beforeAll(async () => {
    opened = await open();
    store = opened.store;
    engine = new FeedEngine(store, bus);
    bus.subscribe((m) => {
      published.push(m);
      visibleAtPublish.push(
        store.db
          .select({ seq: t.matchEvents.seq })
          .from(t.matchEvents)
          .where(eq(t.matchEvents.seq, m.seq))
          .then((r) => r.length),
      );
    });
  });
  afterAll(async () => {
    await opened?.cleanup();
  });

  let pl: ImportedMatch[];
  it('imports the Premier League 2023-24 (openfootball): 380 finished fixtures, one result event each', async () => {
    pl = await IMPORT_FORMATS.openfootball([DATA + 'openfootball-football.json/2023-24/en.1.json'], {});
    const summary = await engine.importMatches(pl);
    expect(summary).toMatchObject({
      matches: 380,
      fixtures_created: 380,
      events_stored: 380,
      duplicates: 0,
      rejected: [],
    });
    expect(new Set(summary.fixture_ids).size).toBe(380);
    expect(await counts()).toMatchObject({ fixtures: 380, events: 380, seq: 380, teams: 20, sources: 380 });
    const [finished] = await rows<{ n: number }>(
      sql`select count(*)::int as n from fixtures where status = 'finished' and home_score is not null`,
    );
    expect(finished.n).toBe(380);
    const opener = summary.fixture_ids[pl.findIndex((m) => m.kickoff === '2023-08-11T19:00:00Z')];
    expect(await fixtureRow(opener)).toEqual({ status: 'finished', home: 0, away: 3 }); // Burnley 0–3 Man City
    expect((await snapshot(opener))?.state).toMatchObject({
      status: 'finished',
      period: 'full_time',
      score: { home: 0, away: 3 },
      halftime_score: { home: 0, away: 2 },
    });
  });

  it('re-importing the same file changes nothing', async () => {
    const before = await counts();
    const summary = await engine.importMatches(pl);
    // Every result is already stored, so no result event is even offered again (duplicates stays 0).
    expect(summary).toMatchObject({ matches: 380, fixtures_created: 0, events_stored: 0, duplicates: 0, rejected: [] });
    expect(await counts()).toEqual(before);
  });

  it('football-data.co.uk merges onto the same 380 fixtures and stores odds and stats', async () => {
    const before = await counts();
    const fd = await IMPORT_FORMATS['football-data']([DATA + 'football-data.co.uk/2324/E0.csv'], {});
    const summary = await engine.importMatches(fd);
    expect(summary).toMatchObject({ matches: 380, fixtures_created: 0, events_stored: 0, rejected: [] });
    expect(new Set(summary.fixture_ids).size).toBe(380);
    const after = await counts();
    // "Man City", "Nott'm Forest", "Sheffield United" … reconciled onto the 20 existing teams.
    expect(after).toMatchObject({ fixtures: 380, teams: 20, events: before.events, seq: before.seq, sources: 760 });
    expect(after.odds).toBeGreaterThan(380 * 20);
    const [burnleyCity] = await rows<{
      id: number;
    }>(sql`select f.id from fixtures f join teams h on h.id = f.home_team_id join teams a on a.id = f.away_team_id
      where h.name = 'Burnley' and a.name = 'Manchester City'`);
    const odds = await store.db.select().from(t.oddsTicks).where(eq(t.oddsTicks.fixtureId, burnleyCity.id));
    const price = (bookmaker: string, selection: string, kind: string) =>
      odds.find(
        (o) =>
          o.bookmaker === bookmaker && o.market === '1X2' && o.selection === selection && o.tickId.endsWith(`/${kind}`),
      )?.price;
    // Imported prices are the first ticks of each line: opening a day before kickoff, closing at kickoff, no seq.
    const closing = odds.find((o) => o.tickId.endsWith('/closing'))!;
    expect(closing.seq).toBeNull();
    expect(Date.parse(closing.observedAt)).toBe(Date.parse('2023-08-11T19:00:00Z'));
    expect([
      price('bet365', 'home', 'opening'),
      price('bet365', 'draw', 'opening'),
      price('bet365', 'away', 'opening'),
    ]).toEqual([8, 5.5, 1.33]);
    expect([price('bet365', 'home', 'closing'), price('pinnacle', 'home', 'closing')]).toEqual([9, 9.62]);
    const [stats] = await store.db.select().from(t.matchStats).where(eq(t.matchStats.fixtureId, burnleyCity.id));
    expect(stats.stats).toMatchObject({ home: { corners: 6 }, away: { corners: 5 } });
  });

  it('stores the published Premier League 2023-24 final table', async () => {
    const [table] = await getStandings(store.db, { sport: 'football', league: 'premier-league', season: '2023-24' });
    expect(table.group).toBeNull();
    // Every row carries its team's id beside the name (issue 19); the published values are checked below.
    for (const r of table.rows as Record<string, unknown>[]) expect(r.team_id).toEqual(expect.any(Number));
    const got = (table.rows as Record<string, unknown>[]).map(({ team_id: _id, ...r }) => ({ ...r, form: undefined }));
    expect(got).toEqual(
      PL_2023_24.map(([team, won, drawn, lost, gf, ga, points], i) => ({
        position: i + 1,
        team,
        played: 38,
        won,
        drawn,
        lost,
        goals_for: gf,
        goals_against: ga,
        goal_difference: gf - ga,
        points,
        points_adjustment: ADJUSTMENTS[team] ?? 0,
        form: undefined,
      })),
    );
  });

  let group: Record<string, number>;
  it('a live match through ingest: snapshot, fixture row and group standings when it finishes', async () => {
    const summary = await engine.importMatches([
      scheduled('Qatar', 'Ecuador', '2022-11-20T16:00:00Z', 'Group A'),
      scheduled('Senegal', 'Netherlands', '2022-11-21T16:00:00Z', 'Group A'),
    ]);
    expect(summary).toMatchObject({ fixtures_created: 2, events_stored: 0 });
    const [qe, sn] = summary.fixture_ids;
    group = { qe, sn };
    expect(await fixtureRow(qe)).toEqual({ status: 'scheduled', home: null, away: null });
    expect(await snapshot(qe)).toBeNull();
    const wcTables = async () => getStandings(store.db, { sport: 'football', league: 'world-cup', season: '2022' });
    expect(await wcTables()).toEqual([]);

    const seq0 = (await counts()).seq;
    const at = (secs: number) => new Date(Date.parse('2022-11-20T16:00:00Z') + secs * 1000).toISOString();
    const firstHalf = await engine.ingest(
      [
        item(qe, 'qe-ko', 'period_start', { period: '1st_half', clock_seconds: 0 }, at(0)),
        item(
          qe,
          'qe-g1',
          'goal',
          {
            side: 'away',
            player: 'Enner Valencia',
            minute: 16,
            period: '1st_half',
            clock_seconds: 930,
            detail: { penalty: true },
          },
          at(930),
        ),
        item(
          qe,
          'qe-g2',
          'goal',
          { side: 'away', player: 'Enner Valencia', minute: 31, period: '1st_half', clock_seconds: 1830 },
          at(1830),
        ),
        item(qe, 'qe-ht', 'period_end', { period: '1st_half', clock_seconds: 2820 }, at(2820)),
      ],
      'test',
    );
    expect(firstHalf.map((o) => [o.status, o.status === 'stored' && o.seq])).toEqual(
      [1, 2, 3, 4].map((k) => ['stored', seq0 + k]),
    );
    expect((await snapshot(qe))!.state).toMatchObject({
      status: 'break',
      period: 'half_time',
      score: { home: 0, away: 2 },
      halftime_score: { home: 0, away: 2 },
    });
    expect(await fixtureRow(qe)).toEqual({ status: 'break', home: 0, away: 2 });
    expect(await wcTables()).toEqual([]); // nothing finished yet

    const secondHalf = await engine.ingest(
      [
        item(qe, 'qe-2h', 'period_start', { period: '2nd_half' }, at(3720)),
        item(qe, 'qe-ft', 'full_time', { period: '2nd_half', clock_seconds: 5640 }, at(6660)),
      ],
      'test',
    );
    const snap = (await snapshot(qe))!;
    expect(snap.lastSeq).toBe(seq0 + 6);
    expect(secondHalf.map((o) => o.status === 'stored' && o.seq)).toEqual([seq0 + 5, seq0 + 6]);
    expect(snap.state).toMatchObject({
      status: 'finished',
      period: 'full_time',
      score: { home: 0, away: 2 },
      events_applied: 6,
      clock: { running: false, clock_seconds: 5640 },
    });
    expect(snap.state.last_event).toMatchObject({
      event_id: 'engine-test:qe-g2',
      side: 'away',
      player: 'Enner Valencia',
      minute: 31,
    });
    expect(await fixtureRow(qe)).toEqual({ status: 'finished', home: 0, away: 2 });
    const [groupA] = await wcTables();
    expect(groupA.group).toBe('Group A');
    expect(
      (groupA.rows as Record<string, unknown>[]).map((r) => [
        r.position,
        r.team,
        r.played,
        r.won,
        r.lost,
        r.goals_for,
        r.goals_against,
        r.points,
      ]),
    ).toEqual([
      [1, 'Ecuador', 1, 1, 0, 2, 0, 3],
      [2, 'Netherlands', 0, 0, 0, 0, 0, 0],
      [3, 'Senegal', 0, 0, 0, 0, 0, 0],
      [4, 'Qatar', 1, 0, 1, 0, 2, 0],
    ]);

    // Bus: one message per stored event, in seq order, each published after its row was committed.
    const msgs = since(seq0);
    expect(msgs.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6].map((k) => seq0 + k));
    expect(msgs.map((m) => m.event.event_id.replace('engine-test:', ''))).toEqual([
      'qe-ko',
      'qe-g1',
      'qe-g2',
      'qe-ht',
      'qe-2h',
      'qe-ft',
    ]);
    expect(msgs.every((m) => m.fixture.id === qe && m.fixture.home_team === 'Qatar' && m.event.source === 'test')).toBe(
      true,
    );
    expect(msgs.map((m) => m.state.score.away)).toEqual([0, 1, 2, 2, 2, 2]);
    expect(msgs.at(-1)!.state.status).toBe('finished');
    expect(await Promise.all(visibleAtPublish)).toEqual(published.map(() => 1));
  });

  it('stores an event sent twice once', async () => {
    const seq0 = (await counts()).seq;
    const corner = item(group.sn, 'sn-c1', 'corner', { side: 'home' });
    const [first] = await engine
      .ingest([item(group.sn, 'sn-ko', 'period_start', { period: '1st_half' }), corner], 'test')
      .then((o) => o.slice(1));
    const [again] = await engine.ingest([corner], 'test');
    expect(first).toEqual({ event_id: 'engine-test:sn-c1', status: 'stored', seq: seq0 + 2 });
    expect(again).toEqual({ event_id: 'engine-test:sn-c1', status: 'duplicate', seq: seq0 + 2 });
    const inBatch = await engine.ingest(
      [item(group.sn, 'sn-c2', 'corner', { side: 'away' }), item(group.sn, 'sn-c2', 'corner', { side: 'away' })],
      'test',
    );
    expect(inBatch.map((o) => o.status)).toEqual(['stored', 'duplicate']);
    // A copy within the batch is a duplicate of the one stored just now: its seq (docs/operators.md).
    expect(inBatch[1]).toEqual({ event_id: 'engine-test:sn-c2', status: 'duplicate', seq: seq0 + 3 });
    expect((await counts()).seq).toBe(seq0 + 3);
    const [n] = await rows<{ n: number }>(
      sql`select count(*)::int as n from match_events where event_id in ('engine-test:sn-c1', 'engine-test:sn-c2')`,
    );
    expect(n.n).toBe(2);
    expect((await snapshot(group.sn))!.state.corners).toEqual({ home: 1, away: 1 });
    expect(since(seq0).map((m) => m.seq)).toEqual([seq0 + 1, seq0 + 2, seq0 + 3]);
  });

  it('rejects an event for an unknown fixture and changes nothing', async () => {
    const before = await counts();
    const published0 = published.length;
    const [o] = await engine.ingest([item(987654, 'nowhere', 'corner', { side: 'home' })], 'test');
    expect(o).toMatchObject({
      event_id: 'engine-test:nowhere',
      status: 'rejected',
      error: expect.stringMatching(/fixture 987654 does not exist/),
    });
    expect(await counts()).toEqual(before);
    expect(published.length).toBe(published0);
  });

  it('a batch with one bad event (goal without side) stores the rest, without a seq gap', async () => {
    const seq0 = (await counts()).seq;
    const out = await engine.ingest(
      [
        item(group.sn, 'sn-c3', 'corner', { side: 'home' }),
        item(group.sn, 'sn-bad', 'goal', { player: 'Gakpo', minute: 84 }),
        item(group.sn, 'sn-g1', 'goal', { side: 'away', player: 'Cody Gakpo', minute: 84, period: '2nd_half' }),
      ],
      'test',
    );
    expect(out.map((o) => o.status)).toEqual(['stored', 'rejected', 'stored']);
    expect(out[1]).toMatchObject({ error: expect.stringMatching(/needs side/) });
    expect([out[0], out[2]].map((o) => o.status === 'stored' && o.seq)).toEqual([seq0 + 1, seq0 + 2]);
    const [bad] = await rows<{ n: number }>(
      sql`select count(*)::int as n from match_events where event_id = 'engine-test:sn-bad'`,
    );
    expect(bad.n).toBe(0);
    expect((await snapshot(group.sn))!.state).toMatchObject({
      score: { home: 0, away: 1 },
      corners: { home: 2, away: 1 },
    });
    expect(await fixtureRow(group.sn)).toEqual({ status: 'in_play', home: 0, away: 1 });
  });

  it('concurrent ingest calls on 20 fixtures get unique, gap-free seqs', async () => {
    const wc = await IMPORT_FORMATS.openfootball([DATA + 'openfootball-worldcup.json/2022/worldcup.json'], {});
    const matches = wc
      .filter((m) => m.group && m.group !== 'Group A')
      .slice(0, 20)
      .map((m) => ({ ...m, status: 'scheduled' as const, result: null, events: [] }));
    const { fixture_ids: ids, fixtures_created } = await engine.importMatches(matches);
    expect(fixtures_created).toBe(20);
    const seq0 = (await counts()).seq;
    const outs = await Promise.all(
      ids.map((id, i) => engine.ingest([item(id, `ko-${i}`, 'period_start', { period: '1st_half' })], 'test')),
    );
    const seqs = outs.map(([o]) => (o.status === 'stored' ? o.seq : -1));
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, k) => seq0 + 1 + k));
    expect((await counts()).seq).toBe(seq0 + 20);
    const stored = await rows<{ fixture_id: number; seq: number }>(
      sql`select fixture_id, seq::int as seq from match_events where seq > ${seq0} order by seq`,
    );
    expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, k) => seq0 + 1 + k));
    expect(new Set(stored.map((r) => r.fixture_id))).toEqual(new Set(ids));
    expect(since(seq0).map((m) => m.seq)).toEqual(stored.map((r) => r.seq));
  });

  it('concurrent ingest calls on one match are committed together, in call order, each with its own outcome', async () => {
    const wc = await IMPORT_FORMATS.openfootball([DATA + 'openfootball-worldcup.json/2022/worldcup.json'], {});
    const m = wc.find((x) => x.group === 'Group H')!;
    const {
      fixture_ids: [id],
    } = await engine.importMatches([{ ...m, status: 'scheduled', result: null, events: [] }]);
    await engine.ingest([item(id, 'gc-ko', 'period_start', { period: '1st_half' })], 'test');
    const seq0 = (await counts()).seq;
    const published0 = published.length;
    // Count the engine's transactions on this store while the calls run.
    const db = store.db as unknown as { transaction: (...a: unknown[]) => unknown };
    const transaction = db.transaction;
    let transactions = 0;
    db.transaction = (...a: unknown[]) => {
      transactions += 1;
      return transaction.apply(db, a);
    };
    try {
      // 30 calls at once: corners home/away in turn, one call repeating an earlier corner (a
      // duplicate across calls of one group) and one goal without a side (rejected alone).
      const calls: IngestItem[][] = Array.from({ length: 28 }, (_, i) => [
        item(id, `gc-c${i}`, 'corner', { side: i % 2 ? 'away' : 'home' }),
      ]);
      calls.splice(10, 0, [item(id, 'gc-c3', 'corner', { side: 'away' })]);
      calls.splice(20, 0, [item(id, 'gc-bad', 'goal', { player: 'Nobody', minute: 30 })]);
      const outs = await Promise.all(calls.map((c) => engine.ingest(c, 'test')));
      expect(transactions).toBeLessThan(calls.length);
      expect(transactions).toBeLessThanOrEqual(3);
      expect(outs[10][0]).toEqual({ event_id: 'engine-test:gc-c3', status: 'duplicate', seq: seq0 + 4 });
      expect(outs[20][0]).toMatchObject({ status: 'rejected', error: expect.stringMatching(/needs side/) });
      const stored = outs.flat().filter((o) => o.status === 'stored');
      expect(stored.map((o) => o.event_id)).toEqual(Array.from({ length: 28 }, (_, i) => `engine-test:gc-c${i}`));
      expect(stored.map((o) => o.seq)).toEqual(Array.from({ length: 28 }, (_, k) => seq0 + 1 + k));
    } finally {
      db.transaction = transaction;
    }
    // Each call applied to the state the calls before it left: 14 corners each.
    expect((await snapshot(id))!.state.corners).toEqual({ home: 14, away: 14 });
    expect((await snapshot(id))!.lastSeq).toBe(seq0 + 28);
    expect(published.slice(published0).map((p) => p.seq)).toEqual(Array.from({ length: 28 }, (_, k) => seq0 + 1 + k));
    expect(published.at(-1)!.state).toMatchObject({ corners: { home: 14, away: 14 } });
  });

  it('a StatsBomb match imports its timeline; re-importing it stores nothing new', async () => {
    const sb = await IMPORT_FORMATS.statsbomb(
      [DATA + 'statsbomb/events/3788741.json', DATA + 'statsbomb/lineups/3788741.json'],
      {
        league: 'euro',
        season: '2020',
        kickoff: '2021-06-11T19:00:00Z',
      },
    );
    const n = sb[0].events.length;
    const first = await engine.importMatches(sb);
    expect(first).toMatchObject({ fixtures_created: 1, events_stored: n + 1, duplicates: 0, rejected: [] }); // + its result event
    const id = first.fixture_ids[0];
    expect((await snapshot(id))!.state).toMatchObject({
      status: 'finished',
      score: { home: 0, away: 3 },
      corners: { home: 2, away: 8 },
      cards: { home: { yellow: 2, red: 0 } },
    });
    expect(await fixtureRow(id)).toEqual({ status: 'finished', home: 0, away: 3 });
    const [lineups] = await rows<{ n: number }>(sql`select count(*)::int as n from lineups where fixture_id = ${id}`);
    expect(lineups.n).toBe(2);
    const before = await counts();
    const again = await engine.importMatches(sb);
    expect(again).toMatchObject({ fixtures_created: 0, events_stored: 0, duplicates: n, rejected: [] });
    expect(await counts()).toEqual(before);
  });

  it('one import finds the fixtures it created itself: the same match twice, or from a second source 2 h later, is one fixture; a corrected price updates its tick', async () => {
    const [m] = await IMPORT_FORMATS.openfootball([DATA + 'openfootball-football.json/2024-25/de.1.json'], {});
    const quote = { bookmaker: 'bet365', market: '1X2', selection: 'home', line: null, price: 2.1, kind: 'opening' };
    const other: ImportedMatch = {
      ...m,
      source: 'football-data',
      source_key: `${m.source_key}#second-source`,
      kickoff: new Date(Date.parse(m.kickoff) + 2 * 3600e3).toISOString(),
      round: null,
      result: null, // (one result event per source key: a second one would be stored as well)
      events: [],
      odds: [quote as ImportedMatch['odds'][number]],
    };
    const before = await counts();
    const first = await engine.importMatches([m, m, other]);
    expect(first).toMatchObject({ matches: 3, fixtures_created: 1, events_stored: 1, rejected: [] }); // one result event
    expect(new Set(first.fixture_ids).size).toBe(1);
    expect(await counts()).toMatchObject({
      fixtures: before.fixtures + 1,
      sources: before.sources + 2,
      odds: before.odds + 1,
      events: before.events + 1,
    });
    const corrected = await engine.importMatches([{ ...other, odds: [{ ...other.odds[0], price: 2.2 }] }]);
    expect(corrected).toMatchObject({ fixtures_created: 0, events_stored: 0, fixture_ids: [first.fixture_ids[0]] });
    const ticks = await store.db.select().from(t.oddsTicks).where(eq(t.oddsTicks.fixtureId, first.fixture_ids[0]));
    expect(ticks.map((x) => [x.bookmaker, x.price, x.seq])).toEqual([['bet365', 2.2, null]]);
    expect(await counts()).toMatchObject({ fixtures: before.fixtures + 1, odds: before.odds + 1 });
  });

  it('the event log is seq 1..N without gaps, and every snapshot points at its last event', async () => {
    const [log] = await rows<{ n: number; lo: number; hi: number; distinct: number }>(
      sql`select count(*)::int as n, min(seq)::int as lo, max(seq)::int as hi, count(distinct seq)::int as distinct from match_events`,
    );
    expect(log.n).toBeGreaterThan(380 + 30);
    expect(log).toEqual({ n: log.n, lo: 1, hi: log.n, distinct: log.n });
    expect((await counts()).seq).toBe(log.n);
    const [stale] = await rows<{ n: number }>(sql`select count(*)::int as n from match_snapshots s
      where s.last_seq <> (select max(e.seq) from match_events e where e.fixture_id = s.fixture_id)`);
    expect(stale.n).toBe(0);
    expect(published.map((m) => m.seq)).toEqual([...published.map((m) => m.seq)].sort((a, b) => a - b));
  });
});

describe('data directory lock', () => {
  it('refuses a directory held by a live process and takes over once that process is gone', async () => {
    const dir = tempDir();
    const pidFile = path.join(dir, 'scoreline.pid');
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await once(child, 'spawn');
      fs.writeFileSync(pidFile, String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      await expect(openStore({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
      expect(fs.readFileSync(pidFile, 'utf8')).toBe(String(child.pid));
    } finally {
      const exited = child.exitCode === null && child.signalCode === null ? once(child, 'exit') : null;
      child.kill('SIGTERM');
      await exited;
    }
    const release = lockDataDir(dir); // stale lock: its process is gone
    expect(fs.readFileSync(pidFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(pidFile)).toBe(false);
    expect(() => release()).not.toThrow();
    lockDataDir(dir)();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
