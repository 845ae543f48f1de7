/**
 * Hostile input against the real server process (issue 15 §3–7): impossible dates, forged
 * cursors, NUL and lone surrogates in queries, paths and bodies, a batch with one poisoned item
 * beside a valid one, an out-of-range WebSocket fixture_id, and webhook URLs that spell loopback
 * or private addresses as IPv4-compatible IPv6. Every answer is a 4xx problem+json (or a WebSocket
 * `error` on an open connection), nothing valid is lost, and the server's log holds no SQL
 * parameters, key hashes or "handler failed" lines. One server (BOOTSTRAP=off, REPLAY=off, no
 * pages); ~10 s on an idle machine.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IngestResultSchema } from '@/lib/wire/ops';
import { requestJson } from '../helpers/http';
import { startTestServer, waitFor, type TestServer } from '../helpers/server';
import { openRecorder } from '../helpers/ws-recorder';

const OPERATOR = 'test_operator_key_hostile_0123456789';
let s: TestServer;
let fixtureId: number;

const call = (method: string, path: string, body?: unknown, key: string | null = OPERATOR) =>
  requestJson(s.baseUrl, method, path, body, key);
const read = (path: string) => call('GET', path, undefined, s.apiKey);
const cursor = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A 400 problem+json with `code`, naming `mentions` in its detail. */
function expectProblem(r: Awaited<ReturnType<typeof requestJson>>, code: string, mentions?: RegExp) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.headers.get('content-type')).toContain('application/problem+json');
  expect(r.body.code).toBe(code);
  if (mentions) expect(r.body.detail).toMatch(mentions);
}

beforeAll(async () => {
  s = await startTestServer({
    BOOTSTRAP: 'off',
    REPLAY: 'off',
    PAGES: 'off',
    OPERATOR_API_KEY: OPERATOR,
    WEBHOOK_ALLOW_LOOPBACK: 'off',
    WEBHOOK_ALLOW_PRIVATE: 'off',
  });
  expect(
    (
      await call('POST', '/v1/ops/competitions', {
        sport: 'football',
        league: 'probe-league',
        season: '2026',
        name: 'Probe League',
      })
    ).status,
  ).toBe(201);
  const f = await call('POST', '/v1/ops/fixtures', {
    sport: 'football',
    league: 'probe-league',
    season: '2026',
    home_team: 'North',
    away_team: 'South',
    kickoff: new Date(Date.now() + 3600e3).toISOString(),
  });
  expect(f.status, JSON.stringify(f.body)).toBe(201);
  fixtureId = f.body.id;
}, 300_000);

afterAll(async () => {
  await s?.stop();
});

describe('dates (§3)', () => {
  test('impossible calendar dates on fixtures and results are 400 invalid_parameter naming the parameter', async () => {
    for (const date of [
      '2024-02-30',
      '2023-02-29',
      '2024-04-31',
      '0000-01-01',
      '2024-13-01',
      '2024-01-01T25:00:00Z',
      '0000-01-01T00:30:00+01:00',
    ]) {
      for (const route of ['fixtures', 'results']) {
        for (const param of ['from', 'to']) {
          expectProblem(
            await read(`/v1/football/${route}?${param}=${encodeURIComponent(date)}`),
            'invalid_parameter',
            new RegExp(`^${param}: `),
          );
        }
      }
    }
  });

  test('real dates still work: a leap day, a bare date, a date-time with offset', async () => {
    for (const q of [
      'from=2024-02-29',
      'to=2024-02-29',
      'from=2026-01-01T10:00%2B02:00',
      'from=0001-01-01&to=9999-12-31',
    ]) {
      expect((await read(`/v1/football/fixtures?${q}`)).status, q).toBe(200);
      expect((await read(`/v1/football/results?${q}`)).status, q).toBe(200);
    }
  });
});

describe('cursors (§4)', () => {
  test('a forged k or i is 400 invalid_parameter and never reaches SQL', async () => {
    const forged = [
      { k: '1', i: 1 },
      { k: '0', i: 1 },
      { k: '2024-01-01 (x)', i: 1 },
      { k: '+275760-09-13T00:00:00.000Z', i: 1 },
      { k: '-271821-04-20T00:00:00.000Z', i: 1 },
      { k: '2024-02-30T00:00:00.000Z', i: 1 },
      { k: '2024-01-01T00:00:00.000Z', i: 1e308 },
      { k: '2024-01-01T00:00:00.000Z', i: 2 ** 53 + 1 },
      { k: '2024-01-01T00:00:00.000Z', i: 2147483648 },
      { k: '2024-01-01T00:00:00.000Z', i: -1 },
      { k: '2024-01-01T00:00:00.000Z', i: 1, x: 1 },
      [1, 2],
      'x',
    ];
    for (const c of forged) {
      for (const path of [
        `/v1/football/fixtures?cursor=${cursor(c)}`,
        `/v1/football/results?cursor=${cursor(c)}`,
        `/v1/football/odds/history?match_id=${fixtureId}&cursor=${cursor(c)}`,
      ]) {
        expectProblem(await read(path), 'invalid_parameter', /^cursor: /);
      }
    }
    const ok = await read(
      `/v1/football/fixtures?from=2020-01-01&cursor=${cursor({ k: '2020-01-01T00:00:00.000Z', i: 1 })}`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((f: { fixture_id: number }) => f.fixture_id)).toContain(fixtureId);
  });

  test('a forged webhook deliveries cursor is 400', async () => {
    const hook = await call('POST', '/v1/webhooks', { url: 'https://93.184.215.14/in' }, s.apiKey);
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    for (const c of [
      ['2024-01-01 (x)', 'dlv_a'],
      ['2024-02-30 00:00:00+00', 'dlv_a'],
      ['2024-01-01 00:00:00+00', 'x\u0000'],
      ['0000-01-01 00:00:00+00', 'dlv_a'],
      [1, 2],
    ]) {
      expectProblem(
        await read(`/v1/webhooks/${hook.body.id}/deliveries?cursor=${cursor(c)}`),
        'invalid_parameter',
        /cursor/,
      );
    }
    expect(
      (
        await read(
          `/v1/webhooks/${hook.body.id}/deliveries?cursor=${cursor(['2024-01-01 00:00:00.123456+00', 'dlv_abc'])}`,
        )
      ).status,
    ).toBe(200);
    expect((await call('DELETE', `/v1/webhooks/${hook.body.id}`, undefined, s.apiKey)).status).toBe(204);
  });
});

describe('NUL and lone surrogates (§5)', () => {
  test('in a query or a path: 400 invalid_parameter', async () => {
    expectProblem(
      await call('GET', '/v1/ops/fixtures?league=%00'),
      'invalid_parameter',
      /^league: must not contain NUL/,
    );
    expectProblem(await read('/v1/football/fixtures?team=a%00b'), 'invalid_parameter', /^team: /);
    expectProblem(await read('/v1/football/matches/1%00'), 'invalid_parameter', /^id: /);
  });

  test('in key names, webhook descriptions and operator reference bodies: 400 invalid_body naming the field', async () => {
    for (const bad of ['a\u0000b', 'a\ud800b', '\udc00']) {
      expectProblem(await call('POST', '/v1/keys', { name: bad }, null), 'invalid_body', /^name: /);
      expectProblem(
        await call('POST', '/v1/webhooks', { url: 'https://93.184.215.14/in', description: bad }, s.apiKey),
        'invalid_body',
        /^description: /,
      );
      expectProblem(
        await call('POST', '/v1/ops/competitions', {
          sport: 'football',
          league: 'probe-league',
          season: '2026',
          name: bad,
        }),
        'invalid_body',
        /^name: /,
      );
      expectProblem(await call('POST', '/v1/ops/teams', { sport: 'football', name: bad }), 'invalid_body', /^name: /);
      expectProblem(await call('PATCH', `/v1/ops/fixtures/${fixtureId}`, { venue: bad }), 'invalid_body', /^venue: /);
      expectProblem(
        await call('POST', '/v1/ops/corrections', {
          fixture_id: fixtureId,
          target_event_id: 'x',
          action: 'retract',
          reason: bad,
        }),
        'invalid_body',
        /^reason: /,
      );
      expectProblem(
        await call('POST', '/v1/ops/fixtures', {
          sport: 'football',
          league: 'probe-league',
          season: '2026',
          home_team: bad,
          away_team: 'B',
          kickoff: '2026-01-01T00:00:00Z',
        }),
        'invalid_body',
        /^home_team: /,
      );
      expectProblem(
        await call('POST', '/v1/ops/competitions', {
          sport: 'football',
          league: 'probe-league',
          season: '2026',
          name: 'ok',
          [bad]: 1,
        }),
        'invalid_body',
        /\[key\]/,
      );
    }
    // Raw JSON escapes, as a client would send them.
    const raw = await fetch(`${s.baseUrl}/v1/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"x\\u0000y"}',
    });
    expect(raw.status).toBe(400);
    expect((await raw.json()).code).toBe('invalid_body');
  });

  test('in /v1/ops/events, /v1/ops/odds and /v1/ops/batch: the poisoned item is rejected, the valid one beside it stored', async () => {
    const ev = (id: string, extra: Record<string, unknown> = {}) => ({
      fixture_id: fixtureId,
      event_id: id,
      type: 'period_start',
      period: '1st_half',
      ...extra,
    });
    const events = await call('POST', '/v1/ops/events', {
      events: [
        ev('nul-1', { player: 'a\u0000' }),
        ev('nul-ok-1'),
        ev('nul-2', { detail: { note: 'x\u0000' } }),
        { ...ev('nul-3'), event_id: 'bad\u0000id' },
        ev('nul-4', { detail: { 'k\u0000': 1 } }),
        ev('nul-5', { player: '\ud800' }),
      ],
    });
    expect(events.status, JSON.stringify(events.body)).toBe(200);
    IngestResultSchema.parse(events.body);
    expect(events.body.results.map((r: { status: string }) => r.status)).toEqual([
      'rejected',
      'stored',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(events.body.results[0].error).toMatch(/^player: must not contain NUL/);
    expect(events.body.results[2].error).toMatch(/^detail\.note: /);
    expect(events.body.results[3].id).toBeNull();

    const odds = await call('POST', '/v1/ops/odds', {
      ticks: [
        {
          tick_id: 'nul-t1',
          fixture_id: fixtureId,
          bookmaker: 'probe',
          market: '1X2\u0000',
          selection: 'home',
          price: 2,
        },
        { tick_id: 'nul-t2', fixture_id: fixtureId, bookmaker: 'probe', market: '1X2', selection: 'home', price: 2.1 },
      ],
    });
    expect(odds.body.results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'stored']);

    const batch = await call('POST', '/v1/ops/batch', {
      items: [
        { op: 'event', ...ev('nul-b1', { period: '1st\u0000half' }) },
        { op: 'status', fixture_id: fixtureId, status: 'suspended\u0000' },
        { op: 'event', ...ev('nul-b2', { fixture_id: 2147483648 }) },
        {
          op: 'correction',
          fixture_id: fixtureId,
          target_event_id: 'nul-ok-1',
          action: 'amend',
          changes: { player: 'x\u0000' },
        },
        { op: 'event', ...ev('nul-b3', { occurred_at: '0000-01-01T00:00:00Z' }) },
        {
          op: 'event',
          fixture_id: fixtureId,
          event_id: 'nul-ok-2',
          type: 'goal',
          side: 'home',
          player: 'Nine',
          minute: 3,
        },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(batch.body.results.map((r: { status: string }) => r.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
      'stored',
    ]);

    const detail = await call('GET', `/v1/ops/fixtures/${fixtureId}`);
    expect(detail.body.events.map((e: { event_id: string }) => e.event_id)).toEqual(['nul-ok-1', 'nul-ok-2']);
  });

  test('the log never carried SQL parameters, a key hash or a failed handler', () => {
    const logs = s.logs();
    expect(logs).not.toMatch(/handler failed/);
    expect(logs).not.toMatch(/Failed query|params:/);
    expect(logs).not.toMatch(/[0-9a-f]{64}/); // no SHA-256 key hash
  });
});

describe('WebSocket integers (§6)', () => {
  test('fixture_id past the integer column is invalid_message and the connection stays open', async () => {
    const ws = await openRecorder(s.wsUrl, s.apiKey);
    for (const fixture_id of [2147483648, 2 ** 53 + 1, 1e308]) {
      const at = ws.messages.length;
      ws.send({ channel: 'football.live', fixture_id });
      expect((await ws.next((m) => m.type === 'error', 5000, at)).code).toBe('invalid_message');
      const r = ws.messages.length;
      ws.send({ type: 'resume', last_seq: 0, subscriptions: [{ channel: 'football.live', fixture_id }] });
      expect((await ws.next((m) => m.type === 'error', 5000, r)).code).toBe('invalid_message');
    }
    const ok = ws.messages.length;
    ws.send({ channel: 'football.live', fixture_id: 2147483647 });
    expect((await ws.next((m) => m.type === 'subscribed', 5000, ok)).fixture_id).toBe(2147483647);
    expect(ws.ws.readyState).toBe(ws.ws.OPEN);
    expect(ws.invalid).toEqual([]);
    ws.ws.close();
    await ws.closed;
    expect(s.logs()).not.toMatch(/websocket message failed/);
  });

  test('repeated too_many_subscriptions count as malformed: the 20th in a row closes with 4003', async () => {
    const ws = await openRecorder(s.wsUrl, s.apiKey);
    for (let id = 1; id <= 100; id++) ws.send({ channel: 'football.odds', fixture_id: id });
    await waitFor(
      '100 subscriptions',
      async () => ws.messages.filter((m) => m.msg.type === 'subscribed').length === 100 || null,
      30_000,
      50,
    );
    for (let i = 0; i < 19; i++) ws.send({ channel: 'football.odds', fixture_id: 1000 + i });
    await waitFor(
      '19 refusals',
      async () => ws.messages.filter((m) => m.msg.code === 'too_many_subscriptions').length === 19 || null,
      10_000,
      50,
    );
    expect(ws.ws.readyState).toBe(ws.ws.OPEN);
    ws.send({ channel: 'football.odds', fixture_id: 2000 });
    expect(await ws.closed).toEqual({ code: 4003, reason: 'too many invalid messages' });
    expect(ws.invalid).toEqual([]);
  });
});

describe('SSRF (§7)', () => {
  test('webhook URLs spelling loopback or private addresses another way are refused at registration', async () => {
    for (const host of [
      '[::127.0.0.1]',
      '[0:0:0:0:0:0:7f00:1]',
      '[::a9fe:a9fe]',
      '[::169.254.169.254]',
      '[::a00:1]',
      '[::ffff:a9fe:a9fe]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::1]',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
    ]) {
      const r = await call('POST', '/v1/webhooks', { url: `http://${host}:9/hook` }, s.apiKey);
      expect(r.status, `${host}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.headers.get('content-type')).toContain('application/problem+json');
      expect(r.body.detail).toMatch(/loopback|private|forbidden/);
    }
    expect((await call('GET', '/v1/webhooks', undefined, s.apiKey)).body.data).toEqual([]);
  });
});
