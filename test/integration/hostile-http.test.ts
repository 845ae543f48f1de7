/**
 * Issue 15's HTTP-level holes, against one real server process (embedded store, no replay, no
 * pages): rotation does not reset a key's limits (1); the Host header never routes and a malformed
 * one is 400 (2); WebSocket upgrades without a usable key share the per-IP anonymous limit, and an
 * operator key is refused exactly like a guess (8); declared and chunked bodies over the limit are
 * refused at once, a slow body gets a 408 problem+json (9); an operator key on an unknown path or
 * with a wrong method gets 404 / 405, not 403 (10). About 15 s after the server is up.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { ProblemSchema } from '@/lib/wire/schemas';
import { ensureBuild, startTestServer, type TestServer } from '../helpers/server';

const OPERATOR_KEY = `opkey_${'x'.repeat(24)}`;
const FREE_RPM = 7;
const ANON = 6;
let s: TestServer;

beforeAll(async () => {
  await ensureBuild();
  s = await startTestServer({
    PAGES: 'off',
    REPLAY: 'off',
    BOOTSTRAP: 'off',
    OPERATOR_API_KEY: OPERATOR_KEY,
    ANON_IP_RPM: String(ANON),
    PLAN_LIMITS: JSON.stringify({ free: { requests_per_minute: FREE_RPM } }),
    BODY_TIMEOUT_S: '1',
  });
}, 180_000);

afterAll(async () => {
  await s?.stop();
});

/** One request over node:http (which, unlike fetch, sends any Host header), with the parsed body. */
function raw(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: s.port, path, method, headers, agent: false }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (d) => (text += d))
        .on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : null }),
        );
    });
    req.on('error', reject).end();
  });
}

/** Writes `head` (and optionally more later) on a raw socket; resolves with everything read until the server closes, and how long that took. */
function rawExchange(
  head: string,
  opts: { then?: (sock: net.Socket) => void; capMs?: number } = {},
): Promise<{ text: string; ms: number; closed: boolean }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const sock = net.connect(s.port, '127.0.0.1');
    let text = '';
    const cap = setTimeout(() => {
      sock.destroy();
      resolve({ text, ms: Date.now() - t0, closed: false });
    }, opts.capMs ?? 5000);
    sock.setEncoding('utf8').on('data', (d: string) => (text += d));
    sock.on('error', () => undefined);
    sock.on('close', () => {
      clearTimeout(cap);
      resolve({ text, ms: Date.now() - t0, closed: true });
    });
    sock.write(head, () => opts.then?.(sock));
  });
}

/** The status line's code and the JSON body of a raw HTTP/1.1 answer (chunked or not). */
function parseRaw(text: string): { status: number; body: any } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  const json = /\{.*\}/s.exec(text)?.[0] ?? 'null';
  return { status, body: JSON.parse(json) };
}

function upgrade(
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(s.wsUrl, { headers });
    ws.once('open', () => reject(new Error('upgrade accepted')));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (d) => (body += d))
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    ws.once('error', reject);
  });
}

describe('routing and roles', () => {
  test('the Host header never routes: a malformed Host is 400 invalid_host, a valid one leaves the path alone; the access log names the real path', async () => {
    for (const host of ['x/v1/keys/current?', `127.0.0.1:${s.port}/v1/webhooks#`, 'a b', 'x:99999', '[::1']) {
      const r = await raw('/v1/football/live', { host, authorization: `Bearer ${s.apiKey}` });
      expect(r.status, host).toBe(400);
      expect(r.headers['content-type']).toBe('application/problem+json');
      expect(ProblemSchema.parse(r.body).code).toBe('invalid_host');
      expect(JSON.stringify(r.body)).not.toContain('prefix');
    }
    const ok = await raw('/v1/football/live', {
      host: 'scores.example:8080',
      authorization: `Bearer ${s.apiKey}`,
      'x-request-id': 'host-test-1',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveProperty('data');
    expect(ok.body).not.toHaveProperty('prefix');
    const logLine = () =>
      s
        .logs()
        .split('\n')
        .find((l) => l.includes('"reqId":"host-test-1"'));
    await expect.poll(logLine).toBeTruthy();
    expect(JSON.parse(logLine()!)).toMatchObject({ req: { url: '/v1/football/live' }, res: { status: 200 } });
    // WebSocket upgrades too.
    const up = await upgrade({ host: 'x/v1/keys/current?', authorization: `Bearer ${s.apiKey}` });
    expect(up.status).toBe(400);
    expect(JSON.parse(up.body).code).toBe('invalid_host');
  });

  test('an operator key on an unknown path or with a wrong method gets 404 / 405, not 403', async () => {
    const op = { authorization: `Bearer ${OPERATOR_KEY}` };
    const cases: [string, string, number, string][] = [
      ['GET', '/v1/nope', 404, 'not_found'],
      ['GET', '/v1/ops/nothing-here', 404, 'not_found'],
      ['GET', '/v1/curling/live', 404, 'unknown_sport'],
      ['DELETE', '/v1/ops/events', 405, 'method_not_allowed'],
      ['PUT', '/v1/football/live', 405, 'method_not_allowed'],
    ];
    for (const [method, path, status, code] of cases) {
      const r = await raw(path, op, method);
      expect(`${method} ${path} ${r.status} ${r.body.code}`).toBe(`${method} ${path} ${status} ${code}`);
    }
    // The role check still holds on a route that exists.
    expect((await raw('/v1/football/live', op)).body.code).toBe('forbidden_role');
  });
});

describe('limits', () => {
  test('rotating a free key after every few requests does not reset its plan limit', async () => {
    let key = (await (await fetch(`${s.baseUrl}/v1/keys`, { method: 'POST' })).json()).key as string;
    let served = 0;
    let refused: Response | null = null;
    let refusedBody: unknown = null;
    for (let round = 0; round < 10 && !refused; round++) {
      for (let i = 0; i < 2 && !refused; i++) {
        const r = await fetch(`${s.baseUrl}/v1/football/live`, { headers: { authorization: `Bearer ${key}` } });
        if (r.status === 429) [refused, refusedBody] = [r, await r.json()];
        else {
          expect(r.status).toBe(200);
          served++;
          await r.arrayBuffer();
        }
      }
      if (refused) break;
      const rot = await fetch(`${s.baseUrl}/v1/keys/current/rotate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
      });
      if (rot.status === 429) [refused, refusedBody] = [rot, await rot.json()];
      else {
        expect(rot.status).toBe(201);
        served++;
        key = (await rot.json()).key;
      }
    }
    expect(refused, 'a 429 at the plan limit').not.toBeNull();
    expect(served).toBe(FREE_RPM); // reads and rotations together: the free plan's minute, once
    const body = ProblemSchema.parse(refusedBody);
    expect(body.code).toBe('rate_limited');
    expect(body.detail).toMatch(`free plan allows ${FREE_RPM} requests per minute`);
  });

  test('bodies: a declared length over the limit is 413 at once, a chunked body is cut at the limit, a slow body is 408 — all problem+json', async () => {
    // Declares ~1 TB, sends 2 bytes: answered before any more is read, and the connection closes.
    const declared = await rawExchange(
      'POST /v1/keys HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 999999999999\r\n\r\n{}',
    );
    expect(declared.closed).toBe(true);
    expect(declared.ms).toBeLessThan(4000);
    expect(parseRaw(declared.text)).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
    expect(declared.text).toMatch(/content-type: application\/problem\+json/i);

    // A chunked body that passes 16 KiB and never ends: the 413 comes without waiting for its end.
    const chunk = 'a'.repeat(20_000);
    const chunked = await rawExchange(
      'POST /v1/keys HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      {
        then: (sock) => sock.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`),
      },
    );
    expect(parseRaw(chunked.text)).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
    expect(chunked.closed).toBe(true);

    // 10 of 20 declared bytes, then silence: 408 problem+json after BODY_TIMEOUT_S (1 s here), connection closed.
    const slow = await rawExchange(
      'POST /v1/keys HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"name":"x',
      { capMs: 8000 },
    );
    expect(parseRaw(slow.text)).toMatchObject({ status: 408, body: { code: 'request_timeout', status: 408 } });
    expect(slow.closed).toBe(true);
    expect(slow.ms).toBeLessThan(6000);

    // Nothing of the above created a key, and the server still answers.
    expect(
      (await fetch(`${s.baseUrl}/v1/football/live`, { headers: { authorization: `Bearer ${s.apiKey}` } })).status,
    ).toBe(200);
  }, 30_000);

  test('WebSocket upgrades without a usable key count against the per-IP anonymous limit; an operator key is refused like a guess', async () => {
    const guess = await upgrade({ authorization: 'Bearer sl_not_a_real_key_000000000000000000000' });
    const operator = await upgrade({ authorization: `Bearer ${OPERATOR_KEY}` });
    for (const r of [guess, operator]) {
      expect(r.status).toBe(401);
      expect(r.headers['ratelimit-policy']).toBe(`"anonymous-ip";q=${ANON};w=60`);
      expect(r.headers['content-type']).toBe('application/problem+json');
    }
    expect(operator.body).toBe(guess.body); // byte for byte: nothing tells the valid operator key apart
    let statuses: number[] = [];
    for (let i = 0; i < ANON + 2; i++)
      statuses.push((await upgrade(i % 2 ? {} : { authorization: 'Bearer nope' })).status);
    statuses = statuses.filter((x) => x === 429);
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    const limited = await upgrade({ authorization: `Bearer ${OPERATOR_KEY}` });
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // REST shares the same counter: it is spent.
    expect((await fetch(`${s.baseUrl}/v1/football/live`)).status).toBe(429);
    // A data key still connects.
    const ok = new WebSocket(s.wsUrl, { headers: { authorization: `Bearer ${s.apiKey}` } });
    await new Promise((resolve, reject) => ok.once('open', resolve).once('error', reject));
    ok.close();
  });
});
