import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFiveThirtyEightNba } from '../import/fivethirtyeight';
import { computeNbaStandings, type BasketballGameResult } from './standings';

const FILE = fileURLToPath(
  new URL('../../datasets/basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv', import.meta.url),
);
const regular: BasketballGameResult[] = parseFiveThirtyEightNba(readFileSync(FILE, 'utf8'))
  .filter((m) => m.status === 'finished' && m.round === null)
  .map((m) => ({ home: m.home_team, away: m.away_team, home_points: m.result!.home, away_points: m.result!.away }));
const tables = computeNbaStandings(regular);
const rowOf = (team: string) =>
  tables.flatMap((t) => t.rows.map((r) => ({ ...r, group: t.group }))).find((r) => r.team === team)!;

describe('NBA 2022-23 regular season (538 results) against the published standings', () => {
  it('30 teams, 82 games each, two conferences of 15', () => {
    expect(tables.map((t) => [t.group, t.rows.length])).toEqual([
      ['East', 15],
      ['West', 15],
    ]);
    expect(tables.flatMap((t) => t.rows).every((r) => r.played === 82 && r.won + r.lost === 82)).toBe(true);
  });
  it.each([
    // published W–L, conference, seed, games behind the conference leader
    ['Milwaukee Bucks', 58, 24, 'East', 1, 0],
    ['Boston Celtics', 57, 25, 'East', 2, 1],
    ['Philadelphia 76ers', 54, 28, 'East', 3, 4],
    ['Detroit Pistons', 17, 65, 'East', 15, 41],
    ['Denver Nuggets', 53, 29, 'West', 1, 0],
    ['Memphis Grizzlies', 51, 31, 'West', 2, 2],
    ['Sacramento Kings', 48, 34, 'West', 3, 5],
  ])('%s %i–%i (%s #%i, %s GB)', (team, won, lost, conference, position, gb) => {
    const r = rowOf(team);
    expect([r.won, r.lost, r.group, r.position, r.games_behind]).toEqual([won, lost, conference, position, gb]);
    expect(r.win_pct).toBeCloseTo(won / 82, 10);
  });
  it('published West seeding 1–13: Clippers 5th over Golden State (both 44-38, division record), Minnesota 8th over New Orleans', () => {
    const west = tables.find((t) => t.group === 'West')!.rows.map((r) => `${r.team} ${r.won}-${r.lost}`);
    expect(west.slice(0, 13)).toEqual([
      'Denver Nuggets 53-29',
      'Memphis Grizzlies 51-31',
      'Sacramento Kings 48-34',
      'Phoenix Suns 45-37',
      'Los Angeles Clippers 44-38',
      'Golden State Warriors 44-38',
      'Los Angeles Lakers 43-39',
      'Minnesota Timberwolves 42-40',
      'New Orleans Pelicans 42-40',
      'Oklahoma City Thunder 40-42',
      'Dallas Mavericks 38-44',
      'Utah Jazz 37-45',
      'Portland Trail Blazers 33-49',
    ]);
  });
  it('published East seeding 1–10: Atlanta 8th over Toronto (both 41-41)', () => {
    const east = tables.find((t) => t.group === 'East')!.rows.map((r) => `${r.team} ${r.won}-${r.lost}`);
    expect(east.slice(0, 10)).toEqual([
      'Milwaukee Bucks 58-24',
      'Boston Celtics 57-25',
      'Philadelphia 76ers 54-28',
      'Cleveland Cavaliers 51-31',
      'New York Knicks 47-35',
      'Brooklyn Nets 45-37',
      'Miami Heat 44-38',
      'Atlanta Hawks 41-41',
      'Toronto Raptors 41-41',
      'Chicago Bulls 40-42',
    ]);
  });
  it('Bucks home/away split and points', () => {
    const r = rowOf('Milwaukee Bucks');
    expect(r.home.won + r.away.won).toBe(58);
    expect(r.points_for).toBeGreaterThan(r.points_against);
  });
});

describe('computeNbaStandings rules', () => {
  const g = (home: string, away: string, hp: number, ap: number): BasketballGameResult => ({
    home,
    away,
    home_points: hp,
    away_points: ap,
  });
  it('ties on win % go to head-to-head, then (no divisions known) point differential; half games behind', () => {
    const t = computeNbaStandings(
      [g('A', 'B', 100, 90), g('B', 'C', 100, 99), g('C', 'A', 120, 100), g('A', 'D', 101, 100)],
      { group: 'league' },
    )[0];
    // A 2–1, B 1–1, C 1–1, D 0–1; B beat C head to head.
    expect(t.rows.map((r) => [r.team, r.won, r.lost, r.games_behind])).toEqual([
      ['A', 2, 1, 0],
      ['B', 1, 1, 0.5],
      ['C', 1, 1, 0.5],
      ['D', 0, 1, 1],
    ]);
  });
  it('rejects level scores, self-play and teams outside the table', () => {
    expect(() => computeNbaStandings([g('A', 'B', 90, 90)], { group: 'league' })).toThrow(RangeError);
    expect(() => computeNbaStandings([g('A', 'A', 91, 90)], { group: 'league' })).toThrow(RangeError);
    expect(() => computeNbaStandings([g('A', 'B', 91, 90)])).toThrow(/not in the team table/);
  });
});
