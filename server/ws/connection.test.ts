/**
 * A slow consumer cannot grow server memory: a real WebSocket pair on 127.0.0.1, a client that
 * stops reading, and the real feed engine on an in-memory store publishing odds ticks; the
 * connection is closed with 4002 once more than WS_SEND_BUFFER_BYTES would be waiting.
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
import { oddsMessage } from './messages';
import { anyCovers } from './subscriptions';

let store: Store;
let services: Services;
let server: http.Server;
let port = 0;
let fixtureId = 0;

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
  server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => {
      const c = new Connection(ws, services, null);
      const off = bus.subscribeOdds((m) => anyCovers(c.subs.values(), 'odds', m.fixture) && c.deliver(m.seq, m.fixture.id, JSON.stringify(oddsMessage(m))));
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
      Array.from({ length: 1000 }, (_, i) => ({ tick_id: `slow/${b}/${i}`, fixture_id: fixtureId, bookmaker: `book-${i % 20}`, market: '1X2', selection: ['home', 'draw', 'away'][i % 3], line: null, price: 1.5 + (i % 50) / 10 })),
      'test',
    );
  }
  (ws as unknown as { _socket: { resume(): void } })._socket.resume();
  expect(await closed).toBe(WS_CLOSE.slow_consumer);
}, 60_000);
