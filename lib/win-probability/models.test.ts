/**
 * Properties of every sport's model (issue 37 "Tests"): probabilities in (0, 1) summing to 1 on
 * extreme states (fast-check), a score for a side never lowers its probability, the tennis chain
 * reproduces the published closed forms for a game and a tie-break at p = 0.6, Elo never reads
 * the match itself or a later one.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRetrosheet } from '../import/retrosheet';
import { baseballWin, estimateRunTables } from './baseball';
import { cricketWin } from './cricket';
import { runElo } from './elo';
import { footballWin, hockeyRatesFor, hockeyWin } from './goals-model';
import { golfSimulatedWinProbabilities, golfWinProbabilities } from './golf';
import { basketballWin, rugbyWin } from './margin-model';
import { prematchProbabilities } from './prematch';
import { gameWin, tennisMatchWin, tiebreakWin } from './tennis-chain';
import { serveProbabilitiesFor } from './tennis-serve-fit';
import type { RatedResult, WinProbability } from './types';

const sum = (p: WinProbability) => p.home + (p.draw ?? 0) + p.away;
const inside = (p: WinProbability) => {
  for (const x of [p.home, p.away, ...(p.draw === null ? [] : [p.draw])]) expect(x > 0 && x < 1).toBe(true);
  expect(Math.abs(sum(p) - 1)).toBeLessThan(1e-9);
};
const prob = fc.double({ min: 0.02, max: 0.98, noNaN: true });

describe('tennis chain: published closed forms at p = 0.6', () => {
  const p = 0.6;
  it("a game: p⁴(15 − 4p − 10p²/(1 − 2p(1 − p))) (O'Malley 2008)", () => {
    expect(gameWin(p)).toBeCloseTo(p ** 4 * (15 - 4 * p - (10 * p * p) / (1 - 2 * p * (1 - p))), 12);
  });
  it('a tie-break won by either server with p: Σₖ C(6+k, k) p⁷ qᵏ + C(12, 6) p⁶ q⁶ · p²/(1 − 2pq)', () => {
    const C = (n: number, k: number) => {
      let r = 1;
      for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
      return r;
    };
    const q = 1 - p;
    let closed = C(12, 6) * p ** 6 * q ** 6 * ((p * p) / (1 - 2 * p * q));
    for (let k = 0; k <= 5; k++) closed += C(6 + k, k) * p ** 7 * q ** k;
    // Home wins 0.6 of points on its serve and (1 − 0.4) on the opponent's.
    expect(tiebreakWin({ home: p, away: 1 - p })).toBeCloseTo(closed, 12);
    expect(tiebreakWin({ home: p, away: 1 - p }, 0, 0, 7, 'away')).toBeCloseTo(closed, 12);
  });
  it('serve probabilities fitted to a pre-match probability reproduce it', () => {
    const sp = serveProbabilitiesFor(0.7, 5);
    const start = {
      best_of: 5 as const,
      final_set: 'tiebreak' as const,
      sets_won: { home: 0, away: 0 },
      games: { home: 0, away: 0 },
      points: { home: 0, away: 0 },
      tiebreak: false,
    };
    const m = (tennisMatchWin(sp, { ...start, server: 'home' }) + tennisMatchWin(sp, { ...start, server: 'away' })) / 2;
    expect(m).toBeCloseTo(0.7, 6);
  });
  it("property: a break of serve (a game won on the opponent's serve) never lowers the breaker's probability", () => {
    fc.assert(
      fc.property(
        prob,
        prob,
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 1 }),
        (a, b, gh, ga, sets) => {
          const sp = { home: 0.5 + a / 2.2, away: 0.5 + b / 2.2 };
          const s = {
            best_of: 3 as const,
            final_set: 'tiebreak' as const,
            sets_won: { home: sets, away: 0 },
            points: { home: 0, away: 0 },
            tiebreak: false,
          };
          const before = tennisMatchWin(sp, { ...s, games: { home: gh, away: ga }, server: 'away' });
          const after = tennisMatchWin(sp, { ...s, games: { home: gh + 1, away: ga }, server: 'home' });
          if (gh + 1 < 6 || ga < 6) expect(after).toBeGreaterThanOrEqual(before - 1e-12);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('extreme states: every model stays in (0, 1) and sums to 1 (fast-check)', () => {
  it('football, league and knockout, minutes 0–120, scores to 12', () => {
    const periods = ['1st_half', 'half_time', '2nd_half', 'extra_time_1st', 'extra_time_2nd', 'penalties', 'full_time'];
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 6, noNaN: true }),
        fc.double({ min: 0.01, max: 6, noNaN: true }),
        fc.integer({ min: 0, max: 120 }),
        fc.constantFrom(...periods),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        (h, a, minute, period, sh, sa, ko) => {
          inside(
            footballWin(
              { home: h, away: a },
              {
                minute,
                period,
                score: { home: sh, away: sa },
                penalties: period === 'full_time' && sh === sa ? { home: 4, away: 2 } : null,
              },
              ko,
            ),
          );
        },
      ),
    );
  });
  it('basketball, rugby, ice hockey: leads to ±80 at any time left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -80, max: 80 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: -30, max: 30, noNaN: true }),
        (lead, tau, mu) => {
          inside(basketballWin(lead, mu, 13, { phase: 'regulation', share_left: tau }));
          inside(basketballWin(lead, mu, 13, { phase: 'overtime', seconds_left: tau * 300, overtime_seconds: 300 }));
          inside(rugbyWin(lead, mu, 15, tau));
          inside(
            hockeyWin({ home: 3.1, away: 3.1 }, Math.round(lead / 8), { phase: 'regulation', share_left: tau }, false),
          );
        },
      ),
    );
  });
  it('cricket: any chase', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 120 }),
        prob,
        (first, runs, wk, balls, pre) => {
          inside(
            cricketWin(
              {
                status: 'in_play',
                innings: [
                  { team: 'home', runs: first, wickets: 10, legal_balls: 120, overs_limit: 20, closed: true },
                  { team: 'away', runs, wickets: wk, legal_balls: balls, overs_limit: 20, closed: false },
                ],
                target: { innings: 2, runs: first + 1, overs: 20 },
              },
              pre,
            ),
          );
        },
      ),
    );
  });
  it('golf: win probabilities of a field sum to 1', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -25, max: 15 }), fc.integer({ min: 0, max: 72 })), {
          minLength: 1,
          maxLength: 40,
        }),
        (rows) => {
          const p = golfWinProbabilities(
            rows.map(([to_par, holes_left], i) => ({ player: `p${i}`, to_par, holes_left })),
          );
          const total = [...p.values()].reduce((x, y) => x + y, 0);
          expect(total).toBeCloseTo(1, 9);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('golf: the exact computation is the simulated model', () => {
  it('a 70-player field with 0–35 holes left: every player within 0.005 of 100,000 simulations', () => {
    const field = Array.from({ length: 70 }, (_, i) => ({
      player: `p${i}`,
      to_par: -10 + Math.floor(i / 3),
      holes_left: (i * 7) % 36,
      round_to_par: (i % 5) / 5,
    }));
    const exact = golfWinProbabilities(field);
    const sim = golfSimulatedWinProbabilities(field, 100_000, 3);
    for (const [player, p] of exact) expect(Math.abs(p - sim.get(player)!)).toBeLessThan(0.005);
  });
  it('a finished field: the lowest total wins, a tie is split', () => {
    const p = golfWinProbabilities([
      { player: 'a', to_par: -8, holes_left: 0 },
      { player: 'b', to_par: -8, holes_left: 0 },
      { player: 'c', to_par: -7, holes_left: 0 },
    ]);
    expect(p.get('a')).toBeCloseTo(0.5, 12);
    expect(p.get('b')).toBeCloseTo(0.5, 12);
    expect(p.get('c')).toBe(0);
  });
});

describe('a score for a side never lowers its probability', () => {
  it('football: a home goal at any minute', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 95 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        (minute, sh, sa, ko) => {
          const period = minute <= 45 ? '1st_half' : '2nd_half';
          const r = { home: 1.4, away: 1.1 };
          const a = footballWin(r, { minute, period, score: { home: sh, away: sa } }, ko);
          const b = footballWin(r, { minute, period, score: { home: sh + 1, away: sa } }, ko);
          expect(b.home).toBeGreaterThanOrEqual(a.home - 1e-12);
        },
      ),
    );
  });
  it('basketball and rugby: points for home; ice hockey: a home goal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: 1, max: 7 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lead, pts, tau) => {
          const ph = { phase: 'regulation' as const, share_left: tau };
          expect(basketballWin(lead + pts, 2, 13, ph).home).toBeGreaterThanOrEqual(
            basketballWin(lead, 2, 13, ph).home - 1e-12,
          );
          expect(rugbyWin(lead + pts, 2, 15, tau).home).toBeGreaterThanOrEqual(rugbyWin(lead, 2, 15, tau).home - 1e-12);
          const r = hockeyRatesFor(0.55);
          expect(hockeyWin(r, Math.sign(lead) + 1, ph, false).home).toBeGreaterThanOrEqual(
            hockeyWin(r, Math.sign(lead), ph, false).home - 1e-12,
          );
        },
      ),
    );
  });
  it('baseball: a run for the batting side (tables from the bundled Retrosheet file)', () => {
    const games = parseRetrosheet(
      readFileSync(`${__dirname}/../../datasets/baseball/retrosheet/2016/2016CHN.EVN`, 'utf8'),
    );
    const t = estimateRunTables(games.map((g) => g.events));
    expect(t.half_innings).toBeGreaterThan(1300);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('top' as const, 'bottom' as const),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: -6, max: 6 }),
        (inning, half, outs, b, lead) => {
          const bases = { first: b & 1 ? 'x' : null, second: b & 2 ? 'x' : null, third: b & 4 ? 'x' : null };
          const s = {
            inning,
            half,
            outs,
            bases,
            score: { home: Math.max(0, lead), away: Math.max(0, -lead) },
            status: 'in_play',
          };
          const before = baseballWin(t, s, 0.5);
          inside(before);
          const batting = half === 'top' ? 'away' : 'home';
          const after = baseballWin(t, { ...s, score: { ...s.score, [batting]: s.score[batting] + 1 } }, 0.5);
          expect(after[batting]).toBeGreaterThanOrEqual(before[batting] - 1e-12);
        },
      ),
    );
  });
});

describe('ratings read only earlier results', () => {
  const results: RatedResult[] = [
    {
      fixture_id: 1,
      kickoff: '2024-01-01T15:00:00Z',
      home: 'A',
      away: 'B',
      home_score: 3,
      away_score: 0,
      winner: 'home',
      finished: true,
    },
    {
      fixture_id: 2,
      kickoff: '2024-01-08T15:00:00Z',
      home: 'A',
      away: 'B',
      home_score: 0,
      away_score: 1,
      winner: 'away',
      finished: true,
    },
    {
      fixture_id: 3,
      kickoff: '2024-01-08T15:00:00Z',
      home: 'B',
      away: 'C',
      home_score: 1,
      away_score: 1,
      winner: null,
      finished: true,
    },
  ];
  it('the first match is predicted from nothing; same-kickoff matches never see each other', () => {
    const { predictions } = runElo(results, { k: 20, home_advantage: 0, initial: 1500, mov: 'none', carryover: 1 });
    expect(predictions.get(1)!.expected_home).toBe(0.5);
    expect(predictions.get(2)!.home_rating).toBe(1510);
    expect(predictions.get(3)!.home_rating).toBe(1490);
    // Changing the match itself (fixture 2's score) changes nothing in its own prediction.
    const flipped = runElo(
      results.map((r) => (r.fixture_id === 2 ? { ...r, home_score: 5, winner: 'home' as const } : r)),
      { k: 20, home_advantage: 0, initial: 1500, mov: 'none', carryover: 1 },
    );
    expect(flipped.predictions.get(2)).toEqual(predictions.get(2));
  });
  it('prematch probabilities sum to 1 for every sport', () => {
    for (const sport of [
      'football',
      'basketball',
      'ice-hockey',
      'baseball',
      'rugby',
      'cricket',
      'tennis',
      'mma',
      'esports',
    ] as const) {
      for (const p of prematchProbabilities(sport, results).values()) inside(p);
    }
  });
});
