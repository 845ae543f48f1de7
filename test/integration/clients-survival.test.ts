/**
 * Both official clients on one live football stream through a TCP proxy this test controls, while
 * the network drops (every connection reset, no close frame) and then the server is killed with
 * SIGKILL mid-match and restarted on the same data directory (the proxy then points at its new
 * port, so the clients keep their URL). The Node client is `ScorelineStream`; the Python client is
 * its CLI, `python -m scoreline live football --json`, printing one JSON line per stream event.
 * Each client must resume twice and deliver every stored football event after its snapshot
 * exactly once, in seq order: 0 gaps, 0 duplicates, 0 resyncs against the stored log (REST).
 * ≈ 60–90 s (two server starts on one data dir, replay at 120×).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ScorelineRest, ScorelineStream, type GapEvent } from '@/clients/node/src/index';
import { PYTHON } from '../helpers/clients';
import { storedFootballSeqs } from '../helpers/continuity';
import {
  ensureBuild,
  makeTempDataDir,
  randomApiKey,
  ROOT,
  startTestServer,
  waitFor,
  type TestServer,
} from '../helpers/server';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

const REPLAY = { REPLAY_SPEED: '120', REPLAY_LEAD_SECONDS: '1', PAGES: 'off' }; // the API only: no pages
const dataDir = makeTempDataDir();
const apiKey = randomApiKey();
let server: TestServer;
let proxy: TcpProxy;
let node: ScorelineStream | undefined;
let py: ChildProcess | undefined;

/** What one client delivered. */
interface Log {
  snapshotSeq: number | null;
  updates: { seq: number; fixtureId: number; replayed: boolean }[];
  gaps: unknown[];
  resyncs: unknown[];
  resumed: number;
}
const nodeLog: Log = { snapshotSeq: null, updates: [], gaps: [], resyncs: [], resumed: 0 };
const pyLog: Log = { snapshotSeq: null, updates: [], gaps: [], resyncs: [], resumed: 0 };
let pyStderr = '';

const live = (log: Log) => log.updates.filter((u) => !u.replayed).length;

beforeAll(async () => {
  await ensureBuild();
  server = await startTestServer(REPLAY, { dataDir, apiKey, keepDataDir: true, listenTimeoutMs: 480_000 });
  proxy = await startTcpProxy({ port: server.port });
}, 900_000);

afterAll(async () => {
  await node?.close();
  py?.kill('SIGTERM');
  await proxy?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Asserts the client delivered exactly the stored football events after its snapshot. */
async function expectExactlyOnce(name: string, log: Log): Promise<number> {
  expect(log.snapshotSeq, `${name} got a snapshot`).not.toBeNull();
  const delivered = log.updates.map((u) => u.seq);
  const stored = await storedFootballSeqs(
    server.baseUrl,
    apiKey,
    log.updates.map((u) => u.fixtureId),
    log.snapshotSeq!,
    delivered.at(-1)!,
  );
  expect(new Set(delivered).size, `${name}: nothing twice`).toBe(delivered.length);
  expect(delivered, `${name}: every stored event once, in seq order`).toEqual(stored);
  return delivered.length;
}

test('Node and Python streams survive a dropped TCP connection and a SIGKILL + restart: 0 gaps, 0 duplicates', async () => {
  const rest = () => new ScorelineRest({ baseUrl: server.baseUrl, apiKey });
  await waitFor(
    'a live football match',
    async () => (await rest().get<{ data: unknown[] }>('/v1/football/live')).data.length > 0,
    60_000,
    250,
  );
  const viaProxy = `127.0.0.1:${proxy.port}`;

  node = new ScorelineStream({
    url: `ws://${viaProxy}/v1/ws`,
    apiKey,
    subscriptions: [{ channel: 'football.live' }],
    backoff: { initialMs: 200, maxMs: 2_000 },
  });
  node.on('snapshot', (s) => (nodeLog.snapshotSeq ??= s.seq));
  node.on('update', (m) =>
    nodeLog.updates.push({ seq: m.seq, fixtureId: m.data.fixture_id, replayed: m.replayed === true }),
  );
  node.on('gap', (g: GapEvent) => nodeLog.gaps.push(g));
  node.on('resync', (r) => nodeLog.resyncs.push(r));
  node.on('resumed', () => nodeLog.resumed++);
  node.on('error', (e) => nodeLog.gaps.push(e));
  node.connect();

  py = spawn(PYTHON, ['-m', 'scoreline', 'live', 'football', '--json'], {
    cwd: path.join(ROOT, 'clients/python'),
    env: {
      ...process.env,
      PYTHONDONTWRITEBYTECODE: '1',
      SCORELINE_URL: `http://${viaProxy}`,
      SCORELINE_API_KEY: apiKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buf = '';
  py.stdout!.setEncoding('utf8').on('data', (d: string) => {
    buf += d;
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const e = JSON.parse(buf.slice(0, nl)) as { kind: string; seq: number; fixture_id: number; replayed: boolean };
      buf = buf.slice(nl + 1);
      if (e.kind === 'snapshot') pyLog.snapshotSeq ??= e.seq;
      else if (e.kind === 'update') pyLog.updates.push({ seq: e.seq, fixtureId: e.fixture_id, replayed: e.replayed });
      else if (e.kind === 'gap') pyLog.gaps.push(e);
      else if (e.kind === 'resync') pyLog.resyncs.push(e);
      else if (e.kind === 'resumed') pyLog.resumed++;
    }
  });
  py.stderr!.setEncoding('utf8').on('data', (d: string) => (pyStderr += d));

  await waitFor('5 updates on each client', async () => live(nodeLog) >= 5 && live(pyLog) >= 5, 90_000, 100);

  // 1. The network drops: every proxied connection is reset (no close frame).
  const dropped = proxy.dropAll();
  expect(dropped).toBeGreaterThanOrEqual(2);
  const [n1, p1] = [live(nodeLog), live(pyLog)];
  await waitFor('both resumed after the drop', async () => nodeLog.resumed >= 1 && pyLog.resumed >= 1, 30_000, 50);
  await waitFor(
    '3 more live updates on each',
    async () => live(nodeLog) >= n1 + 3 && live(pyLog) >= p1 + 3,
    60_000,
    100,
  );

  // 2. Mid-match, the server is killed outright and restarted on the same data directory.
  const [n2, p2] = [live(nodeLog), live(pyLog)];
  const killedAt = Date.now();
  server.proc.kill('SIGKILL');
  await new Promise<void>((r) =>
    server.proc.exitCode !== null || server.proc.signalCode !== null ? r() : server.proc.once('exit', () => r()),
  );
  server = await startTestServer(
    { ...REPLAY, INITIAL_API_KEY: '' },
    { dataDir, apiKey, keepDataDir: true, listenTimeoutMs: 480_000 },
  );
  proxy.setTarget(server.port);
  const restartMs = Date.now() - killedAt;
  await waitFor(
    'both resumed on the restarted server',
    async () => nodeLog.resumed >= 2 && pyLog.resumed >= 2,
    60_000,
    50,
  );
  await waitFor(
    '5 more live updates on each',
    async () => live(nodeLog) >= n2 + 5 && live(pyLog) >= p2 + 5,
    90_000,
    100,
  );

  expect(nodeLog.gaps, 'Node gaps').toEqual([]);
  expect(pyLog.gaps, `Python gaps; stderr:\n${pyStderr}`).toEqual([]);
  expect(nodeLog.resyncs).toEqual([]);
  expect(pyLog.resyncs).toEqual([]);
  expect(nodeLog.updates.some((u) => u.replayed)).toBe(true);
  expect(pyLog.updates.some((u) => u.replayed)).toBe(true);
  const nodeChecked = await expectExactlyOnce('Node', nodeLog);
  const pyChecked = await expectExactlyOnce('Python', pyLog);
  console.log(
    `survival: proxy reset ${dropped} connections, server down ${(restartMs / 1000).toFixed(1)} s; ` +
      `Node ${nodeChecked} events (${nodeLog.updates.filter((u) => u.replayed).length} replayed, stats ${JSON.stringify(node.stats)}), ` +
      `Python ${pyChecked} events (${pyLog.updates.filter((u) => u.replayed).length} replayed); proxy accepted ${proxy.accepted()} connections`,
  );
}, 300_000);
