/**
 * Issue 34 through the read layer on a copy of the store seed of every sport (the first start's
 * own import, test/helpers/seeded-store.ts): the replayed competitions imported finished as
 * themselves beside their replays (World Cup 2022 and Euro 2024 group tables as published, the
 * final with its shoot-out, Mbappé's 8 goals), their events distinct from the replay's, and the
 * fixtures summary counting upcoming fixtures (spec 2.3).
 */
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGGREGATE_BOOKMAKERS } from '@/lib/odds/markets';
import { SPORTS } from '@/lib/sports';
import {
  FixturesResponseSchema,
  MatchDetailSchema,
  type OddsResponse,
  OddsResponseSchema,
  ResultsResponseSchema,
  StandingsResponseSchema,
} from '@/lib/wire/schemas';
import { LeaguesResponseSchema } from '@/lib/wire/resources';
import { PlayerStatisticsResponseSchema, TeamStatisticsResponseSchema } from '@/lib/wire/statistics';
import { readFixtures } from '@/server/read/read-fixtures';
import { readLeagues } from '@/server/read/read-leagues';
import { readMatch } from '@/server/read/read-match';
import { readOdds } from '@/server/read/read-odds';
import { isReadFailure } from '@/server/read/result';
import { readResults } from '@/server/read/read-results';
import { readStandings } from '@/server/read/read-standings';
import { readPlayerStatistics, readTeamStatistics } from '@/server/read/read-statistics';
import { readWinProbability } from '@/server/read/read-win-probability';
import { REPLAY_CHANNELS } from '@/server/replay/channels';
import { ReplayDriver } from '@/server/replay/driver';
import * as t from '@/server/store/schema';
import { openSeededStore, type SeededStore } from '../helpers/seeded-store';

let s: SeededStore;
const drivers: ReplayDriver[] = [];

beforeAll(async () => {
  s = await openSeededStore('all');
}, 900_000);
afterAll(async () => {
  for (const d of drivers) d.stop();
  await s?.close();
});

/** Starts the replay of `channel` on the test's store (`leadMs` before its first kickoff, `speed` match seconds per second). */
async function replay(channel: string, speed: number, leadMs: number): Promise<ReplayDriver> {
  const driver = new ReplayDriver(s.engine, pino({ level: 'warn' }), {
    speed,
    leadMs,
    tickMs: 20,
    channels: REPLAY_CHANNELS.filter((c) => c.channel === channel),
  });
  drivers.push(driver);
  await driver.start();
  return driver;
}

const table = (body: unknown, group: string) =>
  StandingsResponseSchema.parse(body)
    .data.find((x) => x.group === group)!
    .rows.map((r) => [r.team, r.points]);

describe('World Cup 2022 and Euro 2024 finished, as published', () => {
  test('the World Cup 2022 group tables, all eight (FIFA, final standings)', async () => {
    const body = await readStandings(s.deps, 'football', { league: 'world-cup', season: '2022' });
    const published: Record<string, string> = {
      'Group A': 'Netherlands 7, Senegal 6, Ecuador 4, Qatar 0',
      'Group B': 'England 7, USA 5, Iran 3, Wales 1',
      'Group C': 'Argentina 6, Poland 4, Mexico 4, Saudi Arabia 3',
      'Group D': 'France 6, Australia 6, Tunisia 4, Denmark 1',
      'Group E': 'Japan 6, Spain 4, Germany 4, Costa Rica 3',
      'Group F': 'Morocco 7, Croatia 5, Belgium 4, Canada 0',
      'Group G': 'Brazil 6, Switzerland 6, Cameroon 4, Serbia 1',
      'Group H': 'Portugal 6, South Korea 4, Uruguay 4, Ghana 3',
    };
    expect(StandingsResponseSchema.parse(body).data.map((x) => x.group)).toEqual(Object.keys(published));
    for (const [group, rows] of Object.entries(published))
      expect(
        table(body, group)
          .map(([team, points]) => `${team} ${points}`)
          .join(', '),
        group,
      ).toBe(rows);
  });

  test('the final: Argentina 3–3 France, 4–2 on penalties; Mbappé top scorer with 8', async () => {
    const results = ResultsResponseSchema.parse(
      await readResults(s.deps, 'football', { league: 'world-cup', season: '2022', limit: 1 }),
    );
    expect(results.data[0]).toMatchObject({
      round: 'Final',
      home_team: 'Argentina',
      away_team: 'France',
      score: { home: 3, away: 3 },
      penalties: { home: 4, away: 2 },
      winner: 'home',
    });
    const players = PlayerStatisticsResponseSchema.parse(
      await readPlayerStatistics(s.deps, 'football', { league: 'world-cup', season: '2022', stage: 'all' }),
    );
    const scorers = players.categories.find((c) => (c as { name: string }).name === 'scorers') as {
      rows: Record<string, unknown>[];
    };
    expect(scorers.rows[0]).toMatchObject({ player: 'Kylian Mbappé', team: 'France', goals: 8 });
    expect(scorers.rows[1]).toMatchObject({ player: 'Lionel Messi', goals: 7 });
  });

  test('Euro 2024 Group E: Romania, Belgium, Slovakia, Ukraine, all on 4 points', async () => {
    const body = await readStandings(s.deps, 'football', { league: 'euro', season: '2024' });
    expect(table(body, 'Group E')).toEqual([
      ['Romania', 4],
      ['Belgium', 4],
      ['Slovakia', 4],
      ['Ukraine', 4],
    ]);
  });

  test('every replayed competition has its finished season, the current one of its league', async () => {
    const seasons = async (sport: string, slug: string) => {
      const l = LeaguesResponseSchema.parse(await readLeagues(s.deps, sport)).data.find((x) => x.slug === slug)!;
      return l.seasons.filter((x) => !x.is_replay).map((x) => x.season);
    };
    expect(await seasons('football', 'world-cup')).toEqual(['2022', '2018']);
    expect(await seasons('football', 'euro')).toEqual(['2024', '2020']);
    expect(await seasons('football', 'laliga')).toEqual(['2018-19']);
    expect(await seasons('tennis', 'hopman-cup')).toEqual(['2017']);
    expect(await seasons('cricket', 't20-world-cup')).toEqual(['2022-23']);
    expect(await seasons('baseball', 'mlb')).toEqual(['2016']);
    const wc = StandingsResponseSchema.parse(await readStandings(s.deps, 'football', { league: 'world-cup' }));
    expect(new Set(wc.data.map((x) => x.season))).toEqual(new Set(['2022']));
  });
});

describe('coverage: every bundled season says what its endpoints return', () => {
  test('each flag of each season against its endpoint (events, lineups and odds on up to 40 of its matches)', async () => {
    const checked: string[] = [];
    for (const sport of SPORTS) {
      const leagues = LeaguesResponseSchema.parse(await readLeagues(s.deps, sport));
      for (const league of leagues.data)
        for (const season of league.seasons) {
          const q = { league: league.slug, season: season.season };
          const at = `${sport} ${league.slug} ${season.season}`;
          const fixtures = FixturesResponseSchema.parse(await readFixtures(s.deps, sport, { ...q, limit: 20 }));
          const results = ResultsResponseSchema.parse(await readResults(s.deps, sport, { ...q, limit: 20 }));
          const teams = TeamStatisticsResponseSchema.parse(
            await readTeamStatistics(s.deps, sport, { ...q, stage: 'all' }),
          );
          const players = PlayerStatisticsResponseSchema.parse(
            await readPlayerStatistics(s.deps, sport, { ...q, stage: 'all' }),
          );
          const tables = StandingsResponseSchema.parse(await readStandings(s.deps, sport, q));
          const sample = [...new Set([...fixtures.data, ...results.data].map((f) => f.fixture_id))];
          const matches = await Promise.all(
            sample.map(async (id) => MatchDetailSchema.parse(await readMatch(s.deps, sport, id))),
          );
          const odds: { kickoff: string; bookmakers: OddsResponse['bookmakers'] }[] = [];
          for (const m of matches) {
            const o = await readOdds(s.deps, sport, { match_id: String(m.fixture.fixture_id) });
            if (!isReadFailure(o))
              odds.push({ kickoff: m.fixture.kickoff, bookmakers: OddsResponseSchema.parse(o).bookmakers });
          }
          const books = new Set(
            odds.flatMap((o) =>
              o.bookmakers.filter((b) => !b.is_model && !AGGREGATE_BOOKMAKERS.has(b.bookmaker)).map((b) => b.bookmaker),
            ),
          );
          const winProbability =
            matches.length > 0 &&
            !isReadFailure(await readWinProbability(s.store.db, sport, matches[0].fixture.fixture_id));
          expect(season.coverage, at).toEqual({
            fixtures: fixtures.total > 0,
            results: results.data.length > 0,
            events: matches.some((m) => m.events.some((e) => e.type !== 'result')),
            lineups: matches.some((m) => m.lineups != null && m.lineups.length > 0),
            team_statistics: teams.data.length > 0,
            match_statistics: matches.some((m) => m.statistics != null),
            player_statistics: players.categories.some((c) => (c as { rows: unknown[] }).rows.length > 0),
            odds: {
              pre_match: odds.some((o) => o.bookmakers.some((b) => !b.is_model && b.closing != null)),
              live: odds.some((o) => o.bookmakers.some((b) => !b.is_model && b.updated_at > o.kickoff)),
              bookmakers: books.size,
            },
            win_probability: winProbability,
            standings: tables.data.some((x) => x.rows.length > 0),
          });
          checked.push(at);
        }
    }
    expect(checked.length).toBeGreaterThan(20);
  }, 600_000);
});

describe('standings views, default stages, one league by default', () => {
  test('NHL 2022-23 by conference: Boston first in the East with 135 points; an unknown or foreign view is invalid', async () => {
    const body = StandingsResponseSchema.parse(
      await readStandings(s.deps, 'ice-hockey', { league: 'nhl', season: '2022-23', view: 'conference' }),
    );
    expect(body.data.map((x) => [x.group, x.view, x.rows.length])).toEqual([
      ['Eastern', 'conference', 16],
      ['Western', 'conference', 16],
    ]);
    expect(body.data[0].rows[0]).toMatchObject({ team: 'Boston Bruins', position: 1, points: 135 });
    // The stored view (divisions) is the default, by either name; the same Boston row in it.
    const divisions = StandingsResponseSchema.parse(await readStandings(s.deps, 'ice-hockey', { league: 'nhl' }));
    expect(divisions.data.map((x) => x.group)).toEqual(['Atlantic', 'Central', 'Metropolitan', 'Pacific']);
    expect(
      StandingsResponseSchema.parse(await readStandings(s.deps, 'ice-hockey', { league: 'nhl', group: 'division' }))
        .data,
    ).toEqual(divisions.data);
    const league = StandingsResponseSchema.parse(
      await readStandings(s.deps, 'ice-hockey', { league: 'nhl', view: 'league' }),
    );
    expect([league.data.length, league.data[0].rows.length, league.data[0].rows[0]]).toMatchObject([
      1,
      32,
      { team: 'Boston Bruins', points: 135 },
    ]);
    const nba = StandingsResponseSchema.parse(
      await readStandings(s.deps, 'basketball', { league: 'nba', view: 'division' }),
    );
    expect(nba.data.map((x) => x.group)).toEqual([
      'Atlantic',
      'Central',
      'Northwest',
      'Pacific',
      'Southeast',
      'Southwest',
    ]);
    expect(await readStandings(s.deps, 'football', { league: 'world-cup', view: 'conference' })).toMatchObject({
      code: 'invalid_parameter',
    });
    expect(
      await readStandings(s.deps, 'ice-hockey', { league: 'nhl', view: 'conference', group: 'division' }),
    ).toMatchObject({ code: 'invalid_parameter' });
  });

  test('tournaments count every stage by default: IPL 2023 batting has B Sai Sudharsan (96) first; the NBA stays regular', async () => {
    const ipl = PlayerStatisticsResponseSchema.parse(await readPlayerStatistics(s.deps, 'cricket', { league: 'ipl' }));
    expect(ipl.stage).toBe('all');
    expect((ipl.categories[0] as { rows: Record<string, unknown>[] }).rows[0]).toMatchObject({
      player: 'B Sai Sudharsan',
      runs: 96,
    });
    const t20 = PlayerStatisticsResponseSchema.parse(
      await readPlayerStatistics(s.deps, 'cricket', { league: 't20-world-cup' }),
    );
    expect((t20.categories[0] as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    const nba = TeamStatisticsResponseSchema.parse(await readTeamStatistics(s.deps, 'basketball', { league: 'nba' }));
    expect([nba.stage, nba.data.find((r) => r.team === 'Boston Celtics')?.won]).toEqual(['regular', 57]);
  });

  test('football team statistics without a league: one league-season (the Premier League 2024-25), 20 teams', async () => {
    const body = TeamStatisticsResponseSchema.parse(await readTeamStatistics(s.deps, 'football', {}));
    expect([body.league, body.season, body.data.length]).toEqual(['premier-league', '2024-25', 20]);
    expect(body.data.reduce((n, r) => n + r.played, 0)).toBe(2 * 380);
  });
});

describe('the replay beside the finished season', () => {
  test('a replayed StatsBomb match stores every event again under its own ids; the finished one is unchanged', async () => {
    const db = s.store.db;
    const eventsOf = async (season: string) => {
      const [comp] = await db
        .select({ id: t.competitions.id })
        .from(t.competitions)
        .where(and(eq(t.competitions.slug, 'euro'), eq(t.competitions.season, season)));
      const fixtures = await db
        .select({ id: t.fixtures.id })
        .from(t.fixtures)
        .where(eq(t.fixtures.competitionId, comp.id));
      return db
        .select({ id: t.matchEvents.eventId })
        .from(t.matchEvents)
        .where(
          inArray(
            t.matchEvents.fixtureId,
            fixtures.map((f) => f.id),
          ),
        );
    };
    const before = await eventsOf('2020');
    expect(before.length).toBeGreaterThan(10);
    // 100,000×: a StatsBomb match (~100 min of kept events) plays in well under a second.
    const driver = await replay('statsbomb', 100_000, 0);
    const deadline = Date.now() + 60_000;
    while (driver.status()[0].cycle < 2) {
      if (Date.now() > deadline) throw new Error('the StatsBomb replay did not finish its first cycle in 60 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    driver.stop();
    const replayed = (await eventsOf('2020-replay-1')).map((e) => e.id);
    // The same events under the replay's own ids (the finished import's closing `result` event aside).
    expect(replayed.every((id) => id.startsWith('replay/statsbomb/c1/'))).toBe(true);
    expect(new Set(replayed.map((id) => id.slice('replay/statsbomb/c1/'.length)))).toEqual(
      new Set(before.map((e) => e.id).filter((id) => !id.endsWith('#result'))),
    );
    expect((await eventsOf('2020')).length).toBe(before.length);
  });
});

describe('fixtures summary (spec 2.3): `fixtures` counts the upcoming ones', () => {
  test('a replay scheduled to start tomorrow: 64 upcoming; the finished 2022 and Premier League: none of their fixtures', async () => {
    await replay('world-cup-2022', 1, 86_400_000);
    const read = async (q: Record<string, string>) =>
      FixturesResponseSchema.parse(await readFixtures(s.deps, 'football', { limit: 200, ...q }));
    const replaySeason = await read({ league: 'world-cup', season: '2022-replay' });
    expect([replaySeason.fixtures, replaySeason.total, replaySeason.upcoming]).toEqual([64, 64, 64]);
    expect(replaySeason.next_kickoff! > new Date(Date.now() + 86_000_000).toISOString()).toBe(true);
    const finished = await read({ league: 'world-cup', season: '2022' });
    expect([finished.fixtures, finished.total, finished.next_kickoff]).toEqual([0, 64, null]);
    const pl = await read({ league: 'premier-league' });
    expect([pl.fixtures, pl.total]).toEqual([0, 380]);
    // From now on, every league: exactly the replay's fixtures, every one of them upcoming.
    const now = await read({});
    expect([now.fixtures, now.total]).toEqual([64, 64]);
    expect(now.leagues.map((l) => [l.season, l.fixtures, l.total])).toEqual([['2022-replay', 64, 64]]);
  });
});
