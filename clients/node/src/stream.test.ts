/** ScorelineStream against an in-memory fake WebSocket (no network): connect, dedupe, resume, close codes. */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, test } from 'vitest';
import { ClientMessageSchema } from '@/lib/wire/ws';
import { ScorelineStream } from './stream';
import type { GapEvent, ResyncEvent, Snapshot, StreamState } from './stream-types';
import type { UpdateMessage } from './protocol';

class FakeSocket extends EventEmitter {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: any[] = [];
  closedWith: number | null = null;
  constructor(
    readonly url: string,
    readonly options: { headers: Record<string, string> },
  ) {
    super();
    FakeSocket.all.push(this);
  }
  send(data: string): void {
    const msg = JSON.parse(data);
    expect(ClientMessageSchema.safeParse(msg).success, data).toBe(true);
    this.sent.push(msg);
  }
  close(code = 1000): void {
    this.closedWith = code;
    this.end(code);
  }
  terminate(): void {
    this.end(1006);
  }
  // ---- the server side ----
  accept(welcomeSeq = 0): void {
    this.readyState = 1;
    this.emit('open');
    this.push({
      type: 'welcome',
      protocol: 'scoreline.v1',
      heartbeat_ms: 30_000,
      idle_timeout_ms: 60_000,
      resume_retention_s: 21_600,
      seq: welcomeSeq,
    });
  }
  push(msg: object): void {
    this.emit('message', Buffer.from(JSON.stringify(msg)), false);
  }
  refuse(status: number, headers: Record<string, string> = {}): void {
    this.emit('unexpected-response', {}, { statusCode: status, headers, resume() {} });
  }
  end(code: number): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    setImmediate(() => this.emit('close', code, Buffer.from('')));
  }
}

const live = (fixture: number, seq: number, extra: object = {}): UpdateMessage =>
  ({
    type: 'update',
    channel: 'football.live',
    league: 'euro',
    seq,
    event_id: `e${seq}`,
    data: { fixture_id: fixture, seq } as never,
    event: { seq, fixture_id: fixture } as never,
    ...extra,
  }) as UpdateMessage;
const subscribed = (seq: number, channel = 'football.live', snapshot: object[] = []) => ({
  type: 'subscribed',
  channel,
  league: null,
  fixture_id: null,
  seq,
  snapshot,
});

async function until(what: string, pred: () => boolean, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** A stream on the fake socket that records what it emits. */
function makeStream(opts: Partial<ConstructorParameters<typeof ScorelineStream>[0]> = {}) {
  const stream = new ScorelineStream({
    url: 'ws://127.0.0.1:1/v1/ws',
    apiKey: 'key_1',
    subscriptions: [{ channel: 'football.live' }],
    backoff: { initialMs: 1, maxMs: 1 },
    WebSocketImpl: FakeSocket as never,
    ...opts,
  });
  const got = {
    updates: [] as number[],
    snapshots: [] as Snapshot[],
    states: [] as StreamState[],
    gaps: [] as GapEvent[],
    resyncs: [] as ResyncEvent[],
    errors: [] as Error[],
  };
  stream.on('update', (m) => got.updates.push(m.seq));
  stream.on('odds', (m) => got.updates.push(m.seq));
  stream.on('snapshot', (s) => got.snapshots.push(s));
  stream.on('state', (s) => got.states.push(s));
  stream.on('gap', (g) => got.gaps.push(g));
  stream.on('resync', (r) => got.resyncs.push(r));
  stream.on('error', (e) => got.errors.push(e));
  streams.push(stream);
  return { stream, got };
}

const streams: ScorelineStream[] = [];
const socket = (i: number) => FakeSocket.all[i];
const nextSocket = (n: number) => until(`socket #${n}`, () => FakeSocket.all.length > n);

afterEach(async () => {
  for (const s of streams.splice(0)) await s.close();
  FakeSocket.all = [];
});

describe('first connect', () => {
  test('Bearer header, one subscribe per subscription, a snapshot per subscribed, updates in order', async () => {
    const { stream, got } = makeStream({
      subscriptions: [{ channel: 'football.live' }, { channel: 'football.odds', league: 'euro' }],
    });
    stream.connect();
    await nextSocket(0);
    expect(socket(0).options.headers.authorization).toBe('Bearer key_1');
    socket(0).accept(10);
    expect(socket(0).sent).toEqual([
      { type: 'subscribe', channel: 'football.live' },
      { type: 'subscribe', channel: 'football.odds', league: 'euro' },
    ]);
    socket(0).push(subscribed(12, 'football.live', [{ fixture_id: 1 }]));
    socket(0).push({ type: 'subscribed', channel: 'football.odds', league: 'euro', fixture_id: null, seq: 12 });
    expect(got.snapshots).toEqual([
      { subscription: { channel: 'football.live' }, matches: [{ fixture_id: 1 }], seq: 12 },
      { subscription: { channel: 'football.odds', league: 'euro' }, matches: [], seq: 12 },
    ]);
    expect(stream.lastSeq).toBe(12);
    socket(0).push(live(1, 13));
    socket(0).push({ type: 'odds', channel: 'football.odds', league: 'euro', seq: 15, fixture_id: 1, ticks: [] });
    socket(0).push(live(1, 15)); // duplicate seq
    expect(got.updates).toEqual([13, 15]);
    expect(stream.lastSeq).toBe(15);
    expect(stream.stats.duplicatesDropped).toBe(1);
    expect(got.states).toEqual(['connecting', 'open']);
  });
});

describe('reconnect and resume', () => {
  test('after a drop: ONE resume from lastSeq with every subscription; replay overlap dropped; queued subscribe after resumed', async () => {
    const { stream, got } = makeStream();
    stream.connect();
    await nextSocket(0);
    socket(0).accept(5);
    socket(0).push(subscribed(5));
    socket(0).push(live(1, 6));
    socket(0).push(live(2, 8));
    stream.socket!.terminate(); // the network drops
    stream.subscribe({ channel: 'tennis.live' }); // added while away: no snapshot yet
    await nextSocket(1);
    expect(got.states).toContain('reconnecting');
    socket(1).accept(20);
    expect(socket(1).sent).toEqual([{ type: 'resume', last_seq: 8, subscriptions: [{ channel: 'football.live' }] }]);
    stream.unsubscribe({ channel: 'basketball.live' }); // unknown: ignored
    stream.subscribe({ channel: 'rugby.live' }); // while resuming: waits for `resumed`
    for (const q of [8, 9, 12]) socket(1).push(live(1, q, { replayed: true }));
    socket(1).push({
      type: 'resumed',
      last_seq: 8,
      seq: 14,
      replayed: 3,
      subscriptions: [{ channel: 'football.live' }],
    });
    expect(socket(1).sent.slice(1)).toEqual([
      { type: 'subscribe', channel: 'tennis.live' },
      { type: 'subscribe', channel: 'rugby.live' },
    ]);
    socket(1).push(live(1, 13)); // the live stream can't go below the replay end
    socket(1).push(live(1, 15));
    expect(got.updates).toEqual([6, 8, 9, 12, 15]);
    expect(stream.stats).toMatchObject({ reconnects: 1, resumed: 1, replayed: 2, duplicatesDropped: 1, resyncs: 0 });
    expect(got.gaps.map((g) => g.reason)).toEqual(['out_of_order']); // 13 <= 14 and never seen
    expect(stream.lastSeq).toBe(15);
  });

  test('nothing but a snapshot received: resumes from the subscribed seq', async () => {
    const { stream } = makeStream();
    stream.connect();
    await nextSocket(0);
    socket(0).accept(40);
    socket(0).push(subscribed(42));
    socket(0).end(1001); // server restart: going away
    await nextSocket(1);
    socket(1).accept(60);
    expect(socket(1).sent).toEqual([{ type: 'resume', last_seq: 42, subscriptions: [{ channel: 'football.live' }] }]);
  });

  test('resync: emits fresh snapshots and restarts lastSeq from its seq', async () => {
    const { stream, got } = makeStream();
    stream.connect();
    await nextSocket(0);
    socket(0).accept(0);
    socket(0).push(subscribed(0));
    socket(0).push(live(1, 900));
    socket(0).end(4002); // slow consumer
    await nextSocket(1);
    socket(1).accept(100);
    socket(1).push({
      type: 'resync',
      reason: 'ahead_of_server',
      last_seq: 900,
      seq: 100,
      subscriptions: [{ channel: 'football.live', league: null, fixture_id: null, snapshot: [{ fixture_id: 3 }] }],
    });
    expect(got.resyncs).toEqual([
      {
        reason: 'ahead_of_server',
        lastSeq: 900,
        seq: 100,
        snapshots: [{ subscription: { channel: 'football.live' }, matches: [{ fixture_id: 3 }], seq: 100 }],
      },
    ]);
    expect(stream.lastSeq).toBe(100);
    socket(1).push(live(3, 101));
    expect(got.updates).toEqual([900, 101]);
    expect(stream.stats.resyncs).toBe(1);
  });

  test('a server without resume: gap, then fresh subscribes and snapshots', async () => {
    const { stream, got } = makeStream();
    stream.connect();
    await nextSocket(0);
    socket(0).accept(0);
    socket(0).push(subscribed(0));
    socket(0).push(live(1, 3));
    socket(0).terminate();
    await nextSocket(1);
    socket(1).accept(9);
    socket(1).push({ type: 'error', code: 'invalid_message', message: 'type: Invalid input' });
    expect(got.gaps).toMatchObject([{ reason: 'resume_rejected', lastSeq: 3 }]);
    expect(socket(1).sent.at(-1)).toEqual({ type: 'subscribe', channel: 'football.live' });
    socket(1).push(subscribed(9));
    expect(got.snapshots.at(-1)?.seq).toBe(9);
  });

  test('live messages that arrive before `resumed` wait for the replay; dropped if the resume fails', async () => {
    const { stream, got } = makeStream();
    stream.connect();
    await nextSocket(0);
    socket(0).accept(0);
    socket(0).push(subscribed(2));
    socket(0).push(live(1, 8));
    socket(0).terminate();
    await nextSocket(1);
    socket(1).accept(30);
    socket(1).push(live(1, 31)); // released by a failing server before its error
    socket(1).push({ type: 'error', code: 'unavailable', message: 'retry' });
    await nextSocket(2);
    socket(2).accept(40);
    expect(socket(2).sent[0]).toEqual({ type: 'resume', last_seq: 8, subscriptions: [{ channel: 'football.live' }] });
    socket(2).push(live(1, 41)); // early: must not jump over the replay
    socket(2).push(live(1, 9, { replayed: true }));
    socket(2).push(live(1, 31, { replayed: true }));
    socket(2).push({
      type: 'resumed',
      last_seq: 8,
      seq: 40,
      replayed: 2,
      subscriptions: [{ channel: 'football.live' }],
    });
    expect(got.updates).toEqual([8, 9, 31, 41]);
    expect(got.gaps).toEqual([]);
  });

  test('a resume answered `unavailable` is retried on a new connection', async () => {
    const { stream } = makeStream();
    stream.connect();
    await nextSocket(0);
    socket(0).accept(0);
    socket(0).push(subscribed(2));
    socket(0).terminate();
    await nextSocket(1);
    socket(1).accept(5);
    socket(1).push({ type: 'error', code: 'unavailable', message: 'retry' });
    await nextSocket(2);
    socket(2).accept(5);
    expect(socket(2).sent).toEqual([{ type: 'resume', last_seq: 2, subscriptions: [{ channel: 'football.live' }] }]);
  });

  test('a resume that makes no progress is abandoned after staleAfterMs and tried again', async () => {
    const { stream, got } = makeStream({ pingEveryMs: 10, staleAfterMs: 60 });
    stream.connect();
    await nextSocket(0);
    socket(0).accept(0);
    socket(0).push(subscribed(2));
    socket(0).terminate();
    await nextSocket(1);
    socket(1).accept(5);
    const keepAlive = setInterval(() => socket(1).push({ type: 'pong', seq: 5 }), 5); // traffic, but no replay
    socket(1).push(live(1, 6)); // early live message: held, then dropped with the connection
    await nextSocket(2);
    clearInterval(keepAlive);
    socket(2).accept(7);
    expect(socket(2).sent[0]).toMatchObject({ type: 'resume', last_seq: 2 });
    expect(got.updates).toEqual([]);
  });

  test('stale: pings while quiet, then reconnects when nothing arrives for staleAfterMs', async () => {
    const { stream } = makeStream({ pingEveryMs: 10, staleAfterMs: 80 });
    stream.connect();
    await nextSocket(0);
    socket(0).accept(0);
    await until('a ping', () => socket(0).sent.some((m) => m.type === 'ping'));
    await nextSocket(1);
    expect(stream.stats.reconnects).toBe(0); // counted once the new socket opens
    socket(1).accept(0);
    expect(stream.stats.reconnects).toBe(1);
  });

  test('setUrl and URL functions: each attempt uses the current URL', async () => {
    let n = 0;
    const { stream } = makeStream({ url: async () => `ws://127.0.0.1:${1000 + n++}/v1/ws` });
    stream.connect();
    await nextSocket(0);
    socket(0).refuse(503);
    await nextSocket(1);
    expect(FakeSocket.all.map((s) => s.url)).toEqual(['ws://127.0.0.1:1000/v1/ws', 'ws://127.0.0.1:1001/v1/ws']);
    stream.setUrl('ws://127.0.0.1:2000/v1/ws');
    socket(1).terminate();
    await nextSocket(2);
    expect(socket(2).url).toBe('ws://127.0.0.1:2000/v1/ws');
  });
});

describe('close codes and close()', () => {
  test('4001 key_revoked: error, closed, no reconnect', async () => {
    const { stream, got } = makeStream();
    stream.connect();
    await nextSocket(0);
    socket(0).accept(0);
    socket(0).end(4001);
    await until('the error', () => got.errors.length > 0);
    expect(got.errors[0]).toMatchObject({ name: 'ScorelineStreamError', code: 'key_revoked', closeCode: 4001 });
    expect(stream.state).toBe('closed');
    await new Promise((r) => setTimeout(r, 30));
    expect(FakeSocket.all).toHaveLength(1);
  });

  test('HTTP 401 on upgrade: error, no reconnect; 429: reconnects after Retry-After', async () => {
    const a = makeStream();
    a.stream.connect();
    await nextSocket(0);
    socket(0).refuse(401);
    await until('the error', () => a.got.errors.length > 0);
    expect(a.got.errors[0]).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(a.got.states).toEqual(['connecting', 'closed']);

    const b = makeStream();
    b.stream.connect();
    await nextSocket(1);
    const t0 = Date.now();
    socket(1).refuse(429, { 'retry-after': '1' });
    await new Promise((r) => setTimeout(r, 300));
    expect(FakeSocket.all).toHaveLength(2);
    await nextSocket(2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(b.got.errors).toEqual([]);
  });

  test('close(): code 1000, state closed, stays closed', async () => {
    const { stream, got } = makeStream();
    stream.connect();
    await nextSocket(0);
    socket(0).accept(0);
    await stream.close();
    expect(socket(0).closedWith).toBe(1000);
    expect(got.states.at(-1)).toBe('closed');
    await new Promise((r) => setTimeout(r, 30));
    expect(FakeSocket.all).toHaveLength(1);
    expect(() => stream.connect()).toThrow();
  });

  test('subscribe / unsubscribe while open are sent at once', async () => {
    const { stream } = makeStream();
    stream.connect();
    await nextSocket(0);
    socket(0).accept(0);
    stream.subscribe({ channel: 'football.odds', fixture_id: 5 });
    stream.subscribe({ channel: 'football.odds', fixture_id: 5 }); // already held
    stream.unsubscribe({ channel: 'football.live' });
    expect(socket(0).sent.slice(1)).toEqual([
      { type: 'subscribe', channel: 'football.odds', fixture_id: 5 },
      { type: 'unsubscribe', channel: 'football.live' },
    ]);
    expect(stream.subscriptions).toEqual([{ channel: 'football.odds', fixture_id: 5 }]);
  });
});
