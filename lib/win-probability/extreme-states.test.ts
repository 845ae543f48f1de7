/**
 * Issue 37 "every model clamps to [ε, 1 − ε] and a property test drives each sport's model through
 * extreme states": every sport's in-play model, called as the series and the live rows call it
 * (inplay.ts `inPlayWinProbability`, the one dispatcher), on live projections with lopsided scores,
 * no time left, extreme pre-match probabilities and finished matches — each probability within
 * [ε, 1 − ε] (ε = PROBABILITY_EPSILON, 1e-9), the outcomes summing to 1, never a throw.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROBABILITY_EPSILON as EPS, clampDistribution } from '../odds/clamp';
import { parseRetrosheet } from '../import/retrosheet';
import type { LiveProjection } from '../rules/contract';
import { estimateRunTables } from './baseball';
import { inPlayWinProbability, type InPlayContext } from './inplay';
import type { Prematch } from './prematch';
import type { WinProbability } from './types';

const RUN_TABLES = estimateRunTables(
  parseRetrosheet(readFileSync('datasets/baseball/retrosheet/2016/2016CHN.EVN', 'utf8')).map((g) => g.events),
);

const within = (p: WinProbability, what: string) => {
  for (const x of [p.home, p.away, ...(p.draw === null ? [] : [p.draw])]) {
    expect(x, what).toBeGreaterThanOrEqual(EPS);
    expect(x, what).toBeLessThanOrEqual(1 - EPS);
  }
  expect(Math.abs(p.home + (p.draw ?? 0) + p.away - 1), what).toBeLessThan(1e-12);
};

/** A pre-match probability with P(home) + ½ P(draw) = e (draw share `d` of the rest where the sport has draws). */
function prematch(e: number, draws: boolean, d = 0.25): Prematch {
  const rating = { home_rating: 1500, away_rating: 1500, expected_home: e } as unknown as Prematch['rating'];
  if (!draws) {
    const [home, away] = clampDistribution([e, 1 - e]);
    return { home, draw: null, away, rating };
  }
  const draw = Math.min(d, 2 * Math.min(e, 1 - e));
  const [home, dr, away] = clampDistribution([e - draw / 2, draw, 1 - e - draw / 2]);
  const total = 0.3 + 8 * d;
  return { home, draw: dr, away, rating, goal_rates: { home: total * e, away: total * (1 - e), rho: 0 } };
}

const ctxOf = (sport: InPlayContext['sport'], pre: Prematch, knockout: boolean): InPlayContext => ({
  sport,
  prematch: pre,
  knockout,
  run_tables: sport === 'baseball' ? RUN_TABLES : undefined,
});

const projection = (p: Partial<LiveProjection> & Pick<LiveProjection, 'score'>): LiveProjection => ({
  minute: 0,
  period: 'in_play',
  status: 'in_play',
  state: {},
  ...p,
});

const expectation = fc.constantFrom(1e-12, 1e-6, 0.001, 0.02, 0.5, 0.98, 0.999, 1 - 1e-6);
const score = fc.integer({ min: 0, max: 60 });
const status = fc.constantFrom('in_play', 'break', 'finished');
const side = fc.constantFrom<'home' | 'away' | null>('home', 'away', null);

describe('every sport through the dispatcher: [ε, 1 − ε], summing to 1', () => {
  it('the defect of the issue: a 7–0 lead at 81 minutes, rates 0.3 / 0.1', () => {
    const pre = { ...prematch(0.7, true), goal_rates: { home: 0.3, away: 0.1, rho: 0 } };
    within(
      inPlayWinProbability(
        ctxOf('football', pre, false),
        projection({
          score: { home: 7, away: 0 },
          minute: 81,
          period: '2nd_half',
          top_level: {
            stoppage_time: null,
            clock: null,
            halftime_score: null,
            penalties: null,
            red_cards: { home: 0, away: 0 },
          },
        }),
      ),
      '7-0 at 81',
    );
  });

  it('football: any score, minute, period, red cards, shoot-out, league or knockout, finished', () => {
    const periods = ['1st_half', 'half_time', '2nd_half', 'before_extra_time', 'extra_time_1st', 'extra_time_2nd'];
    fc.assert(
      fc.property(
        expectation,
        fc.boolean(),
        score,
        score,
        fc.integer({ min: 0, max: 130 }),
        fc.constantFrom(...periods, 'penalties', 'full_time'),
        fc.integer({ min: 0, max: 5 }),
        fc.option(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }))),
        status,
        (e, ko, h, a, minute, period, reds, pens, st) => {
          const p = projection({
            score: { home: h, away: a },
            minute,
            period,
            status: st,
            top_level: {
              stoppage_time: minute > 90 ? 9 : null,
              clock: null,
              halftime_score: null,
              penalties: pens ? { home: pens[0], away: pens[1] } : null,
              red_cards: { home: reds, away: 0 },
            },
          });
          within(inPlayWinProbability(ctxOf('football', prematch(e, true), ko), p), JSON.stringify(p));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('basketball, ice hockey, rugby: leads to 60, any period and time left, shoot-outs, finished', () => {
    const periods = {
      basketball: ['q1', 'q2', 'after_q1', 'half_time', 'q3', 'q4', 'ot1', 'ot3', 'final'],
      'ice-hockey': ['p1', 'intermission_1', 'p2', 'p3', 'ot', 'ot1', 'shootout', 'final'],
      rugby: ['1st_half', 'half_time', '2nd_half', 'extra_time', 'full_time'],
    } as const;
    fc.assert(
      fc.property(
        fc.constantFrom('basketball', 'ice-hockey', 'rugby' as const),
        expectation,
        fc.boolean(),
        score,
        score,
        fc.integer({ min: 0, max: 1200 }),
        fc.integer({ min: 0, max: 100 }),
        fc.nat({ max: 8 }),
        status,
        (sport, e, ko, h, a, clock, minute, pi, st) => {
          const list = periods[sport];
          const period = list[pi % list.length];
          const state: Record<string, unknown> = { clock_seconds: clock };
          if (sport === 'ice-hockey' && period === 'shootout')
            state.shootout = { home: { goals: h % 6 }, away: { goals: a % 6 } };
          const p = projection({ score: { home: h, away: a }, minute, period, status: st, state });
          within(
            inPlayWinProbability(ctxOf(sport, prematch(e, sport === 'rugby'), ko), p),
            `${sport} ${JSON.stringify(p)}`,
          );
        },
      ),
      { numRuns: 600 },
    );
  });

  it('baseball: any inning (extras too), half, outs, bases and run difference, finished', () => {
    fc.assert(
      fc.property(
        expectation,
        fc.integer({ min: 1, max: 18 }),
        fc.constantFrom('top', 'bottom'),
        fc.integer({ min: 0, max: 3 }),
        fc.record({ first: fc.boolean(), second: fc.boolean(), third: fc.boolean() }),
        score,
        score,
        status,
        (e, inning, half, outs, bases, h, a, st) => {
          const b = Object.fromEntries(Object.entries(bases).map(([k, v]) => [k, v ? 'Runner' : null]));
          const p = projection({
            score: { home: h, away: a },
            period: `${half}_${inning}`,
            status: st,
            state: { inning, half, outs, bases: b },
          });
          within(inPlayWinProbability(ctxOf('baseball', prematch(e, false), false), p), JSON.stringify(p));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('tennis: any sets, games, points, tie-breaks, best of 3 or 5, serve statistics, finished', () => {
    const pts = ['0', '15', '30', '40', 'AD'];
    fc.assert(
      fc.property(
        expectation,
        fc.constantFrom(3, 5),
        fc.constantFrom('tiebreak', 'advantage', 'tiebreak_at_12', 'tiebreak_10'),
        fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })),
        fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 })),
        fc.boolean(),
        fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 })),
        side,
        fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 })),
        status,
        (e, bestOf, finalSet, sets, games, tb, points, server, served, st) => {
          const p = projection({
            score: { home: sets[0], away: sets[1] },
            period: `set_${sets[0] + sets[1] + 1}`,
            status: st,
            state: {
              best_of: bestOf,
              final_set: finalSet,
              sets_won: { home: sets[0], away: sets[1] },
              games: { home: games[0], away: games[1] },
              tiebreak: tb,
              points: tb
                ? { home: points[0], away: points[1] }
                : { home: pts[points[0] % 5], away: pts[points[1] % 5] },
              server,
              stats: {
                home: { service_points: served[0], service_points_won: Math.floor(served[0] * 0.9) },
                away: { service_points: served[1], service_points_won: Math.floor(served[1] * 0.2) },
              },
            },
          });
          within(inPlayWinProbability(ctxOf('tennis', prematch(e, false), true), p), JSON.stringify(p));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cricket: any first innings, chase, wickets and balls; esports series and Dota games (any kills, gold lead ±500,000, clock 0–4 h); MMA', () => {
    fc.assert(
      fc.property(
        expectation,
        fc.integer({ min: 0, max: 450 }),
        fc.integer({ min: 0, max: 450 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 300 }),
        fc.constantFrom(20, 50),
        status,
        (e, first, runs, wk, balls, overs, st) => {
          const p = projection({
            score: { home: first, away: runs },
            period: 'innings_2',
            status: st,
            state: {
              innings: [
                { team: 'home', runs: first, wickets: 10, legal_balls: overs * 6, overs_limit: overs, closed: true },
                {
                  team: 'away',
                  runs,
                  wickets: wk,
                  legal_balls: Math.min(balls, overs * 6),
                  overs_limit: overs,
                  closed: false,
                },
              ],
              target: { innings: 2, runs: first + 1, overs },
            },
          });
          within(inPlayWinProbability(ctxOf('cricket', prematch(e, false), true), p), JSON.stringify(p));
        },
      ),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(
        expectation,
        fc.constantFrom(1, 3, 5),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        status,
        fc.integer({ min: -500_000, max: 500_000 }),
        fc.option(fc.integer({ min: 0, max: 14_400 })),
        (e, bestOf, h, a, dota, st, gold, seconds) => {
          const p = projection({
            score: { home: dota ? h * 20 : h, away: dota ? a * 20 : a },
            status: st,
            period: dota && st === 'in_play' ? 'map_1' : 'in_play',
            state: dota
              ? {
                  game: 'dota2',
                  best_of: bestOf,
                  maps: [],
                  gold_lead: gold,
                  gold_lead_kills: { home: 0, away: 0 },
                  game_seconds: seconds,
                }
              : { best_of: bestOf },
          });
          within(inPlayWinProbability(ctxOf('esports', prematch(e, false), true), p), JSON.stringify(p));
          within(
            inPlayWinProbability(
              ctxOf('mma', prematch(e, false), true),
              projection({ score: { home: 0, away: 0 }, status: st }),
            ),
            'mma',
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
