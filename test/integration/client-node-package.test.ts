/**
 * The Node client as an outsider installs it: `npm install http://<server>/clients/scoreline-client-<v>.tgz`
 * (the tarball `npm pack` built with tsup, served by the server) into a fresh project in the temp
 * directory, outside this repository (no workspace link, real copies in node_modules). Then:
 * an ESM consumer pages a whole Premier League season and reads a live stream, a CJS consumer
 * has a 429 honoured (free plan cut to 3 requests a minute), `tsc --noEmit` type-checks a
 * TypeScript consumer against the shipped .d.ts (with an expected error, so the types are not
 * `any`), and the installed `verifyWebhook` accepts real signed deliveries and refuses tampered
 * ones. ≈ 70 s once the server is up (the 429's 60 s Retry-After runs beside the other tests).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { clientPackageNames } from '@/lib/client-packages';
import {
  CLIENTS_DIR,
  csvMatchCount,
  docOneLiner,
  ensureClientPackages,
  firstLineOf,
  runCommand,
} from '../helpers/clients';
import { startReceiver, type Receiver } from '../helpers/receivers';
import { ensureBuild, ROOT, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let receiver: Receiver | undefined;
let freeKey: string;
/** The CJS consumer's run: started once installed, as its 429 mostly waits out a 60 s Retry-After beside the other tests. */
let cjs429: Promise<any>;
const project = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-node-consumer-'));
const SEASON = {
  league: 'premier-league',
  season: '2023-24',
  count: csvMatchCount('datasets/football/football-data.co.uk/2324/E0.csv'),
};
const TYPES_NODE = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@types/node/package.json'), 'utf8')) as { version: string }
).version;

/** Runs `node <file>` in the consumer project and parses its last stdout line as JSON. */
async function runConsumer(file: string, env: Record<string, string>): Promise<any> {
  const r = await runCommand(process.execPath, [file], {
    cwd: project,
    env: { ...process.env, ...env },
    timeoutMs: 150_000,
  });
  expect(r.code, `${file}:\n${r.out}\n${r.err}`).toBe(0);
  return JSON.parse(r.out.trim().split('\n').at(-1)!);
}

beforeAll(async () => {
  const [{ tarball }] = await Promise.all([ensureClientPackages(), ensureBuild()]);
  server = await startTestServer(
    {
      REPLAY_SPEED: '120',
      REPLAY_LEAD_SECONDS: '1',
      WEBHOOK_ALLOW_LOOPBACK: 'on',
      PLAN_LIMITS: JSON.stringify({ free: { requests_per_minute: 3 } }),
    },
    { listenTimeoutMs: 480_000 },
  );
  const res = await fetch(`${server.baseUrl}/v1/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  freeKey = ((await res.json()) as { key: string }).key;
  // The index the docs point at lists the tarball with its install line.
  const index = (await (await fetch(`${server.baseUrl}/clients/`)).json()) as {
    files: { name: string; sha256: string }[];
    install: { node: string };
  };
  expect(index.files.map((f) => f.name)).toContain(tarball);
  expect(index.install.node).toBe(`npm install ${server.baseUrl}/clients/${tarball}`);
  fs.writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }),
  );
  const install = await runCommand(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      `${server.baseUrl}/clients/${tarball}`,
      `@types/node@${TYPES_NODE}`,
    ],
    { cwd: project, timeoutMs: 240_000 },
  );
  expect(install.code, install.out + install.err).toBe(0);
  fs.writeFileSync(
    path.join(project, 'cjs.cjs'),
    `const { ScorelineRest, ScorelineApiError } = require('@scoreline/client');
(async () => {
  const { SCORELINE_URL: baseUrl, SCORELINE_FREE_KEY: apiKey } = process.env;
  let status = 0, retryAfter = 0, burnt = 0;
  while (status !== 429 && burnt < 10) {
    const res = await fetch(baseUrl + '/v1/football/live', { headers: { authorization: 'Bearer ' + apiKey } });
    status = res.status; burnt++; retryAfter = Number(res.headers.get('retry-after') ?? 0);
    await res.arrayBuffer();
  }
  const started = Date.now();
  const body = await new ScorelineRest({ baseUrl, apiKey }).get('/v1/football/live');
  const waitedS = (Date.now() - started) / 1000;
  let notFound = null;
  try { await new ScorelineRest({ baseUrl, apiKey: process.env.SCORELINE_API_KEY }).get('/v1/football/matches/999999999'); } catch (e) { notFound = e instanceof ScorelineApiError && { status: e.status, code: e.code, requestId: e.requestId }; }
  console.log(JSON.stringify({ status, burnt, retryAfter, waitedS, ok: Array.isArray(body.data), notFound }));
})().catch((e) => { console.error(e); process.exit(1); });
`,
  );
  cjs429 = runConsumer('cjs.cjs', {
    SCORELINE_URL: server.baseUrl,
    SCORELINE_FREE_KEY: freeKey,
    SCORELINE_API_KEY: server.apiKey,
  });
  cjs429.catch(() => undefined); // judged in its test
}, 900_000);

afterAll(async () => {
  await receiver?.close();
  await server?.stop();
  fs.rmSync(project, { recursive: true, force: true });
});

test('installed from the served tarball: a real package with dist only, outside the repository', async () => {
  const dir = path.join(project, 'node_modules/@scoreline/client');
  expect(fs.lstatSync(dir).isSymbolicLink()).toBe(false);
  expect(fs.realpathSync(dir).startsWith(ROOT)).toBe(false);
  expect(fs.readdirSync(path.join(dir, 'dist')).sort()).toEqual(['index.cjs', 'index.d.cts', 'index.d.ts', 'index.js']);
  expect(fs.existsSync(path.join(dir, 'src'))).toBe(false);
  expect(fs.existsSync(path.join(project, 'node_modules/ws/package.json'))).toBe(true); // its dependencies came along
});

test('/clients/ serves the packages: bytes match the build, ETag/304, HEAD, problem+json for unknown names and methods, linked from /docs/api', async () => {
  const { tarball, wheel, sdist } = await ensureClientPackages();
  expect([tarball, wheel, sdist]).toEqual(Object.values(clientPackageNames())); // Node and Python versions in step, as /docs/api names them
  const res = await fetch(`${server.baseUrl}/clients/${tarball}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/gzip');
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.equals(fs.readFileSync(path.join(CLIENTS_DIR, tarball)))).toBe(true);
  const etag = res.headers.get('etag')!;
  expect(etag).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
  expect((await fetch(`${server.baseUrl}/clients/${tarball}`, { headers: { 'if-none-match': etag } })).status).toBe(
    304,
  );
  const head = await fetch(`${server.baseUrl}/clients/${wheel}`, { method: 'HEAD' });
  expect([head.status, head.headers.get('content-type'), Number(head.headers.get('content-length'))]).toEqual([
    200,
    'application/zip',
    fs.statSync(path.join(CLIENTS_DIR, wheel)).size,
  ]);
  for (const bad of ['nope.tgz', '..%2Fpackage.json', '%E0%A4%A', 'package.json']) {
    const r = await fetch(`${server.baseUrl}/clients/${bad}`);
    expect(r.status, bad).toBe(404);
    expect(r.headers.get('content-type')).toBe('application/problem+json');
    expect(await r.json()).toMatchObject({ status: 404, code: 'not_found', instance: `/clients/${bad}` });
  }
  const post = await fetch(`${server.baseUrl}/clients/${tarball}`, { method: 'POST' });
  expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200); // none of that hurt the server
  const html = await (await fetch(`${server.baseUrl}/docs/api`)).text();
  for (const name of [tarball, wheel, sdist]) expect(html).toContain(`href="/clients/${name}"`);
});

test('ESM: pages a whole season of results and reads the live stream', async () => {
  fs.writeFileSync(
    path.join(project, 'esm.mjs'),
    `import { ScorelineRest, ScorelineStream, WS_CLOSE, WS_PROTOCOL } from '@scoreline/client';
const { SCORELINE_URL: baseUrl, SCORELINE_API_KEY: apiKey } = process.env;
const api = new ScorelineRest({ baseUrl, apiKey });
const ids = [];
for await (const r of api.paginate('/v1/football/results', { league: '${SEASON.league}', season: '${SEASON.season}', limit: 45 })) ids.push(r.fixture_id);
const stream = new ScorelineStream({ url: baseUrl.replace('http', 'ws') + '/v1/ws', apiKey, subscriptions: [{ channel: 'football.live' }] });
const updates = [];
let snapshot = null;
stream.on('error', (e) => { console.error(e); process.exit(1); });
stream.on('snapshot', (s) => (snapshot = s.matches.length));
await new Promise((resolve) => { stream.on('update', (u) => { updates.push(u.seq); if (updates.length === 3) resolve(); }); stream.connect(); });
await stream.close();
console.log(JSON.stringify({ count: ids.length, unique: new Set(ids).size, snapshot, updates, protocol: WS_PROTOCOL, revoked: WS_CLOSE.key_revoked }));
`,
  );
  const out = await runConsumer('esm.mjs', { SCORELINE_URL: server.baseUrl, SCORELINE_API_KEY: server.apiKey });
  expect(out).toMatchObject({ count: SEASON.count, unique: SEASON.count, protocol: 'scoreline.v1', revoked: 4001 });
  expect(out.snapshot).toBeGreaterThan(0);
  expect(out.updates).toEqual([...out.updates].sort((a: number, b: number) => a - b));
  console.log(
    `ESM consumer: ${out.count} results of ${SEASON.league} ${SEASON.season} paged; live updates ${out.updates.join(', ')}`,
  );
}, 120_000);

test('the documented Node one-liners (docs/clients.md, the README) print live scores from the installed package', async () => {
  const env = { ...process.env, SCORELINE_URL: server.baseUrl, SCORELINE_API_KEY: server.apiKey };
  for (const file of ['docs/clients.md', 'clients/node/README.md']) {
    const line = await firstLineOf(docOneLiner(file, /^node --input-type=module -e /), {
      cwd: project,
      env,
      timeoutMs: 90_000,
    });
    expect(line, file).toMatch(/^\S.* \d+-\d+ \S/); // e.g. "Argentina 1-0 France …"
  }
}, 200_000);

test('TypeScript: tsc --noEmit type-checks a consumer against the shipped declarations', async () => {
  fs.writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'ES2022',
        noEmit: true,
        types: ['node'],
      },
      files: ['consumer.mts', 'consumer.cts'],
    }),
  );
  const body = `
const rest = new ScorelineRest({ baseUrl: 'http://127.0.0.1:3000', apiKey: 'k' });
export async function first(): Promise<LiveMatch | undefined> {
  const live = await rest.get<{ data: LiveMatch[]; seq: number }>('/v1/football/live');
  const m = live.data[0];
  const total: number | undefined = m && m.score.home + m.score.away;
  return total === undefined ? undefined : m;
}
export const stream = new ScorelineStream({ url: 'ws://127.0.0.1:3000/v1/ws', apiKey: 'k', subscriptions: [{ channel: 'football.live', league: 'euro' }] });
stream.on('update', (u) => u.data.fixture_id.toFixed());
stream.on('error', (e: ScorelineStreamError) => e.code);
export function check(body: string, headers: Record<string, string>): string {
  try { return verifyWebhook<{ seq: number }>('whsec_x', body, headers).data.seq.toFixed(); } catch (e) { return e instanceof WebhookVerificationError ? 'bad' : 'error'; }
}
// @ts-expect-error apiKey must be a string: proves the declarations are typed, not any
new ScorelineRest({ baseUrl: 'x', apiKey: 42 });
`;
  fs.writeFileSync(
    path.join(project, 'consumer.mts'),
    `import { ScorelineRest, ScorelineStream, verifyWebhook, WebhookVerificationError, ScorelineStreamError, type LiveMatch } from '@scoreline/client';\n${body}`,
  );
  fs.writeFileSync(
    path.join(project, 'consumer.cts'),
    `import { ScorelineRest, ScorelineStream, verifyWebhook, WebhookVerificationError, ScorelineStreamError, type LiveMatch } from '@scoreline/client';\n${body}`,
  );
  const tsc = await runCommand(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], {
    cwd: project,
  });
  expect(tsc.code, tsc.out + tsc.err).toBe(0);
}, 120_000);

test('the installed verifyWebhook accepts real deliveries and refuses tampered body, id, timestamp and an old timestamp', async () => {
  const pkg = createRequire(path.join(project, 'index.js')).resolve('@scoreline/client');
  const esm = path.join(path.dirname(pkg), 'index.js');
  const { verifyWebhook, WebhookVerificationError } = (await import(
    pathToFileURL(esm).href
  )) as typeof import('@/clients/node/src/index');
  receiver = await startReceiver();
  const auth = { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' };
  const res = await fetch(`${server.baseUrl}/v1/webhooks`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ url: receiver.url, events: ['match.*', 'webhook.test'], sports: ['football'] }),
  });
  expect(res.status).toBe(201);
  const { id, secret } = (await res.json()) as { id: string; secret: string };
  expect((await fetch(`${server.baseUrl}/v1/webhooks/${id}/test`, { method: 'POST', headers: auth })).status).toBe(202);
  await receiver.waitFor(4, 60_000);
  const got = receiver.accepted();
  const hdr = (d: (typeof got)[number]) => ({
    'webhook-id': d.id,
    'webhook-timestamp': d.timestamp,
    'webhook-signature': d.signature,
  });
  const types = got.map((d) => verifyWebhook(secret, d.body, hdr(d)).type);
  expect(types).toContain('webhook.test');
  expect(types.filter((t) => t.startsWith('match.')).length).toBeGreaterThanOrEqual(1);
  const d = got.find((x) => x.body.includes('"match.'))!;
  const ts = Number(d.timestamp);
  const refused = (body: string, h: Record<string, string>) => {
    expect(() => verifyWebhook(secret, body, h)).toThrow(WebhookVerificationError);
  };
  refused(d.body.replace('"sport":"football"', '"sport":"footbal1"'), hdr(d));
  refused(d.body, { ...hdr(d), 'webhook-id': `${d.id}0` });
  refused(d.body, { ...hdr(d), 'webhook-timestamp': String(ts + 1) });
  // Correctly signed but 10 minutes old (a replayed request): refused by the timestamp tolerance.
  const { Webhook } = await import('standardwebhooks');
  const old = new Date((ts - 600) * 1000);
  refused(d.body, {
    ...hdr(d),
    'webhook-timestamp': String(ts - 600),
    'webhook-signature': new Webhook(secret).sign(d.id, old, d.body),
  });
  await fetch(`${server.baseUrl}/v1/webhooks/${id}`, { method: 'DELETE', headers: auth });
  console.log(
    `webhooks: ${got.length} real deliveries verified with the installed package (${[...new Set(types)].join(', ')})`,
  );
}, 120_000);

test('CJS: require() works (run last: its 429 waits out Retry-After meanwhile) and a 429 is honoured after Retry-After', async () => {
  const out = await cjs429;
  expect(out.status).toBe(429);
  expect(out.retryAfter).toBeGreaterThanOrEqual(1);
  expect(out.ok).toBe(true);
  expect(out.waitedS).toBeGreaterThanOrEqual(out.retryAfter - 1);
  expect(out.notFound).toMatchObject({ status: 404, code: 'fixture_not_found' });
  expect(out.notFound.requestId).toBeTruthy();
  console.log(
    `CJS consumer: 429 after ${out.burnt} requests, Retry-After ${out.retryAfter} s, waited ${out.waitedS.toFixed(1)} s then 200`,
  );
}, 150_000);
