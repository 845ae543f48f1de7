/**
 * Football's attack/defence goal ratings (goal-ratings.ts) and their blend into the club pool's
 * pre-match 1X2 (prematch.ts `goal_blend`), on the bundled Premier League 2023-24 results
 * (football-data.co.uk E0: goals and shots on target) and on small hand-made results.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFootballData } from '../import/football-data';
import { GOAL_RATING_PARAMS, runGoalRatings } from './goal-ratings';
import { PREMATCH_PARAMS, prematchProbabilities } from './prematch';
import { ratedFootball } from './rated-import';
import { game } from './test-results';
import type { RatedResult } from './types';

const DATA = `${__dirname}/../../datasets/`;
const pl: RatedResult[] = parseFootballData(readFileSync(`${DATA}football/football-data.co.uk/2324/E0.csv`, 'utf8'))
  .filter((m) => m.result)
  .map((m) => ratedFootball(m, false));
const byKickoff = [...pl].sort((a, b) => (a.kickoff < b.kickoff ? -1 : 1));

describe('goal-ratings.ts', () => {
  it('the club 1X2 sums to 1 inside (0, 1) on every bundled Premier League 2023-24 fixture, and blends goals with Elo', () => {
    const pre = prematchProbabilities('football', pl);
    const elo = prematchProbabilities('football', pl, undefined, { ...PREMATCH_PARAMS.football, goal_blend: 0 });
    let differ = 0;
    for (const r of pl) {
      const p = pre.get(r.fixture_id)!;
      for (const x of [p.home, p.draw!, p.away]) expect(x > 0 && x < 1).toBe(true);
      expect(p.home + p.draw! + p.away).toBeCloseTo(1, 12);
      expect(p.goal_rates!.home).toBeGreaterThan(0);
      if (Math.abs(p.home - elo.get(r.fixture_id)!.home) > 1e-6) differ++;
    }
    // After the first round of fixtures (all at the prior), the goal ratings move the 1X2.
    expect(differ).toBeGreaterThan(300);
  });

  it("a side's goal-heavy win raises its attack, lowers its opponent's, and raises its next P(win)", () => {
    const next = game(3, 3, 'A', 'C', 0, 0);
    const narrow = [game(1, 1, 'A', 'B', 1, 0), game(2, 2, 'C', 'D', 1, 1), { ...next, finished: false }];
    const heavy = [game(1, 1, 'A', 'B', 5, 0), game(2, 2, 'C', 'D', 1, 1), { ...next, finished: false }];
    const n = runGoalRatings(narrow).get(3)!;
    const h = runGoalRatings(heavy).get(3)!;
    expect(h.home).toBeGreaterThan(n.home);
    const pn = prematchProbabilities('football', narrow).get(3)!;
    const ph = prematchProbabilities('football', heavy).get(3)!;
    expect(ph.home).toBeGreaterThan(pn.home);
    expect(ph.away).toBeLessThan(pn.away);
  });

  it('uses no match at or after the kickoff: rewriting the fixture, its kickoff-mates and every later result leaves it unchanged', () => {
    const at = byKickoff[200];
    const before = runGoalRatings(pl).get(at.fixture_id)!;
    const beforeP = prematchProbabilities('football', pl).get(at.fixture_id)!;
    // Every result at or after the fixture's kickoff becomes a 9-0 home win with 30 shots on target.
    const rewritten = pl.map((r) =>
      r.kickoff >= at.kickoff
        ? {
            ...r,
            home_score: 9,
            away_score: 0,
            winner: 'home' as const,
            home_shots_on_target: 30,
            away_shots_on_target: 0,
          }
        : r,
    );
    expect(runGoalRatings(rewritten).get(at.fixture_id)).toEqual(before);
    expect(prematchProbabilities('football', rewritten).get(at.fixture_id)).toEqual(beforeP);
    // The check can fail: the first fixture after the rewritten ones does see them.
    const later = byKickoff.find((r) => r.kickoff > at.kickoff && (r.home === at.home || r.away === at.home))!;
    const sameUpTo = pl.map((r) =>
      r.fixture_id === at.fixture_id ? rewritten.find((x) => x.fixture_id === r.fixture_id)! : r,
    );
    expect(runGoalRatings(sameUpTo).get(later.fixture_id)).not.toEqual(runGoalRatings(pl).get(later.fixture_id));
  });

  it('shrinks a side with few matches toward the prior: with more prior matches its rates move less', () => {
    const rs = [game(1, 1, 'A', 'B', 4, 0), { ...game(2, 2, 'A', 'B', 0, 0), finished: false }];
    const weak = runGoalRatings(rs, { ...GOAL_RATING_PARAMS, prior_matches: 0.5 }).get(2)!;
    const strong = runGoalRatings(rs, { ...GOAL_RATING_PARAMS, prior_matches: 8 }).get(2)!;
    expect(weak.home / weak.away).toBeGreaterThan(strong.home / strong.away);
    expect(strong.home / strong.away).toBeGreaterThan(1);
  });

  it('the national teams pool (seeded) keeps the Elo-only 1X2', () => {
    const rs = [game(1, 1, 'A', 'B', 5, 0), { ...game(2, 2, 'A', 'B', 0, 0), finished: false }];
    const seed = new Map([['A', 1500]]);
    const seeded = prematchProbabilities('football', rs, seed).get(2)!;
    const eloOnly = prematchProbabilities('football', rs, seed, { ...PREMATCH_PARAMS.football, goal_blend: 0 }).get(2)!;
    expect(seeded).toEqual(eloOnly);
  });
});
