import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { teamStatistics } from './teams';
import type { StatsMatch, TeamStatsRow } from './types';
import * as data from './__fixtures__/datasets';

const row = (rows: TeamStatsRow[], team: string) => {
  const r = rows.find((x) => x.team === team);
  if (!r) throw new Error(`no row for ${team}`);
  return r;
};
const csv = (p: string) => parse(data.readDataset(p), { columns: true, bom: true }) as Record<string, string>[];

/** Invariants every table keeps: W + D + L = played, home + away = total, order won desc then name. */
function checkInvariants(rows: TeamStatsRow[]) {
  for (const r of rows) {
    expect(r.won + r.drawn + r.lost).toBe(r.played);
    for (const k of ['played', 'won', 'drawn', 'lost'] as const) expect(r.home[k] + r.away[k]).toBe(r[k]);
  }
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1], rows[i]];
    expect(a.won > b.won || (a.won === b.won && a.team.localeCompare(b.team, 'en') < 0)).toBe(true);
  }
}

describe('basketball — NBA 2022-23 (FiveThirtyEight)', () => {
  const regular = data.nba().filter((m) => m.result_detail?.playoff == null);
  const rows = teamStatistics(regular);
  it('Bucks 58-24 (home 32-9, away 26-15), league-best, as the NBA published', () => {
    expect(rows[0]).toMatchObject({
      team: 'Milwaukee Bucks',
      played: 82,
      won: 58,
      lost: 24,
      home: { won: 32, lost: 9 },
      away: { won: 26, lost: 15 },
    });
    expect(row(rows, 'Denver Nuggets')).toMatchObject({ won: 53, lost: 29, home: { won: 34, lost: 7 } });
    checkInvariants(rows);
  });
  it('points for/against and per-game figures agree with the source scores', () => {
    const src = csv('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv').filter(
      (r) => r.playoff === '' && r.score1 !== '',
    );
    const pts = src.reduce((n, r) => n + (r.team1 === 'MIL' ? +r.score1 : r.team2 === 'MIL' ? +r.score2 : 0), 0);
    const bucks = row(rows, 'Milwaukee Bucks');
    expect(bucks.points_for).toBe(pts);
    expect(bucks.sport_stats).toEqual({
      points_per_game: Math.round((pts / 82) * 10) / 10,
      points_against_per_game: Math.round((bucks.points_against / 82) * 10) / 10,
    });
  });
  it('only finished matches count: the scheduled Finals rows add nothing', () => {
    const all = data.nba();
    expect(all.some((m) => m.status !== 'finished')).toBe(true);
    const played = teamStatistics(all).reduce((n, r) => n + r.played, 0);
    expect(played).toBe(2 * all.filter((m) => m.status === 'finished').length);
  });
});

describe('ice hockey — NHL 2022-23 (FiveThirtyEight)', () => {
  const rows = teamStatistics(data.nhl().filter((m) => m.result_detail?.playoff === false));
  it('Bruins 65-12-5 (record season): 17 losses of which 5 in OT / shootout', () => {
    const b = row(rows, 'Boston Bruins');
    expect(b).toMatchObject({ played: 82, won: 65, lost: 17, drawn: 0 });
    const s = b.sport_stats as {
      overtime_losses: number;
      shootout_losses: number;
      regulation_wins: number;
      overtime_wins: number;
      shootout_wins: number;
    };
    expect(s.overtime_losses + s.shootout_losses).toBe(5);
    expect(s.regulation_wins + s.overtime_wins + s.shootout_wins).toBe(65);
    expect(rows[0].team).toBe('Boston Bruins');
    checkInvariants(rows);
  });
});

describe('baseball — Cubs 2016 home games (Retrosheet)', () => {
  const rows = teamStatistics(data.cubs2016());
  it('Cubs 57-24 at Wrigley; hits and errors summed from the games', () => {
    const cubs = row(rows, 'Chicago Cubs');
    expect(cubs).toMatchObject({ played: 81, won: 57, lost: 24, home: { played: 81 }, away: { played: 0 } });
    const hits = data.cubs2016().reduce((n, m) => n + (m.stats!.home.hits ?? 0), 0);
    expect(cubs.sport_stats).toMatchObject({ runs: cubs.points_for, runs_allowed: cubs.points_against, hits });
    checkInvariants(rows);
  });
  it('hits/errors are rebuilt from the plays when a game stores no stats', () => {
    const bare = data.cubs2016().map((m) => ({ ...m, stats: null, result_detail: null }));
    expect(teamStatistics(bare)).toEqual(rows);
  });
});

describe('cricket — T20 World Cup 2022 semi-final and final (Cricsheet)', () => {
  const rows = teamStatistics(data.t20());
  it('England 2-0; NRR by hand: 308 runs in 35 overs − 305 in 40 overs = 8.8 − 7.625 = 1.175', () => {
    expect(rows[0]).toMatchObject({ team: 'England', won: 2, points_for: 308, points_against: 305 });
    expect(rows[0].sport_stats).toEqual({
      runs_scored: 308,
      runs_conceded: 305,
      wickets_taken: 14,
      wickets_lost: 5,
      tied: 0,
      no_result: 0,
      net_run_rate: 1.175,
    });
    // Pakistan 137/8 (20 ov) v 138/5 (19 ov): 137/20 − 138/19 = −0.413
    expect(row(rows, 'Pakistan').sport_stats).toMatchObject({
      wickets_lost: 8,
      wickets_taken: 5,
      net_run_rate: -0.413,
    });
    checkInvariants(rows);
  });
  it('a live-scored match (no innings in result_detail) gives the same figures from its events', () => {
    const live = data.t20().map((m) => ({ ...m, result_detail: null }));
    expect(teamStatistics(live)).toEqual(rows);
  });
});

describe('tennis — ATP 2024 (Sackmann)', () => {
  const rows = teamStatistics(data.atp2024());
  const src = csv('tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv');
  it.each([
    ['Jannik Sinner', 73, 6],
    ['Carlos Alcaraz', 54, 13],
    ['Alexander Zverev', 69, 21],
  ])('%s %i-%i as the ATP counts it (walkovers left out)', (name, w, l) => {
    const wo = (r: Record<string, string>) => r.score.includes('W/O');
    expect(row(rows, name)).toMatchObject({ won: w, lost: l, sport_stats: {} });
    expect(src.filter((r) => r.winner_name === name && !wo(r)).length).toBe(w);
    expect(src.filter((r) => r.loser_name === name && !wo(r)).length).toBe(l);
  });
});

describe('rugby — Super Rugby (results with tries)', () => {
  const y2015 = data.superRugby().filter((m) => m.season === '2015');
  const rows = teamStatistics(y2015);
  it('Highlanders 2015 (champions): tries summed from the source Tries column', () => {
    const src = parse(data.readDataset('rugby/superrugby/superrugby_raw.csv'), {
      bom: true,
      from_line: 2,
    }) as string[][];
    let tries = 0;
    for (const r of src.filter((x) => x[3].includes('2015'))) {
      const [h, a] = r[5].split(' v ');
      const [th, ta] = r[7].split(':').map(Number);
      tries += h === 'Highlanders' ? th : a === 'Highlanders' ? ta : 0;
    }
    expect(row(rows, 'Highlanders').sport_stats).toMatchObject({ tries });
    checkInvariants(rows);
  });
});

describe('football', () => {
  it('World Cup 2022: shoot-outs are draws in the record; Argentina 4-2-1, 15-8, 2 shoot-outs won', () => {
    const rows = teamStatistics(data.openfootball('openfootball-worldcup.json/2022/worldcup.json'));
    expect(row(rows, 'Argentina')).toMatchObject({
      played: 7,
      won: 4,
      drawn: 2,
      lost: 1,
      points_for: 15,
      points_against: 8,
    });
    expect(row(rows, 'Argentina').sport_stats).toMatchObject({
      goals: 15,
      goals_against: 8,
      clean_sheets: 3,
      shootouts_won: 2,
      shootouts_lost: 0,
      yellow_cards: null,
      red_cards: null,
    });
    expect(row(rows, 'France').sport_stats).toMatchObject({ shootouts_lost: 1 });
    checkInvariants(rows);
  });
  it('Premier League 2023-24 (openfootball): City 28-7-3 96-34, Arsenal 28-5-5 91-29; Arsenal first on name', () => {
    const rows = teamStatistics(data.openfootball('openfootball-football.json/2023-24/en.1.json'));
    expect(rows.slice(0, 2).map((r) => [r.team, r.won, r.drawn, r.lost, r.points_for, r.points_against])).toEqual([
      ['Arsenal FC', 28, 5, 5, 91, 29],
      ['Manchester City FC', 28, 7, 3, 96, 34],
    ]);
  });
  it('cards from football-data match stats (HY/HR): Chelsea 2023-24 as summed from the CSV', () => {
    const rows = teamStatistics(data.footballData('2324/E0.csv'));
    const src = csv('football/football-data.co.uk/2324/E0.csv');
    const sum = (h: string, a: string) =>
      src.reduce((n, r) => n + (r.HomeTeam === 'Chelsea' ? +r[h] : r.AwayTeam === 'Chelsea' ? +r[a] : 0), 0);
    expect(row(rows, 'Chelsea').sport_stats).toMatchObject({
      yellow_cards: sum('HY', 'AY'),
      red_cards: sum('HR', 'AR'),
    });
  });
  it('cards from StatsBomb events: Barcelona 3 yellow + Lenglet’s red, Girona 5 yellow; Italy none, Turkey 2', () => {
    const rows = teamStatistics(data.statsbomb());
    expect(row(rows, 'Barcelona').sport_stats).toMatchObject({ yellow_cards: 3, red_cards: 1, goals: 2 });
    expect(row(rows, 'Girona').sport_stats).toMatchObject({ yellow_cards: 5, red_cards: 0 });
    expect(row(rows, 'Italy').sport_stats).toMatchObject({ yellow_cards: 0, red_cards: 0, clean_sheets: 1, goals: 3 });
    expect(row(rows, 'Turkey').sport_stats).toMatchObject({ yellow_cards: 2 });
    expect(row(rows, 'Barcelona')).toMatchObject({ drawn: 1, home: { drawn: 1 } });
  });
});

describe('generic behaviour', () => {
  const m = (over: Partial<StatsMatch>): StatsMatch => ({
    fixture_id: 1,
    sport: 'mma',
    competition: 'ufc',
    season: '2024',
    home_team: 'A',
    away_team: 'B',
    kickoff: '2024-01-01T00:00:00Z',
    status: 'finished',
    score: null,
    winner: 'home',
    result_detail: null,
    events: [],
    stats: null,
    ...over,
  });
  it('a finished match without a score counts in the record only; unfinished ones not at all', () => {
    const rows = teamStatistics([m({}), m({ fixture_id: 2, winner: null }), m({ fixture_id: 3, status: 'in_play' })]);
    expect(rows).toEqual([
      {
        team: 'A',
        played: 2,
        won: 1,
        drawn: 1,
        lost: 0,
        points_for: 0,
        points_against: 0,
        home: { played: 2, won: 1, drawn: 1, lost: 0 },
        away: { played: 0, won: 0, drawn: 0, lost: 0 },
        sport_stats: {},
      },
      {
        team: 'B',
        played: 2,
        won: 0,
        drawn: 1,
        lost: 1,
        points_for: 0,
        points_against: 0,
        home: { played: 0, won: 0, drawn: 0, lost: 0 },
        away: { played: 2, won: 0, drawn: 1, lost: 1 },
        sport_stats: {},
      },
    ]);
  });
  it('no matches → []; golf (tournament v "Field") → []; several sports → throws', () => {
    expect(teamStatistics([])).toEqual([]);
    expect(teamStatistics([m({ sport: 'golf', home_team: 'The Masters', away_team: 'Field', winner: null })])).toEqual(
      [],
    );
    expect(() => teamStatistics([m({}), m({ sport: 'golf' })])).toThrow(/several sports/);
  });
});
