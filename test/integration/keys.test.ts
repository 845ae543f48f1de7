/**
 * Self-serve keys against the real server on the machine's real PostgreSQL (its own database,
 * dropped afterwards): create (shown once, stored only as a SHA-256 hash), read with last-used
 * time, rotate (old key refused at once), revoke, the per-IP creation limit with its RateLimit
 * headers, bad bodies answered 4xx with nothing stored, and the request id in the access log.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ApiKeySchema, NewApiKeySchema } from '@/lib/wire/keys';
import { ProblemSchema } from '@/lib/wire/schemas';
import { ensureBuild, startTestServer, type TestServer } from '../helpers/server';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `scoreline_keys_${randomBytes(5).toString('hex')}`;
const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
let s: TestServer;
let db: pg.Client;

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await ensureBuild();
  await admin(`CREATE DATABASE ${dbName}`);
  s = await startTestServer({
    DATABASE_URL: dbUrl,
    BOOTSTRAP: 'off',
    REPLAY: 'off',
    PAGES: 'off',
    KEY_CREATE_PER_IP_PER_HOUR: '3',
  });
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end();
  await s?.stop();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

async function call(
  method: string,
  path: string,
  opts: { key?: string; body?: string; type?: string; rid?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.body !== undefined) headers['content-type'] = opts.type ?? 'application/json';
  if (opts.rid) headers['x-request-id'] = opts.rid;
  const res = await fetch(s.baseUrl + path, { method, headers, body: opts.body });
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : null };
}

const keyCount = async () => Number((await db.query('select count(*) as n from api_keys')).rows[0].n);

test('bad bodies are 4xx problem+json and store nothing', async () => {
  const before = await keyCount();
  const cases: [string | undefined, string | undefined, number, string][] = [
    ['{"name":', undefined, 400, 'invalid_body'],
    ['{"name":""}', undefined, 400, 'invalid_body'],
    [JSON.stringify({ name: 'x'.repeat(81) }), undefined, 400, 'invalid_body'],
    ['name=x', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type'],
    [JSON.stringify({ name: 'y'.repeat(20_000) }), undefined, 413, 'payload_too_large'],
  ];
  for (const [body, type, status, code] of cases) {
    const r = await call('POST', '/v1/keys', { body, type });
    expect(r.res.status, `${body?.slice(0, 20)}`).toBe(status);
    expect(r.res.headers.get('content-type')).toBe('application/problem+json');
    expect(ProblemSchema.parse(r.body).code).toBe(code);
  }
  // Authentication comes first: a wrong method is 405 with Allow for a key holder, 401 without a key.
  expect((await call('PUT', '/v1/keys', { key: s.apiKey })).res.headers.get('allow')).toBe('POST');
  expect((await call('GET', '/v1/keys', { key: s.apiKey })).res.status).toBe(405);
  expect((await call('GET', '/v1/keys')).res.status).toBe(401);
  expect(await keyCount()).toBe(before);
});

test('a created key is shown once, stored only as its hash, works, and reports its last use', async () => {
  const created = await call('POST', '/v1/keys', {
    body: JSON.stringify({ name: 'integration test' }),
    rid: 'keys-test-rid-1',
  });
  expect(created.res.status).toBe(201);
  const k = NewApiKeySchema.parse(created.body);
  expect(k).toMatchObject({ name: 'integration test', plan: 'free', last_used_at: null, replaces: null });
  expect(k.key).toMatch(/^sl_[0-9A-Za-z]{36}$/);
  expect(k.prefix).toBe(k.key.slice(0, 7));
  expect(created.res.headers.get('ratelimit-policy')).toBe('"key-create-ip";q=3;w=3600');
  expect(created.res.headers.get('x-request-id')).toBe('keys-test-rid-1');

  // The store holds the SHA-256 and the prefix, never the key.
  const rows = (await db.query('select * from api_keys where id = $1', [k.id])).rows;
  expect(rows).toHaveLength(1);
  expect(rows[0].key_hash).toBe(createHash('sha256').update(k.key).digest('hex'));
  const dump = JSON.stringify((await db.query('select * from api_keys')).rows);
  expect(dump.includes(k.key)).toBe(false);
  expect(dump.includes(k.key.slice(7))).toBe(false);

  expect((await call('GET', '/v1/football/live', { key: k.key })).res.status).toBe(200);
  const me = await call('GET', '/v1/keys/current', { key: k.key });
  expect(me.res.status).toBe(200);
  const info = ApiKeySchema.parse(me.body);
  expect(info).toMatchObject({ id: k.id, plan: 'free', limits: { requests_per_minute: 60 } });
  expect(info.last_used_at).not.toBeNull();
  expect(Date.now() - Date.parse(info.last_used_at!)).toBeLessThan(60_000);
  expect('key' in me.body).toBe(false);

  // The access log names the request id, the status and who asked, and never the key.
  // The destination is buffered (flushed every 200 ms): wait for the line.
  const findLine = () =>
    s
      .logs()
      .split('\n')
      .find((l) => l.includes('"reqId":"keys-test-rid-1"'));
  await expect.poll(findLine, { timeout: 5_000 }).toBeTruthy();
  const line = findLine();
  expect(JSON.parse(line!)).toMatchObject({
    res: { status: 201 },
    principal: 'anonymous',
    req: { method: 'POST', url: '/v1/keys' },
  });
  expect(s.logs().includes(k.key)).toBe(false);
});

test('rotate replaces the key at once; revoke refuses it', async () => {
  const k = NewApiKeySchema.parse((await call('POST', '/v1/keys', { body: '{}' })).body);
  expect(k.name).toBe('self-serve');
  const rotated = await call('POST', '/v1/keys/current/rotate', { key: k.key });
  expect(rotated.res.status).toBe(201);
  const r = NewApiKeySchema.parse(rotated.body);
  expect(r).toMatchObject({ replaces: k.id, name: k.name, plan: 'free' });
  expect(r.key).not.toBe(k.key);
  const old = await call('GET', '/v1/football/live', { key: k.key });
  expect(old.res.status).toBe(401);
  expect(old.body.code).toBe('unauthorized');
  expect((await call('GET', '/v1/football/live', { key: r.key })).res.status).toBe(200);
  expect((await call('POST', '/v1/keys/current/rotate', { key: k.key })).res.status).toBe(401);

  const revoked = await call('DELETE', '/v1/keys/current', { key: r.key });
  expect(revoked.res.status).toBe(204);
  expect((await call('GET', '/v1/keys/current', { key: r.key })).res.status).toBe(401);
  expect((await call('GET', '/v1/football/live', { key: r.key })).res.status).toBe(401);
  const stored = (await db.query('select revoked_at from api_keys where id = any($1)', [[k.id, r.id]])).rows;
  expect(stored.every((x) => x.revoked_at !== null)).toBe(true);
  // Managing keys needs a key; the viewer session or no key is refused.
  expect((await call('GET', '/v1/keys/current')).res.status).toBe(401);
});

test('past the per-IP creation limit: 429 with RateLimit headers and Retry-After, nothing stored', async () => {
  // Two keys were created above; the limit is 3 per hour.
  const third = await call('POST', '/v1/keys', { body: '{}' });
  expect(third.res.status).toBe(201);
  expect(third.res.headers.get('ratelimit')).toMatch(/^"key-create-ip";r=0;t=\d+$/);
  const before = await keyCount();
  const refused = await call('POST', '/v1/keys', { body: '{}' });
  expect(refused.res.status).toBe(429);
  expect(ProblemSchema.parse(refused.body).code).toBe('rate_limited');
  expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(3000);
  expect(refused.res.headers.get('ratelimit')).toMatch(/^"key-create-ip";r=0;t=\d+$/);
  expect(await keyCount()).toBe(before);
});
