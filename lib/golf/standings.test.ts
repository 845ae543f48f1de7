import { describe, expect, it } from 'vitest';
import type { ImportedSportMatch } from '../rules/contract';
import { sampleGolfMatches } from '../sample/golf';
import { computeGolfStandings, placePoints } from './standings';
import type { GolfResultDetail } from './types';

const event = (key: string, winner: string, leaderboard: GolfResultDetail['leaderboard']): ImportedSportMatch => ({
  sport: 'golf',
  source: 'test',
  source_key: key,
  competition: 't',
  competition_name: 'T',
  season: '2024',
  round: null,
  group: null,
  venue: null,
  kickoff: '2024-01-01T08:00:00Z',
  home_team: key,
  away_team: 'Field',
  status: 'finished',
  events: [],
  stats: null,
  result: { home: 0, away: 0, winner: null, detail: { winner, to_par: -10, total_strokes: 278, leaderboard } },
});
const line = (position: string, player: string, status: 'active' | 'cut' | 'withdrawn' = 'active') => ({
  position,
  player,
  status,
  to_par: 0,
  strokes: 0,
});

describe('golf order of merit', () => {
  it('points by place: 100 … 6 for the top 10, 3 to 20th, 1 below', () => {
    expect([1, 2, 3, 10, 11, 20, 21, 70].map(placePoints)).toEqual([100, 60, 40, 6, 3, 3, 1, 1]);
    expect(() => placePoints(0)).toThrow(RangeError);
  });

  it('ties share the points of their places; cut and withdrawn players score 0 but count an event', () => {
    const t = computeGolfStandings([
      event('e1', 'P1', [
        line('1', 'P1'),
        line('T2', 'P2'),
        line('T2', 'P3'),
        line('4', 'P4'),
        line('CUT', 'P5', 'cut'),
        line('WD', 'P6', 'withdrawn'),
      ]),
      event('e2', 'P2', [line('1', 'P2'), line('2', 'P1'), line('3', 'P5')]),
    ]);
    expect(t.map((r) => [r.position, r.player, r.points, r.events, r.wins, r.cuts_made, r.best_finish])).toEqual([
      [1, 'P1', 160, 2, 1, 2, 1],
      [2, 'P2', 150, 2, 1, 2, 1],
      [3, 'P3', 50, 1, 0, 1, 2],
      [4, 'P5', 40, 2, 0, 1, 3],
      [5, 'P4', 30, 1, 0, 1, 4],
      [6, 'P6', 0, 1, 0, 0, null],
    ]);
  });

  it('on the sample tour: every player listed, winners score 100 per win, unfinished tournaments skipped', () => {
    const matches = sampleGolfMatches();
    const t = computeGolfStandings(matches);
    const finished = matches.filter((m) => m.status === 'finished');
    const players = new Set(
      finished.flatMap((m) => (m.result!.detail as unknown as GolfResultDetail).leaderboard.map((l) => l.player)),
    );
    expect(t.map((r) => r.player).sort()).toEqual([...players].sort());
    expect(t.reduce((n, r) => n + r.wins, 0)).toBe(finished.length);
    expect(t.map((r) => r.position)).toEqual(t.map((_, i) => i + 1));
    for (let i = 1; i < t.length; i++) expect(t[i - 1].points).toBeGreaterThanOrEqual(t[i].points);
    for (const r of t) expect(r.points).toBeGreaterThanOrEqual(100 * r.wins);
  });
});
