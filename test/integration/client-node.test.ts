/**
 * The official Node client (clients/node) against the real server (replay at 120×): a
 * ScorelineStream on `football.live` whose socket is dropped mid-stream, and later survives a
 * server restart on the same data directory (new port: setUrl), delivers every stored football
 * event after its snapshot exactly once, in seq order — compared with the timelines REST serves
 * (read with the client's own ScorelineRest). A stream on `football.win-probability` delivers the
 * server's `win_probability` messages (`winProbability` events) equal to the REST series' points,
 * and the client's `LiveRow` type reads the /live rows' win-probability fields.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { UpdateMessage, WinProbabilityMessage } from '@/lib/wire/ws';
import { LiveRowSchema } from '@/lib/wire/live-row';
import {
  ScorelineRest,
  ScorelineStream,
  type GapEvent,
  type LiveRow,
  type Snapshot,
  type WinProbabilityMessage as ClientWinProbability,
} from '@/clients/node/src/index';
import { storedFootballSeqs } from '../helpers/continuity';
import {
  ensureBuild,
  makeTempDataDir,
  randomApiKey,
  startTestServer,
  waitFor,
  type TestServer,
} from '../helpers/server';

const REPLAY = { REPLAY_SPEED: '120', REPLAY_LEAD_SECONDS: '1', PAGES: 'off' }; // the API only: no pages

const dataDir = makeTempDataDir();
const apiKey = randomApiKey();
let server: TestServer;
let stream: ScorelineStream | undefined;

/** While set, the stream's URL function waits for it: keeps the client away so that it misses events. */
let gate: Promise<void> = Promise.resolve();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Received {
  seq: number;
  fixtureId: number;
  replayed: boolean;
}
const received: Received[] = [];
const snapshots: Snapshot[] = [];
const gaps: GapEvent[] = [];
const errors: Error[] = [];

const rest = () => new ScorelineRest({ baseUrl: server.baseUrl, apiKey });

/**
 * Asserts that the seqs delivered after `fromExclusive` are exactly the stored football event
 * seqs in (fromExclusive, last delivered], over every fixture seen or replayed: no gap, no duplicate.
 */
async function expectContinuity(fromExclusive: number): Promise<{ checked: number; fixtures: number }> {
  const delivered = received.map((r) => r.seq).filter((q) => q > fromExclusive);
  const stored = await storedFootballSeqs(
    server.baseUrl,
    apiKey,
    received.map((r) => r.fixtureId),
    fromExclusive,
    delivered.at(-1)!,
  );
  expect(new Set(delivered).size).toBe(delivered.length); // nothing twice
  expect(delivered).toEqual(stored); // nothing missing, nothing extra, in seq order
  return { checked: delivered.length, fixtures: new Set(received.map((r) => r.fixtureId)).size };
}

beforeAll(async () => {
  await ensureBuild();
  server = await startTestServer(REPLAY, { dataDir, apiKey, keepDataDir: true, listenTimeoutMs: 480_000 });
}, 900_000);

afterAll(async () => {
  await stream?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a dropped socket reconnects and resumes: every missed event once, none twice', async () => {
  await waitFor(
    'a live football match',
    async () => (await rest().get<{ data: unknown[] }>('/v1/football/live')).data.length > 0,
    60_000,
    250,
  );
  stream = new ScorelineStream({
    url: async () => {
      await gate;
      return server.wsUrl;
    },
    apiKey,
    subscriptions: [{ channel: 'football.live' }],
    backoff: { initialMs: 200, maxMs: 2_000 },
  });
  stream.on('update', (m) => {
    UpdateMessage.parse(m); // delivered as the server sent it
    received.push({ seq: m.seq, fixtureId: m.data.fixture_id, replayed: m.replayed === true });
  });
  stream.on('snapshot', (s) => snapshots.push(s));
  stream.on('gap', (g) => gaps.push(g));
  stream.on('error', (e) => errors.push(e));
  stream.connect();

  await waitFor('5 live updates', async () => received.length >= 5, 60_000, 100);
  expect(snapshots).toHaveLength(1);
  expect(snapshots[0].matches.length).toBeGreaterThan(0);
  const before = received.length;
  const lastBefore = stream.lastSeq!;
  // Stay away at least 3 s, and until a football event was stored meanwhile (not only odds ticks).
  gate = (async () => {
    await sleep(3_000);
    await waitFor(
      'a football event while away',
      async () =>
        (await rest().get<{ data: { seq: number }[] }>('/v1/football/live')).data.some((m) => m.seq > lastBefore),
      60_000,
      250,
    );
  })();
  stream.socket!.terminate(); // the network drops, no close handshake
  await waitFor('resumed', async () => stream!.stats.resumed >= 1, 30_000, 50);
  await waitFor(
    '5 more live updates',
    async () => received.filter((r) => !r.replayed).length >= before + 5,
    60_000,
    100,
  );

  const replayed = received.filter((r) => r.replayed);
  expect(replayed.length).toBeGreaterThan(0);
  expect(replayed[0].seq).toBeGreaterThan(lastBefore);
  expect(stream.stats).toMatchObject({ reconnects: 1, resumed: 1, resyncs: 0 });
  expect(stream.stats.replayed).toBe(replayed.length);
  expect(gaps).toEqual([]);
  expect(errors).toEqual([]);
  expect(snapshots).toHaveLength(1); // resumed, not resubscribed
  const r = await expectContinuity(snapshots[0].seq);
  console.log(
    `drop: ${r.checked} events checked over ${r.fixtures} fixtures; ${replayed.length} replayed; stats ${JSON.stringify(stream.stats)}`,
  );
}, 240_000);

test('across a server restart on the same data directory (new port): resumes with no gap and no duplicate', async () => {
  expect(stream, 'the first test created the stream').toBeDefined();
  const s = stream!;
  const before = received.length;
  const lastBefore = s.lastSeq!;
  const states: string[] = [];
  s.on('state', (st) => states.push(st));
  s.setUrl(server.wsUrl); // a plain URL from now on; the old port will refuse
  await server.stop(); // SIGTERM: the gateway closes every socket with 1001 going away
  server = await startTestServer(
    { ...REPLAY, INITIAL_API_KEY: '' },
    { dataDir, apiKey, keepDataDir: true, listenTimeoutMs: 480_000 },
  );
  s.setUrl(server.wsUrl);
  await waitFor('resumed on the new server', async () => s.stats.resumed >= 2 || s.stats.resyncs > 0, 60_000, 50);
  expect(s.stats.resyncs).toBe(0);
  await waitFor(
    '5 live updates from the new server',
    async () => received.slice(before).filter((r) => !r.replayed).length >= 5,
    60_000,
    100,
  );

  expect(states[0]).toBe('reconnecting');
  expect(states.at(-1)).toBe('open');
  expect(received.slice(before).some((r) => r.seq > lastBefore)).toBe(true);
  expect(gaps).toEqual([]);
  expect(errors).toEqual([]);
  expect(snapshots).toHaveLength(1);
  const r = await expectContinuity(snapshots[0].seq); // the whole run, across both drops
  console.log(`restart: ${r.checked} events checked over ${r.fixtures} fixtures; stats ${JSON.stringify(s.stats)}`);
}, 300_000);

test('a `win_probability` message reaches the client as the REST series and the /live rows say', async () => {
  const got: ClientWinProbability[] = [];
  const wp = new ScorelineStream({
    url: server.wsUrl,
    apiKey,
    subscriptions: [{ channel: 'football.win-probability' }],
  });
  wp.on('winProbability', (m) => got.push(m));
  wp.on('error', (e) => errors.push(e));
  wp.connect();
  try {
    await waitFor('a win_probability message', async () => got.length > 0, 120_000, 100);
  } finally {
    await wp.close();
  }
  const msg = WinProbabilityMessage.parse(got[0]); // as the server sent it
  expect(msg).toMatchObject({ channel: 'football.win-probability', started_from: 'rating' });
  const series = await rest().get<{ points: { event: { event_id: string } | null }[]; prematch: any }>(
    `/v1/football/matches/${msg.fixture_id}/win-probability`,
  );
  expect(series.points.filter((p) => p.event?.event_id === msg.point.event?.event_id)).toEqual([msg.point]);
  const rows = (await rest().get<{ data: LiveRow[] }>('/v1/football/live')).data;
  for (const r of rows) LiveRowSchema.parse(r); // the client's type names the server's fields
  const row = rows.find((r) => r.fixture_id === msg.fixture_id);
  if (row) {
    expect(row.win_probability).toEqual({
      home: series.prematch.home,
      draw: series.prematch.draw,
      away: series.prematch.away,
    });
    expect(row.win_probability_in_play?.started_from).toBe('rating');
  }
  expect(errors).toEqual([]);
}, 200_000);
