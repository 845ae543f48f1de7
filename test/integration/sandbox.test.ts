/**
 * The sandbox (/sandbox/v1) against the real server: no key, every read operation of the OpenAPI
 * document answers there and its body validates strictly against the production schema, every
 * answer is marked sandbox, key management is absent, its data is separate from production (here
 * production is empty: BOOTSTRAP=off, REPLAY=off), its looping replay is live over /sandbox/v1/ws,
 * and its per-IP limits answer 429.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import WebSocket from 'ws';
import { compileRef, operationsOf, successOf } from '../helpers/openapi';
import {
  ensureBuild,
  getJson,
  makeTempDataDir,
  startTestServer,
  waitFor,
  waitForSandbox,
  type TestServer,
} from '../helpers/server';
import { refusedUpgrade } from '../helpers/ws';

const SANDBOX_IP_RPM = 300;
let s: TestServer;
let doc: Record<string, any>;
let firstAnswer: { status: number; body: any; retryAfter: string | null };

/** GET on the sandbox with no key (or with `key`). */
async function sandbox(path: string, key?: string) {
  const res = await fetch(`${s.baseUrl}/sandbox${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  await ensureBuild();
  s = await startTestServer({
    SANDBOX: 'on',
    SANDBOX_REPLAY_SPEED: '600',
    REPLAY_LEAD_SECONDS: '1',
    BOOTSTRAP: 'off',
    REPLAY: 'off',
    PAGES: 'off',
    SANDBOX_IP_RPM: String(SANDBOX_IP_RPM),
    SANDBOX_WS_PER_IP: '2',
  });
  const first = (await waitForSandbox(s))!;
  firstAnswer = { status: first.status, body: first.body, retryAfter: first.body.retry_after };
  doc = (await getJson(s, '/v1/openapi.json', null)).body;
}, 600_000);

afterAll(async () => {
  await s?.stop();
});

test('while the sample loads the sandbox answers 503 unavailable with Retry-After (or is already up)', () => {
  if (firstAnswer.status === 503) {
    expect(firstAnswer.body).toMatchObject({ code: 'unavailable', status: 503, sandbox: true });
    expect(firstAnswer.retryAfter).toBe('5');
  } else expect(firstAnswer.status).toBe(200);
});

test('every read operation answers in the sandbox with no key, marked sandbox, valid against the production schema', async () => {
  const results = await sandbox('/v1/football/results?league=premier-league&season=2023-24&limit=1');
  const fixtureId = String(results.body.data[0].fixture_id);
  const { home_team_id: home, away_team_id: away } = results.body.data[0];
  // Players exist where events name them: the sandbox's looping World Cup 2022 replay (600×) names its scorers.
  const WC = { league: 'world-cup', season: '2022-replay' };
  const player = await waitFor(
    'a named player in the sandbox replay',
    async () => {
      const r = await sandbox(`/v1/football/statistics/players?${new URLSearchParams(WC)}`);
      return (r.body?.categories ?? [])
        .flatMap((c: { rows: { player_id?: number }[] }) => c.rows)
        .find((row: { player_id?: number }) => row.player_id)?.player_id;
    },
    180_000,
  );
  const values: Record<string, string> = {
    sport: 'football',
    fixture_id: fixtureId,
    match_id: fixtureId,
    league: 'premier-league',
    season: '2023-24',
    limit: '5',
    slug: 'premier-league',
    team_id: String(home),
    teams: `${home},${away}`,
    player_id: String(player),
  };
  // A player's scope is the replay that names them, not the league above.
  const scoped: Record<string, Record<string, string>> = { '/v1/{sport}/players/{player_id}': WC };
  const reads = operationsOf(doc).filter(([method, , op]) => method === 'GET' && !op.servers);
  expect(reads.map(([, p]) => p).sort()).toEqual(
    [
      '/v1/{sport}/live',
      '/v1/{sport}/matches/live',
      '/v1/{sport}/matches/{fixture_id}',
      '/v1/{sport}/matches/{fixture_id}/win-probability',
      '/v1/{sport}/fixtures',
      '/v1/{sport}/results',
      '/v1/{sport}/standings',
      '/v1/{sport}/statistics/teams',
      '/v1/{sport}/statistics/players',
      '/v1/{sport}/odds',
      '/v1/{sport}/odds/history',
      '/v1/{sport}/leagues',
      '/v1/{sport}/leagues/{slug}/seasons/{season}',
      '/v1/{sport}/teams',
      '/v1/{sport}/teams/{team_id}',
      '/v1/{sport}/players/{player_id}',
      '/v1/{sport}/head-to-head',
    ].sort(),
  );
  for (const [, path, op] of reads) {
    const validate = compileRef(doc, successOf(op).ref!);
    const params = op.parameters as { name: string; in: string; required: boolean }[];
    const url = params.filter((p) => p.in === 'path').reduce((u, p) => u.replace(`{${p.name}}`, values[p.name]), path);
    const v = { ...values, ...scoped[path] };
    const qs = new URLSearchParams(
      params.filter((p) => p.in === 'query' && v[p.name]).map((p) => [p.name, v[p.name]]),
    ).toString();
    const r = await sandbox(qs ? `${url}?${qs}` : url);
    expect(r.status, `${url}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
    expect(r.body.sandbox, url).toBe(true);
    expect(r.headers.get('scoreline-environment')).toBe('sandbox');
    expect(r.headers.get('ratelimit-policy')).toBe(`"sandbox-ip";q=${SANDBOX_IP_RPM};w=60`);
    expect(validate(r.body), `${url}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    // The same body without the mark is a valid production body too.
    const { sandbox: _mark, ...production } = r.body;
    expect(validate(production)).toBe(true);
  }
  // An unknown or invalid key is simply ignored in the sandbox.
  expect((await sandbox('/v1/football/live', 'sl_not_a_key')).status).toBe(200);
  expect((await getJson(s, '/sandbox/v1/openapi.json', null)).body.openapi).toBe('3.1.0');
  expect((await getJson(s, '/sandbox/v1/asyncapi.json', null)).body.asyncapi).toBe('3.0.0');
}, 240_000);

test('golf, MMA and esports (no open dataset) show sample data, labelled as such, stored through the ingest path', async () => {
  for (const sport of ['golf', 'mma', 'esports']) {
    const results = await sandbox(`/v1/${sport}/results`);
    expect(results.status, sport).toBe(200);
    expect(results.body.data.length, sport).toBeGreaterThan(0);
    for (const r of results.body.data) expect(r.league, sport).toMatch(/\(sample data\)/);
    const match = await sandbox(`/v1/${sport}/matches/${results.body.data[0].fixture_id}`);
    expect(match.body.match.status).toBe('finished');
    expect(match.body.events.length, `${sport}: the sample's events are in the stored log`).toBeGreaterThan(3);
    const state = match.body.match.state;
    // Golf: the tournament's standings are its leaderboard; MMA: each bout sits on its card.
    if (sport === 'golf') expect(state.leaderboard.map((l: any) => l.player)).toContain(state.result.winner);
    if (sport === 'mma') {
      expect(state.card.name).toBe(results.body.data[0].round);
      expect(state.card.order).toBeGreaterThanOrEqual(1);
      expect(state.weight_class).toMatch(/weight$/);
    }
    expect((await sandbox(`/v1/${sport}/standings`)).body.data[0].rows.length, sport).toBeGreaterThan(1);
  }
});

test('the sample is the real Premier League 2023/24, separate from production', async () => {
  const table = await sandbox('/v1/football/standings?league=premier-league&season=2023-24');
  const rows = table.body.data[0].rows;
  expect(rows).toHaveLength(20);
  expect(rows[0]).toMatchObject({ team: 'Manchester City', points: 91 });
  const odds = await sandbox(
    `/v1/football/odds?match_id=${(await sandbox('/v1/football/results?league=premier-league&season=2023-24&limit=1')).body.data[0].fixture_id}`,
  );
  expect(odds.status).toBe(200);
  // Production has no data at all (BOOTSTRAP=off, REPLAY=off): nothing leaked from the sandbox.
  expect((await getJson(s, '/v1/football/results')).body.data).toEqual([]);
  expect((await getJson(s, '/v1/football/live')).body.data).toEqual([]);
  expect((await getJson(s, '/v1/football/live', null)).status).toBe(401);
});

test('the looping replay is live in the sandbox', async () => {
  const until = Date.now() + 60_000;
  let live: any[] = [];
  while (Date.now() < until) {
    live = (await sandbox('/v1/football/live')).body.data;
    if (live.length) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(live.length).toBeGreaterThan(0);
  expect(live[0].league).toMatch(/\(replay\)$/);
});

test('errors are problem+json marked sandbox; key management and writes do not exist there', async () => {
  const cases: [string, string, number, string][] = [
    ['GET', '/v1/nope/live', 404, 'unknown_sport'],
    ['GET', '/v1/football/matches/999999999', 404, 'fixture_not_found'],
    ['GET', '/v1/football/fixtures?limit=0', 400, 'invalid_parameter'],
    ['POST', '/v1/keys', 404, 'not_found'],
    ['GET', '/v1/keys/current', 404, 'not_found'],
    ['POST', '/v1/football/live', 405, 'method_not_allowed'],
    ['GET', '/v2/football/live', 404, 'not_found'],
  ];
  const validate = compileRef(doc, '#/components/schemas/Problem');
  for (const [method, path, status, code] of cases) {
    const res = await fetch(`${s.baseUrl}/sandbox${path}`, { method });
    const body = await res.json();
    expect(res.status, path).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('scoreline-environment')).toBe('sandbox');
    expect(body).toMatchObject({ code, sandbox: true, instance: `/sandbox${path.split('?')[0]}` });
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  }
});

test('/sandbox/v1/ws needs no key, sends snapshots and updates, and caps connections per IP', async () => {
  const url = `ws://127.0.0.1:${s.port}/sandbox/v1/ws`;
  const ws = new WebSocket(url);
  const messages: any[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  ws.send(JSON.stringify({ channel: 'football.live' }));
  const until = Date.now() + 60_000;
  while (!messages.some((m) => m.type === 'update') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  expect(messages[0]).toMatchObject({ type: 'welcome', sandbox: true });
  expect(messages.find((m) => m.type === 'subscribed')).toBeTruthy();
  const update = messages.find((m) => m.type === 'update');
  expect(update?.data.league).toMatch(/\(replay\)$/);

  const second = new WebSocket(url);
  await new Promise((r, j) => second.once('open', r).once('error', j));
  const third = await refusedUpgrade(url);
  expect(third.status).toBe(429);
  expect(JSON.parse(third.body)).toMatchObject({ code: 'rate_limited', instance: '/sandbox/v1/ws' });
  ws.close();
  second.close();
  // Production's socket still needs a key.
  expect((await refusedUpgrade(s.wsUrl)).status).toBe(401);
});

test('past SANDBOX_IP_RPM the sandbox answers 429 with Retry-After', async () => {
  let last: Awaited<ReturnType<typeof sandbox>> | null = null;
  for (let i = 0; i < SANDBOX_IP_RPM + 1; i++) {
    last = await sandbox('/v1/football/live');
    if (last.status === 429) break;
  }
  expect(last!.status).toBe(429);
  expect(last!.body).toMatchObject({ code: 'rate_limited', sandbox: true });
  expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(last!.headers.get('ratelimit')).toMatch(/^"sandbox-ip";r=0;t=\d+$/);
  // Production keys are not affected by the sandbox's per-IP budget.
  expect((await getJson(s, '/v1/football/live')).status).toBe(200);
});

test('a second server sharing SANDBOX_SAMPLE_DIR reuses the built sample, opens its own run copy and removes dead ones', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-sandbox-share-'));
  const env = { SANDBOX: 'on', BOOTSTRAP: 'off', REPLAY: 'off', PAGES: 'off', SANDBOX_SAMPLE_DIR: dir };
  const a = await startTestServer(env);
  try {
    await waitForSandbox(a, 240_000);
    expect(a.logs()).toContain('sandbox sample built');
    // A run copy left by a process that no longer exists (pid 2^22 + 1 is above Linux's pid_max).
    const bDir = makeTempDataDir();
    fs.mkdirSync(path.join(bDir, 'sandbox', 'run-4194305'), { recursive: true });
    const b = await startTestServer(env, { dataDir: bDir });
    try {
      await waitForSandbox(b, 240_000);
      expect((await fetch(`${b.baseUrl}/sandbox/v1/football/leagues`)).status).toBe(200);
      expect(b.logs()).not.toContain('sandbox sample built');
      expect(fs.readdirSync(path.join(bDir, 'sandbox'))).toEqual([`run-${b.proc.pid}`]);
      expect(fs.readdirSync(dir).filter((n) => n.startsWith('sample-'))).toHaveLength(1);
    } finally {
      await b.stop();
      fs.rmSync(bDir, { recursive: true, force: true });
    }
  } finally {
    await a.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 600_000);
