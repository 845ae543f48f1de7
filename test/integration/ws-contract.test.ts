/**
 * The WebSocket contract of docs/websocket.md, case by case against the real server process:
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
  WS_STREAK_ERROR_CODES,
} from '@/lib/wire/ws';
import { ROOT, startTestServer, type TestServer } from '../helpers/server';
import { openRecorder, type Recorder } from '../helpers/ws-recorder';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ BOOTSTRAP: 'off', REPLAY: 'off', PAGES: 'off' });
}, 300_000);

afterAll(async () => {
  await s?.stop();
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
