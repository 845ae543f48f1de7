/**
 * Two real server processes on one fresh PostgreSQL database and one Redis prefix, started at the
 * same moment (docs/deploy.md): migrations and bootstrap run once; an event pushed on A reaches
 * WebSocket clients, /live and resume on B; both writing one fixture in turn keeps its score right;
 * a key revoked on A is refused by B's REST and open WebSocket within 2 s; a viewer session from A
 * works on B; exactly one process is elected; cluster-only settings without DATABASE_URL stop the
 * start. 43–75 s on this machine under load (bundled cricket only, replay off).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres';
import { getJson, randomApiKey, spawnServer, startTestServer, waitFor, type TestServer } from '../helpers/server';
import { openRecorder, type Recorder } from '../helpers/ws-recorder';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const OPERATOR = 'test_operator_key_cluster_0123456789';
const prefix = `sl-cluster-${randomBytes(4).toString('hex')}`;
let db: TestDatabase;
let a: TestServer;
let b: TestServer;
let fixtureId: number;
const open: Recorder[] = [];

async function call(s: TestServer, method: string, path: string, body?: unknown, key: string | null = OPERATOR) {
  const res = await fetch(s.baseUrl + path, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
const push = (s: TestServer, events: Record<string, unknown>[]) =>
  call(s, 'POST', '/v1/ops/events', { events: events.map((e) => ({ fixture_id: fixtureId, ...e })) });
async function recorder(s: TestServer, key = s.apiKey): Promise<Recorder> {
  const r = await openRecorder(s.wsUrl, key);
  open.push(r);
  return r;
}

beforeAll(async () => {
  db = await createTestDatabase('scoreline_cluster');
  const apiKey = randomApiKey();
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL,
    RATE_LIMIT_PREFIX: prefix,
    BOOTSTRAP_SPORTS: 'cricket',
    REPLAY: 'off',
    PAGES: 'off',
    OPERATOR_API_KEY: OPERATOR,
    LOG_POLL_MS: '1000',
  };
  // Both at the same moment on an empty database: migrations and the bundled import must not collide.
  [a, b] = await Promise.all([
    startTestServer({ ...env, INSTANCE_ID: 'node-a' }, { apiKey }),
    startTestServer({ ...env, INSTANCE_ID: 'node-b' }, { apiKey }),
  ]);
  const comp = await call(a, 'POST', '/v1/ops/competitions', {
    sport: 'football',
    league: 'cluster-cup',
    season: '2026',
    name: 'Cluster Cup',
  });
  expect(comp.status).toBe(201);
  const fx = await call(a, 'POST', '/v1/ops/fixtures', {
    sport: 'football',
    league: 'cluster-cup',
    season: '2026',
    home_team: 'North',
    away_team: 'South',
    kickoff: new Date().toISOString(),
  });
  expect(fx.status, JSON.stringify(fx.body)).toBe(201);
  fixtureId = fx.body.id;
}, 240_000);

afterAll(async () => {
  for (const r of open) r.ws.terminate();
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

describe('start-up', () => {
  test('two processes started together migrate once and import the bundled data once', async () => {
    const migrations = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(migrations[0].n).toBeGreaterThanOrEqual(7);
    const dupFixtures = await db.query(
      'select count(*)::int as n from (select source, source_key from fixture_sources group by 1, 2 having count(*) > 1) d',
    );
    expect(dupFixtures[0].n).toBe(0);
    const comps = await db.query("select count(*)::int as n from competitions where sport = 'cricket'");
    const distinct = await db.query(
      "select count(distinct (slug, season))::int as n from competitions where sport = 'cricket'",
    );
    expect(comps[0].n).toBe(distinct[0].n);
    expect(comps[0].n).toBeGreaterThan(0);
  });

  test('exactly one process holds the singletons lock', async () => {
    const holders = await db.query(
      "select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and l.classid = $1 and l.objid = $2 and l.granted",
      [0x534c, 10],
    );
    expect(holders.map((h) => h.application_name).sort()).toSatisfy(
      (names: string[]) => names.length === 1 && ['node-a/leader', 'node-b/leader'].includes(names[0]),
    );
  });
});

describe('one live stream', () => {
  test('a goal pushed on A reaches every WebSocket client on B, B’s /live and its seq', async () => {
    const clients = await Promise.all(Array.from({ length: 8 }, () => recorder(b)));
    for (const c of clients) c.send({ type: 'subscribe', channel: 'football.live', league: 'cluster-cup' });
    await Promise.all(clients.map((c) => c.next((m) => m.type === 'subscribed')));
    const r = await push(a, [
      { event_id: 'cl-ko', type: 'period_start', period: '1st_half' },
      { event_id: 'cl-g1', type: 'goal', side: 'home', player: 'N. One', minute: 3, period: '1st_half' },
    ]);
    expect(r.body.results.map((x: any) => x.status)).toEqual(['stored', 'stored']);
    const goalSeq = r.body.results[1].seq;
    const got = await Promise.all(
      clients.map((c) => c.next((m) => m.type === 'update' && m.event_id === 'cl-g1', 5000)),
    );
    for (const u of got) {
      expect(u.seq).toBe(goalSeq);
      expect(u.data.score).toEqual({ home: 1, away: 0 });
    }
    // In seq order, each once.
    for (const c of clients) {
      const seqs = c.messages.filter((m) => m.msg.type === 'update').map((m) => m.msg.seq);
      expect(seqs).toEqual([goalSeq - 1, goalSeq]);
    }
    const live = await getJson(b, '/v1/football/live?league=cluster-cup');
    expect(live.body.data.map((m: any) => [m.fixture_id, m.score])).toEqual([[fixtureId, { home: 1, away: 0 }]]);
    const ping = await recorder(b);
    ping.send({ type: 'ping' });
    expect((await ping.next((m) => m.type === 'pong')).seq).toBeGreaterThanOrEqual(goalSeq);
  });

  test('a client resumes on B with the last seq it saw on A: no gap, no duplicate', async () => {
    const onA = await recorder(a);
    onA.send({ type: 'subscribe', channel: 'football.live', league: 'cluster-cup' });
    await onA.next((m) => m.type === 'subscribed');
    const first = await push(a, [
      {
        event_id: 'cl-y1',
        type: 'card',
        side: 'away',
        player: 'S. Two',
        minute: 10,
        period: '1st_half',
        detail: { card: 'yellow' },
      },
    ]);
    const seen = (await onA.next((m) => m.type === 'update' && m.event_id === 'cl-y1')).seq;
    expect(seen).toBe(first.body.results[0].seq);
    onA.ws.terminate();
    const missed = await push(a, [
      { event_id: 'cl-g2', type: 'goal', side: 'away', player: 'S. Three', minute: 20, period: '1st_half' },
      { event_id: 'cl-g3', type: 'goal', side: 'home', player: 'N. Four', minute: 30, period: '1st_half' },
    ]);
    const onB = await recorder(b);
    onB.send({ type: 'resume', last_seq: seen, subscriptions: [{ channel: 'football.live', league: 'cluster-cup' }] });
    const resumed = await onB.next((m) => m.type === 'resumed' || m.type === 'resync');
    expect(resumed.type).toBe('resumed');
    // Replayed from the store before `resumed`, or live after it when B publishes them later: each once, in order.
    await onB.next((m) => m.type === 'update' && m.event_id === 'cl-g3', 5000);
    const replayed = onB.messages.filter((m) => m.msg.type === 'update').map((m) => m.msg.seq);
    expect(replayed).toEqual(missed.body.results.map((x: any) => x.seq));
  });

  test('both processes writing one fixture in turn keep its score right', async () => {
    const before = (await getJson(a, `/v1/football/matches/${fixtureId}`)).body.match.score;
    const servers = [a, b, a, b, a];
    for (const [i, s] of servers.entries()) {
      const r = await push(s, [
        {
          event_id: `cl-alt-${i}`,
          type: 'goal',
          side: i % 2 ? 'away' : 'home',
          player: `P${i}`,
          minute: 31 + i,
          period: '1st_half',
        },
      ]);
      expect(r.body.results[0].status).toBe('stored');
    }
    const want = { home: before.home + 3, away: before.away + 2 };
    for (const s of [a, b])
      expect((await getJson(s, `/v1/football/matches/${fixtureId}`)).body.match.score).toEqual(want);
    const snap = await db.query('select state, last_seq from match_snapshots where fixture_id = $1', [fixtureId]);
    expect(snap[0].state.score).toEqual(want);
  });
});

describe('cached reads', () => {
  test('odds ticks written on A give B a new ETag and body once its log follower has caught up', async () => {
    const odds = `/v1/football/odds?match_id=${fixtureId}`;
    const tick = (id: string, selection: string, price: number) => ({
      tick_id: `cluster-cache-${id}`,
      fixture_id: fixtureId,
      bookmaker: 'cluster-book',
      market: '1X2',
      selection,
      price,
    });
    await call(a, 'POST', '/v1/ops/odds', {
      ticks: [tick('h1', 'home', 2.5), tick('d1', 'draw', 3.1), tick('a1', 'away', 2.9)],
    });
    const read = (etag?: string) =>
      fetch(b.baseUrl + odds, {
        headers: { authorization: `Bearer ${b.apiKey}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const first = await waitFor(
      'B to serve the first odds',
      async () => {
        const r = await read();
        return r.status === 200 && ((await r.json()) as { home: number }).home === 2.5 && r.headers.get('etag');
      },
      10_000,
      100,
    );
    expect((await read(first)).status).toBe(304);
    const written = await call(a, 'POST', '/v1/ops/odds', { ticks: [tick('h2', 'home', 2.2)] });
    expect(written.body.results[0].status).toBe('stored');
    const next = await waitFor(
      'B to answer the new odds',
      async () => {
        const r = await read(first);
        return r.status === 200 && { etag: r.headers.get('etag'), home: ((await r.json()) as { home: number }).home };
      },
      10_000,
      100,
    );
    expect(next.etag).not.toBe(first);
    expect(next.home).toBe(2.2);
  });
});

describe('shared identity', () => {
  test('a key revoked on A is refused by REST and an open WebSocket on B within 2 s', async () => {
    const created = await call(a, 'POST', '/v1/keys', { name: 'cluster revoke' }, null);
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect((await getJson(b, '/v1/football/live', key)).status).toBe(200); // cached as valid on B
    const ws = await recorder(b, key);
    ws.send({ type: 'subscribe', channel: 'football.live' });
    await ws.next((m) => m.type === 'subscribed');
    const t0 = Date.now();
    expect((await call(a, 'DELETE', '/v1/keys/current', undefined, key)).status).toBe(204);
    const closed = ws.closed.then((c) => ({ ...c, ms: Date.now() - t0 }));
    await waitFor(
      'B to refuse the revoked key',
      async () => (await getJson(b, '/v1/football/live', key)).status === 401,
      3000,
      50,
    );
    const restMs = Date.now() - t0;
    const c = await closed;
    expect(c.code).toBe(4001);
    expect(restMs).toBeLessThanOrEqual(2000);
    expect(c.ms).toBeLessThanOrEqual(2000);
  });

  test('a viewer session issued by A is accepted by B', async () => {
    const res = await fetch(`${a.baseUrl}/session`);
    expect(res.status).toBe(204);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^sl_viewer=/);
    const onB = await fetch(`${b.baseUrl}/v1/football/live`, { headers: { cookie, 'x-scoreline-viewer': '1' } });
    expect(onB.status).toBe(200);
    const forged = await fetch(`${b.baseUrl}/v1/football/live`, {
      headers: { cookie: `${cookie.slice(0, -2)}xx`, 'x-scoreline-viewer': '1' },
    });
    expect(forged.status).toBe(401);
  });
});

test('cluster-only settings without DATABASE_URL stop the start with a clear message', async () => {
  const s = spawnServer({ PORT: '0', INSTANCE_ID: 'node-x', LEADER_CHECK_MS: '500', DATABASE_URL: '', PAGES: 'off' });
  const { code } = await s.exited;
  expect(code).toBe(2);
  expect(s.logs()).toContain('INSTANCE_ID, LEADER_CHECK_MS: only for several instances sharing PostgreSQL');
  expect(s.logs()).toContain('Set DATABASE_URL');
});
