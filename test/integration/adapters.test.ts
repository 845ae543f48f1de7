/**
 * The football-data.org adapter running inside the real server: a local upstream on 127.0.0.1
 * serves the recorded v4 responses (test/fixtures/football-data-org/) moment by moment, checks
 * X-Auth-Token like the real API and answers the first request 429 with Retry-After. Asserted
 * through /v1 and /metrics: fixtures, goals, cards, results; events stored once; after a restart
 * on the same data directory the persisted adapter state means nothing is re-sent.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getJson, makeTempDataDir, randomApiKey, startTestServer, waitFor, type TestServer } from '../helpers/server';

const DIR = new URL('../fixtures/football-data-org/', import.meta.url);
const file = (f: string) => fs.readFileSync(new URL(f, DIR), 'utf8');
/** Recorded moments of the Premier League list, served in order; the last one then stays. */
const MOMENTS = ['2023-08-11T1921Z', '2023-08-11T2026Z', '2023-08-11T2057Z', '2023-08-12T1450Z'];
const TOKEN = 'x';

/** The upstream's log of requests and which moment it serves. */
const upstream = {
  requests: [] as { path: string; token: string | undefined; at: number }[],
  step: -1,
  limited: false,
  url: '',
};
let upstreamServer: http.Server;

/**
 * Answers like football-data.org v4: 400 without the right token; `/v4/competitions/PL/matches`
 * gives the next recorded moment (429 the very first time); `/v4/matches/{id}` gives the recorded
 * single-match resource of the current moment, else that match as the list has it (the free
 * plan's single-match resource carries no more than that).
 */
function answer(
  path: string,
  token: string | undefined,
): { status: number; headers?: Record<string, string>; body: string } {
  if (token !== TOKEN) return { status: 400, body: '{"message":"Your API token is invalid.","errorCode":400}' };
  if (path.startsWith('/v4/competitions/PL/matches?')) {
    if (!upstream.limited) {
      upstream.limited = true;
      return {
        status: 429,
        headers: { 'retry-after': '1', 'x-requestcounter-reset': '1' },
        body: file('error-429.json'),
      };
    }
    upstream.step = Math.min(upstream.step + 1, MOMENTS.length - 1);
    return { status: 200, body: file(`pl-matches-${MOMENTS[upstream.step]}.json`) };
  }
  const m = /^\/v4\/matches\/(\d+)$/.exec(path);
  if (m && upstream.step >= 0) {
    const stamp = MOMENTS[upstream.step];
    const recorded = `match-${m[1]}-${stamp}.json`;
    if (fs.existsSync(new URL(recorded, DIR))) return { status: 200, body: file(recorded) };
    const item = JSON.parse(file(`pl-matches-${stamp}.json`)).matches.find(
      (x: { id: number }) => x.id === Number(m[1]),
    );
    if (item) return { status: 200, body: JSON.stringify(item) };
  }
  return { status: 404, body: '{"message":"The resource you are looking for does not exist.","errorCode":404}' };
}

const dataDir = makeTempDataDir();
const apiKey = randomApiKey();
let server: TestServer | undefined;

beforeAll(async () => {
  upstreamServer = http.createServer((req, res) => {
    const token = req.headers['x-auth-token'] as string | undefined;
    upstream.requests.push({ path: req.url ?? '/', token, at: Date.now() });
    const a = answer(req.url ?? '/', token);
    res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
    res.end(a.body);
  });
  upstreamServer.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => upstreamServer.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(upstreamServer.address() as AddressInfo).port}/v4`;
});

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => {
    upstreamServer?.close(() => resolve());
    upstreamServer?.closeAllConnections();
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts Scoreline on the shared data directory with the adapter pointed at the local upstream. */
function start(): Promise<TestServer> {
  return startTestServer(
    {
      FOOTBALL_DATA_ORG_TOKEN: TOKEN,
      FOOTBALL_DATA_ORG_URL: upstream.url,
      FOOTBALL_DATA_ORG_COMPETITIONS: 'PL',
      FOOTBALL_DATA_ORG_INTERVAL_SECONDS: '1',
      REPLAY: 'off',
      PAGES: 'off',
      BOOTSTRAP: 'off', // the bundled Premier League 2023/24 would already hold these matches, finished
      WEBHOOKS: 'off',
      LOG_LEVEL: 'debug', // the runner's per-poll report ('adapter poll done')
    },
    { dataDir, apiKey },
  );
}

/** The JSON log lines with message `msg`. */
function logLines(s: TestServer, msg: string): Record<string, any>[] {
  return s
    .logs()
    .split('\n')
    .filter((l) => l.startsWith('{') && l.includes(`"msg":"${msg}"`))
    .map((l) => JSON.parse(l));
}

/** The Premier League 2023-24 fixtures of matchday 1, by upstream home team name prefix. */
async function fixtures(s: TestServer) {
  const r = await getJson(
    s,
    '/v1/football/fixtures?league=premier-league&season=2023-24&from=2023-08-01&to=2023-08-31&limit=50',
  );
  expect(r.status).toBe(200);
  return r.body.data as { fixture_id: number; home_team: string; away_team: string; kickoff: string; status: string }[];
}

const matchDetail = async (s: TestServer, id: number) => {
  const r = await getJson(s, `/v1/football/matches/${id}`);
  expect(r.status).toBe(200);
  return r.body;
};

/** The value of scoreline_feed_events_total for the adapter's source (0 when the series is absent). */
async function adapterEventsMetric(s: TestServer): Promise<number> {
  const text = await (await fetch(`${s.baseUrl}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith('scoreline_feed_events_total{') && l.includes('source="football-data-org"'));
  return line ? Number(line.split(' ').pop()) : 0;
}

test('football-data.org recordings reach /v1 through the running server, once, across a restart', async () => {
  server = await start();
  expect(logLines(server, 'source adapter started')[0]).toMatchObject({
    adapter: 'football-data-org',
    state: 'empty',
    competitions: ['PL'],
    interval_ms: 1000,
  });
  expect(server.logs()).not.toMatch(/"token":|x-auth-token/i); // the token is never logged

  // Every moment served, then one more poll on the last one: Arsenal v Forest finished, 2 results.
  const results = await waitFor(
    'two results',
    async () => {
      const r = await getJson(server!, '/v1/football/results?league=premier-league&season=2023-24');
      return upstream.step === MOMENTS.length - 1 && r.status === 200 && r.body.data.length === 2 && r.body.data;
    },
    60_000,
    250,
  );

  // Upstream: every request carried the token; the 429's Retry-After (1 s) was waited out.
  expect(upstream.requests.every((r) => r.token === TOKEN)).toBe(true);
  expect(upstream.requests[0].path).toMatch(
    /^\/v4\/competitions\/PL\/matches\?dateFrom=\d{4}-\d\d-\d\d&dateTo=\d{4}-\d\d-\d\d$/,
  );
  expect(upstream.requests[1].at - upstream.requests[0].at).toBeGreaterThanOrEqual(1000);
  expect(upstream.requests.filter((r) => r.path === '/v4/matches/435943').length).toBeGreaterThanOrEqual(3);

  // Results (newest first), as recorded: Arsenal 2-1 Nottingham Forest, Burnley 0-3 Manchester City.
  expect(results.map((r: any) => [r.home_team, r.away_team, r.score, r.halftime_score])).toEqual([
    [expect.stringMatching(/^Arsenal/), expect.stringMatching(/^Nott/), { home: 2, away: 1 }, { home: 2, away: 0 }],
    [
      expect.stringMatching(/^Burnley/),
      expect.stringMatching(/^Man(chester)? City/),
      { home: 0, away: 3 },
      { home: 0, away: 2 },
    ],
  ]);

  // Fixtures: all ten of matchday 1 with their recorded kickoffs; the last four still scheduled.
  const all = await fixtures(server);
  expect(all).toHaveLength(10);
  expect(all.filter((f) => f.status === 'scheduled').map((f) => [f.home_team.split(' ')[0], f.kickoff])).toEqual([
    ['Newcastle', '2023-08-12T16:30:00.000Z'],
    ['Brentford', '2023-08-13T13:00:00.000Z'],
    ['Chelsea', '2023-08-13T15:30:00.000Z'],
    ['Manchester', '2023-08-14T19:00:00.000Z'],
  ]);

  // Burnley v Man City followed live: goals, the red card and the substitution from the recordings.
  const burnley = all.find((f) => f.home_team.startsWith('Burnley'))!;
  const m1 = await matchDetail(server, burnley.fixture_id);
  expect(m1.match).toMatchObject({
    status: 'finished',
    score: { home: 0, away: 3 },
    halftime_score: { home: 0, away: 2 },
    red_cards: { home: 1, away: 0 },
  });
  const evs = m1.events as {
    event_id: string;
    type: string;
    player: string | null;
    minute: number | null;
    side: string | null;
    seq: number;
  }[];
  expect(evs.filter((e) => e.type === 'goal').map((e) => [e.side, e.player, e.minute])).toEqual([
    ['away', 'Erling Haaland', 4],
    ['away', 'Erling Haaland', 36],
    ['away', 'Rodri', 75],
  ]);
  expect(evs.filter((e) => e.type === 'card').map((e) => [e.side, e.player, e.minute])).toEqual([
    ['home', 'Anass Zaroury', 44],
  ]);
  expect(evs.filter((e) => e.type === 'substitution').map((e) => [e.side, e.player, e.minute])).toEqual([
    ['away', 'Kevin De Bruyne', 23],
  ]);
  expect(evs.every((e) => e.event_id.startsWith('fdo:435943:'))).toBe(true);
  expect(new Set(evs.map((e) => e.event_id)).size).toBe(evs.length);
  expect(evs).toHaveLength(11);

  // Every football-data-org event stored once: the metric equals the events on the ten timelines.
  const timelines = await Promise.all(all.map((f) => matchDetail(server!, f.fixture_id)));
  const stored = timelines.flatMap((t) => t.events.map((e: { event_id: string }) => e.event_id));
  expect(new Set(stored).size).toBe(stored.length);
  expect(stored.every((id) => id.startsWith('fdo:'))).toBe(true);
  expect(await adapterEventsMetric(server)).toBe(stored.length);
  const reports = logLines(server, 'adapter poll done');
  expect(reports.reduce((n, r) => n + r.stored, 0)).toBe(stored.length);
  expect(reports.every((r) => r.rejected === 0)).toBe(true);

  await server.stop();
  expect(logLines(server, 'source adapter stopped')[0]).toMatchObject({
    adapter: 'football-data-org',
    events_ingested: stored.length,
  });

  // Restart on the same data directory: the adapter starts from its persisted state.
  const before = upstream.requests.length;
  server = await start();
  expect(logLines(server, 'source adapter started')[0]).toMatchObject({
    adapter: 'football-data-org',
    state: 'restored',
  });
  const after = await waitFor(
    'three polls after the restart',
    async () => {
      const r = logLines(server!, 'adapter poll done');
      return r.length >= 3 && r;
    },
    30_000,
    250,
  );
  expect(upstream.requests.length).toBeGreaterThan(before);
  // Nothing re-sent: not even as duplicates (the state says it was all sent), nothing stored.
  expect(after.map((r) => [r.ok, r.stored, r.duplicates, r.rejected])).toEqual(after.map(() => [true, 0, 0, 0]));
  expect(await adapterEventsMetric(server)).toBe(0);
  const again = await Promise.all(all.map((f) => matchDetail(server!, f.fixture_id)));
  expect(again.map((t) => t.events.map((e: { event_id: string; seq: number }) => `${e.seq}:${e.event_id}`))).toEqual(
    timelines.map((t) => t.events.map((e: { event_id: string; seq: number }) => `${e.seq}:${e.event_id}`)),
  );
  expect(await fixtures(server)).toHaveLength(10);
  const r2 = await getJson(server, '/v1/football/results?league=premier-league&season=2023-24');
  expect(r2.body.data.map((r: any) => r.score)).toEqual([
    { home: 2, away: 1 },
    { home: 0, away: 3 },
  ]);
}, 150_000);

test('an upstream that fails and then answers garbage never takes the server down', async () => {
  let calls = 0;
  const bad = http.createServer((req, res) => {
    calls += 1;
    if (calls === 1) res.writeHead(503, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>');
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
  });
  await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
  const s = await startTestServer({
    FOOTBALL_DATA_ORG_TOKEN: TOKEN,
    FOOTBALL_DATA_ORG_URL: `http://127.0.0.1:${(bad.address() as AddressInfo).port}/v4`,
    FOOTBALL_DATA_ORG_COMPETITIONS: 'PL',
    FOOTBALL_DATA_ORG_INTERVAL_SECONDS: '1',
    REPLAY: 'off',
    PAGES: 'off',
    BOOTSTRAP: 'off',
    WEBHOOKS: 'off',
  });
  try {
    // 503: the poll fails and backs off (2.5–5 s); then the non-JSON body is skipped, the poll succeeds.
    await waitFor(
      'a skipped non-JSON response',
      async () => logLines(s, 'upstream item skipped').length > 0,
      30_000,
      250,
    );
    expect(logLines(s, 'adapter poll failed; backing off')[0]).toMatchObject({
      adapter: 'football-data-org',
      status: 503,
      failures: 1,
    });
    expect(logLines(s, 'upstream item skipped')[0].reason).toMatch(/not JSON/);
    expect((await fetch(`${s.baseUrl}/healthz`)).status).toBe(200);
    expect((await getJson(s, '/v1/football/results')).status).toBe(200);
    expect(s.proc.exitCode).toBeNull();
  } finally {
    await s.stop();
    await new Promise<void>((resolve) => {
      bad.close(() => resolve());
      bad.closeAllConnections();
    });
  }
}, 60_000);
