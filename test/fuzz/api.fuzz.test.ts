/**
 * Property-based fuzzing of the real server (fast-check), one server for the whole file
 * (football bootstrap, replay off, sandbox on). Requests are generated from the server's own
 * GET /v1/openapi.json for every operation and parameter of /v1, /sandbox/v1 and /v1/ops; plus
 * hostile headers over raw TCP (Host forms, Content-Length lies, Authorization forms), WebSocket
 * messages to /v1/ws, mixed /v1/ops/events batches, webhook URLs that hide a private address,
 * unknown paths and methods under each key role, key rotation against the plan's limit, secrets in
 * records and at rest, and WebSocket upgrades against the anonymous limit.
 * Every answer must satisfy test/fuzz/oracle.ts (no 5xx; 4xx problem+json; no stack or SQL; answered within HANG_MS, 5 s)
 * and the server must still answer a canary after every batch. Each test collects every violation
 * it meets (grouped by kind, with one example each) and fails listing them all.
 * FUZZ_SEED (default 1515) reproduces a run; FUZZ_RUNS scales the case counts (default 1).
 * FUZZ_SUMMARY=path writes the violations found to that file. Prints the number of cases tried.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WS_ERROR_CODES } from '@/lib/wire/ws';
import { startTestServer, waitForSandbox, type TestServer } from '../helpers/server';
import {
  deref,
  forgedCursor,
  hostileString,
  IMPOSSIBLE_DATES,
  NASTY_STRINGS,
  OUT_OF_RANGE,
  pct,
  PRIVATE_HOSTS,
  validFor,
  valueFor,
} from './arbitraries';
import { checkAnswer, HANG_MS, Recorder, timedFetch, type Answer } from './oracle';
import { rawRequest } from './raw-http';

const SEED = Number(process.env.FUZZ_SEED ?? 1515);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
// No word of a record's own fields (e.g. role "operator") inside the key, so the clear-text oracle below sees only leaks.
const OPERATOR = `fuzz_op_${randomBytes(12).toString('hex')}`;

type Json = Record<string, any>;
let s: TestServer;
let doc: Json;
let fixtureId: number;
const recorders: Record<string, Recorder> = {};
let totalCases = 0;
/** A webhook signing secret the suite registered: it must not be found in clear under DATA_DIR. */
let webhookSecret: string | null = null;

function recorder(name: string): Recorder {
  return (recorders[name] ??= new Recorder());
}

/** Runs `prop` under the suite's seed, then checks the canary; fails listing every violation. */
async function fuzz<T>(
  name: string,
  arb: fc.Arbitrary<T>,
  numRuns: number,
  body: (v: T, rec: Recorder) => Promise<void>,
  examples: T[] = [],
): Promise<void> {
  const rec = recorder(name);
  await fc.assert(
    fc.asyncProperty(arb, async (v) => {
      rec.cases++;
      await body(v, rec);
    }),
    // `examples` (inputs an outside probe once broke the server with) run first, then numRuns generated ones.
    { seed: SEED, numRuns: numRuns + examples.length, endOnFailure: true, examples: examples.map((e) => [e] as [T]) },
  );
  await canary(rec, name);
  totalCases += rec.cases;
  expect(rec.summary(), `${name}: violations (FUZZ_SEED=${SEED})`).toEqual([]);
}

/** The server still serves a data read and its liveness probe. */
async function canary(rec: Recorder, where: string): Promise<void> {
  const live = await timedFetch(`${s.baseUrl}/v1/football/live`, { headers: { authorization: `Bearer ${s.apiKey}` } });
  const health = await timedFetch(`${s.baseUrl}/healthz`, {});
  if (
    !('status' in live) ||
    live.status !== 200 ||
    !('status' in health) ||
    health.status !== 200 ||
    s.proc.exitCode !== null
  ) {
    rec.add({
      kind: 'canary-failed',
      where,
      example: 'GET /v1/football/live, GET /healthz',
      got: JSON.stringify([live, health]).slice(0, 300),
    });
  }
}

/** Sends a fetch and applies the oracle; a reset connection is a violation too. */
async function probe(
  rec: Recorder,
  where: string,
  url: string,
  init: RequestInit,
  example: string,
): Promise<Answer | null> {
  const a = await timedFetch(url, init);
  if ('error' in a) {
    // fetch refuses some requests itself (header values it will not send): not the server's doing.
    if (/Invalid|not a legal HTTP header|ByteString/i.test(a.error)) return null;
    rec.add({ kind: 'connection-error', where, example, got: a.error });
    return null;
  }
  checkAnswer(rec, a, where, example, /^\/(v1|sandbox)(\/|$)/.test(new URL(url).pathname));
  return 'hang' in a ? null : a;
}

const auth = (key: string | null): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});

async function json(
  method: string,
  p: string,
  body: unknown,
  key: string | null,
): Promise<{ status: number; body: any }> {
  const res = await fetch(s.baseUrl + p, {
    method,
    headers: { ...auth(key), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A fresh free-plan data key (POST /v1/keys). */
async function newKey(): Promise<string> {
  const r = await json('POST', '/v1/keys', { name: 'fuzz' }, null);
  if (r.status !== 201) throw new Error(`POST /v1/keys: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.key;
}

beforeAll(async () => {
  s = await startTestServer(
    {
      BOOTSTRAP_SPORTS: 'football',
      REPLAY: 'off',
      SANDBOX: 'on',
      PAGES: 'off', // the pages are not under test here; the custom server's routing and /v1 are
      // Registrations are fuzzed, deliveries never made: no webhook may leave this machine (no DNS, no outside traffic).
      WEBHOOKS: 'off',
      OPERATOR_API_KEY: OPERATOR,
      SANDBOX_IP_RPM: '1000000',
      KEY_CREATE_PER_IP_PER_HOUR: '1000000',
    },
    { listenTimeoutMs: 600_000, keepDataDir: true },
  );
  await waitForSandbox(s, 600_000);
  doc = (await json('GET', '/v1/openapi.json', undefined, null)).body;
  expect(
    (
      await json(
        'POST',
        '/v1/ops/competitions',
        { sport: 'football', league: 'fuzz-league', season: '2026', name: 'Fuzz League' },
        OPERATOR,
      )
    ).status,
  ).toBe(201);
  const f = await json(
    'POST',
    '/v1/ops/fixtures',
    {
      sport: 'football',
      league: 'fuzz-league',
      season: '2026',
      home_team: 'Edge Case FC',
      away_team: 'Null Island',
      kickoff: new Date().toISOString(),
    },
    OPERATOR,
  );
  expect(f.status, JSON.stringify(f.body)).toBe(201);
  fixtureId = f.body.id;
  expect(
    (
      await json(
        'POST',
        '/v1/ops/events',
        { events: [{ fixture_id: fixtureId, event_id: 'fz-ko', type: 'period_start', period: '1st_half' }] },
        OPERATOR,
      )
    ).body.stored,
  ).toBe(1);
}, 1_300_000);

/** Files under `dir` whose bytes contain `needle`. */
function filesContaining(dir: string, needle: Buffer): string[] {
  const found: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const p = path.join(e.parentPath, e.name);
    if (e.isFile() && fs.readFileSync(p).includes(needle)) found.push(path.relative(dir, p));
  }
  return found;
}

afterAll(async () => {
  await s?.stop();
  if (s && webhookSecret) {
    const rec = recorder('secrets at rest');
    rec.cases++;
    totalCases++;
    const found = filesContaining(s.dataDir, Buffer.from(webhookSecret));
    if (found.length)
      rec.add({
        kind: 'webhook-secret-in-clear',
        where: 'DATA_DIR',
        example: 'POST /v1/webhooks, then stop',
        got: `secret bytes found in ${found.slice(0, 3).join(', ')}`,
      });
  }
  if (s) fs.rmSync(s.dataDir, { recursive: true, force: true });
  const lines = Object.entries(recorders).flatMap(([name, r]) => r.summary().map((l) => `[${name}] ${l}`));
  console.log(
    `[fuzz] seed ${SEED}, ${totalCases} cases tried (${Object.entries(recorders)
      .map(([n, r]) => `${n} ${r.cases}`)
      .join(', ')}); ${lines.length} violation groups`,
  );
  for (const l of lines) console.log(`[fuzz] ${l}`);
  if (process.env.FUZZ_SUMMARY)
    fs.writeFileSync(process.env.FUZZ_SUMMARY, `seed ${SEED}, ${totalCases} cases\n${lines.join('\n')}\n`);
  expect(recorder('secrets at rest').summary(), 'secrets at rest').toEqual([]);
});

/** Every documented operation as [METHOD, path template, operation]. */
function operations(): [string, string, Json][] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([p, ms]) =>
    Object.entries(ms)
      .filter(([m]) => ['get', 'post', 'patch', 'delete', 'put'].includes(m))
      .map(([m, op]) => [m.toUpperCase(), p, op as Json] as [string, string, Json]),
  );
}

/**
 * A request for one operation: every path and query parameter valid except (most of the time)
 * one, which gets a value from its hostile family (impossible dates for dates, forged cursors,
 * out-of-range integers, NUL and lone surrogates); a body valid except one leaf (valueFor), or
 * not JSON at all.
 */
function requestFor(method: string, template: string, op: Json) {
  const params = ((op.parameters ?? []) as Json[])
    .map((p) => deref(doc, p))
    .filter((p) => p.in === 'path' || p.in === 'query');
  const hostileFor = (p: Json): fc.Arbitrary<unknown> => {
    const sch = deref(doc, p.schema ?? {});
    const families: fc.Arbitrary<unknown>[] = [hostileString];
    if (/^(from|to|since|until|date)$/.test(p.name))
      families.push(fc.constantFrom(...IMPOSSIBLE_DATES), fc.constantFrom(...IMPOSSIBLE_DATES));
    if (p.name === 'cursor') families.push(forgedCursor, forgedCursor);
    if (sch.type === 'integer' || /_id$|^id$|^limit$/.test(p.name)) families.push(fc.constantFrom(...OUT_OF_RANGE));
    return fc.oneof(...families);
  };
  const key = (p: Json) => `${p.in}:${p.name}`;
  const validOf = (p: Json) =>
    p.name.endsWith('_id') && deref(doc, p.schema ?? {}).type === 'integer'
      ? fc.integer({ min: 1, max: 800 })
      : validFor(doc, deref(doc, p.schema ?? {}), 0);
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  // Path parameters always, at most two optional query parameters (a random league or team that
  // does not exist would end most requests in an early 404), then maybe one hostile parameter.
  const valid = fc
    .tuple(
      fc.record(Object.fromEntries(pathParams.map((p) => [key(p), validOf(p)]))),
      queryParams.length
        ? fc.subarray(queryParams, { maxLength: Math.min(2, queryParams.length) })
        : fc.constant([] as Json[]),
    )
    .chain(([path, chosen]) =>
      fc
        .record(Object.fromEntries(chosen.map((p) => [key(p), validOf(p)])))
        .map((q) => ({ ...path, ...q }) as Record<string, unknown>),
    );
  const values = params.length
    ? fc
        .tuple(valid, fc.option(fc.constantFrom(...params), { freq: 4 }))
        .chain(([v, target]) =>
          target ? hostileFor(target).map((bad) => ({ ...v, [key(target)]: bad })) : fc.constant(v),
        )
    : fc.constant({} as Record<string, unknown>);
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema
    ? fc.oneof(
        { arbitrary: valueFor(doc, bodySchema).map((b) => JSON.stringify(b)), weight: 6 },
        { arbitrary: fc.constantFrom('{', '', 'null', '[]', '{"a":1,"a":2}', '"\\u0000"', '\u0000'), weight: 1 },
      )
    : fc.constant(undefined);
  return fc
    .record({
      values,
      body,
      keyChoice: fc.constantFrom(
        'right',
        'right',
        'right',
        'right',
        'right',
        'right',
        'right',
        'none',
        'other',
        'garbage',
      ),
    })
    .map(({ values, body, keyChoice }) => {
      let url = template;
      const query: string[] = [];
      for (const [k, v] of Object.entries(values)) {
        const [where, name] = k.split(':');
        if (where === 'path') url = url.replace(`{${name}}`, pct(String(v)));
        else query.push(`${pct(name)}=${pct(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`);
      }
      return { method, template, url: query.length ? `${url}?${query.join('&')}` : url, body, keyChoice };
    });
}

describe('generated from /v1/openapi.json', () => {
  test('every operation of /v1 (data key) and /v1/ops (operator key)', async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(30);
    const arb = fc.oneof(...ops.map(([m, p, op]) => requestFor(m, p, op)));
    const cursor = (k: unknown, i: unknown) => Buffer.from(JSON.stringify({ k, i })).toString('base64url');
    const ex = (method: string, template: string, url: string, body?: unknown) => ({
      method,
      template,
      url,
      body: body === undefined ? undefined : JSON.stringify(body),
      keyChoice: 'right',
    });
    const known = [
      ex('GET', '/v1/{sport}/fixtures', '/v1/football/fixtures?from=2024-02-30'),
      ex('GET', '/v1/{sport}/results', '/v1/football/results?to=2023-02-29'),
      ex('GET', '/v1/{sport}/fixtures', '/v1/football/fixtures?to=2024-04-31'),
      ex('GET', '/v1/{sport}/results', '/v1/football/results?from=0000-01-01'),
      ex('GET', '/v1/{sport}/fixtures', `/v1/football/fixtures?cursor=${cursor('1', 1)}`),
      ex('GET', '/v1/{sport}/results', `/v1/football/results?cursor=${cursor('2024-01-01 (x)', 1)}`),
      ex('GET', '/v1/{sport}/fixtures', `/v1/football/fixtures?cursor=${cursor('2025-01-01T00:00:00.000Z', 1e308)}`),
      ex(
        'GET',
        '/v1/{sport}/results',
        `/v1/football/results?cursor=${cursor('2025-01-01T00:00:00.000Z', 2 ** 53 + 1)}`,
      ),
      ex('GET', '/v1/ops/fixtures', '/v1/ops/fixtures?league=%00'),
      ex('POST', '/v1/keys', '/v1/keys', { name: 'fuzz\u0000key' }),
      ex('POST', '/v1/webhooks', '/v1/webhooks', {
        url: 'https://example.com/nul',
        events: ['match.*'],
        description: 'a\u0000b',
      }),
      ex('POST', '/v1/ops/competitions', '/v1/ops/competitions', {
        sport: 'football',
        league: 'nul-league',
        season: '2026',
        name: 'Nul\u0000League',
      }),
    ];
    await fuzz(
      'openapi /v1 + /v1/ops',
      arb,
      runs(700),
      async (r, rec) => {
        const ops = r.template.startsWith('/v1/ops');
        const selfManaged =
          (r.template === '/v1/keys/current' && r.method === 'DELETE') || r.template === '/v1/keys/current/rotate';
        // Revoking or rotating a key (DELETE /v1/keys/current, rotate) only ever hits a throwaway key.
        const right = ops ? OPERATOR : selfManaged ? await newKey() : s.apiKey;
        const other = ops ? s.apiKey : selfManaged ? await newKey() : OPERATOR;
        const key =
          r.keyChoice === 'right'
            ? right
            : r.keyChoice === 'none'
              ? null
              : r.keyChoice === 'other'
                ? other
                : `sl_${randomBytes(16).toString('base64url')}`;
        const example = `${r.method} ${r.url} key=${r.keyChoice} body=${r.body?.slice(0, 200) ?? '-'}`;
        await probe(
          rec,
          `${r.method} ${r.template}`,
          s.baseUrl + r.url,
          {
            method: r.method,
            headers: { ...auth(key), ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}) },
            body: r.body,
          },
          example,
        );
      },
      known,
    );
  }, 240_000);

  test('every read operation of /sandbox/v1 (no key)', async () => {
    const ops = operations().filter(([m, p]) => m === 'GET' && /^\/v1\/\{sport\}\//.test(p));
    const arb = fc.oneof(...ops.map(([m, p, op]) => requestFor(m, p, op)));
    await fuzz(
      'openapi /sandbox/v1',
      arb,
      runs(120),
      async (r, rec) => {
        const example = `${r.method} /sandbox${r.url}`;
        await probe(
          rec,
          `${r.method} /sandbox${r.template}`,
          `${s.baseUrl}/sandbox${r.url}`,
          { method: r.method },
          example,
        );
      },
      [
        {
          method: 'GET',
          template: '/v1/{sport}/fixtures',
          url: '/v1/football/fixtures?from=2024-02-30',
          body: undefined,
          keyChoice: 'none',
        },
        {
          method: 'GET',
          template: '/v1/{sport}/results',
          url: '/v1/football/results?from=2024-04-31',
          body: undefined,
          keyChoice: 'none',
        },
      ],
    );
  }, 120_000);
});

describe('hostile headers (raw TCP)', () => {
  const HOSTS = [
    'x/v1/keys/current?',
    'x/v1/ops/health?',
    'x/v1/webhooks?',
    'x/v1/openapi.json#',
    'evil.example',
    '127.0.0.1:1',
    '[::1]',
    'a b',
    'x?y=1',
    'x#f',
    '',
    'x/',
    '@x',
    'u:p@x',
    'x'.repeat(3000),
    'x\\y',
    '%2F',
    '127.0.0.1:99999',
    'localhost:0',
  ];
  const AUTHS = (key: string) => [
    `Bearer ${key}`,
    `bearer ${key}`,
    `Bearer  ${key}`,
    `Bearer ${key} `,
    `Bearer`,
    `Bearer `,
    `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    `Token ${key}`,
    `Bearer ${key}, Bearer x`,
    `Bearer ${'A'.repeat(9000)}`,
    `Bearer ${key}\u0000`,
    `Bearer ${OPERATOR}`,
    `Bearer ${key.slice(0, -1)}`,
    `Bearer ${key}x`,
  ];

  test('Host forms, Authorization forms and Content-Length lies never reroute, crash or hang', async () => {
    const base = await rawRequest(
      s.port,
      `GET /v1/football/live HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${s.apiKey}\r\nConnection: close`,
    );
    expect('status' in base && base.status).toBe(200);
    const baseKeys = Object.keys(JSON.parse((base as Answer).body))
      .sort()
      .join(',');
    const arb = fc.record({
      host: fc.oneof(
        fc.constantFrom(...HOSTS),
        fc.constantFrom(...HOSTS).map((h) => `${h}${h}`),
        hostileString.map((h) => h.replace(/[\r\n]/g, '')),
      ),
      authorization: fc.constantFrom(...AUTHS(s.apiKey)),
      target: fc.constantFrom(
        '/v1/football/live',
        '/v1/football/fixtures?league=premier-league',
        '/sandbox/v1/football/live',
      ),
    });
    await fuzz('headers: Host × Authorization', arb, runs(120), async (r, rec) => {
      const head = `GET ${r.target} HTTP/1.1\r\nHost: ${r.host}\r\nAuthorization: ${r.authorization}\r\nConnection: close`;
      const a = await rawRequest(s.port, head);
      const example = JSON.stringify({
        host: r.host.slice(0, 80),
        authorization: r.authorization.slice(0, 60),
        target: r.target,
      });
      if ('closed' in a) return; // Node's parser refusing a malformed header line closes the socket: not a crash
      checkAnswer(rec, a, `GET ${r.target.split('?')[0]} Host=…`, example);
      if ('hang' in a) return;
      // The route comes from the request target only: a 200 has the target's shape, never another route's.
      if (
        a.status === 200 &&
        r.target === '/v1/football/live' &&
        Object.keys(JSON.parse(a.body)).sort().join(',') !== baseKeys
      )
        rec.add({ kind: 'host-rerouted', where: 'Host header', example, got: a.body.slice(0, 200) });
      if (a.status === 200 && /"(role|prefix|secret|endpoints|feeds)"/.test(a.body))
        rec.add({ kind: 'host-rerouted', where: 'Host header', example, got: a.body.slice(0, 200) });
    });
  }, 120_000);

  test('declared bodies: a Content-Length over the limit is refused at once, a lying one never hangs a worker', async () => {
    const rec = recorder('headers: Content-Length');
    const post = (target: string, key: string, extra: string) =>
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n${extra}Connection: close`;
    const cases: [string, string, Buffer | string][] = [
      ['CL 999999999999, 2 bytes sent', post('/v1/webhooks', s.apiKey, 'Content-Length: 999999999999\r\n'), '{}'],
      [
        'CL 8 MiB, 64 KiB sent',
        post('/v1/webhooks', s.apiKey, `Content-Length: ${8 * 1024 * 1024}\r\n`),
        Buffer.alloc(64 * 1024, 0x20),
      ],
      [
        'ops CL 64 MiB, 64 KiB sent',
        post('/v1/ops/events', OPERATOR, `Content-Length: ${64 * 1024 * 1024}\r\n`),
        Buffer.alloc(64 * 1024, 0x20),
      ],
      ['CL -1', post('/v1/webhooks', s.apiKey, 'Content-Length: -1\r\n'), '{}'],
      ['CL twice, different', post('/v1/webhooks', s.apiKey, 'Content-Length: 2\r\nContent-Length: 3\r\n'), '{}'],
      [
        'CL and chunked',
        post('/v1/webhooks', s.apiKey, 'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n'),
        '0\r\n\r\n',
      ],
      ['CL shorter than body', post('/v1/keys', s.apiKey, 'Content-Length: 1\r\n'), '{"name":"x"}'],
    ];
    for (const [name, head, body] of cases) {
      rec.cases++;
      const a = await rawRequest(s.port, head, body, HANG_MS);
      if ('closed' in a) continue; // Node's parser refusing the framing: connection closed, nothing served
      checkAnswer(rec, a, name, name);
      if (!('hang' in a) && /^CL (999|8 MiB)|^ops CL/.test(name) && a.status !== 413)
        rec.add({
          kind: 'declared-length-not-413',
          where: name,
          example: name,
          got: `${a.status} ${a.body.slice(0, 100)}`,
        });
    }
    await canary(rec, 'Content-Length');
    totalCases += rec.cases;
    expect(rec.summary()).toEqual([]);
  }, 60_000);
});

describe('/v1/ops/events batches', () => {
  test('in a mixed batch every valid item is stored (read back) whatever malformed items sit beside it', async () => {
    let n = 0;
    const valid = fc
      .record({
        type: fc.constantFrom('goal', 'card'),
        side: fc.constantFrom('home', 'away'),
        minute: fc.integer({ min: 1, max: 44 }),
      })
      .map((e) => ({
        kind: 'valid' as const,
        item: {
          fixture_id: fixtureId,
          event_id: `fz-${SEED}-${++n}`,
          type: e.type,
          side: e.side,
          player: 'P. Valid',
          minute: e.minute,
          period: '1st_half',
          ...(e.type === 'card' ? { detail: { card: 'yellow' } } : {}),
        },
      }));
    const nasty = fc.oneof(
      { arbitrary: fc.constantFrom('\u0000', 'P. \u0000Bad', '\ud800', 'x\udfff'), weight: 3 },
      { arbitrary: fc.constantFrom(...NASTY_STRINGS, ...OUT_OF_RANGE), weight: 1 },
    );
    const malformed = fc
      .record({
        field: fc.constantFrom(
          'event_id',
          'type',
          'side',
          'player',
          'player',
          'period',
          'minute',
          'fixture_id',
          'detail',
          'occurred_at',
          'extra',
        ),
        value: fc.oneof(
          { arbitrary: nasty, weight: 3 },
          {
            arbitrary: fc.constantFrom<unknown>(
              2147483648,
              1e308,
              -1,
              null,
              [],
              {},
              { note: '\u0000' },
              '2024-02-30T00:00:00Z',
            ),
            weight: 1,
          },
        ),
      })
      .map(({ field, value }) => ({
        kind: 'malformed' as const,
        item: {
          fixture_id: fixtureId,
          event_id: `fz-bad-${SEED}-${++n}`,
          type: 'goal',
          side: 'home',
          player: 'P. Bad',
          minute: 5,
          period: '1st_half',
          [field]: value,
        } as Json,
      }));
    const arb = fc
      .array(fc.oneof(valid, malformed), { minLength: 2, maxLength: 8 })
      .filter((items) => items.some((i) => i.kind === 'valid'));
    await fuzz('ops/events mixed batch', arb, runs(25), async (items, rec) => {
      const example = JSON.stringify(items.map((i) => i.item)).slice(0, 400);
      const a = await probe(
        rec,
        'POST /v1/ops/events',
        `${s.baseUrl}/v1/ops/events`,
        {
          method: 'POST',
          headers: { ...auth(OPERATOR), 'content-type': 'application/json' },
          body: JSON.stringify({ events: items.map((i) => i.item) }),
        },
        example,
      );
      const wanted = items.filter((i) => i.kind === 'valid').map((i) => i.item.event_id as string);
      if (a && a.status !== 200)
        rec.add({
          kind: 'batch-refused-whole',
          where: 'POST /v1/ops/events',
          example,
          got: `${a.status} ${a.body.slice(0, 200)}`,
        });
      const stored = new Set(
        ((await json('GET', `/v1/ops/fixtures/${fixtureId}`, undefined, OPERATOR)).body?.events ?? []).map(
          (e: Json) => e.event_id,
        ),
      );
      const lost = wanted.filter((id) => !stored.has(id));
      if (lost.length)
        rec.add({
          kind: 'valid-items-lost',
          where: 'POST /v1/ops/events',
          example,
          got: `not stored: ${lost.join(', ')}`,
        });
    });
  }, 120_000);
});

describe('WebSocket /v1/ws', () => {
  /** One connection that records every message and its close. */
  async function connect(): Promise<{ ws: WebSocket; msgs: Json[]; closed: { code: number; reason: string } | null }> {
    const ws = new WebSocket(s.wsUrl, { headers: auth(s.apiKey) });
    const c = { ws, msgs: [] as Json[], closed: null as { code: number; reason: string } | null };
    ws.on('message', (d) => {
      try {
        c.msgs.push(JSON.parse(d.toString()));
      } catch {
        c.msgs.push({ type: '<not json>', raw: d.toString().slice(0, 100) });
      }
    });
    ws.on('close', (code, reason) => (c.closed = { code, reason: reason.toString() }));
    ws.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_q, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
    return c;
  }
  const until = async (f: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!f() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return f();
  };
  const ANSWERS = new Set(['subscribed', 'unsubscribed', 'resumed', 'resync', 'pong', 'error']);

  const channel = fc.oneof(
    { arbitrary: fc.constantFrom('football.live', 'football.odds', 'basketball.live', 'tennis.odds'), weight: 3 },
    { arbitrary: hostileString, weight: 1 },
  );
  const fixture = fc.oneof(
    fc.integer({ min: 1, max: 800 }),
    fc.constantFrom<unknown>(2147483648, 2 ** 53 + 1, 1e308, -2147483649),
    fc.constantFrom<unknown>(-1, 0, 1.5, '12', null),
  );
  const sub = fc.record(
    { channel, league: fc.oneof(fc.constantFrom('premier-league', 'fuzz-league'), hostileString), fixture_id: fixture },
    { requiredKeys: ['channel'] },
  );
  const message: fc.Arbitrary<string | Buffer> = fc.oneof(
    sub.map((m) => JSON.stringify({ type: 'subscribe', ...m })),
    sub.map((m) => JSON.stringify(m)),
    sub.map((m) => JSON.stringify({ type: 'unsubscribe', ...m })),
    fc
      .record({
        last_seq: fc.oneof(
          fc.integer({ min: 0, max: 5000 }),
          fc.constantFrom<unknown>(2147483648, 2 ** 53 + 1, 1e308, -1, '5', null),
        ),
        subscriptions: fc.array(sub, { maxLength: 3 }),
      })
      .map((m) => JSON.stringify({ type: 'resume', ...m })),
    fc.constant(JSON.stringify({ type: 'ping' })),
    fc.oneof(
      hostileString,
      fc.constantFrom(
        '{',
        '[]',
        'null',
        '{"type":"subscribe","channel":"football.live","league":"\u0000"}',
        '{"type":"\ud800"}',
      ),
    ),
    fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
  );

  test('generated messages: every one is answered (error codes as documented), never closed 1011, 20 errors in a row close 4003', async () => {
    let c = await connect();
    const knownWs = [
      [JSON.stringify({ type: 'subscribe', channel: 'football.live', fixture_id: 2147483648 })],
      [JSON.stringify({ type: 'resume', last_seq: 1e308, subscriptions: [{ channel: 'football.live' }] })],
    ];
    await fuzz(
      'ws messages',
      fc.array(message, { minLength: 1, maxLength: 4 }),
      runs(100),
      async (msgs, rec) => {
        if (c.closed || c.ws.readyState !== WebSocket.OPEN) c = await connect();
        for (const m of msgs) {
          const example = String(m).slice(0, 200);
          const from = c.msgs.length;
          c.ws.send(m);
          const answered = await until(
            () => c.closed !== null || c.msgs.slice(from).some((x) => ANSWERS.has(x.type)),
            HANG_MS,
          );
          if (c.closed) {
            if (c.closed.code === 1011)
              rec.add({ kind: 'ws-close-1011', where: 'client message', example, got: JSON.stringify(c.closed) });
            else if (c.closed.code !== 4003)
              rec.add({
                kind: `ws-close-${c.closed.code}`,
                where: 'client message',
                example,
                got: JSON.stringify(c.closed),
              });
            return;
          }
          if (!answered)
            rec.add({
              kind: 'ws-no-answer',
              where: 'client message',
              example,
              got: JSON.stringify(c.msgs.slice(from)).slice(0, 200),
            });
          for (const e of c.msgs.slice(from).filter((x) => x.type === 'error'))
            if (!(WS_ERROR_CODES as readonly string[]).includes(e.code))
              rec.add({ kind: 'ws-undocumented-error-code', where: 'client message', example, got: JSON.stringify(e) });
        }
      },
      knownWs as (string | Buffer)[][],
    );
    c.ws.close();

    // Past the 100-subscription cap, each further subscribe is refused; 20 refusals in a row close 4003.
    const rec = recorder('ws too_many_subscriptions');
    const d = await connect();
    for (let i = 0; i < 125 && !d.closed; i++) {
      rec.cases++;
      d.ws.send(JSON.stringify({ channel: 'football.live', league: `fz-l${i}` }));
      await until(() => d.closed !== null || d.msgs.filter((x) => ANSWERS.has(x.type)).length > i, HANG_MS);
    }
    await until(() => d.closed !== null, 1000);
    const refused = d.msgs.filter((x) => x.code === 'too_many_subscriptions').length;
    if (d.closed?.code !== 4003)
      rec.add({
        kind: 'ws-no-4003',
        where: 'too_many_subscriptions',
        example: '125 subscribes to distinct leagues',
        got: `${refused} too_many_subscriptions errors, close ${JSON.stringify(d.closed)}`,
      });
    d.ws.close();
    totalCases += rec.cases;
    expect(rec.summary()).toEqual([]);
  }, 120_000);
});

describe('webhooks: SSRF', () => {
  test('a webhook URL whose host is loopback, private or link-local in any spelling is refused', async () => {
    const arb = fc.record({
      host: fc.constantFrom(...PRIVATE_HOSTS),
      scheme: fc.constantFrom('http', 'https'),
      port: fc.constantFrom('', ':80', ':8080'),
      path: fc.constantFrom('/hook', '/', '/a?b=c'),
    });
    let registered = 0;
    await fuzz('webhook SSRF', arb, runs(PRIVATE_HOSTS.length * 2), async (r, rec) => {
      const url = `${r.scheme}://${r.host}${r.port}${r.path}`;
      const a = await probe(
        rec,
        'POST /v1/webhooks',
        `${s.baseUrl}/v1/webhooks`,
        {
          method: 'POST',
          headers: { ...auth(s.apiKey), 'content-type': 'application/json' },
          body: JSON.stringify({ url, events: ['match.*'] }),
        },
        url,
      );
      if (a?.status === 201) {
        registered++;
        rec.add({ kind: 'ssrf-private-host-registered', where: 'POST /v1/webhooks', example: url, got: '201' });
        await fetch(`${s.baseUrl}/v1/webhooks/${JSON.parse(a.body).id}`, { method: 'DELETE', headers: auth(s.apiKey) });
      }
    });
    expect(registered).toBe(0);
  }, 120_000);
});

describe('routing under each key role', () => {
  test('an unknown path or a wrong method is 404 / 405 for every key, never 403', async () => {
    const documented = operations();
    const wrongMethod = fc.constantFrom(...documented).chain(([m, p]) => {
      const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
        (x) => x !== m && !documented.some(([m2, p2]) => p2 === p && m2 === x) && !(x === 'GET' && m === 'HEAD'),
      );
      return fc
        .constantFrom(...others)
        .map((x) => ({ method: x, path: p.replace(/\{[^}]+\}/g, '1').replace('{sport}', 'football'), expect: 405 }));
    });
    const unknown = fc
      .record({
        method: fc.constantFrom('GET', 'POST', 'DELETE'),
        path: fc.oneof(
          fc.constantFrom(
            '/v1/ops/nope',
            '/v1/ops',
            '/v1/ops/health/x',
            '/v1/nope',
            '/v1/keys/nope',
            '/v1/webhooks/wh_x/nope',
            '/v1/ops/fixtures/1/nope',
          ),
          fc.stringMatching(/^[a-z]{1,8}$/).map((x) => `/v1/ops/${x}/${x}`),
        ),
      })
      .map((r) => ({ ...r, expect: 404 }));
    const arb = fc.record({ req: fc.oneof(wrongMethod, unknown), key: fc.constantFrom('operator', 'data') });
    await fuzz('routing: unknown path / wrong method', arb, runs(60), async ({ req, key }, rec) => {
      const p = req.path.replace('{sport}', 'football');
      const example = `${req.method} ${p} with the ${key} key`;
      const a = await probe(
        rec,
        `${req.method} ${req.path}`,
        s.baseUrl + p,
        {
          method: req.method,
          headers: { ...auth(key === 'operator' ? OPERATOR : s.apiKey), 'content-type': 'application/json' },
          body: req.method === 'GET' || req.method === 'DELETE' ? undefined : '{}',
        },
        example,
      );
      if (a && a.status === 403)
        rec.add({
          kind: 'forbidden-instead-of-404/405',
          where: `${req.expect === 404 ? 'unknown path' : 'wrong method'}`,
          example,
          got: a.body.slice(0, 160),
        });
      else if (a && a.status !== 404 && a.status !== 405 && a.status !== 429)
        rec.add({ kind: `unknown-route-${a.status}`, where: 'routing', example, got: a.body.slice(0, 160) });
    });
  }, 120_000);
});

describe('limits and secrets', () => {
  test('rotating a key never resets its rate limit (the limit belongs to the key, not to its secret)', async () => {
    const arb = fc.integer({ min: 5, max: 30 });
    await fuzz('limits: rotation', arb, runs(1), async (every, rec) => {
      let key = await newKey();
      let ok = 0;
      for (let i = 1; i <= 90; i++) {
        const a = await timedFetch(`${s.baseUrl}/v1/football/live`, { headers: auth(key) });
        if ('status' in a && a.status === 200) ok++;
        if (i % every === 0) {
          const r = await json('POST', '/v1/keys/current/rotate', undefined, key);
          if (r.status === 201) key = r.body.key;
        }
      }
      // The free plan allows 60 requests per minute; the rotations count against it too.
      if (ok > 60)
        rec.add({
          kind: 'limit-reset-by-rotation',
          where: 'POST /v1/keys/current/rotate',
          example: `90 reads, rotating every ${every}`,
          got: `${ok} × 200 (free plan: 60/min)`,
        });
    });
  }, 120_000);

  test('records never show 7 characters of a chosen key; webhook signing secrets are not stored in clear', async () => {
    const rec = recorder('secrets');
    for (const key of [OPERATOR, s.apiKey]) {
      rec.cases++;
      const me = (await json('GET', '/v1/keys/current', undefined, key)).body;
      for (const v of Object.values(me ?? {}))
        if (typeof v === 'string' && v.length >= 7 && key.includes(v))
          rec.add({
            kind: 'chosen-key-in-clear',
            where: 'GET /v1/keys/current',
            example: `key ${key.slice(0, 4)}…`,
            got: `field shows "${v}"`,
          });
    }
    rec.cases++;
    const hook = await json(
      'POST',
      '/v1/webhooks',
      { url: 'https://93.184.216.34/fuzz-hook', events: ['match.*'] },
      s.apiKey,
    );
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    // The store writes its pages for sure on shutdown: afterAll looks for these bytes under DATA_DIR then.
    webhookSecret = String(hook.body.secret).replace(/^whsec_/, '');
    await canary(rec, 'secrets');
    totalCases += rec.cases;
    expect(rec.summary()).toEqual([]);
  }, 60_000);

  test('WebSocket upgrades with bad keys meet the anonymous limit (429), and an operator key is told apart from a guess by nothing', async () => {
    const rec = recorder('ws upgrades');
    const upgrade = (key: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(s.wsUrl, { headers: auth(key) });
        ws.once('open', () => {
          ws.close();
          resolve(101);
        });
        ws.once('unexpected-response', (_q, res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        ws.once('error', () => resolve(-1));
      });
    const guess = await upgrade(`sl_${randomBytes(16).toString('base64url')}`);
    const operator = await upgrade(OPERATOR);
    rec.cases += 2;
    if (operator !== guess)
      rec.add({
        kind: 'ws-operator-key-distinguishable',
        where: 'GET /v1/ws',
        example: 'operator key vs a random key',
        got: `${operator} vs ${guess}`,
      });
    const statuses = new Map<number, number>();
    for (let i = 0; i < 140; i++) {
      rec.cases++;
      const st = await upgrade(`sl_${randomBytes(16).toString('base64url')}`);
      statuses.set(st, (statuses.get(st) ?? 0) + 1);
      if (st >= 500 || st === -1)
        rec.add({ kind: `ws-upgrade-${st}`, where: 'GET /v1/ws', example: 'bad key', got: String(st) });
    }
    // REST answers 429 after ANON_IP_RPM (120) bad-key requests per minute from one address.
    if (!statuses.get(429))
      rec.add({
        kind: 'ws-upgrade-no-anon-limit',
        where: 'GET /v1/ws',
        example: '140 upgrades with bad keys',
        got: JSON.stringify(Object.fromEntries(statuses)),
      });
    await canary(rec, 'ws upgrades');
    totalCases += rec.cases;
    expect(rec.summary()).toEqual([]);
  }, 120_000);
});
