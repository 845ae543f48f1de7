/**
 * WebSocket /v1/ws against the real server process (its own, replay at 120×): auth, the spec's
 * subscribe message, snapshot + updates validated against the wire schemas, strictly increasing
 * seq, ingest-to-receipt latency under 1 s, league filtering, error handling, agreement with REST.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { LiveMatchSchema, MatchDetailSchema, MatchEventSchema } from '@/lib/wire/schemas';
import { ensureBuild, getJson, startTestServer, waitFor, type TestServer } from '../helpers/server';
import { expectTypicalLatencyUnderASecond } from '../helpers/latency';
import { refusedUpgrade } from '../helpers/ws';

const Welcome = z.object({ type: z.literal('welcome'), seq: z.number().int().nonnegative() });
const Subscribed = z.object({
  type: z.literal('subscribed'),
  channel: z.literal('football.live'),
  league: z.string().nullable(),
  seq: z.number().int().nonnegative(),
  snapshot: z.array(LiveMatchSchema),
});
const Update = z.object({
  type: z.literal('update'),
  channel: z.literal('football.live'),
  league: z.string(),
  seq: z.number().int().positive(),
  event_id: z.string(),
  data: LiveMatchSchema,
  event: MatchEventSchema,
});
type Update = z.infer<typeof Update> & { receivedAtMs: number };

let s: TestServer;
const sockets: WebSocket[] = [];

/** A connected client that records every message (parsed) with its receipt time. */
interface Client {
  ws: WebSocket;
  messages: { msg: any; at: number }[];
  /** Resolves with the first message (from `from` on) that matches `pred`. */
  next(pred: (m: any) => boolean, timeoutMs?: number): Promise<any>;
  updates(): Update[];
}

function connect(how: 'header' | 'query'): Promise<Client> {
  const ws =
    how === 'header'
      ? new WebSocket(s.wsUrl, { headers: { authorization: `Bearer ${s.apiKey}` } })
      : new WebSocket(`${s.wsUrl}?api_key=${encodeURIComponent(s.apiKey)}`);
  sockets.push(ws);
  const messages: { msg: any; at: number }[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push({ msg: JSON.parse(data.toString()), at: Date.now() });
    for (const w of waiters) w();
  });
  const client: Client = {
    ws,
    messages,
    next: (pred, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < messages.length; seen++) {
            if (pred(messages[seen].msg)) {
              waiters.delete(check);
              clearTimeout(timer);
              return resolve(messages[seen].msg);
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.msg.type))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    updates: () =>
      messages.filter((m) => m.msg.type === 'update').map((m) => ({ ...Update.parse(m.msg), receivedAtMs: m.at })),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

async function subscribe(c: Client, league?: string) {
  c.ws.send(JSON.stringify(league ? { channel: 'football.live', league } : { channel: 'football.live' }));
  return Subscribed.parse(await c.next((m) => m.type === 'subscribed' || m.type === 'error'));
}

beforeAll(async () => {
  await ensureBuild();
  s = await startTestServer({ REPLAY_SPEED: '120', REPLAY_LEAD_SECONDS: '1' });
}, 300_000);

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await s?.stop();
});

describe('connection', () => {
  test('an unauthenticated or wrongly keyed upgrade is refused with 401', async () => {
    for (const r of [
      await refusedUpgrade(s.wsUrl),
      await refusedUpgrade(`${s.wsUrl}?api_key=not_a_real_key_000000`),
      await refusedUpgrade(s.wsUrl, { authorization: 'Bearer not_a_real_key_000000' }),
    ]) {
      expect(r.status).toBe(401);
      expect(JSON.parse(r.body)).toMatchObject({ status: 401, code: 'unauthorized' });
    }
  });

  test('connects with the Authorization header and with ?api_key=, and is welcomed', async () => {
    for (const how of ['header', 'query'] as const) {
      const c = await connect(how);
      Welcome.parse(await c.next((m) => m.type === 'welcome'));
      c.ws.close();
    }
  });

  test('malformed and invalid messages get an error; the socket stays open and answers ping', async () => {
    const c = await connect('header');
    await c.next((m) => m.type === 'welcome');
    c.ws.send('{not json');
    expect(await c.next((m) => m.type === 'error')).toMatchObject({ code: 'invalid_json' });
    c.ws.send(JSON.stringify({ channel: 'football' }));
    expect(await c.next((m) => m.type === 'error' && m.code !== 'invalid_json')).toMatchObject({
      code: 'invalid_message',
    });
    c.ws.send(JSON.stringify({ channel: 'curling.live', league: 'world-cup' }));
    expect(await c.next((m) => m.code === 'unknown_channel')).toMatchObject({ type: 'error' });
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await c.next((m) => m.type === 'pong')).toMatchObject({ type: 'pong' });
    c.ws.close();
  });
});

describe('live channel', () => {
  let wc: Client; // world-cup, by header
  let euro: Client; // euro, by ?api_key=
  let all: Client; // every football league

  test('subscribe with the spec message: the snapshot is in shape 2.1', async () => {
    [wc, euro, all] = await Promise.all([connect('header'), connect('query'), connect('header')]);
    // Wait until the first kickoffs so that the snapshot has matches in it.
    await waitFor(
      'a live world-cup match',
      async () => (await getJson(s, '/v1/football/live?league=world-cup')).body.data?.length > 0,
      30_000,
      200,
    );
    const sub = await subscribe(wc, 'world-cup');
    expect(sub.league).toBe('world-cup');
    expect(sub.snapshot.length).toBeGreaterThan(0);
    for (const m of sub.snapshot) expect(m.league_slug).toBe('world-cup');
    expect((await subscribe(euro, 'euro')).league).toBe('euro');
    expect((await subscribe(all)).league).toBeNull();
  }, 60_000);

  test('updates: shape 2.1, seq strictly increasing, typically (median) under 1 s from ingest, only the subscribed league', async () => {
    // Collect until each filtered socket saw several updates (goals, periods, cards at 120×).
    await waitFor(
      'updates on both league channels',
      async () => wc.updates().length >= 8 && euro.updates().length >= 3,
      90_000,
      250,
    );
    const latencies: number[] = [];
    for (const [c, league] of [
      [wc, 'world-cup'],
      [euro, 'euro'],
      [all, null],
    ] as const) {
      const ups = c.updates();
      for (let i = 0; i < ups.length; i++) {
        const u = ups[i];
        if (i) expect(u.seq).toBeGreaterThan(ups[i - 1].seq);
        if (league) expect(u.league).toBe(league);
        expect(u.data.league_slug).toBe(u.league);
        expect(u.data.seq).toBe(u.seq);
        expect(u.event.seq).toBe(u.seq);
        expect(u.event.event_id).toBe(u.event_id);
        expect(u.event.fixture_id).toBe(u.data.fixture_id);
        latencies.push(u.receivedAtMs - Date.parse(u.event.received_at));
      }
    }
    // The unfiltered socket saw both leagues (and more); the filtered ones saw their subsets.
    const allSeqs = new Set(all.updates().map((u) => u.seq));
    expect(new Set(all.updates().map((u) => u.league)).size).toBeGreaterThan(2);
    const [lo, hi] = [Math.min(...allSeqs), Math.max(...allSeqs)];
    for (const u of [...wc.updates(), ...euro.updates()])
      if (u.seq >= lo && u.seq <= hi) expect(allSeqs.has(u.seq)).toBe(true);
    expectTypicalLatencyUnderASecond(
      `ws ingest→receipt (${wc.updates().length} world-cup, ${euro.updates().length} euro, ${all.updates().length} all)`,
      latencies,
    );
  }, 120_000);

  test('an update agrees with REST: GET /matches/{id} shows the same score at that seq', async () => {
    const goal = await wc.next((m) => m.type === 'update' && m.event.type === 'goal', 90_000).catch(() => null);
    const u = Update.parse(goal ?? wc.updates().at(-1));
    const id = u.data.fixture_id;
    const d = MatchDetailSchema.parse((await getJson(s, `/v1/football/matches/${id}`)).body);
    expect(d.events.map((e) => e.event_id)).toContain(u.event_id);
    const restEvent = d.events.find((e) => e.event_id === u.event_id)!;
    expect(restEvent).toEqual(u.event);
    // The socket delivers every event of the match: wait for the one REST is at, then compare.
    const same = Update.parse(
      await wc.next((m) => m.type === 'update' && m.data.fixture_id === id && m.seq === d.match.seq, 5_000),
    );
    expect(d.match.score).toEqual(same.data.score);
    expect(d.match.status).toBe(same.data.status);
    expect(d.match.period).toBe(same.data.period);
    expect(d.match.last_event?.event_id ?? null).toBe(same.data.last_event?.event_id ?? null);
    if (goal) expect(u.data.score.home + u.data.score.away).toBeGreaterThan(0);
  }, 120_000);
});
