/**
 * GET /v1/{sport}/matches/{fixture_id}/win-probability against the real server (one server for
 * the file): a finished match of every sport with bundled results answers a series valid against
 * the wire schema, in production and in the sandbox, pre-match first and ending at 0 or 1 where
 * the match has a timeline; the same series after a second read (recomputed from the log); NBA and
 * NHL openers rated from FiveThirtyEight's season-start Elo; the /results and /fixtures rows'
 * `win_probability` equal to the series' pre-match point (golf: null); bad
 * ids and golf answer problem+json.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FixturesResponseSchema, OddsResponseSchema, ResultsResponseSchema } from '@/lib/wire/schemas';
import { WinProbabilityResponseSchema } from '@/lib/wire/win-probability';
import { ensureBuild, getJson, startTestServer, waitForSandbox, type TestServer } from '../helpers/server';

let s: TestServer;

beforeAll(async () => {
  await ensureBuild();
  s = await startTestServer({ SANDBOX: 'on', REPLAY: 'off', PAGES: 'off', BOOTSTRAP_SPORTS: 'all' });
}, 600_000);

afterAll(async () => {
  await s?.stop();
});

const SPORTS = ['football', 'basketball', 'ice-hockey', 'rugby', 'tennis', 'baseball', 'cricket'] as const;

test('every sport with bundled results: a finished match has a valid series, pre-match first, finished at 0 or 1', async () => {
  for (const sport of SPORTS) {
    // The sport's first league, each of its seasons in turn until one has results.
    const leagues = (await getJson(s, `/v1/${sport}/leagues`)).body.data as {
      slug: string;
      seasons: { season: string }[];
    }[];
    let fixture: any = null;
    for (const l of leagues) {
      for (const { season } of l.seasons) {
        const q = new URLSearchParams({ league: l.slug, season, limit: '3' });
        const body = (await getJson(s, `/v1/${sport}/results?${q}`)).body;
        fixture = body.data?.length ? (ResultsResponseSchema.parse(body).data.at(-1) ?? null) : null;
        if (fixture) break;
      }
      if (fixture) break;
    }
    expect(fixture, `${sport}: a finished match`).not.toBeNull();
    const r = await getJson(s, `/v1/${sport}/matches/${fixture.fixture_id}/win-probability`);
    expect(r.status, `${sport}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
    const wp = WinProbabilityResponseSchema.strict().parse(r.body);
    expect(wp.fixture_id).toBe(fixture.fixture_id);
    expect(wp.points[0].event).toBeNull();
    for (const p of wp.points) expect(p.home + (p.draw ?? 0) + p.away).toBeCloseTo(1, 9);
    const last = wp.points.at(-1)!;
    if (wp.points.length > 1) {
      const winner =
        fixture.home_score > fixture.away_score ? 'home' : fixture.home_score < fixture.away_score ? 'away' : null;
      if (winner) expect(last[winner], `${sport} ends on the winner`).toBeGreaterThan(1 - 1e-6);
    }
    // The list rows carry the same pre-match probability (the sport's one ratings pass).
    expect(fixture.win_probability, `${sport}: results row`).toEqual({
      home: wp.prematch.home,
      draw: wp.prematch.draw,
      away: wp.prematch.away,
    });
    const q = new URLSearchParams({ from: fixture.kickoff, to: fixture.kickoff, limit: '200' });
    const listed = await getJson(s, `/v1/${sport}/fixtures?${q}`);
    const row = FixturesResponseSchema.parse(listed.body).data.find((f) => f.fixture_id === fixture.fixture_id);
    expect(row?.win_probability, `${sport}: fixtures row`).toEqual(fixture.win_probability);
    // Recomputed from the log: the same series on a second read.
    expect((await getJson(s, `/v1/${sport}/matches/${fixture.fixture_id}/win-probability`)).body).toEqual(r.body);
    // The same line in /v1/{sport}/odds, labelled as the model, outside the bookmakers' consensus.
    const o = await getJson(s, `/v1/${sport}/odds?match_id=${fixture.fixture_id}`);
    expect(o.status, `${sport} odds: ${JSON.stringify(o.body).slice(0, 300)}`).toBe(200);
    const odds = OddsResponseSchema.strict().parse(o.body);
    const model = odds.bookmakers.filter((b) => b.bookmaker === 'scoreline-model');
    expect(
      model.map((b) => [b.market, b.is_model, b.started_from]),
      sport,
    ).toEqual([[wp.line.market, true, 'rating']]);
    const sides = (p: { home: number; draw: number | null; away: number }) =>
      p.draw == null ? { home: p.home, away: p.away } : p;
    expect(model[0].opening, sport).toEqual(sides(wp.line.opening));
    expect(model[0].current, sport).toEqual(sides(wp.line.current));
    const books = odds.bookmakers.filter((b) => !b.is_model && !b.bookmaker.startsWith('market-'));
    if (!books.length) expect(odds.source, sport).toMatch(/scoreline-model \(model, not a bookmaker\)/);
    else expect(odds.consensus_bookmakers, sport).toBeLessThanOrEqual(books.length);
  }
}, 240_000);

test("NBA and NHL season openers start from FiveThirtyEight's season-start Elo (the bundled files)", async () => {
  const opener = async (sport: string, day: string, home: string) => {
    const q = new URLSearchParams({ from: `${day}T00:00:00Z`, to: `${day}T23:59:59Z`, limit: '50' });
    const rows = (await getJson(s, `/v1/${sport}/results?${q}`)).body.data as any[];
    const f = rows.find((r) => r.home_team === home);
    expect(f, `${sport}: ${home} at home on ${day}`).toBeTruthy();
    return WinProbabilityResponseSchema.parse(
      (await getJson(s, `/v1/${sport}/matches/${f.fixture_id}/win-probability`)).body,
    ).prematch;
  };
  // nba_elo_latest.csv 2022-10-18 BOS v PHI elo1_pre / elo2_pre; nhl_elo_latest.csv 2022-10-07 NSH v SJS.
  const nba = await opener('basketball', '2022-10-18', 'Boston Celtics');
  expect(nba.home_rating).toBeCloseTo(1657.64, 2);
  expect(nba.away_rating).toBeCloseTo(1582.25, 2);
  const nhl = await opener('ice-hockey', '2022-10-07', 'Nashville Predators');
  expect(nhl.home_rating).toBeCloseTo(1506.27, 2);
  expect(nhl.away_rating).toBeCloseTo(1450.24, 2);
});

test('the sandbox serves it too, marked sandbox', async () => {
  await waitForSandbox(s);
  const res = await fetch(`${s.baseUrl}/sandbox/v1/football/results?league=premier-league&season=2023-24&limit=1`);
  const id = (await res.json()).data[0].fixture_id;
  const r = await fetch(`${s.baseUrl}/sandbox/v1/football/matches/${id}/win-probability`);
  expect(r.status).toBe(200);
  const body = await r.json();
  expect(body.sandbox).toBe(true);
  WinProbabilityResponseSchema.parse(body);
  const odds = await (await fetch(`${s.baseUrl}/sandbox/v1/football/odds?match_id=${id}`)).json();
  expect(odds.sandbox).toBe(true);
  expect(odds.bookmakers.find((b: { bookmaker: string }) => b.bookmaker === 'scoreline-model')).toMatchObject({
    is_model: true,
    started_from: 'rating',
    opening: { home: body.line.opening.home, draw: body.line.opening.draw, away: body.line.opening.away },
  });
}, 480_000);

test('golf rows have no win probability (a field, not two sides)', async () => {
  const body = (await getJson(s, '/v1/golf/results?limit=3')).body;
  const rows = ResultsResponseSchema.parse(body).data;
  for (const r of rows) expect(r.win_probability).toBeNull();
});

test('bad input: a non-numeric id is 400, an unknown fixture 404, problem+json', async () => {
  const bad = await getJson(s, '/v1/football/matches/abc/win-probability');
  expect(bad.status).toBe(400);
  expect(bad.headers.get('content-type')).toMatch(/problem\+json/);
  expect((await getJson(s, '/v1/football/matches/999999999/win-probability')).status).toBe(404);
});
