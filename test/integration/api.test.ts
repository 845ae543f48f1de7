/**
 * REST /v1 against the real server process (one per file): auth, errors, live matches moving
 * by themselves under replay, fixtures/results paging, standings, odds, replay-clock results.
 * Every response body is validated against its zod wire schema (lib/wire/schemas.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  FixturesResponseSchema,
  LiveMatchSchema,
  LiveSummarySchema,
  MatchDetailSchema,
  OddsResponseSchema,
  ProblemSchema,
  ResultsResponseSchema,
  StandingsResponseSchema,
  StandingsRowSchema,
} from '@/lib/wire/schemas';
import { ensureBuild, getJson, startTestServer, waitFor, type TestServer } from '../helpers/server';

const LiveResponse = z.object({ data: z.array(LiveMatchSchema), seq: z.number().int().nonnegative() });
const SummaryResponse = z.object({ data: z.array(LiveSummarySchema), seq: z.number().int().nonnegative() });

let s: TestServer;
let listeningAt = 0;
let earlyWc2022Results: unknown[] = [];

/** GET with the test key; asserts 200 and returns the body parsed by `schema`. */
async function api<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
  const r = await getJson(s, path);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  return schema.parse(r.body);
}

/** GET expecting a problem+json error with `status` and `code`; returns the validated body. */
async function expectProblem(
  path: string,
  status: number,
  code: string,
  init: RequestInit = { headers: { authorization: `Bearer ${s.apiKey}` } },
) {
  const res = await fetch(s.baseUrl + path, init);
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = ProblemSchema.parse(JSON.parse(text));
  expect(body.code).toBe(code);
  expect(body.status).toBe(status);
  expect(text).not.toMatch(/\n\s+at |node_modules|\.tsx?:\d+|Error:/); // no stack trace or internals
  return { res, body };
}

/** Walks every page of a list endpoint (`limit` per page); returns all rows and the page count. */
async function walk<S extends z.ZodType<{ data: unknown[]; next_cursor: string | null }>>(path: string, schema: S) {
  const rows: z.infer<S>['data'] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const body: z.infer<S> = await api(path + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''), schema);
    rows.push(...body.data);
    cursor = body.next_cursor;
    expect(++pages).toBeLessThan(100);
  } while (cursor);
  return { rows, pages };
}

beforeAll(async () => {
  await ensureBuild();
  s = await startTestServer({ REPLAY_SPEED: '120', REPLAY_LEAD_SECONDS: '1', PAGES: 'off' }); // the API only: no pages
  listeningAt = Date.now();
  earlyWc2022Results = (await api('/v1/football/results?league=world-cup&season=2022-replay', ResultsResponseSchema))
    .data;
}, 300_000);

afterAll(async () => {
  await s?.stop();
});

describe('errors', () => {
  test('401 problem+json with WWW-Authenticate: no header, wrong key, malformed header', async () => {
    const cases: RequestInit[] = [
      {},
      { headers: { authorization: 'Bearer wrong_key_0123456789abcdef' } },
      { headers: { authorization: `Basic ${s.apiKey}` } },
      { headers: { authorization: 'Bearer' } },
      { headers: { authorization: s.apiKey } },
    ];
    for (const init of cases) {
      const { res } = await expectProblem('/v1/football/live', 401, 'unauthorized', init);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    }
  });

  test('404 for an unknown sport, match and path', async () => {
    await expectProblem('/v1/curling/live', 404, 'unknown_sport');
    await expectProblem('/v1/football/matches/999999999', 404, 'fixture_not_found');
    await expectProblem('/v1/football/nope', 404, 'not_found');
    await expectProblem('/v1/nope', 404, 'not_found');
  });

  test('400 invalid_parameter for malformed parameters, without internals', async () => {
    for (const path of [
      '/v1/football/results?limit=0',
      '/v1/football/fixtures?limit=0',
      '/v1/football/fixtures?from=notadate',
      '/v1/football/results?to=2024-13-45',
      '/v1/football/odds?match_id=abc',
      '/v1/football/odds',
      '/v1/football/results?cursor=garbage',
      '/v1/football/fixtures?cursor=garbage',
      '/v1/football/matches/abc',
      '/v1/football/matches/%E0%A4%A',
    ]) {
      const { body } = await expectProblem(path, 400, 'invalid_parameter');
      expect(body.detail.length).toBeGreaterThan(0);
    }
  });
});

test('an unparseable request (bad Host header) gets a 400 and the server stays up', async () => {
  const { default: net } = await import('node:net');
  const raw = await new Promise<string>((resolve, reject) => {
    const sock = net.connect(s.port, '127.0.0.1', () =>
      sock.write('GET /v1/football/live HTTP/1.1\r\nHost: [bad\r\nConnection: close\r\n\r\n'),
    );
    let out = '';
    sock.on('data', (d) => (out += d.toString()));
    sock.on('end', () => resolve(out));
    sock.on('error', reject);
  });
  expect(raw).toMatch(/^HTTP\/1\.1 400/);
  // A Host that is not host[:port] has its own code since issue 15 (the route never comes from it).
  expect(raw).toMatch(/content-type: application\/problem\+json/i);
  expect(raw).toContain('"code":"invalid_host"');
  expect((await getJson(s, '/v1/football/live')).status).toBe(200);
});

describe('live', () => {
  test('within 60 s of start, two or more real matches are in play and move by themselves', async () => {
    const first = await waitFor(
      'two matches in play',
      async () => {
        const b = await api('/v1/football/live', LiveResponse);
        return b.data.filter((m) => m.status === 'in_play').length >= 2 && b;
      },
      Math.max(1_000, listeningAt + 60_000 - Date.now()),
      250,
    );
    console.log(
      `live: ${first.data.length} matches ${((Date.now() - listeningAt) / 1000).toFixed(1)} s after listening`,
    );
    for (const m of first.data) {
      expect(m.sport).toBe('football');
      expect(m.home_team).not.toBe(m.away_team);
      expect(m.seq).toBeLessThanOrEqual(first.seq);
    }
    const before = new Map(first.data.map((m) => [m.fixture_id, m]));
    // At 120× a wall second is two match minutes: poll until two matches show a later minute.
    const moved = await waitFor(
      'minutes to advance',
      async () => {
        const b = await api('/v1/football/live', LiveResponse);
        const adv = b.data.filter((m) => before.has(m.fixture_id) && m.minute > before.get(m.fixture_id)!.minute);
        return adv.length >= 2 && { b, adv };
      },
      15_000,
      500,
    );
    expect(moved.b.seq).toBeGreaterThanOrEqual(first.seq);
    for (const m of moved.b.data.filter((x) => before.has(x.fixture_id))) {
      const was = before.get(m.fixture_id)!;
      expect(m.score.home).toBeGreaterThanOrEqual(was.score.home);
      expect(m.score.away).toBeGreaterThanOrEqual(was.score.away);
    }
  }, 90_000);

  test("a live match carries its teams' ids beside their names, and each id is that team's resource", async () => {
    const m = (await api('/v1/football/live', LiveResponse)).data[0];
    for (const [id, name] of [
      [m.home_team_id, m.home_team],
      [m.away_team_id, m.away_team],
    ] as const) {
      const team = await getJson(s, `/v1/football/teams/${id}`);
      expect(team.status, JSON.stringify(team.body).slice(0, 200)).toBe(200);
      expect([team.body.id, team.body.name]).toEqual([id, name]);
    }
  });

  test('/matches/live: shape 2.2, score "h-a" agreeing with /live at the same seq', async () => {
    const [live, sum] = await waitFor(
      'both live views at one seq',
      async () => {
        const pair = await Promise.all([
          api('/v1/football/live', LiveResponse),
          api('/v1/football/matches/live', SummaryResponse),
        ]);
        return pair[0].seq === pair[1].seq && pair[0].data.length > 0 && pair;
      },
      20_000,
      100,
    );
    expect(sum.data.length).toBe(live.data.length);
    for (const m of live.data) {
      const x = sum.data.find((y) => y.fixture_id === m.fixture_id)!;
      expect(x.score).toBe(`${m.score.home}-${m.score.away}`);
      expect(x.match).toContain(m.home_team);
      expect(x.match).toContain(m.away_team);
      expect(Math.abs(x.minute - m.minute)).toBeLessThanOrEqual(2);
    }
  });

  test('match detail: the live shape, the fixture and its timeline in seq order', async () => {
    const live = await api('/v1/football/live', LiveResponse);
    expect(live.data.length).toBeGreaterThan(0);
    for (const m of live.data) {
      const d = await api(`/v1/football/matches/${m.fixture_id}`, MatchDetailSchema);
      expect(d.match.fixture_id).toBe(m.fixture_id);
      expect(d.fixture.fixture_id).toBe(m.fixture_id);
      expect(d.events.length).toBeGreaterThan(0);
      expect(d.events[0].type).toBe('period_start');
      for (let i = 0; i < d.events.length; i++) {
        expect(d.events[i].fixture_id).toBe(m.fixture_id);
        if (i) expect(d.events[i].seq).toBeGreaterThan(d.events[i - 1].seq);
      }
      expect(d.events.map((e) => e.seq)).toContain(d.match.seq);
      const goals = d.events.filter((e) => e.type === 'goal');
      expect(d.match.score.home + d.match.score.away).toBeGreaterThanOrEqual(
        goals.filter((g) => g.seq <= d.match.seq).length,
      );
    }
  });
});

describe('fixtures, results, standings, odds', () => {
  test("fixtures: league filter (from = the current season's start), default from=now, team filter, from/to", async () => {
    const t0 = new Date(Date.now() - 1000).toISOString();
    const current = await api('/v1/football/fixtures?league=world-cup&limit=200', FixturesResponseSchema);
    expect(current.data.length).toBeGreaterThan(0);
    // From the first kickoff of the current season (2022, the finished edition); the replays play alongside.
    expect(current.data[0]).toMatchObject({ season: '2022', kickoff: '2022-11-20T16:00:00.000Z' });
    expect(current.leagues.map((l) => l.season)).toEqual(expect.arrayContaining(['2022', '2022-replay']));
    for (const f of current.data) expect(['2022', '2022-replay', '2018-replay']).toContain(f.season);
    expect(current.league).toMatch(/World Cup/);
    expect(current.fixtures).toBe(current.leagues.reduce((n, l) => n + l.fixtures, 0));
    expect(current.total).toBe(current.leagues.reduce((n, l) => n + l.total, 0));
    if (current.next_kickoff) expect(current.next_kickoff >= t0).toBe(true);
    const upcoming = await api('/v1/football/fixtures?limit=200', FixturesResponseSchema);
    for (const f of upcoming.data) expect(f.kickoff >= t0).toBe(true);

    const all = await api('/v1/football/fixtures?league=world-cup&from=2000-01-01&limit=200', FixturesResponseSchema);
    expect(all.total).toBe(256); // 64 matches each in 2018 and 2022, finished and replayed
    expect(all.data.length).toBe(200);
    for (const f of all.data) expect(['2018', '2022', '2022-replay', '2018-replay']).toContain(f.season);

    const england = await api(
      '/v1/football/fixtures?league=world-cup&team=England&from=2000-01-01',
      FixturesResponseSchema,
    );
    for (const f of england.data) expect([f.home_team, f.away_team]).toContain('England');
    for (const season of ['2022', '2022-replay']) // Iran, USA, Wales, Senegal, France
      expect(england.data.filter((f) => f.season === season)).toHaveLength(5);
    for (const season of ['2018', '2018-replay'])
      expect(england.data.filter((f) => f.season === season)).toHaveLength(7);

    const day1 = await api(
      '/v1/football/fixtures?league=premier-league&from=2023-08-11&to=2023-08-11',
      FixturesResponseSchema,
    );
    expect(day1.data.map((f) => [f.home_team, f.away_team, f.status, f.score])).toEqual([
      ['Burnley', 'Manchester City', 'finished', { home: 0, away: 3 }],
    ]);
    const day2 = await api(
      '/v1/football/fixtures?league=premier-league&from=2023-08-12&to=2023-08-12T23:59:59Z',
      FixturesResponseSchema,
    );
    expect(day2.data).toHaveLength(6);
    for (const f of day2.data) expect(f.kickoff.slice(0, 10)).toBe('2023-08-12');
  });

  test('fixtures: next_cursor walks every page once, in a stable order', async () => {
    const q = '/v1/football/fixtures?league=world-cup&season=2022-replay&from=2000-01-01';
    const { rows, pages } = await walk(`${q}&limit=7`, FixturesResponseSchema);
    expect(pages).toBe(Math.ceil(64 / 7));
    const ids = rows.map((f) => f.fixture_id);
    expect(new Set(ids).size).toBe(64);
    const sorted = [...rows].sort((a, b) => a.kickoff.localeCompare(b.kickoff) || a.fixture_id - b.fixture_id);
    expect(ids).toEqual(sorted.map((f) => f.fixture_id));
    const once = await api(`${q}&limit=200`, FixturesResponseSchema);
    expect(once.data.map((f) => f.fixture_id)).toEqual(ids);
  });

  test('results: Premier League 2023-24 has 380 results across pages, newest first', async () => {
    const { rows, pages } = await walk(
      '/v1/football/results?league=premier-league&season=2023-24&limit=100',
      ResultsResponseSchema,
    );
    expect(pages).toBe(4);
    expect(rows).toHaveLength(380);
    expect(new Set(rows.map((r) => r.fixture_id)).size).toBe(380);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].kickoff >= rows[i].kickoff).toBe(true);
    for (const r of rows) {
      expect(r.season).toBe('2023-24');
      const w = r.score.home > r.score.away ? 'home' : r.score.home < r.score.away ? 'away' : 'draw';
      expect(r.winner).toBe(w);
    }
    expect(rows.at(-1)).toMatchObject({
      home_team: 'Burnley',
      away_team: 'Manchester City',
      score: { home: 0, away: 3 },
    });
  });

  test('standings: Premier League 2023-24 equals the published final table', async () => {
    const { data } = await api('/v1/football/standings?league=premier-league&season=2023-24', StandingsResponseSchema);
    expect(data).toHaveLength(1);
    const rows = data[0].rows.map((r) => StandingsRowSchema.parse(r)); // football's row, exactly
    expect(rows.map((r) => r.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rows.map((r) => r.points)).toEqual([
      91, 89, 82, 68, 66, 63, 60, 60, 52, 49, 48, 48, 47, 46, 40, 39, 32, 26, 24, 16,
    ]);
    expect(rows.slice(0, 3).map((r) => [r.team, r.points])).toEqual([
      ['Manchester City', 91],
      ['Arsenal', 89],
      ['Liverpool', 82],
    ]);
    const by = (t: string) => rows.find((r) => r.team === t)!;
    expect(by('Sheffield United')).toMatchObject({ position: 20, points: 16 });
    expect(by('Everton')).toMatchObject({ position: 15, points: 40, points_adjustment: -8 });
    expect(by('Nottingham Forest')).toMatchObject({ position: 17, points: 32, points_adjustment: -4 });
    for (const r of rows) {
      expect(r.played).toBe(38);
      expect(r.won + r.drawn + r.lost).toBe(38);
      expect(r.points).toBe(3 * r.won + r.drawn + r.points_adjustment);
    }
    // live=true (docs/api.md): no match of that season in play → the stored table, every change 0
    const live = await getJson(s, '/v1/football/standings?league=premier-league&season=2023-24&live=true');
    expect(live.status).toBe(200);
    StandingsResponseSchema.parse(live.body);
    expect(live.body.data[0]).toMatchObject({ live: false, live_fixtures: [] });
    expect(live.body.data[0].rows.map((r: any) => [r.team, r.points, r.live_position_change, r.live])).toEqual(
      rows.map((r) => [r.team, r.points, 0, false]),
    );
    await expectProblem('/v1/football/standings?live=yes', 400, 'invalid_parameter');
  });

  test('odds: Burnley v Manchester City (2023-24 opener) in shape 2.4, market 1X2', async () => {
    const day1 = await api(
      '/v1/football/results?league=premier-league&from=2023-08-11&to=2023-08-11',
      ResultsResponseSchema,
    );
    expect(day1.data).toHaveLength(1);
    const id = day1.data[0].fixture_id;
    const odds = await api(`/v1/football/odds?match_id=${id}`, OddsResponseSchema);
    expect(odds.market).toBe('1X2');
    expect(odds.fixture_id).toBe(id);
    expect(odds.away).toBeLessThan(odds.home); // City were heavy favourites
    expect(odds.bookmakers.length).toBeGreaterThan(0);
    await expectProblem('/v1/football/odds?match_id=999999999', 404, 'fixture_not_found');
  });
});

describe('replay clock', () => {
  test('a finished World Cup 2022 replay match shows up in results and the group standings', async () => {
    expect(earlyWc2022Results).toEqual([]); // nothing had finished when the server started
    const q = '/v1/football/results?league=world-cup&season=2022-replay';
    const first = await waitFor(
      'a World Cup 2022 replay result',
      async () => {
        const b = await api(q, ResultsResponseSchema);
        return b.data.length > 0 && b;
      },
      Math.max(5_000, listeningAt + 150_000 - Date.now()),
      1_000,
    );
    console.log(
      `first World Cup 2022 replay result ${((Date.now() - listeningAt) / 1000).toFixed(1)} s after listening`,
    );
    const opener = first.data.find((r) => r.home_team === 'Qatar')!;
    expect(opener).toMatchObject({
      away_team: 'Ecuador',
      status: 'finished',
      score: { home: 0, away: 2 },
      winner: 'away',
      group: 'Group A',
    });
    const now = new Date().toISOString();
    for (const r of first.data) expect(r.kickoff < now).toBe(true);
    const detail = await api(`/v1/football/matches/${opener.fixture_id}`, MatchDetailSchema);
    expect(detail.match).toMatchObject({ status: 'finished', period: 'full_time', score: { home: 0, away: 2 } });

    const r1 = await api(q, ResultsResponseSchema);
    const st = await api('/v1/football/standings?league=world-cup&season=2022-replay', StandingsResponseSchema);
    const r2 = await api(q, ResultsResponseSchema);
    const groupA = st.data.find((t) => t.group === 'Group A')!;
    expect(groupA.rows.find((r) => r.team === 'Ecuador')).toMatchObject({ played: 1, won: 1, points: 3, goals_for: 2 });
    expect(groupA.rows.find((r) => r.team === 'Qatar')).toMatchObject({
      played: 1,
      lost: 1,
      points: 0,
      goals_against: 2,
    });
    if (r1.data.length === r2.data.length) {
      const played = st.data.flatMap((t) => t.rows).reduce((n, r) => n + StandingsRowSchema.parse(r).played, 0);
      expect(played).toBe(2 * r1.data.filter((r) => r.group).length);
    }
  }, 160_000);
});
