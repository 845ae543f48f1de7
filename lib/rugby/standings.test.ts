import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSuperRugby } from '../import/superrugby';
import { competitionPoints, computeRugbyStandings, type RugbyMatchResult } from './standings';

const TEXT = readFileSync(
  fileURLToPath(new URL('../../datasets/rugby/superrugby/superrugby_raw.csv', import.meta.url)),
  'utf8',
);
const matches = parseSuperRugby(TEXT);
type Detail = { tries: { home: number; away: number }; competition_points: { home: number; away: number } };
const toResult = (m: (typeof matches)[number]): RugbyMatchResult => {
  const d = m.result!.detail as Detail;
  return {
    home: m.home_team,
    away: m.away_team,
    home_score: m.result!.home,
    away_score: m.result!.away,
    home_tries: d.tries.home,
    away_tries: d.tries.away,
  };
};

describe('competition points (4/2/0, try bonus ≥ 4 tries, losing bonus ≤ 7)', () => {
  it.each([
    [45, 21, 6, 2, 5], // win with try bonus
    [21, 45, 2, 6, 0],
    [20, 21, 4, 1, 2], // lost by 1 with 4 tries: both bonuses
    [16, 16, 1, 1, 2],
    [27, 27, 4, 3, 3],
    [10, 17, 1, 2, 1], // lost by exactly 7
    [10, 18, 1, 2, 0],
  ])('%i–%i, tries %i:%i → %i', (f, a, tf, ta, total) => {
    expect(competitionPoints(f, a, tf, ta).total).toBe(total);
  });
  it("agrees with the file's own Points column in all 1,785 matches (1996–2015)", () => {
    const disagree = matches.filter((m) => {
      const d = m.result!.detail as Detail;
      const h = competitionPoints(m.result!.home, m.result!.away, d.tries.home, d.tries.away).total;
      const a = competitionPoints(m.result!.away, m.result!.home, d.tries.away, d.tries.home).total;
      return h !== d.competition_points.home || a !== d.competition_points.away;
    });
    expect(disagree).toEqual([]);
  });
  it('the 2016 scheme (3 tries more) is available', () => {
    expect(
      competitionPoints(30, 10, 4, 2, { win: 4, draw: 2, loss: 0, try_bonus: 'three_more', losing_bonus_margin: 7 })
        .try_bonus,
    ).toBe(0);
    expect(
      competitionPoints(30, 10, 4, 1, { win: 4, draw: 2, loss: 0, try_bonus: 'three_more', losing_bonus_margin: 7 })
        .try_bonus,
    ).toBe(1);
  });
});

describe('computeRugbyStandings on Super Rugby seasons', () => {
  it.each(['1996', '2005', '2010', '2015'])(
    '%s regular season: table points = sum of the awarded Points column per team',
    (season) => {
      const regular = matches.filter((m) => m.season === season && m.round!.startsWith('Round '));
      const table = computeRugbyStandings(regular.map(toResult));
      const awarded = new Map<string, number>();
      for (const m of regular) {
        const d = m.result!.detail as Detail;
        awarded.set(m.home_team, (awarded.get(m.home_team) ?? 0) + d.competition_points.home);
        awarded.set(m.away_team, (awarded.get(m.away_team) ?? 0) + d.competition_points.away);
      }
      expect(table.map((r) => [r.team, r.points])).toEqual(table.map((r) => [r.team, awarded.get(r.team)]));
      expect(table.every((r) => r.won + r.drawn + r.lost === r.played)).toBe(true);
    },
  );
  it('1996: Reds top on 41 points (9–0–2), ahead of the Blues (41, 8 wins) on wins', () => {
    const table = computeRugbyStandings(
      matches.filter((m) => m.season === '1996' && m.round!.startsWith('Round ')).map(toResult),
    );
    expect(table.slice(0, 2).map((r) => [r.team, r.won, r.drawn, r.lost, r.points])).toEqual([
      ['Reds', 9, 0, 2, 41],
      ['Blues', 8, 0, 3, 41],
    ]);
  });
  it('adjustments (byes) and validation', () => {
    const t = computeRugbyStandings(
      [{ home: 'A', away: 'B', home_score: 10, away_score: 3, home_tries: 1, away_tries: 0 }],
      { adjustments: [{ team: 'B', points: 8 }] },
    );
    expect(t.map((r) => [r.team, r.points, r.points_adjustment])).toEqual([
      ['B', 9, 8],
      ['A', 4, 0],
    ]); // B: losing bonus (lost by 7) + 8 bye points
    expect(() =>
      computeRugbyStandings([{ home: 'A', away: 'A', home_score: 1, away_score: 0, home_tries: 0, away_tries: 0 }]),
    ).toThrow(RangeError);
  });
});
