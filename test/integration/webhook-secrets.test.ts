/**
 * Webhook signing secrets at rest (issue 15 #12, docs/webhooks.md), on the machine's real
 * PostgreSQL (its own database, dropped afterwards) with real servers, a real receiver that
 * verifies signatures, and the real CLI: secrets are stored sealed (never in clear), a plaintext
 * row from before encryption is sealed on start, a rotated key list still signs with old rows,
 * `webhooks reencrypt` moves every row to the new key, and a server without the key that sealed a
 * row refuses to start (exit 2, naming WEBHOOK_SECRET_KEY). Two server starts, one refused start
 * and one CLI run: about 30 s on an idle machine.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newSigningSecret } from '@/server/webhooks/signing';
import { startReceiver, type Receiver, type ReceiverOptions } from '../helpers/receivers';
import { ensureBuild, makeTempDataDir, ROOT, spawnServer, startTestServer, type TestServer } from '../helpers/server';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `scoreline_whsec_${randomBytes(5).toString('hex')}`;
const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const K1 = randomBytes(32).toString('base64');
const K2 = randomBytes(32).toString('hex');
const apiKey = `test_${randomBytes(18).toString('base64url')}`;
const ENV = { DATABASE_URL: dbUrl, BOOTSTRAP: 'off', REPLAY: 'off', PAGES: 'off', WEBHOOK_ALLOW_LOOPBACK: 'on' };
let db: pg.Client;
let receiver: Receiver;
const rOpts: ReceiverOptions = {};
const servers: TestServer[] = [];

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function call(s: TestServer, method: string, path: string, body?: unknown) {
  const res = await fetch(s.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const stored = async () =>
  (await db.query('select id, secret from webhook_endpoints order by id')).rows as { id: string; secret: string }[];

beforeAll(async () => {
  await ensureBuild();
  await admin(`CREATE DATABASE ${dbName}`);
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  receiver = await startReceiver(rOpts);
}, 60_000);

afterAll(async () => {
  for (const s of servers) await s.stop();
  await receiver?.close();
  await db?.end();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

test('secrets are sealed at rest, survive a key rotation and re-encryption, and a missing key stops the start', async () => {
  // 1. A server with K1: the registered endpoint's secret is shown to its owner, stored sealed.
  const a = await startTestServer({ ...ENV, WEBHOOK_SECRET_KEY: K1 }, { apiKey });
  servers.push(a);
  const created = await call(a, 'POST', '/v1/webhooks', { url: receiver.url });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const secret: string = created.body.secret;
  expect(secret).toMatch(/^whsec_/);
  let rows = await stored();
  expect(rows).toHaveLength(1);
  expect(rows[0].secret).toMatch(/^enc:v1:[0-9a-f]{8}:/);
  expect(JSON.stringify(rows)).not.toContain(secret.slice(6));
  expect((await call(a, 'GET', `/v1/webhooks/${created.body.id}`)).body.secret).toBe(secret);
  // A delivery is signed with the real secret (the receiver verifies it; a bad signature would be a 400).
  rOpts.secret = secret;
  expect((await call(a, 'POST', `/v1/webhooks/${created.body.id}/test`)).status).toBe(202);
  await receiver.waitFor(1, 20_000);

  // A plaintext secret as an older version stored it.
  const legacy = newSigningSecret();
  const {
    rows: [owner],
  } = await db.query('select key_id from webhook_endpoints limit 1');
  await db.query(
    "insert into webhook_endpoints (id, key_id, url, events, sports, leagues, secret, from_seq, status) values ('wh_legacy', $1, $2, '[\"*\"]', '[]', '[]', $3, 0, 'disabled')",
    [owner.key_id, receiver.url, legacy],
  );
  await a.stop();

  // 2. Rotation: K2 first, K1 still listed. The start seals the plaintext row (under K2); the K1 row stays readable.
  const b = await startTestServer({ ...ENV, WEBHOOK_SECRET_KEY: `${K2},${K1}` }, { apiKey });
  servers.push(b);
  rows = await stored();
  expect(rows.every((r) => r.secret.startsWith('enc:v1:'))).toBe(true);
  expect(JSON.stringify(rows)).not.toContain(legacy.slice(6));
  expect(new Set(rows.map((r) => r.secret.split(':')[2])).size).toBe(2); // one row per key
  expect((await call(b, 'GET', '/v1/webhooks/wh_legacy')).body.secret).toBe(legacy);
  expect((await call(b, 'GET', `/v1/webhooks/${created.body.id}`)).body.secret).toBe(secret);

  // 3. The CLI re-seals everything under K2 (the server keeps running: PostgreSQL is shared).
  const cli = await new Promise<{ code: number | null; out: string }>((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', 'webhooks', 'reencrypt'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: dbUrl, WEBHOOK_SECRET_KEY: `${K2},${K1}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout!.on('data', (d) => (out += d));
    p.stderr!.on('data', (d) => (out += d));
    p.on('close', (code) => resolve({ code, out }));
  });
  expect(cli.code, cli.out).toBe(0);
  expect(cli.out).toMatch(/Re-encrypted 1 webhook signing secret under key [0-9a-f]{8}/);
  rows = await stored();
  expect(new Set(rows.map((r) => r.secret.split(':')[2])).size).toBe(1);
  // Deliveries still carry the right signature.
  expect((await call(b, 'POST', `/v1/webhooks/${created.body.id}/test`)).status).toBe(202);
  await receiver.waitFor(2, 20_000);
  expect(receiver.received.filter((d) => d.verified === false)).toHaveLength(0);
  await b.stop();

  // 4. Only K1 now: the rows are sealed with K2, so the start is refused before serving anything.
  const dataDir = makeTempDataDir();
  const c = spawnServer({
    ...ENV,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    INITIAL_API_KEY: apiKey,
    WEBHOOK_SECRET_KEY: K1,
  });
  const { code } = await c.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  expect(code, c.logs()).toBe(2);
  expect(c.logs()).toMatch(/not in WEBHOOK_SECRET_KEY/);
  expect(c.logs()).not.toMatch(/\n\s+at /);
}, 300_000);
