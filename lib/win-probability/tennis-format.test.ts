/**
 * The best-of-5 conversion of the tennis pre-match rating (tennis-format.ts, prematch.ts): the set
 * probability inverts the best-of-3 closed form, best of 5 sharpens a favourite, probabilities stay
 * in (0, 1), a walkover is never rated, and a best-of-5 match's own result never reaches its
 * prediction. Hand-made results whose values follow from the docstrings, then the bundled ATP 2024
 * file through the real importer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSackmannAtp } from '../import/sackmann';
import { eloExpectation } from './elo';
import { PREMATCH_PARAMS, prematchProbabilities, tennisRoundOrder } from './prematch';

/** Elo alone (the serve-rating blend off): the conversion's figures follow from the docstrings. */
const ELO = { ...PREMATCH_PARAMS.tennis, serve_blend: 0 };
import { ratedSport } from './rated-import';
import { bestOf3FromSet, bestOf5FromSet, forBestOf, setFromBestOf3 } from './tennis-format';
import type { RatedResult } from './types';

const grid = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);

describe('tennis format: a best-of-3 expectation priced for best of 5', () => {
  it('the set probability inverts the best-of-3 closed form (P₃(0.6) = 0.648, the published value)', () => {
    expect(bestOf3FromSet(0.6)).toBeCloseTo(0.648, 12);
    expect(bestOf5FromSet(0.6)).toBeCloseTo(0.68256, 12);
    for (const s of [0, 0.1, 0.37, 0.5, 0.6, 0.93, 1]) expect(setFromBestOf3(bestOf3FromSet(s))).toBeCloseTo(s, 12);
    for (const p of grid) expect(bestOf3FromSet(setFromBestOf3(p))).toBeCloseTo(p, 12);
  });

  it('best of 5 sharpens the favourite, keeps 0.5 and the symmetry, stays in (0, 1); best of 3 and unknown are unchanged', () => {
    expect(forBestOf(0.5, 5)).toBeCloseTo(0.5, 12);
    for (const p of grid) {
      const p5 = forBestOf(p, 5);
      expect(p5).toBeGreaterThan(0);
      expect(p5).toBeLessThan(1);
      if (p > 0.5) expect(p5).toBeGreaterThan(p);
      if (p < 0.5) expect(p5).toBeLessThan(p);
      expect(p5 + forBestOf(1 - p, 5)).toBeCloseTo(1, 12);
      expect(forBestOf(p, 3)).toBe(p);
      expect(forBestOf(p, null)).toBe(p);
    }
    // Monotone in p.
    for (let i = 1; i < grid.length; i++) expect(forBestOf(grid[i], 5)).toBeGreaterThan(forBestOf(grid[i - 1], 5));
  });

  const monday = '2024-01-15T10:00:00Z';
  const m = (id: number, round: string, home: string, away: string, homeWins: boolean, bestOf = 5): RatedResult => ({
    fixture_id: id,
    kickoff: monday,
    competition: 'atp-tour',
    season: '2024',
    home,
    away,
    home_score: homeWins ? 3 : 0,
    away_score: homeWins ? 0 : 3,
    winner: homeWins ? 'home' : 'away',
    surface: 'Hard',
    order: tennisRoundOrder(round),
    home_rank_points: 4000,
    away_rank_points: 500,
    best_of: bestOf,
    finished: true,
  });

  it("a best-of-5 match is priced from the players' ratings through the set probability, never from its own result", () => {
    const rows = [m(1, 'R128', 'A', 'B', true), m(2, 'R128', 'C', 'D', false), m(3, 'R64', 'A', 'D', true)];
    const pre = prematchProbabilities('tennis', rows, undefined, ELO);
    // The first round: E from the ranking-points start (1500 + 100 ln(points / 1000)), priced for best of 5.
    const e = eloExpectation(100 * Math.log(8));
    expect(pre.get(1)!.home).toBeCloseTo(forBestOf(e, 5), 12);
    expect(pre.get(1)!.home).toBeGreaterThan(e);
    // The same ratings as best of 3: the expectation itself.
    const bo3 = prematchProbabilities(
      'tennis',
      rows.map((r) => ({ ...r, best_of: 3 })),
      undefined,
      ELO,
    );
    expect(bo3.get(1)!.home).toBeCloseTo(e, 12);
    expect(bo3.get(1)!.rating).toEqual(pre.get(1)!.rating);
    // The second round reads the first: flipping match 1 moves match 3 (this test can fail) …
    const flip1 = prematchProbabilities('tennis', [{ ...rows[0], winner: 'away' }, rows[1], rows[2]], undefined, ELO);
    expect(flip1.get(3)!.home).toBeLessThan(pre.get(3)!.home);
    // … but flipping match 3's own result leaves every prediction as it was.
    const flip3 = prematchProbabilities('tennis', [rows[0], rows[1], { ...rows[2], winner: 'away' }], undefined, ELO);
    for (const id of [1, 2, 3]) expect(flip3.get(id)).toEqual(pre.get(id));
  });

  it('on the bundled ATP 2024 file: Grand Slam matches are best of 5 and sharper than their best-of-3 price; walkovers are not rated', () => {
    const file = path.join(import.meta.dirname, '../../datasets/tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv');
    const ms = parseSackmannAtp(readFileSync(file, 'utf8')).filter((x) => x.result?.winner);
    const rated = ms.map(ratedSport);
    const pre = prematchProbabilities('tennis', rated, undefined, ELO);
    const slams = ms.filter((x) => (x.result!.detail as { tournament: { level: string } }).tournament.level === 'G');
    expect(slams.length).toBeGreaterThan(400);
    const byId = new Map(rated.map((r) => [r.fixture_id, r]));
    for (const s of slams) expect(byId.get(s.source_key)!.best_of).toBe(5);
    const five = rated.filter((r) => r.best_of === 5);
    for (const r of five) {
      const p = pre.get(r.fixture_id)!;
      const e = p.rating.expected_home;
      expect(p.home).toBeGreaterThan(0);
      expect(p.home).toBeLessThan(1);
      if (Math.abs(e - 0.5) > 1e-9) expect(Math.abs(p.home - 0.5)).toBeGreaterThan(Math.abs(e - 0.5));
    }
    // A walkover (no play) is predicted but not rated: neither player's count of rated matches grows with it.
    const wo = ms.filter((x) => x.result!.detail.outcome === 'walkover');
    expect(wo.length).toBeGreaterThan(5);
    for (const w of wo) expect(rated.find((r) => r.fixture_id === w.source_key)!.finished).toBe(false);
    const asPlayed = prematchProbabilities(
      'tennis',
      rated.map((r) => ({ ...r, finished: true })),
      undefined,
      ELO,
    );
    const games = (x: typeof pre) => [...x.values()].reduce((s, p) => s + p.rating.home_games + p.rating.away_games, 0);
    expect(games(asPlayed)).toBeGreaterThan(games(pre));
  });
});
