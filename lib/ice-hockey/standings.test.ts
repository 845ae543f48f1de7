import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFiveThirtyEightNhl } from '../import/fivethirtyeight';
import { computeNhlStandings, type HockeyGameResult } from './standings';

const FILE = fileURLToPath(
  new URL('../../datasets/ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv', import.meta.url),
);
const regular: HockeyGameResult[] = parseFiveThirtyEightNhl(readFileSync(FILE, 'utf8'))
  .filter((m) => m.status === 'finished' && m.round === null)
  .map((m) => ({
    home: m.home_team,
    away: m.away_team,
    home_goals: m.result!.home,
    away_goals: m.result!.away,
    decision: (m.result!.detail as { decision: HockeyGameResult['decision'] }).decision,
  }));
const tables = computeNhlStandings(regular);
const rowOf = (team: string) =>
  tables.flatMap((t) => t.rows.map((r) => ({ ...r, group: t.group }))).find((r) => r.team === team)!;

describe('NHL 2022-23 regular season (538 results) against the published standings', () => {
  it('32 teams in four divisions of 8, 82 games each', () => {
    expect(tables.map((t) => [t.group, t.rows.length])).toEqual([
      ['Atlantic', 8],
      ['Central', 8],
      ['Metropolitan', 8],
      ['Pacific', 8],
    ]);
    expect(tables.flatMap((t) => t.rows).every((r) => r.played === 82 && r.won + r.lost + r.ot_losses === 82)).toBe(
      true,
    );
  });
  it.each([
    // published W–L–OTL, PTS, division and place
    ['Boston Bruins', 65, 12, 5, 135, 'Atlantic', 1],
    ['Toronto Maple Leafs', 50, 21, 11, 111, 'Atlantic', 2],
    ['Carolina Hurricanes', 52, 21, 9, 113, 'Metropolitan', 1],
    ['New Jersey Devils', 52, 22, 8, 112, 'Metropolitan', 2],
    ['Vegas Golden Knights', 51, 22, 9, 111, 'Pacific', 1],
    ['Edmonton Oilers', 50, 23, 9, 109, 'Pacific', 2],
    ['Colorado Avalanche', 51, 24, 7, 109, 'Central', 1],
    ['Anaheim Ducks', 23, 47, 12, 58, 'Pacific', 8],
  ])('%s %i–%i–%i, %i pts (%s #%i)', (team, w, l, otl, pts, division, position) => {
    const r = rowOf(team);
    expect([r.won, r.lost, r.ot_losses, r.points, r.group, r.position]).toEqual([w, l, otl, pts, division, position]);
    expect(r.points_pct).toBeCloseTo(pts / 164, 10);
  });
  it('Bruins: regulation wins 54, ROW 61, goals 305–177', () => {
    const r = rowOf('Boston Bruins');
    expect([r.regulation_wins, r.regulation_overtime_wins, r.goals_for, r.goals_against, r.goal_difference]).toEqual([
      54, 61, 305, 177, 128,
    ]);
  });
  it('every pair level on points in the published league table is ordered by the NHL list (RW decides all seven in 2022-23)', () => {
    const league = computeNhlStandings(regular, { group: 'league' })[0].rows.map((r) => r.team);
    const above = (a: string, b: string) => league.indexOf(a) < league.indexOf(b);
    for (const [a, b] of [
      ['Toronto Maple Leafs', 'Vegas Golden Knights'],
      ['Edmonton Oilers', 'Colorado Avalanche'],
      ['New York Islanders', 'Calgary Flames'],
      ['Florida Panthers', 'Nashville Predators'],
      ['Pittsburgh Penguins', 'Buffalo Sabres'],
      ['Detroit Red Wings', 'Washington Capitals'],
      ['Chicago Blackhawks', 'Columbus Blue Jackets'],
    ])
      expect(above(a, b), `${a} above ${b}`).toBe(true);
    const west = computeNhlStandings(regular, { group: 'conference' })[1]
      .rows.slice(0, 3)
      .map((r) => r.team);
    expect(west).toEqual(['Vegas Golden Knights', 'Edmonton Oilers', 'Colorado Avalanche']);
  });
  it('conference grouping', () => {
    const conf = computeNhlStandings(regular, { group: 'conference' });
    expect(conf.map((t) => [t.group, t.rows[0].team])).toEqual([
      ['Eastern', 'Boston Bruins'],
      ['Western', 'Vegas Golden Knights'],
    ]);
  });
});

describe('computeNhlStandings rules', () => {
  const g = (
    home: string,
    away: string,
    hg: number,
    ag: number,
    decision: HockeyGameResult['decision'] = 'REG',
  ): HockeyGameResult => ({ home, away, home_goals: hg, away_goals: ag, decision });
  it('OT/SO losses earn a point; ties on points split by games played, RW, ROW', () => {
    const t = computeNhlStandings(
      [g('A', 'B', 3, 2, 'SO'), g('B', 'C', 2, 1, 'OT'), g('C', 'A', 4, 1), g('D', 'E', 1, 0)],
      { group: 'league' },
    )[0];
    const pick = (team: string) => t.rows.find((r) => r.team === team)!;
    expect([
      pick('A').points,
      pick('A').ot_losses,
      pick('A').regulation_wins,
      pick('A').regulation_overtime_wins,
    ]).toEqual([2, 0, 0, 0]);
    expect([pick('B').points, pick('B').ot_losses, pick('B').regulation_overtime_wins]).toEqual([3, 1, 1]);
    expect([pick('C').points, pick('C').regulation_wins]).toEqual([3, 1]);
    // B and C on 3 points from 2 GP: C has a regulation win → above B. D on 2 pts from 1 GP above A (2 pts, 2 GP).
    expect(t.rows.map((r) => r.team)).toEqual(['C', 'B', 'D', 'A', 'E']);
  });
  it('level on points, GP, RW and ROW: total wins before goal differential', () => {
    // A: REG win 6-1, two OT losses (4 pts, W1, GD +3). B: REG win, SO win, REG loss (4 pts, W2, GD +2).
    const t = computeNhlStandings(
      [
        g('A', 'X', 6, 1),
        g('A', 'Y', 2, 3, 'OT'),
        g('Y', 'A', 2, 1, 'OT'),
        g('B', 'X', 3, 1),
        g('B', 'Y', 3, 2, 'SO'),
        g('Z', 'B', 1, 0),
      ],
      { group: 'league' },
    )[0];
    expect(t.rows.map((r) => r.team).filter((x) => x === 'A' || x === 'B')).toEqual(['B', 'A']);
  });
  it('head-to-head points leave out the odd game (the first in the building of the club with more home games)', () => {
    // C and D: 4 pts, RW 2, W 2 each. C won 2-1 and 4-1 at home, lost 1-2 away. Without C's first
    // home game each has 2 head-to-head points: level, so goal differential (D +6, C +2) decides.
    const t = computeNhlStandings(
      [g('C', 'D', 2, 1), g('D', 'C', 2, 1), g('C', 'D', 4, 1), g('E', 'C', 1, 0), g('D', 'E', 9, 0)],
      { group: 'league' },
    )[0];
    expect(t.rows.map((r) => r.team).slice(0, 2)).toEqual(['D', 'C']);
    // One more C win at D's building evens the home games: no odd game, C's 6 points to D's 2 decide.
    const even = computeNhlStandings(
      [
        g('C', 'D', 2, 1),
        g('D', 'C', 2, 1),
        g('C', 'D', 4, 1),
        g('D', 'C', 0, 1),
        g('E', 'C', 1, 0),
        g('D', 'E', 9, 0),
        g('D', 'E', 9, 0),
        g('E', 'C', 1, 0),
      ],
      { group: 'league' },
    )[0];
    expect(even.rows.filter((r) => r.team === 'C' || r.team === 'D').map((r) => [r.team, r.points])).toEqual([
      ['C', 6],
      ['D', 6],
    ]);
  });
  it('rejects level scores and OT games by more than one goal', () => {
    expect(() => computeNhlStandings([g('A', 'B', 2, 2)], { group: 'league' })).toThrow(RangeError);
    expect(() => computeNhlStandings([g('A', 'B', 4, 2, 'OT')], { group: 'league' })).toThrow(/one goal/);
  });
});
