/**
 * All ten sports through the real server (issue "All ten sports"): the bundled real data of every
 * sport imported at first start, replays of cricket, baseball and tennis playing live, and every
 * REST endpoint answering for every sport slug — checked against the published records.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SPORTS } from '@/lib/sports';
import {
  FixturesResponseSchema,
  MatchDetailSchema,
  OddsResponseSchema,
  ResultsResponseSchema,
  StandingsResponseSchema,
} from '@/lib/wire/schemas';
import { liveMatchSchemaFor } from '@/lib/wire/sports/index';
import { PlayerStatisticsResponseSchema, TeamStatisticsResponseSchema } from '@/lib/wire/statistics';
import { DATASETS } from '@/server/bundled-data';
import { getJson, ROOT, startTestServer, waitFor, type TestServer } from '../helpers/server';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer(
    { BOOTSTRAP_SPORTS: 'all', REPLAY_SPEED: '600', REPLAY_LEAD_SECONDS: '1', PAGES: 'off' },
    { listenTimeoutMs: 900_000 },
  );
}, 920_000);
afterAll(async () => {
  await s?.stop();
});

async function ok(path: string): Promise<any> {
  const r = await getJson(s, path);
  expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 500)}`).toBe(200);
  return r.body;
}

describe('every REST endpoint answers for every sport slug', () => {
  test.each([...SPORTS])('%s', async (sport) => {
    const live = await ok(`/v1/${sport}/live`);
    for (const m of live.data) liveMatchSchemaFor(sport).parse(m);
    await ok(`/v1/${sport}/matches/live`);
    FixturesResponseSchema.parse(await ok(`/v1/${sport}/fixtures`));
    ResultsResponseSchema.parse(await ok(`/v1/${sport}/results`));
    StandingsResponseSchema.parse(await ok(`/v1/${sport}/standings`));
    TeamStatisticsResponseSchema.parse(await ok(`/v1/${sport}/statistics/teams`));
    PlayerStatisticsResponseSchema.parse(await ok(`/v1/${sport}/statistics/players`));
  });
});

describe('standings per sport from the bundled seasons', () => {
  test('NBA 2022-23: Bucks 58–24 top of the East (win percentage, games behind)', async () => {
    const body = StandingsResponseSchema.parse(await ok('/v1/basketball/standings'));
    const east = body.data.find((t) => t.group === 'East');
    expect(east, JSON.stringify(body.data.map((t) => t.group))).toBeTruthy();
    const first = east!.rows[0] as unknown as Record<string, unknown>;
    expect(first).toMatchObject({ position: 1, team: 'Milwaukee Bucks', won: 58, lost: 24, games_behind: 0 });
    const celtics = east!.rows.find((r) => r.team === 'Boston Celtics') as unknown as Record<string, unknown>;
    expect(celtics).toMatchObject({ won: 57, lost: 25, games_behind: 1 });
  });

  test('NHL 2022-23: Bruins 65–12–5, 135 points (2 a win, 1 an OT/SO loss)', async () => {
    const body = StandingsResponseSchema.parse(await ok('/v1/ice-hockey/standings'));
    const rows = body.data.flatMap((t) => t.rows) as unknown as Record<string, unknown>[];
    expect(rows.find((r) => r.team === 'Boston Bruins')).toMatchObject({
      won: 65,
      lost: 12,
      ot_losses: 5,
      points: 135,
      regulation_wins: 54,
    });
  });

  test('Super Rugby and cricket tables have their own columns', async () => {
    const rugby = StandingsResponseSchema.parse(await ok('/v1/rugby/standings'));
    expect(rugby.data.length).toBeGreaterThan(0);
    expect(rugby.data[0].rows[0]).toHaveProperty('try_bonus');
    const cricket = StandingsResponseSchema.parse(await ok('/v1/cricket/standings'));
    expect(cricket.data.flatMap((t) => t.rows)[0]).toHaveProperty('net_run_rate');
  });
});

describe('results', () => {
  test('T20 World Cup 2022 final: England beat Pakistan by 5 wickets', async () => {
    const body = ResultsResponseSchema.parse(await ok('/v1/cricket/results?limit=50'));
    const final = body.data.find(
      (r) => [r.home_team, r.away_team].includes('Pakistan') && [r.home_team, r.away_team].includes('England'),
    );
    expect(final, JSON.stringify(body.data.map((r) => `${r.home_team} v ${r.away_team}`))).toBeTruthy();
    const englandSide = final!.home_team === 'England' ? 'home' : 'away';
    expect(final!.winner).toBe(englandSide);
    expect(final!.result).toMatchObject({ kind: 'win', winner: englandSide, by: { wickets: 5 } });
  });

  test('tennis results carry their set scores', async () => {
    const body = ResultsResponseSchema.parse(await ok('/v1/tennis/results?limit=5'));
    expect(body.data.length).toBe(5);
    for (const r of body.data) expect(Array.isArray((r.result as { sets?: unknown } | null)?.sets)).toBe(true);
  });

  test('the Australian Open 2024 final is dated 2024-01-28 in Melbourne, with Bet365 and Pinnacle moneyline odds from the tennis-data.co.uk workbook', async () => {
    const sheet = (await readSheet(
      readFileSync(path.join(DATASETS, 'tennis/tennis-data.co.uk/2024/2024.xlsx')),
    )) as unknown[][];
    const col = (name: string) => sheet[0].indexOf(name);
    const row = sheet.find((r) => r[col('Tournament')] === 'Australian Open' && r[col('Round')] === 'The Final')!;
    const day = (row[col('Date')] as Date).toISOString().slice(0, 10);
    const body = ResultsResponseSchema.parse(
      await ok(`/v1/tennis/results?team=${encodeURIComponent('Jannik Sinner')}&from=${day}&to=${day}`),
    );
    const final = body.data.find((r) => [r.home_team, r.away_team].includes('Daniil Medvedev'));
    expect(final, JSON.stringify(body.data)).toBeTruthy();
    expect(final!.kickoff.slice(0, 10)).toBe('2024-01-28');
    const detail = MatchDetailSchema.parse(await ok(`/v1/tennis/matches/${final!.fixture_id}`));
    expect(detail.fixture.venue).toBe(row[col('Location')]);
    const odds = OddsResponseSchema.parse(await ok(`/v1/tennis/odds?match_id=${final!.fixture_id}`));
    expect(odds.market).toBe('moneyline');
    expect(odds.draw).toBeNull();
    const sinner = final!.home_team === 'Jannik Sinner' ? 'home' : 'away';
    const medvedev = sinner === 'home' ? 'away' : 'home';
    const line = (b: string) => odds.bookmakers.find((x) => x.bookmaker === b && x.market === 'moneyline')!;
    for (const [book, prefix] of [
      ['bet365', 'B365'],
      ['pinnacle', 'PS'],
    ] as const) {
      expect(line(book).closing).toEqual({ [sinner]: row[col(`${prefix}W`)], [medvedev]: row[col(`${prefix}L`)] });
      expect(line(book).opening).toEqual(line(book).closing);
    }
    // The consensus is the median of the two books (market max/average are not bookmakers).
    expect(odds.consensus_bookmakers).toBe(2);
    expect(odds[sinner]).toBeCloseTo(((row[col('B365W')] as number) + (row[col('PSW')] as number)) / 2, 3);
  });

  test('every one of the 81 Cubs 2016 home games is its own fixture (a series is not merged into one game)', async () => {
    const body = ResultsResponseSchema.parse(await ok('/v1/baseball/results?league=mlb&season=2016&limit=100'));
    expect(body.data).toHaveLength(81);
  });

  test("a Cubs 2016 game's runs by inning add up to its final score", async () => {
    const body = ResultsResponseSchema.parse(await ok('/v1/baseball/results?limit=5'));
    const detail = MatchDetailSchema.parse(await ok(`/v1/baseball/matches/${body.data[0].fixture_id}`));
    const line = (detail.match.state as { line_score: { home: number[]; away: number[] } }).line_score;
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect({ home: sum(line.home), away: sum(line.away) }).toEqual(body.data[0].score);
    expect(line.away.length).toBeGreaterThanOrEqual(8);
  });
});

describe('replays play cricket, baseball and tennis live', () => {
  test.each(['cricket', 'baseball', 'tennis'] as const)(
    '%s: a replayed match is live and its shape validates',
    async (sport) => {
      const m = await waitFor(
        `${sport} live match`,
        async () => {
          const body = await ok(`/v1/${sport}/live`);
          return body.data.find((x: { status: string }) => x.status === 'in_play') ?? null;
        },
        120_000,
      );
      const parsed = liveMatchSchemaFor(sport).parse(m);
      expect(parsed.sport).toBe(sport);
      expect(parsed.state).not.toBeNull();
    },
  );
});

describe('statistics', () => {
  test('team records are W-L with points for and against, home and away', async () => {
    const body = TeamStatisticsResponseSchema.parse(await ok('/v1/basketball/statistics/teams?season=2022-23'));
    const bucks = body.data.find((r) => r.team === 'Milwaukee Bucks') as unknown as Record<string, any>;
    expect(bucks).toBeTruthy();
    expect(bucks.won + bucks.lost).toBe(bucks.played);
    expect(bucks.home.played + bucks.away.played).toBe(bucks.played);
  });

  test('cricket batting comes from the ball-by-ball log', async () => {
    // Stokes's innings are in the semi-final and final: knockout rounds, so stage=playoffs (the default is the regular stage).
    const body = PlayerStatisticsResponseSchema.parse(
      await ok('/v1/cricket/statistics/players?league=t20-world-cup&season=2022-23&stage=playoffs'),
    );
    expect(JSON.stringify(body)).toContain('Stokes');
  });

  test("baseball pitching: every pitcher's ER is the sum of his data,er records in the bundled file, ERA 27·ER/outs", async () => {
    const total = new Map<string, number>();
    for (const l of readFileSync(path.join(ROOT, 'datasets/baseball/retrosheet/2016/2016CHN.EVN'), 'utf8').split(
      /\r?\n/,
    )) {
      const f = l.split(',');
      if (f[0] === 'data' && f[1] === 'er') total.set(f[2], (total.get(f[2]) ?? 0) + Number(f[3]));
    }
    const body = PlayerStatisticsResponseSchema.parse(
      await ok('/v1/baseball/statistics/players?league=mlb&season=2016'),
    );
    const categories = body.categories as unknown as { name: string; rows: Record<string, any>[] }[];
    const rows = categories.find((c) => c.name === 'pitching')!.rows;
    expect(rows.length).toBe(total.size);
    for (const r of rows) {
      expect(r.er, r.player_id).toBe(total.get(r.player_id));
      if (r.outs) expect(r.era, r.player_id).toBe(Math.round((2700 * r.er) / r.outs) / 100);
    }
  });

  test('an unknown season is 404 season_not_found, a bad one a 400', async () => {
    expect((await getJson(s, '/v1/cricket/statistics/players?season=%3Cx%3E')).status).toBe(400);
    const unknown = await getJson(s, '/v1/rugby/statistics/teams?season=1990');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'season_not_found']);
  });
});
