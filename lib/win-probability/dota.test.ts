/**
 * Properties of the Dota 2 in-play model (dota.ts) through the dispatcher (inplay.ts): a kill or
 * gold for a side never lowers its probability, the outcomes sum to 1, the finished game is 0/1,
 * a best-of-5 of Dota games continues the series from the game in play.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROBABILITY_EPSILON as EPS, clampDistribution } from '../odds/clamp';
import type { LiveProjection } from '../rules/contract';
import { DOTA_INPLAY, dotaLeadInKills, dotaMapWin } from './dota';
import { inPlayWinProbability, type InPlayContext } from './inplay';
import type { Prematch } from './prematch';

const ctx = (e: number): InPlayContext => {
  const [home, away] = clampDistribution([e, 1 - e]);
  const rating = { home_rating: 1500, away_rating: 1500, expected_home: e } as unknown as Prematch['rating'];
  return { sport: 'esports', prematch: { home, draw: null, away, rating }, knockout: true };
};

interface Game {
  kills: { home: number; away: number };
  gold: number | null;
  at: { home: number; away: number } | null;
  seconds: number | null;
}
const game = (g: Game, extra: Partial<LiveProjection> = {}, state: Record<string, unknown> = {}): LiveProjection => ({
  score: g.kills,
  minute: 0,
  period: 'map_1',
  status: 'in_play',
  state: {
    game: 'dota2',
    best_of: 1,
    gold_lead: g.gold,
    gold_lead_kills: g.at,
    game_seconds: g.seconds,
    maps: [],
    result: null,
    ...state,
  },
  ...extra,
});

const kills = fc.integer({ min: 0, max: 80 });
const games = fc
  .record({
    h: kills,
    a: kills,
    gold: fc.option(fc.integer({ min: -500_000, max: 500_000 })),
    atH: kills,
    atA: kills,
    seconds: fc.option(fc.integer({ min: 0, max: 14_400 })),
  })
  .map(
    (r): Game => ({
      kills: { home: r.h, away: r.a },
      gold: r.gold,
      at: r.gold === null ? null : { home: Math.min(r.atH, r.h), away: Math.min(r.atA, r.a) },
      seconds: r.seconds,
    }),
  );
const expectation = fc.constantFrom(1e-12, 0.001, 0.2, 0.5, 0.8, 0.999, 1 - 1e-9);

describe('Dota 2 in play: monotone in kills and gold, sums to 1, 0/1 at the end', () => {
  it('a kill for home never lowers home; a kill for away never raises it; more gold likewise', () => {
    fc.assert(
      fc.property(expectation, games, fc.integer({ min: 1, max: 50_000 }), (e, g, more) => {
        const c = ctx(e);
        const p = inPlayWinProbability(c, game(g));
        expect(p.home + p.away).toBeCloseTo(1, 12);
        expect(p.draw).toBeNull();
        expect(p.home).toBeGreaterThanOrEqual(EPS);
        expect(p.home).toBeLessThanOrEqual(1 - EPS);
        const homeKill = inPlayWinProbability(c, game({ ...g, kills: { ...g.kills, home: g.kills.home + 1 } }));
        const awayKill = inPlayWinProbability(c, game({ ...g, kills: { ...g.kills, away: g.kills.away + 1 } }));
        expect(homeKill.home).toBeGreaterThanOrEqual(p.home - 1e-15);
        expect(awayKill.away).toBeGreaterThanOrEqual(p.away - 1e-15);
        if (g.gold !== null) {
          const richer = inPlayWinProbability(c, game({ ...g, gold: g.gold + more }));
          const poorer = inPlayWinProbability(c, game({ ...g, gold: g.gold - more }));
          expect(richer.home).toBeGreaterThanOrEqual(p.home - 1e-15);
          expect(poorer.away).toBeGreaterThanOrEqual(p.away - 1e-15);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('level at 0:00 is the pre-match probability; the lead matters less as the game goes on', () => {
    for (const e of [0.3, 0.5, 0.72])
      expect(
        dotaMapWin(e, { kills: { home: 0, away: 0 }, gold_lead: 0, gold_lead_kills: null, game_seconds: 0 }),
      ).toBeCloseTo(e, 12);
    const at = (seconds: number) =>
      dotaMapWin(0.5, {
        kills: { home: 0, away: 0 },
        gold_lead: 5000,
        gold_lead_kills: { home: 0, away: 0 },
        game_seconds: seconds,
      });
    expect(at(600)).toBeGreaterThan(at(2400));
    expect(at(2400)).toBeGreaterThan(0.5);
    // The gold lead in kills plus the kills since it; without a clock, half a typical game.
    expect(
      dotaLeadInKills({
        kills: { home: 10, away: 4 },
        gold_lead: 2 * DOTA_INPLAY.gold_per_kill,
        gold_lead_kills: { home: 8, away: 4 },
        game_seconds: 600,
      }),
    ).toBeCloseTo(4, 12);
    const noClock = { kills: { home: 3, away: 0 }, gold_lead: null, gold_lead_kills: null, game_seconds: null };
    expect(dotaMapWin(0.5, noClock)).toBeCloseTo(
      dotaMapWin(0.5, { ...noClock, game_seconds: DOTA_INPLAY.unknown_clock_minutes * 60 }),
      12,
    );
  });

  it('the game over: 0/1 for the winner, after map_end and after the result', () => {
    fc.assert(
      fc.property(expectation, games, fc.constantFrom<'home' | 'away'>('home', 'away'), (e, g, winner) => {
        const c = ctx(e);
        const ended = inPlayWinProbability(
          c,
          game(
            g,
            { period: 'after_map_1', status: 'break' },
            { maps: [{ number: 1, map: 'Dota 2', ...g.kills, winner }] },
          ),
        );
        const final = inPlayWinProbability(
          c,
          game(g, { period: 'final', status: 'finished' }, { result: { winner, ...g.kills } }),
        );
        for (const p of [ended, final]) expect(p[winner]).toBe(1 - EPS);
      }),
      { numRuns: 200 },
    );
  });

  it('a best of 5 of Dota games: 2-2 in maps with game 5 in play is that game; 2-1 up is above the game alone', () => {
    const c = ctx(0.5);
    const g: Game = { kills: { home: 10, away: 5 }, gold: 6000, at: { home: 10, away: 5 }, seconds: 1500 };
    const map = (winner: 'home' | 'away', n: number) => ({ number: n, map: 'Dota 2', home: 0, away: 0, winner });
    const maps22 = [map('home', 1), map('away', 2), map('home', 3), map('away', 4)];
    const alone = dotaMapWin(0.5, {
      kills: g.kills,
      gold_lead: g.gold,
      gold_lead_kills: g.at,
      game_seconds: g.seconds,
    });
    const p22 = inPlayWinProbability(c, game(g, { period: 'map_5' }, { best_of: 5, maps: maps22 }));
    expect(p22.home).toBeCloseTo(alone, 12);
    const p21 = inPlayWinProbability(c, game(g, { period: 'map_4' }, { best_of: 5, maps: maps22.slice(0, 3) }));
    expect(p21.home).toBeGreaterThan(alone);
    const between = inPlayWinProbability(
      c,
      game(g, { period: 'after_map_3', status: 'break' }, { best_of: 5, maps: maps22.slice(0, 3) }),
    );
    expect(between.home).toBeCloseTo(0.75, 12); // one of the next two games, at ½ each
  });
});
