/**
 * Issue 19 through the real server (football + basketball bundled data, replays on):
 * leagues, seasons, teams, players and head-to-head with ids; defaults that show data; summaries
 * that describe the filtered set; season_not_found; stage on statistics; the WebSocket refusing an
 * unknown league with REST's code — checked against published figures.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FixturesResponseSchema, ResultsResponseSchema, StandingsResponseSchema } from '@/lib/wire/schemas';
import * as R from '@/lib/wire/resources';
import { TeamStatisticsResponseSchema } from '@/lib/wire/statistics';
import { getJson, startTestServer, waitFor, type TestServer } from '../helpers/server';
import { openRecorder } from '../helpers/ws-recorder';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer(
    { BOOTSTRAP_SPORTS: 'football,basketball', REPLAY_SPEED: '600', REPLAY_LEAD_SECONDS: '1', PAGES: 'off' },
    { listenTimeoutMs: 900_000 },
  );
}, 920_000);
afterAll(async () => {
  await s?.stop();
});

async function ok(path: string): Promise<any> {
  const r = await getJson(s, path);
  expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 400)}`).toBe(200);
  return r.body;
}

describe('leagues and seasons', () => {
  test('GET /v1/football/leagues lists every league with seasons (current first: real before replays) and the standings rules', async () => {
    const body = R.LeaguesResponseSchema.parse(await ok('/v1/football/leagues'));
    const pl = body.data.find((l) => l.slug === 'premier-league')!;
    expect([pl.name, pl.country, pl.format, pl.current_season]).toEqual([
      'Premier League',
      'England',
      'league',
      '2024-25',
    ]);
    expect(pl.seasons.map((x) => x.season)).toEqual(['2024-25', '2023-24']);
    expect(pl.standings_rules.points).toEqual({ win: 3, draw: 1, loss: 0 });
    expect(pl.standings_rules.tie_breakers[0]).toBe('points');
    const wc = await waitFor(
      'both World Cup replays',
      async () => {
        const l = R.LeaguesResponseSchema.parse(await ok('/v1/football/leagues')).data.find(
          (x) => x.slug === 'world-cup',
        );
        return l && l.seasons.length >= 4 ? l : null;
      },
      60_000,
    );
    // The finished editions first (current: 2022), their replays beside them.
    expect(wc.current_season).toBe('2022');
    expect(wc.seasons.map((x) => [x.season, x.is_replay])).toEqual([
      ['2022', false],
      ['2018', false],
      ['2022-replay', true],
      ['2018-replay', true],
    ]);
    expect(wc.name).toBe('FIFA World Cup');
  });

  test('one league-season: fixtures by status, teams with ids, tables', async () => {
    const body = R.LeagueSeasonSchema.parse(await ok('/v1/football/leagues/premier-league/seasons/2023-24'));
    expect([body.fixtures.total, body.fixtures.finished, body.teams.length, body.current]).toEqual([
      380,
      380,
      20,
      false,
    ]);
    expect(body.standings[0].rows[0]).toMatchObject({ team: 'Manchester City', position: 1, points: 91 });
    const current = R.LeagueSeasonSchema.parse(await ok('/v1/football/leagues/premier-league/seasons/current'));
    expect([current.season, current.current]).toEqual(['2024-25', true]);
    for (const path of [
      '/v1/football/leagues/premier-league/seasons/1999-00',
      '/v1/football/standings?league=premier-league&season=1999-00',
      '/v1/football/results?season=1887',
    ]) {
      const r = await getJson(s, path);
      expect([r.status, r.body.code], path).toEqual([404, 'season_not_found']);
    }
    expect((await getJson(s, '/v1/football/leagues/nope/seasons/2023-24')).body.code).toBe('league_not_found');
  });
});

describe('defaults that show data', () => {
  test('the default season is the current one: World Cup tables 2022 (finished) not 2018 nor the replay, the Premier League 2024-25', async () => {
    const pl = StandingsResponseSchema.parse(await ok('/v1/football/standings?league=premier-league'));
    expect(pl.data.map((t) => t.season)).toEqual(['2024-25']);
    const wc = StandingsResponseSchema.parse(await ok('/v1/football/standings?league=world-cup'));
    expect(new Set(wc.data.map((t) => t.season))).toEqual(new Set(['2022']));
    expect(wc.data.length).toBe(8);
  });

  test('fixtures with a league and no from start at the current season: the first natural call shows the season', async () => {
    const body = FixturesResponseSchema.parse(await ok('/v1/football/fixtures?league=premier-league&limit=3'));
    expect([body.total, body.fixtures]).toEqual([380, 0]); // a finished season: nothing upcoming
    expect([body.league, body.league_slug, body.season]).toEqual([
      'Premier League 2024/25',
      'premier-league',
      '2024-25',
    ]);
    expect(body.data[0].kickoff.slice(0, 10)).toBe('2024-08-16');
    expect(body.data[0]).toMatchObject({ home_team: 'Manchester United', away_team: 'Fulham' });
    expect(body.data[0].home_team_id).toBeTypeOf('number');
    const nba = FixturesResponseSchema.parse(await ok('/v1/basketball/fixtures?league=nba&limit=1'));
    expect(nba.data.length).toBe(1);
  });

  test('the summary counts and names exactly the filtered set', async () => {
    const finished = FixturesResponseSchema.parse(
      await ok('/v1/football/fixtures?league=premier-league&season=2023-24&status=finished&limit=200'),
    );
    expect([finished.total, finished.fixtures, finished.upcoming, finished.data.length]).toEqual([380, 0, 0, 200]);
    const from = FixturesResponseSchema.parse(
      await ok('/v1/football/fixtures?from=2024-08-01&to=2024-08-31&limit=200'),
    );
    expect(from.total).toBe(from.data.length);
    expect(from.total).toBe(from.leagues.reduce((n, l) => n + l.total, 0));
    expect(from.leagues.map((l) => l.league_slug).sort()).toEqual(['bundesliga', 'premier-league']);
    expect(from.league).toBe('All leagues');
    const wc = FixturesResponseSchema.parse(await ok('/v1/football/fixtures?league=world-cup&from=2000-01-01&limit=1'));
    expect(wc.league).toBe(wc.leagues.length > 1 ? 'FIFA World Cup' : wc.leagues[0].league);
    expect(wc.fixtures).toBe(wc.leagues.reduce((n, l) => n + l.fixtures, 0));
    expect(wc.total).toBe(wc.leagues.reduce((n, l) => n + l.total, 0));
  });
});

describe('statistics stage', () => {
  test('Boston 2022-23: regular season 57-25 by default (as the standings), playoffs 11-9, all 68-34', async () => {
    const row = async (q: string) =>
      TeamStatisticsResponseSchema.parse(await ok(`/v1/basketball/statistics/teams?season=2022-23${q}`)).data.find(
        (r) => r.team === 'Boston Celtics',
      )!;
    expect([(await row('')).won, (await row('')).lost]).toEqual([57, 25]);
    const po = await row('&stage=playoffs');
    expect([po.won, po.lost]).toEqual([11, 9]);
    const all = await row('&stage=all');
    expect([all.won, all.lost]).toEqual([68, 34]);
    expect((await getJson(s, '/v1/basketball/statistics/teams?stage=preseason')).status).toBe(400);
  });
});

describe('teams, players, head-to-head', () => {
  test('teams list by league, season and search; a team by id with standing, form, results and statistics', async () => {
    const list = R.TeamsResponseSchema.parse(
      await ok('/v1/football/teams?league=premier-league&season=2023-24&search=united'),
    );
    expect(list.data.map((t) => t.name).sort()).toEqual([
      'Manchester United',
      'Newcastle United',
      'Sheffield United',
      'West Ham United',
    ]);
    const arsenalId = R.TeamsResponseSchema.parse(await ok('/v1/football/teams?search=arsenal')).data[0].id;
    const team = R.TeamDetailSchema.parse(
      await ok(`/v1/football/teams/${arsenalId}?league=premier-league&season=2023-24`),
    );
    expect(team.standing).toMatchObject({ position: 2, points: 89, team: 'Arsenal', team_id: arsenalId });
    expect(team.statistics).toMatchObject({ team: 'Arsenal', played: 38, won: 28 });
    expect(team.form.length).toBe(5);
    expect(team.results[0].home_team_id === arsenalId || team.results[0].away_team_id === arsenalId).toBe(true);
    expect((await getJson(s, '/v1/football/teams/999999')).body.code).toBe('team_not_found');
    expect((await getJson(s, '/v1/football/teams/abc')).body.code).toBe('team_not_found');
  });

  test('head-to-head by names or ids: Arsenal v Chelsea in the Premier League 2023-24 (5-0, 2-2)', async () => {
    const h = R.HeadToHeadSchema.parse(
      await ok('/v1/football/head-to-head?teams=Arsenal,Chelsea&league=premier-league&season=2023-24'),
    );
    expect(h.summary).toEqual({ played: 2, wins: [1, 0], draws: 1, scored: [7, 2] });
    const byId = R.HeadToHeadSchema.parse(
      await ok(
        `/v1/football/head-to-head?teams=${h.teams[0].id},${h.teams[1].id}&league=premier-league&season=2023-24`,
      ),
    );
    expect(byId.summary).toEqual(h.summary);
    expect((await getJson(s, '/v1/football/head-to-head?teams=Arsenal')).status).toBe(400);
    expect((await getJson(s, '/v1/football/head-to-head?teams=Arsenal,Nowhere FC')).body.code).toBe('team_not_found');
  });

  test('a player by the id the player tables give: the World Cup 2022 top scorer, the same goals in both', async () => {
    // The bundled league files name no scorers; the World Cup's do (openfootball's goal lists).
    const top = (await ok('/v1/football/statistics/players?league=world-cup&season=2022')).categories[0].rows[0];
    expect([top.player, top.team, top.goals]).toEqual(['Kylian Mbappé', 'France', 8]);
    expect(top.player_id).toBeTypeOf('number');
    const p = R.PlayerDetailSchema.parse(
      await ok(`/v1/football/players/${top.player_id}?league=world-cup&season=2022`),
    );
    expect([p.id, p.name, p.teams[0].name]).toEqual([top.player_id, top.player, top.team]);
    expect(p.statistics.find((x) => x.category === 'scorers')?.row.goals).toBe(top.goals);
    expect((await getJson(s, '/v1/football/players/12345')).body.code).toBe('player_not_found');
  });
});

test('the WebSocket refuses an unknown league with REST’s code, and subscribes a known one', async () => {
  const ws = await openRecorder(s.wsUrl, s.apiKey);
  try {
    ws.send({ channel: 'football.live', league: 'nope' });
    expect(await ws.next((m) => m.type === 'error' || m.type === 'subscribed')).toMatchObject({
      type: 'error',
      code: 'league_not_found',
    });
    const from = ws.messages.length;
    ws.send({ channel: 'football.live', league: 'premier-league' });
    expect(await ws.next((m) => m.type === 'error' || m.type === 'subscribed', 15_000, from)).toMatchObject({
      type: 'subscribed',
      league: 'premier-league',
    });
  } finally {
    ws.ws.close();
  }
  expect((await getJson(s, '/v1/football/fixtures?league=nope')).body.code).toBe('league_not_found');
});
