/**
 * The push contract against the real server process. Every WebSocket message of a session that
 * provokes all nine server message types, and every webhook delivery (headers and body), validates
 * against the served AsyncAPI document (/v1/asyncapi.json), strictly. Then docs/websocket.md,
 * case by case:
 * every close code the docs' table lists is the server's list (lib/wire/ws.ts WS_CLOSE_CODES),
 * a client message over 16 KiB closes with 1009 however big it is (an 8 MiB one closed with
 * 1006), invalid frames with 1002 / 1007, and 20 malformed messages in a row of every code that
 * counts — league_not_found too — with 4003. One server (BOOTSTRAP=off, REPLAY=off, no pages).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  WS_CLOSE,
  WS_CLOSE_CODES,
  WS_MAX_CLIENT_MESSAGE_BYTES,
  WS_MAX_INVALID_STREAK,
  type WS_STREAK_ERROR_CODES,
} from '@/lib/wire/ws';
import { asyncApiValidator } from '../helpers/asyncapi';
import { requestJson } from '../helpers/http';
import { startReceiver, type Receiver } from '../helpers/receivers';
import { ROOT, startTestServer, waitFor, type TestServer } from '../helpers/server';
import { openRecorder, type Recorder } from '../helpers/ws-recorder';

const OPERATOR = 'test_operator_key_contract_0123456789';
let s: TestServer;
let receiver: Receiver | undefined;
let fixtureId: number;

const call = (method: string, path: string, body?: unknown, key: string | null = OPERATOR) =>
  requestJson(s.baseUrl, method, path, body, key);

beforeAll(async () => {
  s = await startTestServer({
    BOOTSTRAP: 'off',
    REPLAY: 'off',
    PAGES: 'off',
    OPERATOR_API_KEY: OPERATOR,
    WEBHOOK_ALLOW_LOOPBACK: 'on',
  });
  const league = { sport: 'football', league: 'contract-league', season: '2026', name: 'Contract League' };
  expect((await call('POST', '/v1/ops/competitions', league)).status).toBe(201);
  const f = await call('POST', '/v1/ops/fixtures', {
    ...league,
    name: undefined,
    home_team: 'North',
    away_team: 'South',
    kickoff: new Date(Date.now() + 60e3).toISOString(),
  });
  expect(f.status, JSON.stringify(f.body)).toBe(201);
  fixtureId = f.body.id;
}, 300_000);

afterAll(async () => {
  await s?.stop();
  await receiver?.close();
});

describe('the AsyncAPI document describes what the server sends', () => {
  test('every message of a live session and every webhook delivery validates against /v1/asyncapi.json', async () => {
    const served = await fetch(`${s.baseUrl}/v1/asyncapi.json`);
    expect(served.status).toBe(200);
    const doc = await served.json();
    const check = asyncApiValidator(doc);

    receiver = await startReceiver();
    const hook = await call('POST', '/v1/webhooks', { url: receiver.url }, s.apiKey);
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);

    const ws = await welcomed();
    ws.send({ channel: 'football.live', league: 'contract-league' });
    ws.send({ channel: 'football.odds', fixture_id: fixtureId });
    await waitFor(
      'two subscriptions',
      async () => ws.messages.filter((m) => m.msg.type === 'subscribed').length === 2 || null,
      10_000,
      50,
    );
    const ev = (event_id: string, type: string, extra: Record<string, unknown> = {}) => ({
      fixture_id: fixtureId,
      event_id,
      type,
      ...extra,
    });
    const events = await call('POST', '/v1/ops/events', {
      events: [
        ev('c-kickoff', 'period_start', { period: '1st_half', minute: 0 }),
        ev('c-goal', 'goal', { side: 'home', player: 'A. Striker', minute: 12 }),
      ],
    });
    expect(events.status, JSON.stringify(events.body)).toBe(200);
    expect(events.body.stored, JSON.stringify(events.body)).toBe(2);
    const odds = await call('POST', '/v1/ops/odds', {
      ticks: [
        { tick_id: 'c-t1', fixture_id: fixtureId, bookmaker: 'probe', market: '1X2', selection: 'home', price: 1.8 },
      ],
    });
    expect(odds.status, JSON.stringify(odds.body)).toBe(200);
    expect(odds.body.stored, JSON.stringify(odds.body)).toBe(1);
    await ws.next((m) => m.type === 'odds');
    await waitFor(
      'two updates',
      async () => ws.messages.filter((m) => m.msg.type === 'update').length === 2 || null,
      10_000,
      50,
    );
    ws.send({ type: 'ping' });
    ws.ws.send('{not json');
    ws.send({ type: 'unsubscribe', channel: 'football.odds', fixture_id: fixtureId });
    await ws.next((m) => m.type === 'unsubscribed');
    ws.send({
      type: 'resume',
      last_seq: 0,
      subscriptions: [{ channel: 'football.live' }, { channel: 'football.odds' }],
    });
    await ws.next((m) => m.type === 'resumed');
    ws.send({ type: 'resume', last_seq: 1e9, subscriptions: [{ channel: 'football.live' }] });
    await ws.next((m) => m.type === 'resync');
    const hookTest = await call('POST', `/v1/webhooks/${hook.body.id}/test`, undefined, s.apiKey);
    expect(hookTest.status, JSON.stringify(hookTest.body)).toBe(202);
    await receiver.waitFor(4, 15_000); // period_start, goal, odds.updated, webhook.test

    const seen = new Set(ws.messages.map((m) => m.msg.type));
    expect([...seen].sort()).toEqual(
      ['error', 'odds', 'pong', 'resumed', 'resync', 'subscribed', 'unsubscribed', 'update', 'welcome'].sort(),
    );
    expect(ws.messages.some((m) => m.msg.replayed === true)).toBe(true);
    for (const { raw, msg } of ws.messages) expect(check.wsMessage(msg), raw).toBeNull();
    const types = receiver.accepted().map((d) => (d.json as { type: string }).type);
    expect(types).toEqual(expect.arrayContaining(['match.period_start', 'match.goal', 'odds.updated', 'webhook.test']));
    for (const d of receiver.accepted())
      expect(
        check.webhook(
          { 'webhook-id': d.id, 'webhook-timestamp': d.timestamp, 'webhook-signature': d.signature },
          d.json as Record<string, unknown>,
        ),
        d.body,
      ).toBeNull();
    // A field the document does not know fails: the check is strict.
    const update = ws.messages.find((m) => m.msg.type === 'update')!.msg;
    expect(check.wsMessage({ ...update, undocumented: 1 })).toMatch(/additional/);
    ws.ws.close();
  });
});

/** A welcomed connection whose socket errors (the server stops reading mid-frame) are expected. */
async function welcomed(): Promise<Recorder> {
  const ws = await openRecorder(s.wsUrl, s.apiKey);
  await ws.next((m) => m.type === 'welcome');
  ws.ws.on('error', () => {});
  return ws;
}

test("docs/websocket.md's close-code table is the server's list", () => {
  const md = fs.readFileSync(path.join(ROOT, 'docs/websocket.md'), 'utf8');
  const table = md.slice(md.indexOf('| code | meaning | client should |'));
  const rows = [...table.matchAll(/^\| (\d{4}) \| (.+) \| (.+) \|$/gm)].map((m) => ({
    code: Number(m[1]),
    meaning: m[2],
    action: m[3],
  }));
  expect(rows).toEqual(WS_CLOSE_CODES);
});

describe('frames the server refuses', () => {
  // 16 KiB + 1 arrives in one read; 8 MiB is still arriving when the server refuses it.
  for (const bytes of [WS_MAX_CLIENT_MESSAGE_BYTES + 1, 1024 * 1024, 8 * 1024 * 1024]) {
    test(`a message of ${bytes} bytes closes with 1009`, async () => {
      const ws = await welcomed();
      ws.ws.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(bytes) }));
      expect((await ws.closed).code).toBe(WS_CLOSE.message_too_big);
    });
  }

  test('a message of exactly 16 KiB is read (an invalid_message answer, not a close)', async () => {
    const ws = await welcomed();
    const base = JSON.stringify({ type: 'ping', pad: '' });
    ws.send({ type: 'ping', pad: 'x'.repeat(WS_MAX_CLIENT_MESSAGE_BYTES - base.length) });
    expect((await ws.next((m) => m.type === 'error')).code).toBe('invalid_message');
    ws.ws.close();
  });

  test('a text message that is not UTF-8 closes with 1007, an unmasked frame with 1002', async () => {
    const utf8 = await welcomed();
    utf8.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect((await utf8.closed).code).toBe(1007);
    const unmasked = await welcomed();
    unmasked.ws.send(JSON.stringify({ type: 'ping' }), { mask: false });
    expect((await unmasked.closed).code).toBe(1002);
  });
});

describe('4003: malformed messages in a row', () => {
  /** One message answered with each counted code (too_many_subscriptions needs 100 subscriptions first: hostile-input.test.ts). */
  const provoke: Record<Exclude<(typeof WS_STREAK_ERROR_CODES)[number], 'too_many_subscriptions'>, string> = {
    invalid_json: '{not json',
    invalid_message: JSON.stringify({ channel: 'football' }),
    unknown_channel: JSON.stringify({ channel: 'curling.live' }),
    league_not_found: JSON.stringify({ channel: 'football.live', league: 'no-such-league' }),
  };
  const codes = Object.keys(provoke) as (keyof typeof provoke)[];

  test('every counted code counts, league_not_found too; a valid message resets the count', async () => {
    const ws = await welcomed();
    const answers = async (n: number, pick: (i: number) => keyof typeof provoke) => {
      const from = ws.messages.length;
      const sent = Array.from({ length: n }, (_, i) => pick(i));
      for (const code of sent) ws.ws.send(provoke[code]);
      for (let i = 0; i < n; i++) expect((await ws.next(() => true, 10_000, from + i)).code).toBe(sent[i]);
    };
    await answers(WS_MAX_INVALID_STREAK - 1, (i) => codes[i % codes.length]);
    ws.send({ type: 'ping' });
    await ws.next((m) => m.type === 'pong');
    await answers(WS_MAX_INVALID_STREAK - 1, () => 'league_not_found');
    expect(ws.ws.readyState).toBe(ws.ws.OPEN);
    ws.ws.send(provoke.league_not_found);
    expect(await ws.closed).toEqual({ code: WS_CLOSE.protocol_error, reason: 'too many invalid messages' });
    expect(ws.invalid).toEqual([]);
  });
});
