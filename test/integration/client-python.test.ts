/**
 * The Python client (clients/python) as an outsider installs it: the wheel the server serves at
 * /clients/ is pip-installed into a temp directory (no network, no deps: httpx and websockets come
 * from Debian), then its pytest suite runs against this started server (replay at 120×, loopback
 * webhooks allowed, the free plan cut to 3 requests a minute): offline checks (Standard Webhooks
 * test vector, backoff, seq tracking, constants vs lib/wire/ws.ts) and live ones (a whole
 * Premier League season paged, a 429 honoured, typed errors, live streams, real webhook
 * deliveries verified and tampered ones refused, the CLI, `win_probability` messages as the REST
 * series says). ≈ 65 s once the server is up (the 429's
 * 60 s Retry-After runs beside the rest).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { csvMatchCount, docOneLiner, ensureClientPackages, firstLineOf, PYTHON, runCommand } from '../helpers/clients';
import { ensureBuild, ROOT, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let freeKey: string;
let packages: Awaited<ReturnType<typeof ensureClientPackages>>;
const target = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-py-'));

beforeAll(async () => {
  [packages] = await Promise.all([ensureClientPackages(), ensureBuild()]);
  server = await startTestServer(
    {
      REPLAY_SPEED: '120',
      REPLAY_LEAD_SECONDS: '1',
      PAGES: 'off', // the API only: no pages
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
  expect(res.status).toBe(201);
  freeKey = ((await res.json()) as { key: string; plan: string }).key;
}, 900_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(target, { recursive: true, force: true });
});

test('the served wheel installs offline and its pytest suite passes against the server', async () => {
  const wheelUrl = `${server.baseUrl}/clients/${packages.wheel}`;
  const install = await runCommand(PYTHON, [
    '-m',
    'pip',
    'install',
    '--no-deps',
    '--no-index',
    '--target',
    target,
    wheelUrl,
  ]);
  expect(install.code, install.out + install.err).toBe(0);
  expect(fs.existsSync(path.join(target, 'scoreline', 'py.typed'))).toBe(true);

  const started = Date.now();
  const pytest = (select: string[]) =>
    runCommand(PYTHON, ['-m', 'pytest', '-q', '-rs', '-s', '-p', 'no:cacheprovider', ...select], {
      cwd: path.join(ROOT, 'clients/python'),
      env: {
        ...process.env,
        PYTHONDONTWRITEBYTECODE: '1',
        SCORELINE_PYTHONPATH: target,
        SCORELINE_URL: server.baseUrl,
        SCORELINE_API_KEY: server.apiKey,
        SCORELINE_FREE_KEY: freeKey,
        SCORELINE_SEASON: `premier-league/2023-24/${csvMatchCount('datasets/football/football-data.co.uk/2324/E0.csv')}`,
      },
      timeoutMs: 240_000,
    });
  // The 429 test mostly waits out a 60 s Retry-After: it runs beside the rest, in its own pytest.
  const only429 = 'tests/test_live.py::test_a_429_is_honoured_after_retry_after';
  const runs = await Promise.all([pytest([only429]), pytest(['tests', '--deselect', only429])]);
  console.log(
    `pytest (${((Date.now() - started) / 1000).toFixed(1)} s, two processes):\n${runs.flatMap((r) => r.out.split('\n').filter((l) => /passed|failed|429 honoured|webhooks:/.test(l))).join('\n')}`,
  );
  for (const r of runs) expect(r.code, `${r.out}\n${r.err}`).toBe(0);
  // Every test ran: nothing skipped (the live ones skip without a server), 15 in all.
  expect(runs[0].out.trim().split('\n').at(-1)).toMatch(/^1 passed in /);
  expect(runs[1].out.trim().split('\n').at(-1)).toMatch(/^14 passed, 1 deselected in /);
  // The tests imported the installed wheel, not the source tree.
  const where = await runCommand(PYTHON, ['-c', 'import scoreline, sys; print(scoreline.__file__)'], {
    env: { ...process.env, PYTHONPATH: target },
  });
  expect(where.out.trim().startsWith(target)).toBe(true);
}, 300_000);

test('the documented Python one-liners (docs/clients.md, the client README) print live scores from the installed wheel', async () => {
  const env = { ...process.env, PYTHONPATH: target, SCORELINE_URL: server.baseUrl, SCORELINE_API_KEY: server.apiKey };
  for (const file of ['docs/clients.md', 'clients/python/README.md']) {
    const command = docOneLiner(file, /^python3? -m scoreline live football/).replace(/^python3? /, `${PYTHON} `);
    const line = await firstLineOf(command, { cwd: os.tmpdir(), env, timeoutMs: 90_000 });
    expect(line, file).toMatch(/ \d+-\d+ .*'/); // e.g. "World Cup  Argentina 1-0 France  23' 1st_half in_play"
  }
}, 200_000);
