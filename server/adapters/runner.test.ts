import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FeedBus } from '../engine/bus';
import { FeedEngine } from '../engine/engine';
import type { FeedMessage } from '../engine/types';
import { openMemoryStore, type Store } from '../store/db';
import { getMatch } from '../store/queries/get-match';
import * as t from '../store/schema';
import { FootballDataOrgAdapter } from './football-data-org';
import { AdapterRunner, type PollReport } from './runner';
import type { AdapterBatch, SourceAdapter } from './types';

const DIR = fileURLToPath(new URL('../../test/fixtures/football-data-org/', import.meta.url));
const file = (f: string) => fs.readFileSync(DIR + f, 'utf8');
const silent = pino({ level: 'silent' });
const SOURCE_KEY = 'football-data.org/v4/matches/435943';

/** A scripted upstream on 127.0.0.1: `answer` decides each response; every request is recorded. */
interface Upstream {
  url: string;
  requests: { path: string; token: string | undefined; at: number }[];
  answer: (path: string) => { status?: number; headers?: Record<string, string>; body: string };
  close(): Promise<void>;
}
async function upstream(): Promise<Upstream> {
  const u = {
    requests: [] as Upstream['requests'],
    answer: (() => ({ status: 404, body: '{"message":"not scripted","errorCode":404}' })) as Upstream['answer'],
  } as Upstream;
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    u.requests.push({ path, token: req.headers['x-auth-token'] as string | undefined, at: Date.now() });
    const a = u.answer(path);
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json', ...a.headers });
    res.end(a.body);
  });
  // Longer than any pause between tests, so a client never reuses a connection the server is closing.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  u.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  u.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return u;
}

/** Serves the recorded Friday-evening polls: list + single match of the same moment. */
function servePoll(u: Upstream, stamp: string) {
  u.answer = (path) =>
    path.startsWith('/v4/matches/435943')
      ? { body: file(`match-435943-${stamp}.json`) }
      : { body: file(`pl-matches-${stamp}.json`) };
}

let store: Store;
let engine: FeedEngine;
let up: Upstream;
const published: FeedMessage[] = [];

beforeAll(async () => {
  up = await upstream();
});
afterAll(async () => {
  await up?.close();
});
// A fresh in-memory store and engine per test.
beforeEach(async () => {
  store = await openMemoryStore();
  const bus = new FeedBus();
  published.length = 0;
  bus.subscribe((m) => published.push(m));
  engine = new FeedEngine(store, bus);
  up.requests.length = 0;
});
afterEach(async () => {
  await store?.close();
});

const fixtureId = async () =>
  (await store.db.select().from(t.fixtureSources).where(eq(t.fixtureSources.sourceKey, SOURCE_KEY)))[0]?.fixtureId;

describe('AdapterRunner + football-data.org adapter against a local upstream and a real engine', () => {
  let runner: AdapterRunner | undefined;
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
  });

  it('three recorded polls: fixtures created, events stored once, final state FINISHED 0-3', async () => {
    let now = new Date('2023-08-11T19:21:30Z');
    const states: unknown[] = [];
    runner = new AdapterRunner({
      engine,
      log: silent,
      adapter: new FootballDataOrgAdapter({
        token: 'test-token',
        competitions: ['PL'],
        baseUrl: up.url,
        daysBack: 1,
        daysAhead: 3,
      }),
      now: () => now,
      onState: (s) => void states.push(structuredClone(s)),
    });

    servePoll(up, '2023-08-11T1921Z');
    const r1 = await runner.pollOnce();
    expectOk(r1, { fixtures: 10, stored: 2, duplicates: 0, rejected: 0, skipped: 0 });
    expect(up.requests.map((r) => r.path)).toEqual([
      '/v4/competitions/PL/matches?dateFrom=2023-08-10&dateTo=2023-08-14',
      '/v4/matches/435943',
    ]);
    expect(up.requests.every((r) => r.token === 'test-token')).toBe(true);
    const id = await fixtureId();
    expect(id).toBeTypeOf('number');
    const [{ n: fixtures }] = await store.db
      .select({ n: count() })
      .from(t.fixtureSources)
      .where(eq(t.fixtureSources.source, 'football-data-org'));
    expect(fixtures).toBe(10);
    expect((await engine.stateOf(store.db, id)).state).toMatchObject({
      status: 'in_play',
      period: '1st_half',
      score: { home: 0, away: 1 },
    });

    now = new Date('2023-08-11T20:26:30Z');
    servePoll(up, '2023-08-11T2026Z');
    const r2 = await runner.pollOnce();
    // Unchanged fixtures are not re-imported; the 5 new events are stored.
    expect(r2).toMatchObject({ ok: true, fixtures: 0, stored: 5, rejected: 0, skipped: 0 });
    expect((await engine.stateOf(store.db, id)).state).toMatchObject({
      status: 'in_play',
      period: '2nd_half',
      score: { home: 0, away: 2 },
      halftime_score: { home: 0, away: 2 },
      cards: { home: { yellow: 0, red: 1 } },
    });

    now = new Date('2023-08-11T20:57:30Z');
    servePoll(up, '2023-08-11T2057Z');
    const r3 = await runner.pollOnce();
    expect(r3).toMatchObject({ ok: true, stored: 4, rejected: 0, skipped: 0 });

    const match = await getMatch(store.db, 'football', id);
    expect(match!.state).toMatchObject({
      status: 'finished',
      period: 'full_time',
      score: { home: 0, away: 3 },
      result: { ht: [0, 2], ft: [0, 3] },
    });
    expect(match!.row).toMatchObject({ status: 'finished', homeScore: 0, awayScore: 3 });
    const eventIds = match!.events.map((e) => e.event_id);
    expect(eventIds).toHaveLength(11);
    expect(new Set(eventIds).size).toBe(11);
    expect(match!.events.every((e) => e.source === 'football-data-org')).toBe(true);
    expect(match!.events.filter((e) => e.type === 'goal').map((e) => [e.player, e.minute])).toEqual([
      ['Erling Haaland', 4],
      ['Erling Haaland', 36],
      ['Rodri', 75],
    ]);
    expect(published.filter((m) => m.fixture.id === id).map((m) => m.event.event_id)).toEqual(eventIds);

    // Re-polling the same data: nothing new, and no detail request for the finished match.
    up.requests.length = 0;
    const r4 = await runner.pollOnce();
    expect(r4).toMatchObject({ ok: true, stored: 0 });
    expect(up.requests.map((r) => r.path)).toEqual([
      '/v4/competitions/PL/matches?dateFrom=2023-08-10&dateTo=2023-08-14',
    ]);
    expect(states).toHaveLength(4);

    // A new runner without the state (a restart that lost it) re-sends everything: all duplicates.
    const fresh = new AdapterRunner({
      engine,
      log: silent,
      adapter: new FootballDataOrgAdapter({
        token: 'test-token',
        competitions: ['PL'],
        baseUrl: up.url,
        daysBack: 1,
        daysAhead: 3,
      }),
      now: () => now,
    });
    servePoll(up, '2023-08-11T2026Z');
    await fresh.pollOnce();
    servePoll(up, '2023-08-11T2057Z');
    const again = await fresh.pollOnce();
    expect(again).toMatchObject({ ok: true, stored: 0, rejected: 0 });
    expect((await getMatch(store.db, 'football', id))!.events).toHaveLength(11);

    expect(runner.status()).toMatchObject({
      name: 'football-data-org',
      consecutive_failures: 0,
      last_error: null,
      events_ingested: 11,
      items_skipped: 0,
      fixtures_upserted: 11, // 10, then Burnley v Man City again: the list item has no venue, the single-match resource had one
    });
    expect(runner.status().last_success_at).not.toBeNull();
  });

  it('honours Retry-After on 429 and backs off, then recovers', async () => {
    let calls = 0;
    up.requests.length = 0;
    up.answer = (path) => {
      calls += 1;
      if (calls === 1) return { status: 429, headers: { 'retry-after': '1' }, body: file('error-429.json') };
      return path.startsWith('/v4/matches/')
        ? { body: file('match-435943-2023-08-11T2057Z.json') }
        : { body: file('pl-matches-2023-08-12T1450Z.json') };
    };
    runner = new AdapterRunner({
      engine,
      log: silent,
      adapter: new FootballDataOrgAdapter({ token: 'x', competitions: ['PL'], baseUrl: up.url, intervalMs: 60_000 }),
      now: () => new Date('2023-08-12T14:50:30Z'),
      backoff: { baseMs: 20, maxMs: 300_000 },
    });
    runner.start();
    await waitFor(() => {
      const st = runner!.status();
      return st.last_success_at != null && Date.parse(st.next_poll_at ?? '') > Date.now() + 50_000;
    }, 5000);
    const [first, second] = up.requests;
    expect(second.at - first.at).toBeGreaterThanOrEqual(990);
    const s = runner.status();
    expect(s.consecutive_failures).toBe(0);
    expect(s.last_error).toMatch(/429/);
    expect(up.requests).toHaveLength(2 + 4); // the list again, then the 4 matches in progress
    await runner.stop();
    expect(runner.status().running).toBe(false);
  });

  it('skips malformed responses and items without crashing; transport failures back off without losing state', async () => {
    runner = new AdapterRunner({
      engine,
      log: silent,
      adapter: new FootballDataOrgAdapter({ token: 'x', competitions: ['PL'], baseUrl: up.url }),
      now: () => new Date('2023-08-12T14:50:30Z'),
      backoff: { baseMs: 1000, maxMs: 300_000, random: () => 0.5 },
    });
    // Not JSON at all.
    up.answer = () => ({ body: '<html><body>502 Bad Gateway</body></html>' });
    expectOk(await runner.pollOnce(), { skipped: 1, stored: 0 });
    // JSON, but not a match list.
    up.answer = () => ({ body: '{"matches": "soon"}' });
    expectOk(await runner.pollOnce(), { skipped: 1 });
    // A list with broken items among good ones, and a detail with a broken goal.
    const good = JSON.parse(file('pl-matches-2023-08-12T1450Z.json')) as { matches: Record<string, unknown>[] };
    const matches = [{ id: 'x' }, { ...good.matches[9], utcDate: 'next monday' }, null, ...good.matches];
    const detail = JSON.parse(file('match-435943-2023-08-11T2057Z.json')) as Record<string, unknown>;
    up.answer = (path) => {
      if (path.startsWith('/v4/matches/'))
        return {
          body: JSON.stringify({
            ...detail,
            id: Number(path.split('/').pop()!.split('?')[0]),
            goals: [{ minute: -3 }],
            bookings: 'none',
          }),
        };
      return { body: JSON.stringify({ ...good, matches }) };
    };
    const r = await runner.pollOnce();
    // 3 broken list items; the 4 live matches' details fail validation as a whole (bookings) and
    // fall back to the list item (4 skips).
    expectOk(r, { skipped: 7, rejected: 0 });
    expect(r.stored).toBeGreaterThan(0);
    const brighton = (
      await store.db
        .select()
        .from(t.fixtureSources)
        .where(eq(t.fixtureSources.sourceKey, 'football-data.org/v4/matches/435946'))
    )[0];
    expect((await engine.stateOf(store.db, brighton.fixtureId)).state).toMatchObject({
      status: 'break',
      score: { home: 1, away: 0 },
    });

    // HTTP 500: a failure with exponential back-off; the state is not advanced.
    const before = runner.state;
    up.answer = () => ({ status: 500, body: '{"message":"internal"}' });
    const f1 = await runner.pollOnce();
    const f2 = await runner.pollOnce();
    expect(f1).toMatchObject({ ok: false, delayMs: 750 }); // 1000 · 2^0, jittered to ¾
    expect(f2).toMatchObject({ ok: false, delayMs: 1500 });
    expect(runner.state).toBe(before);
    expect(runner.status()).toMatchObject({ consecutive_failures: 2, last_error: expect.stringContaining('HTTP 500') });

    // Connection refused is a failure too.
    const dead = new AdapterRunner({
      engine,
      log: silent,
      adapter: new FootballDataOrgAdapter({ token: 'x', competitions: ['PL'], baseUrl: 'http://127.0.0.1:9' }),
      backoff: { baseMs: 1000, maxMs: 4000, random: () => 1 },
    });
    const delays = [];
    for (let i = 0; i < 5; i++) delays.push((await dead.pollOnce()).delayMs);
    expect(delays).toEqual([1000, 2000, 4000, 4000, 4000]);
    expect(dead.status().consecutive_failures).toBe(5);

    up.answer = () => ({ body: file('pl-matches-2023-08-12T1450Z.json') });
    expect(await runner.pollOnce()).toMatchObject({ ok: true });
    expect(runner.status().consecutive_failures).toBe(0);
  });

  it('never crashes on a misbehaving adapter: bad fixtures and events are skipped and counted', async () => {
    const kickoff = '2023-08-13T13:00:00Z';
    const batches: (() => Promise<AdapterBatch>)[] = [
      async () => ({
        fixtures: [
          {
            source_key: 'junk/1',
            competition: 'premier-league',
            season: '2023-24',
            round: null,
            group: null,
            venue: null,
            kickoff,
            home_team: 'Brentford FC',
            away_team: 'Tottenham Hotspur FC',
          },
          {
            source_key: 'junk/2',
            competition: 'no-such-league',
            season: '2023-24',
            round: null,
            group: null,
            venue: null,
            kickoff,
            home_team: 'A',
            away_team: 'B',
          },
          {
            source_key: 'junk/3',
            competition: 'premier-league',
            season: '23',
            round: null,
            group: null,
            venue: null,
            kickoff,
            home_team: 'A',
            away_team: 'B',
          },
          null as never,
        ],
        events: [
          {
            source_key: 'junk/1',
            event: {
              event_id: 'junk:1:ps',
              type: 'period_start',
              side: null,
              player: null,
              minute: null,
              stoppage: null,
              period: '1st_half',
              clock_seconds: null,
              detail: {},
            },
          },
          {
            source_key: 'junk/1',
            event: {
              event_id: 'junk:1:goal',
              type: 'goal',
              side: null,
              player: null,
              minute: 3,
              stoppage: null,
              period: '1st_half',
              clock_seconds: 120,
              detail: {},
            },
          },
          { source_key: 'junk/1', event: { event_id: 'junk:1:odd', type: 'teleport', side: 'home' } as never },
          {
            source_key: 'junk/404',
            event: {
              event_id: 'junk:404:ps',
              type: 'period_start',
              side: null,
              player: null,
              minute: null,
              stoppage: null,
              period: '1st_half',
              clock_seconds: null,
              detail: {},
            },
          },
          'garbage' as never,
        ],
        state: { cursor: 1 },
      }),
      async () => ({ fixtures: 'nope', events: 42, state: null }) as unknown as AdapterBatch,
      async () => {
        throw new TypeError('fetch failed');
      },
    ];
    let i = 0;
    const adapter: SourceAdapter = { name: 'junk-feed', intervalMs: 1000, poll: () => batches[i++]() };
    runner = new AdapterRunner({ engine, log: silent, adapter, backoff: { baseMs: 10 } });
    const r1 = await runner.pollOnce();
    // 3 bad fixtures, 3 bad/unknown events skipped; the side-less goal is rejected by the rules.
    expect(r1).toMatchObject({ ok: true, fixtures: 1, stored: 1, rejected: 1, skipped: 6 });
    expect(runner.state).toEqual({ cursor: 1 });
    const r2 = await runner.pollOnce();
    expect(r2).toMatchObject({ ok: true, fixtures: 0, stored: 0 });
    expect(runner.state).toEqual({ cursor: 1 });
    const r3 = await runner.pollOnce();
    expect(r3).toMatchObject({ ok: false, error: 'TypeError: fetch failed' });
    expect(runner.status()).toMatchObject({
      events_ingested: 1,
      events_rejected: 1,
      items_skipped: 6,
      consecutive_failures: 1,
    });
  });
});

/** A successful poll (its error, if any, is shown on failure) with these counts. */
function expectOk(r: PollReport, counts: Partial<PollReport>): void {
  expect(r.error).toBeUndefined();
  expect(r).toMatchObject({ ok: true, ...counts });
}

async function waitFor(cond: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
