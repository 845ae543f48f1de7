/**
 * WebSocket resume against the real server (replay at 120×): a client that drops mid-stream and
 * resumes with its last seq receives exactly the events it missed — none twice, none lost, in
 * seq order — also across a server restart on the same data directory; past the feed or the
 * retention window it gets `resync` with fresh snapshots; one-fixture subscriptions; every
 * message validates against the JSON Schemas served at /v1/schemas/ws.json.
 */
import fs from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ensureBuild,
  getJson,
  makeTempDataDir,
  randomApiKey,
  startTestServer,
  waitFor,
  type TestServer,
} from '../helpers/server';
import { storedEventSeqs } from '../helpers/feed';
import { refusedUpgrade } from '../helpers/ws';
import { openRecorder, type Recorder } from '../helpers/ws-recorder';

// Resume reaches 45 s back here (default 6 h), so the imported history ages out during the run.
const REPLAY = {
  REPLAY_SPEED: '120',
  REPLAY_LEAD_SECONDS: '1',
  PAGES: 'off', // the API only: no pages
  WS_RESUME_RETENTION_S: '45',
  WS_IDLE_TIMEOUT_S: '3',
  WS_HEARTBEAT_S: '1',
  WS_ALLOWED_ORIGINS: 'https://app.example',
};
const dataDir = makeTempDataDir();
const apiKey = randomApiKey();
let s: TestServer;
/** When the first server had imported the bundled history. */
let importedAt = 0;
const open: Recorder[] = [];

async function connect(server = s): Promise<Recorder> {
  const r = await openRecorder(server.wsUrl, apiKey);
  open.push(r);
  await r.next((m) => m.type === 'welcome');
  return r;
}

const updates = (r: Recorder, from = 0) =>
  r.messages
    .slice(from)
    .map((m) => m.msg)
    .filter((m) => m.type === 'update');

/** Drops the connection without a closing handshake (like a lost network). */
function drop(r: Recorder): void {
  r.ws.terminate();
}

beforeAll(async () => {
  await ensureBuild();
  s = await startTestServer(REPLAY, { dataDir, apiKey, keepDataDir: true });
  importedAt = Date.now();
}, 300_000);

afterAll(async () => {
  for (const r of open) r.ws.terminate();
  await s?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('resume', () => {
  test('a client that drops mid-stream and resumes gets every missed event once, in order', async () => {
    const a = await connect();
    a.send({ channel: 'football.live' });
    const sub = await a.next((m) => m.type === 'subscribed');
    await waitFor('5 updates', async () => updates(a).length >= 5, 30_000, 100);
    drop(a);
    const before = updates(a);
    const lastSeq = before.at(-1).seq;
    await new Promise((r) => setTimeout(r, 3_000)); // events flow on while the client is away

    const b = await connect();
    b.send({ type: 'resume', last_seq: lastSeq, subscriptions: [{ channel: 'football.live' }] });
    const resumed = await b.next((m) => m.type === 'resumed');
    expect(resumed).toMatchObject({ last_seq: lastSeq, subscriptions: [{ channel: 'football.live' }] });
    const replayed = updates(b).filter((m) => m.seq <= resumed.seq);
    expect(replayed.length).toBe(resumed.replayed);
    expect(replayed.length).toBeGreaterThan(0); // at 120× three seconds always hold events
    for (const m of replayed) expect(m.replayed).toBe(true);
    const idx = b.messages.findIndex((m) => m.msg.type === 'resumed');
    await waitFor('3 live updates after resuming', async () => updates(b, idx).length >= 3, 30_000, 100);
    for (const m of updates(b, idx)) expect(m.replayed).toBeUndefined();

    const received = [...before, ...updates(b)].map((m) => m.seq);
    for (let i = 1; i < received.length; i++) expect(received[i]).toBeGreaterThan(received[i - 1]); // in order, none twice
    const upTo = received.at(-1)!;
    expect(received).toEqual(await storedEventSeqs(s, sub.seq, upTo)); // none lost

    // A replayed update carries the same event and state as REST shows for it.
    const m = replayed.at(-1);
    const d = await getJson(s, `/v1/football/matches/${m.data.fixture_id}`);
    expect(d.body.events.find((e: { seq: number }) => e.seq === m.seq)).toEqual(m.event);
    expect(m.data.seq).toBe(m.seq);
  }, 120_000);

  test('a client that drops in the middle of a resume replay resumes again from what it got', async () => {
    const a = await connect();
    a.send({ channel: 'football.live' });
    const sub = await a.next((m) => m.type === 'subscribed');
    await waitFor('3 updates', async () => updates(a).length >= 3, 30_000, 100);
    drop(a);
    await new Promise((r) => setTimeout(r, 6_000)); // a longer absence: a longer replay

    const b = await connect();
    // The client goes away right after processing its first replayed update: whatever else was
    // already on the wire counts as never processed.
    let processed = -1;
    b.ws.on('message', (d) => {
      if (processed < 0 && JSON.parse(d.toString()).replayed) {
        processed = b.messages.length;
        b.ws.terminate();
      }
    });
    b.send({ type: 'resume', last_seq: updates(a).at(-1).seq, subscriptions: [{ channel: 'football.live' }] });
    await b.closed;
    const got = b.messages
      .slice(0, processed)
      .map((m) => m.msg)
      .filter((m) => m.type === 'update');
    expect(got.length).toBe(1);

    const c = await connect();
    c.send({ type: 'resume', last_seq: got.at(-1).seq, subscriptions: [{ channel: 'football.live' }] });
    const resumed = await c.next((m) => m.type === 'resumed');
    const idx = c.messages.findIndex((m) => m.msg.type === 'resumed');
    await waitFor('2 live updates', async () => updates(c, idx).length >= 2, 30_000, 100);
    const received = [...updates(a), ...got, ...updates(c)].map((m) => m.seq);
    for (let i = 1; i < received.length; i++) expect(received[i]).toBeGreaterThan(received[i - 1]);
    expect(received).toEqual(await storedEventSeqs(s, sub.seq, received.at(-1)!));
    expect(resumed.replayed).toBe(updates(c).filter((m) => m.replayed).length);
  }, 120_000);

  test('resume across a server restart on the same data directory: no gap, no duplicate', async () => {
    const a = await connect();
    a.send({ channel: 'football.live' });
    const sub = await a.next((m) => m.type === 'subscribed');
    await waitFor('3 updates', async () => updates(a).length >= 3, 30_000, 100);
    await s.stop();
    expect((await a.closed).code).toBe(1001); // going away
    const lastSeq = updates(a).at(-1).seq;

    s = await startTestServer({ ...REPLAY, INITIAL_API_KEY: '' }, { dataDir, apiKey, keepDataDir: true });
    const b = await connect();
    b.send({ type: 'resume', last_seq: lastSeq, subscriptions: [{ channel: 'football.live' }] });
    const resumed = await b.next((m) => m.type === 'resumed', 30_000);
    const idx = b.messages.findIndex((m) => m.msg.type === 'resumed');
    await waitFor('3 live updates on the new server', async () => updates(b, idx).length >= 3, 60_000, 100);
    const received = [...updates(a), ...updates(b)].map((m) => m.seq);
    for (let i = 1; i < received.length; i++) expect(received[i]).toBeGreaterThan(received[i - 1]);
    expect(received).toEqual(await storedEventSeqs(s, sub.seq, received.at(-1)!));
    expect(resumed.seq).toBeGreaterThanOrEqual(lastSeq);
  }, 240_000);

  test('resync: a last_seq ahead of the feed, or one older than the retention window', async () => {
    const c = await connect();
    const { body } = await getJson(s, '/v1/football/live');
    c.send({
      type: 'resume',
      last_seq: body.seq + 1_000_000,
      subscriptions: [{ channel: 'football.live' }, { channel: 'football.odds' }],
    });
    const r = await c.next((m) => m.type === 'resync' || m.type === 'resumed');
    expect(r.type).toBe('resync');
    expect(r.reason).toBe('ahead_of_server');
    expect(r.subscriptions[0]).toMatchObject({ channel: 'football.live', league: null, fixture_id: null });
    expect(Array.isArray(r.subscriptions[0].snapshot)).toBe(true);
    expect(r.subscriptions[1].snapshot).toBeUndefined();
    // Seq 1 is the imported history, received more than WS_RESUME_RETENTION_S (45 s) ago.
    await new Promise((r) => setTimeout(r, Math.max(0, importedAt + 47_000 - Date.now())));
    c.send({ type: 'resume', last_seq: 1, subscriptions: [{ channel: 'football.live' }] });
    const r2 = await c.next((m) => m.type === 'resync' && m.last_seq === 1);
    expect(r2.reason).toBe('retention_expired');
    expect(r2.seq).toBeGreaterThan(1);
  }, 90_000);
});

describe('subscriptions', () => {
  test('one fixture: its snapshot in any status, then only its updates', async () => {
    const { body } = await getJson(s, '/v1/football/live');
    const live = await waitFor(
      'a live match',
      async () => (await getJson(s, '/v1/football/live')).body.data[0],
      30_000,
      200,
    );
    const c = await connect();
    c.send({ channel: 'football.live', fixture_id: live.fixture_id });
    const sub = await c.next((m) => m.type === 'subscribed');
    expect(sub).toMatchObject({ channel: 'football.live', league: null, fixture_id: live.fixture_id });
    expect(sub.snapshot.map((m: { fixture_id: number }) => m.fixture_id)).toEqual([live.fixture_id]);
    await c.next((m) => m.type === 'update', 30_000);
    for (const u of updates(c)) expect(u.data.fixture_id).toBe(live.fixture_id);
    // A finished fixture: a snapshot of its final state.
    const res = await getJson(s, '/v1/football/results?league=premier-league&limit=1');
    const done = res.body.data[0];
    c.send({ channel: 'football.live', fixture_id: done.fixture_id });
    const sub2 = await c.next((m) => m.type === 'subscribed' && m.fixture_id === done.fixture_id);
    expect(sub2.snapshot[0]).toMatchObject({ fixture_id: done.fixture_id, status: 'finished', score: done.score });
    expect(body.seq).toBeGreaterThan(0);
  }, 60_000);

  test('every message validates against the served JSON Schemas', async () => {
    const res = await fetch(`${s.baseUrl}/v1/schemas/ws.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/schema+json');
    const doc = await res.json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const server = ajv.compile(doc.server);
    const client = ajv.compile(doc.client);
    const c = await connect();
    c.send({ channel: 'football.live' });
    c.send({ channel: 'football.odds' });
    c.send({ type: 'ping' });
    c.send({ channel: 'curling.live' });
    await waitFor(
      'updates and odds',
      async () => updates(c).length >= 2 && c.messages.some((m) => m.msg.type === 'odds'),
      60_000,
      100,
    );
    for (const { msg } of c.messages) expect(server(msg), `${msg.type}: ${JSON.stringify(server.errors)}`).toBe(true);
    for (const t of ['welcome', 'subscribed', 'update', 'odds', 'pong', 'error'])
      expect(
        c.messages.some((m) => m.msg.type === t),
        t,
      ).toBe(true);
    expect(client({ channel: 'football.live', league: 'world-cup' })).toBe(true);
    expect(client({ type: 'resume', last_seq: 5, subscriptions: [{ channel: 'football.odds', fixture_id: 3 }] })).toBe(
      true,
    );
    expect(client({ type: 'resume', last_seq: -1, subscriptions: [] })).toBe(false);
  }, 90_000);
});

describe('limits and close codes', () => {
  test('a connection without subscriptions is closed with 4000 after WS_IDLE_TIMEOUT_S', async () => {
    const c = await connect();
    const t0 = Date.now();
    expect((await c.closed).code).toBe(4000);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2_000);
  }, 20_000);

  test('the connections of a revoked key are closed with 4001 at the next heartbeat', async () => {
    const k = await fetch(`${s.baseUrl}/v1/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"ws revoke"}',
    });
    const { key } = await k.json();
    const c = await openRecorder(s.wsUrl, key);
    open.push(c);
    c.send({ channel: 'football.live' });
    await c.next((m) => m.type === 'subscribed');
    expect(
      (await fetch(`${s.baseUrl}/v1/keys/current`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } }))
        .status,
    ).toBe(204);
    expect((await c.closed).code).toBe(4001);
  }, 20_000);

  test('browser origins: WS_ALLOWED_ORIGINS is enforced for API-key connections', async () => {
    const refused = await refusedUpgrade(s.wsUrl, {
      authorization: `Bearer ${apiKey}`,
      origin: 'https://evil.example',
    });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).code).toBe('forbidden_origin');
    const ok = await openRecorder(s.wsUrl, apiKey, { origin: 'https://app.example' });
    open.push(ok);
    await ok.next((m) => m.type === 'welcome');
  }, 20_000);
});
