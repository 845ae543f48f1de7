import { describe, expect, it } from 'vitest';
import { getCompetition } from '../catalogue/competitions';
import { computeStandings, type StandingsInput, type StandingsResult } from './standings';

/** Compact fixtures: 'Home 2-1 Away' strings, kickoffs one day apart in list order. */
function results(lines: string[], group: string | null = null, firstId = 1): StandingsResult[] {
  return lines.map((line, i) => {
    const m = /^(.+) (\d+)-(\d+) (.+)$/.exec(line);
    if (!m) throw new Error(`bad fixture ${line}`);
    return {
      fixture_id: firstId + i,
      kickoff: new Date(Date.UTC(2024, 0, 1 + i, 15)).toISOString(),
      group,
      home: m[1],
      away: m[4],
      home_goals: Number(m[2]),
      away_goals: Number(m[3]),
    };
  });
}

const rulesOf = (slug: string) => {
  const def = getCompetition(slug)!;
  return { tie_breakers: def.tie_breakers, points: def.points, adjustments: [] };
};

const order = (input: StandingsInput): string[] => computeStandings(input)[0].rows.map((r) => r.team);

describe('head-to-head tie-breaking', () => {
  // A, B, C all finish on 12 points. Mini-league of the three: A 12 pts; B and C 3 pts and −3 each,
  // so the three-team block splits A off and leaves B and C level. Re-applied to B and C only,
  // B wins (3 pts each, B +1 / C −1 between them). Overall GD would say C (+8), A (+4), B (0).
  const threeWay = results([
    'A 3-0 B',
    'B 0-1 A',
    'A 1-0 C',
    'C 0-1 A',
    'B 2-0 C',
    'C 1-0 B',
    'A 0-1 D',
    'D 1-0 A',
    'B 1-0 D',
    'D 0-1 B',
    'C 5-0 D',
    'D 0-5 C',
    'B 1-0 F',
    'C 1-0 F',
  ]);

  it.each([
    ['laliga', ['A', 'B', 'C', 'D', 'F']],
    ['serie-a', ['A', 'B', 'C', 'D', 'F']],
    ['premier-league', ['C', 'A', 'B', 'D', 'F']],
    ['ligue-1', ['C', 'A', 'B', 'D', 'F']],
  ])('three-way tie on points under %s rules', (slug, expected) => {
    const out = computeStandings({ results: threeWay, ...rulesOf(slug) })[0].rows;
    expect(out.map((r) => r.team)).toEqual(expected);
    expect(out.filter((r) => ['A', 'B', 'C'].includes(r.team)).map((r) => r.points)).toEqual([12, 12, 12]);
  });

  // X and Y level on 4 points; X won the head-to-head (1-0, 0-0) but Y has the better goal difference.
  const twoWay = results(['X 1-0 Y', 'Y 0-0 X', 'X 0-1 Z', 'Y 5-0 Z']);

  it.each([
    ['laliga', 'X'],
    ['serie-a', 'X'],
    ['euro', 'X'],
    ['premier-league', 'Y'],
    ['bundesliga', 'Y'],
    ['ligue-1', 'Y'],
    ['world-cup', 'Y'],
  ])('La Liga-style h2h before goal difference: %s puts %s first', (slug, first) => {
    const rows = order({ results: twoWay, ...rulesOf(slug) });
    expect(rows.slice(0, 2)).toEqual(first === 'X' ? ['X', 'Y'] : ['Y', 'X']);
  });

  it('moves past an h2h block that separates nobody (cycle) to the overall criteria', () => {
    // A>B>C>A 1-0 each, all draw with D: h2h all level, overall GD 0, goals for 3/2/1.
    const group = results(['A 1-0 B', 'B 1-0 C', 'C 1-0 A', 'A 2-2 D', 'B 1-1 D', 'C 0-0 D'], 'Group A');
    const t = computeStandings({ results: group, ...rulesOf('euro') })[0];
    expect(t.rows.map((r) => `${r.team} ${r.points} ${r.goals_for}`)).toEqual(['A 4 3', 'B 4 2', 'C 4 1', 'D 3 3']);
  });

  it('falls back to alphabetical order with distinct positions when nothing separates teams', () => {
    const rows = computeStandings({ results: results(['Zeta 1-1 Alpha']), ...rulesOf('euro') })[0].rows;
    expect(rows.map((r) => [r.position, r.team])).toEqual([
      [1, 'Alpha'],
      [2, 'Zeta'],
    ]);
  });

  it('uses away goals in the mini-league (Premier League) after points', () => {
    // P and Q level on everything overall and on h2h points; Q scored 2 away goals vs P's 1.
    const rows = order({
      results: results(['P 1-2 Q', 'Q 0-1 P', 'P 3-0 R', 'Q 3-0 R']),
      ...rulesOf('premier-league'),
    });
    expect(rows).toEqual(['Q', 'P', 'R']);
  });
});

describe('form, groups, teams and adjustments', () => {
  it('orders form by kickoff (then fixture_id), most recent last, last N only', () => {
    const seq = ['H 1-0 O1', 'H 0-0 O2', 'H 0-1 O3', 'H 2-0 O4', 'H 1-1 O5', 'H 0-3 O6', 'H 4-0 O7'];
    const shuffled = results(seq).reverse(); // input order must not matter
    const rows = (n?: number) => computeStandings({ results: shuffled, ...rulesOf('laliga'), form_length: n })[0].rows;
    expect(rows().find((r) => r.team === 'H')!.form).toEqual(['L', 'W', 'D', 'L', 'W']);
    expect(rows(3).find((r) => r.team === 'H')!.form).toEqual(['D', 'L', 'W']);
    expect(rows(0).find((r) => r.team === 'H')!.form).toEqual([]);
    expect(rows(10).find((r) => r.team === 'H')!.form).toEqual(['W', 'D', 'L', 'W', 'D', 'L', 'W']);

    const sameKickoff = results(['H 1-0 O1', 'O2 1-0 H']).map((r) => ({ ...r, kickoff: '2024-01-01T15:00:00Z' }));
    const h = computeStandings({ results: sameKickoff.reverse(), ...rulesOf('laliga') })[0].rows.find(
      (r) => r.team === 'H',
    )!;
    expect(h.form).toEqual(['W', 'L']);
  });

  it('returns one table per group, sorted by group name', () => {
    const out = computeStandings({
      results: [...results(['C 1-0 D'], 'Group B', 1), ...results(['A 2-0 B'], 'Group A', 2)],
      ...rulesOf('world-cup'),
    });
    expect(out.map((t) => [t.group, t.rows.map((r) => r.team)])).toEqual([
      ['Group A', ['A', 'B']],
      ['Group B', ['C', 'D']],
    ]);
  });

  it('lists teams without results with zeros and applies adjustments', () => {
    const out = computeStandings({
      results: results(['A 2-1 B']),
      teams: ['A', 'B', 'Idle', 'Docked'],
      ...rulesOf('premier-league'),
      adjustments: [
        { team: 'Docked', points: -3, reason: 'test' },
        { team: 'B', points: -1, reason: 'test' },
        { team: 'B', points: 2, reason: 'test' },
        { team: 'Ghost', points: -9, reason: 'not in table: ignored' },
      ],
    });
    expect(out).toHaveLength(1);
    expect(out[0].rows.map((r) => [r.team, r.played, r.points, r.points_adjustment, r.goal_difference])).toEqual([
      ['A', 1, 3, 0, 1],
      ['B', 1, 1, 1, -1],
      ['Idle', 0, 0, 0, 0],
      ['Docked', 0, -3, -3, 0],
    ]);
  });

  it('returns no tables for no results and no teams', () => {
    expect(computeStandings({ results: [], ...rulesOf('laliga') })).toEqual([]);
  });

  it.each([
    ['duplicate fixture_id', [...results(['A 1-0 B']), ...results(['C 1-0 D'])]],
    ['negative goals', results(['A 1-0 B']).map((r) => ({ ...r, home_goals: -1 }))],
    ['fractional goals', results(['A 1-0 B']).map((r) => ({ ...r, away_goals: 0.5 }))],
    ['a team playing itself', results(['A 1-0 A'])],
    ['an unparseable kickoff', results(['A 1-0 B']).map((r) => ({ ...r, kickoff: 'soon' }))],
    ['a team in two groups', [...results(['A 1-0 B'], 'Group A'), ...results(['A 1-0 C'], 'Group B', 2)]],
  ])('rejects %s', (_, bad) => {
    expect(() => computeStandings({ results: bad, ...rulesOf('laliga') })).toThrow(RangeError);
  });
});
