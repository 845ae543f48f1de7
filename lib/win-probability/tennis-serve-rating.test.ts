/**
 * The tennis serve-and-return rating (tennis-serve-rating.ts) and its blend with Elo (prematch.ts):
 * a match's own serve statistics never reach its prediction, an earlier match's do, the better
 * server is the favourite, and best of 5 sharpens it. Hand-made results from the docstrings.
 */
import { describe, expect, it } from 'vitest';
import { PREMATCH_PARAMS, prematchProbabilities, tennisRoundOrder } from './prematch';
import { serveRatingProbabilities } from './tennis-serve-rating';
import type { RatedResult } from './types';

const m = (
  id: number,
  round: string,
  home: string,
  away: string,
  serve: [number, number],
  bestOf = 3,
): RatedResult => ({
  fixture_id: id,
  kickoff: '2024-03-04T10:00:00Z',
  competition: 'atp-tour',
  season: '2024',
  home,
  away,
  home_score: 2,
  away_score: 0,
  winner: 'home',
  surface: 'Hard',
  order: tennisRoundOrder(round),
  best_of: bestOf,
  home_serve: { won: serve[0], points: 80 },
  away_serve: { won: serve[1], points: 80 },
  finished: true,
});

describe('tennis serve-and-return rating: only earlier matches inform it', () => {
  it('nobody known: 0.5; an earlier dominant serve makes its player the favourite; the match itself is never read', () => {
    const rows = [m(1, 'R32', 'A', 'B', [64, 40]), m(2, 'R32', 'C', 'D', [51, 51]), m(3, 'R16', 'A', 'C', [40, 70])];
    const p = serveRatingProbabilities(rows);
    expect(p.get(1)).toBeCloseTo(0.5, 9);
    expect(p.get(2)).toBeCloseTo(0.5, 9);
    // A won 80 % of serve points and 50 % of return points in R32; C 64 % and 36 %.
    expect(p.get(3)!).toBeGreaterThan(0.55);
    expect(p.get(3)!).toBeLessThan(1);
    // Match 3's own statistics turned round: every prediction as it was …
    const own = serveRatingProbabilities([rows[0], rows[1], { ...rows[2], home_serve: { won: 79, points: 80 } }]);
    for (const id of [1, 2, 3]) expect(own.get(id)).toBe(p.get(id));
    // … while an earlier match's statistics move it (this test can fail).
    const earlier = serveRatingProbabilities([{ ...rows[0], home_serve: { won: 40, points: 80 } }, rows[1], rows[2]]);
    expect(earlier.get(3)!).toBeLessThan(p.get(3)!);
    // Best of 5 sharpens the same serve edge.
    const five = serveRatingProbabilities(rows.map((r) => ({ ...r, best_of: 5 })));
    expect(five.get(3)!).toBeGreaterThan(p.get(3)!);
  });

  it('the blended pre-match line: within (0, 1), moved by earlier serve statistics, not by the match’s own', () => {
    const rows = [m(1, 'R32', 'A', 'B', [64, 40]), m(2, 'R32', 'C', 'D', [51, 51]), m(3, 'R16', 'A', 'C', [40, 70])];
    const pre = prematchProbabilities('tennis', rows);
    const elo = prematchProbabilities('tennis', rows, undefined, { ...PREMATCH_PARAMS.tennis, serve_blend: 0 });
    // Both won R32 from 1500: Elo sees them level; the serve rating does not.
    expect(elo.get(3)!.home).toBeCloseTo(0.5, 9);
    expect(pre.get(3)!.home).toBeGreaterThan(0.5);
    expect(pre.get(3)!.home).toBeLessThan(1);
    const own = prematchProbabilities('tennis', [
      rows[0],
      rows[1],
      { ...rows[2], away_serve: { won: 10, points: 80 } },
    ]);
    for (const id of [1, 2, 3]) expect(own.get(id)).toEqual(pre.get(id));
  });
});
