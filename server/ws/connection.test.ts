/**
 * A slow consumer cannot grow server memory: a real WebSocket pair on 127.0.0.1, a client that
 * stops reading, and the real feed engine on an in-memory store publishing odds ticks; the
 * connection is closed with 4002 once more than WS_SEND_BUFFER_BYTES would be waiting. The
 * heartbeat closes a client whose ping is stuck behind unread messages with 4002 and its reason
 * (not a bare drop, 1006), drops a silent one with nothing waiting, and keeps a reading one.
 */
import http from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { IMPORT_FORMATS } from '@/lib/import/index';
import { WS_CLOSE } from '@/lib/wire/ws';
import { loadConfig } from '../config';
import { FeedBus } from '../engine/bus';
import { FeedEngine } from '../engine/engine';
import { LiveCache } from '../engine/live-cache';
import type { Services } from '../services';
import { openMemoryStore, type Store } from '../store/db';
import { Connection } from './connection';
import { shareFrame } from './frame';
import { oddsMessage } from './messages';
import { anyCovers } from './subscriptions';

let store: Store;
let services: Services;
let server: http.Server;
let port = 0;
let fixtureId = 0;
/** The server side of the latest connection. */
let last: Connection;

beforeAll(async () => {
  store = await openMemoryStore();
  const bus = new FeedBus();
  const engine = new FeedEngine(store, bus);
  const wc = path.resolve('datasets/football/openfootball-worldcup.json/2022/worldcup.json');
  fixtureId = (await engine.importMatches((await IMPORT_FORMATS.openfootball([wc], {})).slice(0, 1))).fixture_ids[0];
  const live = await LiveCache.start(store, bus);
  const config = loadConfig({ NODE_ENV: 'test', WS_SEND_BUFFER_BYTES: '65536' });
  const lines: string[] = [];
  const log = pino({ level: 'warn' }, { write: (l: string) => void lines.push(l) });
  services = { environment: 'production', config, store, bus, engine, live, log } as unknown as Services;
  const wss = new WebSocketServer({ noServer: true });
  server = http.createServer();
  // `/roomy`: a send buffer far larger than the kernel's socket buffers, so the heartbeat (not the buffer cap) meets a non-reader.
  const roomy = {
    ...services,
    config: loadConfig({ NODE_ENV: 'test', WS_SEND_BUFFER_BYTES: String(256 * 1024 * 1024), WS_HEARTBEAT_S: '2' }),
  } as Services;
  server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => {
      const c = new Connection(ws, req.url === '/roomy' ? roomy : services, null);
      last = c;
      ws.on('pong', () => (c.alive = true)); // as the gateway does
      const off = bus.subscribeOdds(
        (m) =>
          anyCovers(c.subs.values(), 'odds', m.fixture) &&
          c.deliver(m.seq, m.fixture.id, shareFrame(JSON.stringify(oddsMessage(m)))),
      );
      ws.on('message', (d) => c.receive(d.toString()));
      ws.on('close', () => {
        off();
        c.dispose();
      });
    }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await store?.close();
});

test('a client that stops reading is closed with 4002 instead of buffering without bound', async () => {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ channel: 'football.odds' }));
  await new Promise((r) => ws.once('message', r)); // subscribed
  const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
  (ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause(); // stop reading
  // 40 batches of 1,000 ticks: ~150 KB per message, ~6 MB in all — more than the kernel's socket buffers hold.
  for (let b = 0; b < 40; b++) {
    await services.engine.ingestOdds(
      Array.from({ length: 1000 }, (_, i) => ({
        tick_id: `slow/${b}/${i}`,
        fixture_id: fixtureId,
        bookmaker: `book-${i % 20}`,
        market: '1X2',
        selection: ['home', 'draw', 'away'][i % 3],
        line: null,
        price: 1.5 + (i % 50) / 10,
      })),
      'test',
    );
  }
  (ws as unknown as { _socket: { resume(): void } })._socket.resume();
  expect(await closed).toBe(WS_CLOSE.slow_consumer);
}, 60_000);

type Paused = { _socket: { pause(): void; resume(): void } };

/** Opens a client on `path`; resolves with it, its server-side Connection and its close (code, reason). */
async function openClient(path = '/roomy') {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  await new Promise((r) => ws.once('open', r));
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.once('close', (code, reason) => r({ code, reason: reason.toString() })),
  );
  return { ws, conn: last, closed };
}

test('the heartbeat closes a non-reader with messages waiting with 4002 and its reason, not a bare drop', async () => {
  const { ws, conn, closed } = await openClient();
  (ws as unknown as Paused)._socket.pause();
  const mib = JSON.stringify({ type: 'pad', pad: 'x'.repeat(1 << 20) });
  // Fill the kernel's buffers until the connection's own send buffer holds data (at most 128 MiB).
  for (let i = 0; i < 128 && conn.ws.bufferedAmount === 0; i++) {
    conn.sendRaw(mib);
    await new Promise((r) => setImmediate(r));
  }
  expect(conn.ws.bufferedAmount).toBeGreaterThan(0);
  conn.heartbeat(); // ping (queued behind the data)
  await new Promise((r) => setTimeout(r, 100));
  conn.heartbeat(); // no pong: the ping never got through
  (ws as unknown as Paused)._socket.resume();
  expect(await closed).toEqual({
    code: WS_CLOSE.slow_consumer,
    reason: 'slow consumer: ping unanswered behind unread messages',
  });
}, 60_000);

test('the heartbeat drops a silent client with nothing waiting (1006) and keeps one that answers', async () => {
  const reading = await openClient();
  const silent = await openClient();
  (silent.ws as unknown as Paused)._socket.pause();
  for (const c of [reading, silent]) c.conn.heartbeat();
  await new Promise((r) => setTimeout(r, 200));
  for (const c of [reading, silent]) c.conn.heartbeat();
  (silent.ws as unknown as Paused)._socket.resume();
  expect((await silent.closed).code).toBe(1006);
  expect(reading.ws.readyState).toBe(WebSocket.OPEN);
  reading.ws.close();
}, 60_000);
