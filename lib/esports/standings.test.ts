import { describe, expect, it } from 'vitest';
import type { ImportedSportMatch } from '../rules/contract';
import { sampleEsportsMatches } from '../sample/esports';
import { computeEsportsStandings } from './standings';
import type { EsportsMap } from './types';

const series = (home: string, away: string, maps: [number, number][]): ImportedSportMatch => {
  const played: EsportsMap[] = maps.map(([h, a], i) => ({
    number: i + 1,
    map: `M${i}`,
    home: h,
    away: a,
    winner: h > a ? 'home' : 'away',
  }));
  const won = played.filter((m) => m.winner === 'home').length;
  return {
    sport: 'esports',
    source: 'test',
    source_key: `${home}-${away}`,
    competition: 't',
    competition_name: 'T',
    season: '2024',
    round: null,
    group: null,
    venue: null,
    kickoff: '2024-01-01T16:00:00Z',
    home_team: home,
    away_team: away,
    status: 'finished',
    events: [],
    stats: null,
    result: {
      home: won,
      away: played.length - won,
      winner: won * 2 > played.length ? 'home' : 'away',
      detail: { best_of: 3, maps: played },
    },
  };
};

describe('esports league table', () => {
  const cols = (t: ReturnType<typeof computeEsportsStandings>) =>
    t.map((r) => [
      r.team,
      r.wins,
      r.losses,
      r.maps_won,
      r.maps_lost,
      r.map_difference,
      r.rounds_won,
      r.rounds_lost,
      r.round_difference,
    ]);

  it('wins, then map difference', () => {
    const t = computeEsportsStandings([
      series('X', 'Y', [
        [13, 5],
        [11, 13],
        [13, 9],
      ]),
      series('Z', 'X', [
        [13, 2],
        [13, 4],
      ]),
      series('Y', 'Z', [
        [13, 11],
        [16, 14],
      ]),
    ]);
    expect(cols(t)).toEqual([
      ['Y', 1, 1, 3, 2, 1, 56, 62, -6],
      ['Z', 1, 1, 2, 2, 0, 51, 35, 16],
      ['X', 1, 1, 2, 3, -1, 43, 53, -10],
    ]);
  });

  it('then round difference', () => {
    const t = computeEsportsStandings([
      series('X', 'Y', [
        [13, 5],
        [13, 10],
      ]),
      series('Z', 'X', [
        [13, 2],
        [13, 4],
      ]),
      series('Y', 'Z', [
        [13, 11],
        [16, 14],
      ]),
    ]);
    expect(cols(t).map((r) => [r[0], r[5], r[8]])).toEqual([
      ['Z', 0, 16],
      ['Y', 0, -7],
      ['X', 0, -9],
    ]);
    expect(() =>
      computeEsportsStandings([
        { ...series('X', 'Y', [[13, 5]]), result: { home: 1, away: 1, winner: null, detail: {} } },
      ]),
    ).toThrow(RangeError);
  });

  it('on the sample league: every finished series counted once per team, scheduled ones skipped', () => {
    const matches = sampleEsportsMatches();
    const t = computeEsportsStandings(matches);
    const finished = matches.filter((m) => m.status === 'finished');
    expect(t.reduce((n, r) => n + r.played, 0)).toBe(2 * finished.length);
    expect(t.reduce((n, r) => n + r.wins, 0)).toBe(finished.length);
    expect(t.reduce((n, r) => n + r.map_difference, 0)).toBe(0);
    expect(t.reduce((n, r) => n + r.round_difference, 0)).toBe(0);
    expect(t.map((r) => r.team).sort()).toEqual(['Sample Team A', 'Sample Team B', 'Sample Team C', 'Sample Team D']);
  });
});
