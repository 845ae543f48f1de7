/**
 * The football rating options of elo.ts (issue 37 item 5, the calibration work): shots-on-target
 * share in the update, the early-season K boost (never for seeded sides), promoted clubs starting
 * at the relegated clubs' level, Dixon–Coles ρ in the pre-match 1X2 — each on small hand-made
 * results whose expected values follow from the formulas in the docstrings.
 */
import { describe, expect, it } from 'vitest';
import { type EloParams, eloExpectation, runElo } from './elo';
import { prematchProbabilities } from './prematch';
import { game } from './test-results';

const plain: EloParams = { k: 20, home_advantage: 0, initial: 1500, mov: 'none', carryover: 1 };

describe('elo.ts football options', () => {
  it('sot_weight: the update scores (1 − w)·S + w·SOT share', () => {
    const rs = [
      game(1, 1, 'A', 'B', 1, 0, { home_shots_on_target: 2, away_shots_on_target: 6 }),
      game(2, 2, 'A', 'B', 0, 0),
    ];
    const without = runElo(rs, plain).predictions.get(2)!;
    const w = runElo(rs, { ...plain, sot_weight: 0.4 }).predictions.get(2)!;
    expect(without.home_rating).toBeCloseTo(1510, 9);
    // 20 · (0.6 · (1 − ½) + 0.4 · (2/8 − ½)) = 20 · (0.3 − 0.1) = 4
    expect(w.home_rating).toBeCloseTo(1504, 9);
    // Unknown counts: results only.
    const none = runElo([game(1, 1, 'A', 'B', 1, 0), game(2, 2, 'A', 'B', 0, 0)], { ...plain, sot_weight: 0.4 });
    expect(none.predictions.get(2)!.home_rating).toBeCloseTo(1510, 9);
  });

  it('k_boost: K·(1 + b·(1 − n/g)) for a side with n < g matches, none for a seeded side', () => {
    const rs = [game(1, 1, 'A', 'B', 1, 0), game(2, 2, 'A', 'B', 0, 0)];
    const p = { ...plain, k_boost: 4, k_boost_games: 10 };
    expect(runElo(rs, p).predictions.get(2)!.home_rating).toBeCloseTo(1500 + 20 * 5 * 0.5, 9);
    const seeded = runElo(rs, p, { seed: new Map([['A', 1500]]) }).predictions.get(2)!;
    expect(seeded.home_rating).toBeCloseTo(1510, 9);
    expect(seeded.away_rating).toBeCloseTo(1450, 9);
  });

  it("newcomer_bottom: a promoted club starts at the mean of the previous season's lowest ratings", () => {
    const s1 = [game(1, 1, 'A', 'B', 3, 0), game(2, 2, 'C', 'D', 2, 0), game(3, 3, 'A', 'D', 1, 0)];
    const s2 = game(4, 20, 'E', 'A', 0, 0, { season: '2024-25' });
    const { predictions } = runElo([...s1, s2], { ...plain, newcomer_bottom: 2 });
    const two = [...runElo(s1, plain).ratings.values()].sort((a, b) => a - b).slice(0, 2);
    expect(two[0]).toBeLessThan(1500);
    expect(predictions.get(4)!.home_rating).toBeCloseTo((two[0] + two[1]) / 2, 9);
    // Without the option the newcomer starts at `initial`.
    expect(runElo([...s1, s2], plain).predictions.get(4)!.home_rating).toBe(1500);
  });

  it('rho < 0 adds draws to the pre-match 1X2 and keeps P(home) + ½P(draw) = E', () => {
    const rs = [game(1, 1, 'A', 'B', 2, 0), game(2, 8, 'A', 'B', 0, 0)];
    const base = { ...plain, home_advantage: 60 };
    const p0 = prematchProbabilities('football', rs, undefined, base).get(2)!;
    const p1 = prematchProbabilities('football', rs, undefined, { ...base, rho: -0.1 }).get(2)!;
    expect(p1.draw!).toBeGreaterThan(p0.draw!);
    const e = p1.rating.expected_home;
    expect(p1.home + p1.draw! / 2).toBeCloseTo(e, 6);
    expect(e).toBeCloseTo(eloExpectation(p1.rating.home_rating + 60 - p1.rating.away_rating), 12);
  });
});
