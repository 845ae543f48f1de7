import { describe, expect, it } from 'vitest';
import type { ImportedSportMatch, Side } from '../rules/contract';
import { sampleMmaMatches } from '../sample/mma';
import { computeMmaStandings } from './standings';
import type { MmaMethod } from './types';

const bout = (red: string, blue: string, winner: Side | null, method: MmaMethod | null): ImportedSportMatch => ({
  sport: 'mma',
  source: 'test',
  source_key: `${red}-${blue}`,
  competition: 't',
  competition_name: 'T',
  season: '2024',
  round: null,
  group: null,
  venue: null,
  kickoff: '2024-01-01T03:00:00Z',
  home_team: red,
  away_team: blue,
  status: 'finished',
  events: [],
  stats: null,
  result: { home: 0, away: 0, winner, detail: { winner, method, round: 1, time_seconds: 60 } },
});

describe('mma fighter records', () => {
  it('wins by method, draws, no contests, finish rate; order wins, fewer losses, draws, name', () => {
    const t = computeMmaStandings([
      bout('R', 'S', 'home', 'KO'),
      bout('R', 'T', 'home', 'UD'),
      bout('S', 'T', null, 'DRAW'),
      bout('T', 'U', null, 'NC'),
      bout('U', 'S', 'away', 'SUB'),
    ]);
    expect(t.map((r) => [r.fighter, r.bouts, r.wins, r.losses, r.draws, r.no_contests, r.finish_rate])).toEqual([
      ['R', 2, 2, 0, 0, 0, 0.5],
      ['S', 3, 1, 1, 1, 0, 1],
      ['T', 3, 0, 1, 1, 1, null],
      ['U', 2, 0, 1, 0, 1, null],
    ]);
    expect(t[0]).toMatchObject({ ko_tko_wins: 1, decision_wins: 1, position: 1 });
    expect(() => computeMmaStandings([bout('R', 'S', null, 'KO')])).toThrow(RangeError);
  });

  it('on the sample bouts: one win and one loss per decided bout, scheduled bouts skipped', () => {
    const t = computeMmaStandings(sampleMmaMatches());
    expect(t.find((r) => r.fighter === 'Sample Fighter 1')).toMatchObject({
      bouts: 2,
      wins: 1,
      losses: 1,
      ko_tko_wins: 1,
    });
    expect(t.find((r) => r.fighter === 'Sample Fighter 3')).toMatchObject({
      bouts: 2,
      wins: 2,
      losses: 0,
      decision_wins: 2,
      finish_rate: 0,
    });
    expect(t.find((r) => r.fighter === 'Sample Fighter 6')).toMatchObject({
      wins: 1,
      submission_wins: 1,
      finish_rate: 1,
    });
    expect(t.reduce((n, r) => n + r.wins, 0)).toBe(4);
    expect(t.reduce((n, r) => n + r.losses, 0)).toBe(4);
    expect(t[0].fighter).toBe('Sample Fighter 3');
  });

  it('a win of unnamed method counts in wins only (not in a method column, not in the finish rate)', () => {
    const [r, s] = computeMmaStandings([bout('R', 'S', 'home', null), bout('R', 'T', 'home', 'SUB')]);
    expect(r).toMatchObject({
      fighter: 'R',
      wins: 2,
      submission_wins: 1,
      ko_tko_wins: 0,
      decision_wins: 0,
      finish_rate: 0.5,
    });
    expect(s).toMatchObject({ fighter: 'S', losses: 1 });
  });
});
