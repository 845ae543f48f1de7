/**
 * PostgreSQL unreachable for 30 s while an operator ingests and a WebSocket client listens.
 * The real server runs with DATABASE_URL pointing at a TCP proxy (test/helpers/tcp-proxy.ts) in
 * front of the real PostgreSQL on 127.0.0.1:5432, with its own database per run (dropped after).
 * The proxy cuts every connection (as when the database host goes down) and refuses new ones for
 * OUTAGE_MS, then lets them through again. Asserted:
 * - during the outage /readyz answers 503, every ingest answers 503 problem+json with
 *   Retry-After (code `unavailable`), never a 500, and the process stays up;
 * - nothing accepted before the outage is lost (the fixture's log and the WebSocket client have it);
 * - after the proxy restores, the pg pool recovers without a restart: the events refused during
 *   the outage, resent as a client would, are stored and reach the WebSocket client within 5 s.
 * Prints the outage length, the 503 count and the catch-up time. Takes ≈ 40 s (the outage is 30 s).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { startTestServer, waitFor, type TestServer } from '../helpers/server';
import { openRecorder, type Recorder } from '../helpers/ws-recorder';

const OUTAGE_MS = 30_000;
const CATCH_UP_LIMIT_MS = 5_000;
const OPERATOR = `test_operator_${randomBytes(12).toString('hex')}`;
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = `scoreline_fault_${randomBytes(6).toString('hex')}`;
const LEAGUE = 'outage-league';

let proxy: TcpProxy;
let s: TestServer;
let ws: Recorder;
let fixtureId: number;

async function call(method: string, path: string, body?: unknown, key: string | null = OPERATOR) {
  const res = await fetch(s.baseUrl + path, {
    method,
    headers: {
      connection: 'close',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep the text */
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

const goal = (event_id: string, minute: number) => ({
  fixture_id: fixtureId,
  event_id,
  type: 'goal',
  side: minute % 2 ? 'home' : 'away',
  player: `Player ${minute}`,
  minute,
  period: minute <= 45 ? '1st_half' : '2nd_half',
});

async function admin<T>(f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin((c) => c.query(`create database ${DB}`));
  proxy = await startTcpProxy({ port: 5432 });
  s = await startTestServer(
    {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/${DB}`,
      OPERATOR_API_KEY: OPERATOR,
      REPLAY: 'off',
      BOOTSTRAP: 'off',
      PAGES: 'off',
    },
    { listenTimeoutMs: 240_000 },
  );
  expect(
    (
      await call('POST', '/v1/ops/competitions', {
        sport: 'football',
        league: LEAGUE,
        season: '2026',
        name: 'Outage League',
      })
    ).status,
  ).toBe(201);
  const f = await call('POST', '/v1/ops/fixtures', {
    sport: 'football',
    league: LEAGUE,
    season: '2026',
    home_team: 'Pylon Town',
    away_team: 'Relay Rovers',
    kickoff: new Date().toISOString(),
  });
  expect(f.status, JSON.stringify(f.body)).toBe(201);
  fixtureId = f.body.id;
  ws = await openRecorder(s.wsUrl, s.apiKey);
  ws.send({ type: 'subscribe', channel: 'football.live', league: LEAGUE });
  await ws.next((m) => m.type === 'subscribed');
}, 300_000);

afterAll(async () => {
  ws?.ws.close();
  await s?.stop();
  await proxy?.close();
  await admin((c) => c.query(`drop database if exists ${DB} with (force)`)).catch(() => undefined);
});

test('a 30 s PostgreSQL outage: readyz and ingest answer 503 with Retry-After, nothing is lost, everything catches up within 5 s', async () => {
  // Before: accepted and delivered.
  const before = await call('POST', '/v1/ops/events', {
    events: [
      { fixture_id: fixtureId, event_id: 'pre-ko', type: 'period_start', period: '1st_half' },
      goal('pre-g1', 3),
      goal('pre-g2', 7),
    ],
  });
  expect(before.status, JSON.stringify(before.body)).toBe(200);
  expect(before.body.stored).toBe(3);
  for (const id of ['pre-ko', 'pre-g1', 'pre-g2'])
    await ws.next((m) => m.type === 'update' && m.event_id === id, 5_000);
  expect((await call('GET', '/readyz', undefined, null)).status).toBe(200);

  // The outage.
  proxy.cut();
  const outageStart = Date.now();
  const refused: string[] = [];
  const statuses = new Map<number, number>();
  let readyz503 = 0;
  let readyzOther = 0;
  let minute = 10;
  while (Date.now() - outageStart < OUTAGE_MS) {
    const id = `out-g${minute}`;
    const r = await call('POST', '/v1/ops/events', { events: [goal(id, minute++)] });
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    expect(r.status, JSON.stringify(r.body)).toBe(503);
    expect(r.headers.get('content-type')).toContain('application/problem+json');
    expect(['unavailable', 'store_unavailable']).toContain(r.body.code);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.stringify(r.body)).not.toMatch(/ECONN|at \w+ \(|select |insert |postgres:\/\//i);
    refused.push(id);
    const ready = await call('GET', '/readyz', undefined, null);
    if (ready.status === 503) readyz503++;
    else readyzOther++;
    // A read that needs the store answers 503 too (never 500); one served from memory may answer 200.
    const read = await call('GET', `/v1/ops/fixtures/${fixtureId}`);
    expect([200, 503]).toContain(read.status);
    await new Promise((r) => setTimeout(r, 400));
  }
  expect(s.proc.exitCode).toBeNull();
  expect(readyzOther).toBe(0);

  // Recovery: the pool reconnects by itself; the refused events, resent, are stored and delivered.
  proxy.restore();
  const restoredAt = Date.now();
  const outageMs = restoredAt - outageStart;
  const from = ws.messages.length;
  const resent = await waitFor(
    'ingest to succeed again',
    async () => {
      const r = await call('POST', '/v1/ops/events', { events: refused.map((id) => goal(id, Number(id.slice(5)))) });
      return r.status === 200 ? r : null;
    },
    CATCH_UP_LIMIT_MS,
    100,
  );
  expect(resent.body.stored).toBe(refused.length);
  for (const id of refused)
    await ws.next(
      (m) => m.type === 'update' && m.event_id === id,
      Math.max(1, CATCH_UP_LIMIT_MS - (Date.now() - restoredAt)),
      from,
    );
  const catchUpMs = Date.now() - restoredAt;
  await waitFor(
    'readyz 200',
    async () => (await call('GET', '/readyz', undefined, null)).status === 200,
    CATCH_UP_LIMIT_MS,
    100,
  );
  expect(catchUpMs).toBeLessThanOrEqual(CATCH_UP_LIMIT_MS);

  // Nothing accepted is lost: the log holds every event once, in order of acceptance.
  const detail = await call('GET', `/v1/ops/fixtures/${fixtureId}`);
  const ids = detail.body.events.map((e: any) => e.event_id);
  expect(ids).toEqual(['pre-ko', 'pre-g1', 'pre-g2', ...refused]);
  expect(
    s
      .logs()
      .split('\n')
      .filter((l) => /uncaught|unhandled/i.test(l))
      .map((l) => l.slice(0, 400)),
  ).toEqual([]);

  console.log(
    `[faults/postgres] outage ${(outageMs / 1000).toFixed(1)} s; ${refused.length} ingest requests answered 503 (statuses ${JSON.stringify(Object.fromEntries(statuses))}); ` +
      `readyz 503 ${readyz503}×; catch-up after restore ${catchUpMs} ms (${refused.length} resent events stored and delivered over WebSocket); ` +
      `proxy connections ${proxy.accepted()}`,
  );
}, 90_000);
