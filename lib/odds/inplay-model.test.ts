import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUGSBURG_WERDER,
  BURNLEY_MAN_CITY,
  MAN_UNITED_FULHAM,
  REAL_MATCHES,
  x12Books,
  type RealMatch,
} from './__fixtures__/real-matches';
import { isExcludedFromConsensus, marketConsensus } from './consensus';
import { OddsError } from './errors';
import {
  IS_MODEL,
  MODEL_BOOKMAKER,
  MODEL_BOOKMAKER_NAME,
  MODEL_PRICE_RANGE,
  fitPoissonRates,
  fitRatesFromPrices,
  inPlayOdds,
  modelQuotes,
  remainingShare,
  type InPlayState,
  type PoissonRates,
} from './inplay-model';
import { fairProbabilities, overround } from './margin';
import { MARKET_SELECTIONS, QuoteSchema } from './markets';
import { poissonVector, resultProbabilities, totalsProbabilities } from './poisson';
import type { LiveMatch } from '../wire/schemas';

/** Compile-time check: a wire live match is a model state as is. */
const liveMatchIsAState = (m: LiveMatch): InPlayState => m;
void liveMatchIsAState;

/** Consensus 1X2 prices of a real match and Pinnacle's over/under 2.5. */
function prematch(m: RealMatch) {
  const c = marketConsensus(x12Books(m), { selections: MARKET_SELECTIONS['1X2'] });
  const [home, draw, away] = c.selections.map((s) => s.median);
  const [over, under] = m.ou25.P;
  return { x12: { home, draw, away }, ou: { line: 2.5, over, under } };
}

const state = (minute: number, home: number, away: number, extra: Partial<InPlayState> = {}): InPlayState => ({
  minute,
  score: { home, away },
  ...extra,
});
const KICKOFF = state(0, 0, 0, { period: 'not_started' });

describe('poisson helpers', () => {
  it('the goal vector sums to 1 with the tail in the last cell', () => {
    for (const l of [0, 0.3, 1.4, 3, 7]) expect(poissonVector(l).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(poissonVector(0)[0]).toBe(1);
  });

  it('Dixon–Coles ρ moves draws but not P(over 2.5)', () => {
    const plain = resultProbabilities(1.4, 1.1);
    const dc = resultProbabilities(1.4, 1.1, 0, -0.1);
    expect(dc.draw).toBeGreaterThan(plain.draw);
    expect(dc.home + dc.draw + dc.away).toBeCloseTo(1, 12);
    expect(totalsProbabilities(1.4, 1.1, 0, 2.5, -0.1)!.over).toBeCloseTo(
      totalsProbabilities(1.4, 1.1, 0, 2.5)!.over,
      12,
    );
  });

  it('whole and quarter totals lines price the push', () => {
    const lambda = 2.6;
    const p = poissonVector(lambda);
    const le1 = p[0] + p[1];
    const ge3 = 1 - le1 - p[2];
    // Line 2: push on exactly 2 → over = P(≥3) / (P(≥3) + P(≤1)).
    expect(totalsProbabilities(1.3, 1.3, 0, 2)!.over).toBeCloseTo(ge3 / (ge3 + le1), 12);
    // Line 2.25 = half on 2, half on 2.5: win P(≥3) twice, lose P(≤1) + P(≤2).
    expect(totalsProbabilities(1.3, 1.3, 0, 2.25)!.over).toBeCloseTo((2 * ge3) / (2 * ge3 + le1 + le1 + p[2]), 12);
    expect(totalsProbabilities(1.3, 1.3, 0, 2.5)!.over).toBeCloseTo(ge3, 12);
  });
});

describe('pre-match fit', () => {
  it.each(REAL_MATCHES.map((m) => [`${m.home} v ${m.away}`, m] as const))(
    '%s: kickoff reproduces the fair 1X2 and over/under 2.5',
    (_name, m) => {
      const { x12, ou } = prematch(m);
      const fair = fairProbabilities([x12.home, x12.draw, x12.away]);
      const fairOver = fairProbabilities([ou.over, ou.under])[0];
      for (const totals of [null, ou]) {
        const rates = fitRatesFromPrices(x12, totals);
        const odds = inPlayOdds(rates, KICKOFF, { totals_line: 2.5 })!;
        const model = odds['1X2'].fair;
        expect(Math.abs(model.home - fair[0])).toBeLessThan(0.01);
        expect(Math.abs(model.draw - fair[1])).toBeLessThan(0.01);
        expect(Math.abs(model.away - fair[2])).toBeLessThan(0.01);
        expect(rates.rms_error).toBeLessThan(0.001);
        if (totals) expect(Math.abs(odds.over_under!.fair.over - fairOver)).toBeLessThan(0.01);
        else expect(rates.rho).toBe(0);
      }
    },
  );

  it('gives sensible expected goals: Man City away at Burnley is the stronger side', () => {
    const { x12, ou } = prematch(BURNLEY_MAN_CITY);
    const r = fitRatesFromPrices(x12, ou);
    expect(r.away).toBeGreaterThan(2 * r.home);
    expect(r.home + r.away).toBeGreaterThan(2.5);
    expect(r.home + r.away).toBeLessThan(3.5);
  });

  it('rejects probabilities that are not a book', () => {
    expect(() => fitPoissonRates({ home: 0.5, draw: 0.3, away: 0.3 })).toThrow(OddsError);
    expect(() => fitPoissonRates({ home: 0, draw: 0.5, away: 0.5 })).toThrow(OddsError);
    expect(() => fitPoissonRates({ home: 0.4, draw: 0.3, away: 0.3, over_under: { line: 2.5, over: 1 } })).toThrow(
      OddsError,
    );
  });
});

describe('in play', () => {
  const { x12, ou } = prematch(AUGSBURG_WERDER);
  const rates = fitRatesFromPrices(x12, ou);
  const at = (s: InPlayState) => inPlayOdds(rates, s, { totals_line: 2.5 })!;

  it('a home goal raises P(home) and lowers P(away)', () => {
    for (const minute of [1, 30, 60, 85]) {
      const level = at(state(minute, 0, 0))['1X2'].fair;
      const ahead = at(state(minute, 1, 0))['1X2'].fair;
      expect(ahead.home).toBeGreaterThan(level.home);
      expect(ahead.away).toBeLessThan(level.away);
    }
  });

  it('2-0 up at minute 89: P(home) > 0.97 and the price is at the floor', () => {
    const o = at(state(89, 2, 0));
    expect(o['1X2'].fair.home).toBeGreaterThan(0.97);
    expect(o['1X2'].prices.home).toBe(MODEL_PRICE_RANGE.min);
    expect(o['1X2'].prices.away).toBe(MODEL_PRICE_RANGE.max);
  });

  it('prices move monotonically with the clock', () => {
    let prev = at(state(0, 1, 0, { period: '1st_half' }));
    for (let minute = 5; minute <= 90; minute += 5) {
      const cur = at(state(minute, 1, 0));
      // leading side: P(home) up, home price down; trailing side's price up
      expect(cur['1X2'].fair.home).toBeGreaterThan(prev['1X2'].fair.home);
      expect(cur['1X2'].prices.home).toBeLessThanOrEqual(prev['1X2'].prices.home);
      expect(cur['1X2'].prices.away).toBeGreaterThanOrEqual(prev['1X2'].prices.away);
      prev = cur;
    }
    let level = at(state(0, 0, 0));
    for (let minute = 5; minute <= 90; minute += 5) {
      const cur = at(state(minute, 0, 0));
      // goalless: the draw shortens and over 2.5 drifts
      expect(cur['1X2'].fair.draw).toBeGreaterThan(level['1X2'].fair.draw);
      expect(cur.over_under!.prices.over).toBeGreaterThanOrEqual(level.over_under!.prices.over);
      level = cur;
    }
  });

  it('more goals for the home side, shorter home price', () => {
    const prices = [0, 1, 2, 3].map((h) => at(state(60, h, 1))['1X2'].prices.home);
    for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeLessThanOrEqual(prices[i - 1]);
  });

  it('a home red card lowers P(home) and raises P(away)', () => {
    const eleven = at(state(30, 0, 0))['1X2'].fair;
    const ten = at(state(30, 0, 0, { red_cards: { home: 1, away: 0 } }))['1X2'].fair;
    expect(ten.home).toBeLessThan(eleven.home);
    expect(ten.away).toBeGreaterThan(eleven.away);
  });

  it('puts a 5 % margin on fair probabilities (before clamping)', () => {
    const o = at(state(20, 0, 0));
    expect(overround(Object.values(o['1X2'].prices))).toBeCloseTo(0.05, 2);
    expect(overround(Object.values(o.over_under!.prices))).toBeCloseTo(0.05, 2);
    for (const p of [...Object.values(o['1X2'].prices), ...Object.values(o.over_under!.prices)]) {
      expect(p).toBeGreaterThanOrEqual(MODEL_PRICE_RANGE.min);
      expect(p).toBeLessThanOrEqual(MODEL_PRICE_RANGE.max);
    }
  });

  it('totals: settled lines are dropped, live ones follow goals', () => {
    expect(at(state(50, 2, 1)).over_under).toBeNull();
    expect(at(state(50, 2, 0)).over_under!.fair.over).toBeGreaterThan(at(state(50, 1, 0)).over_under!.fair.over);
    expect(inPlayOdds(rates, state(50, 1, 0))!.over_under).toBeNull();
  });

  it('time: half time, added time and the end of regulation', () => {
    expect(remainingShare({ minute: 0, period: 'not_started' })).toBe(1);
    expect(remainingShare({ minute: 45, period: 'half_time' })).toBeCloseTo(50 / 97, 12);
    expect(remainingShare({ minute: 45, stoppage_time: 9, period: '1st_half' })).toBeCloseTo(50 / 97, 12);
    expect(remainingShare({ minute: 46, period: '2nd_half' })).toBeCloseTo(49 / 97, 12);
    expect(remainingShare({ minute: 90, stoppage_time: 2, period: '2nd_half' })).toBeCloseTo(3 / 97, 12);
    expect(remainingShare({ minute: 90, stoppage_time: 12, period: '2nd_half' })).toBeCloseTo(0.5 / 97, 12);
    expect(remainingShare({ minute: 93 })).toBeCloseTo(remainingShare({ minute: 90, stoppage_time: 3 })!, 12);
    for (const period of ['full_time', 'extra_time_1st', 'penalties'] as const) {
      expect(inPlayOdds(rates, state(90, 1, 1, { period }))).toBeNull();
    }
  });

  it('rejects impossible states', () => {
    expect(() => at(state(-1, 0, 0))).toThrow(OddsError);
    expect(() => at(state(10, -1, 0))).toThrow(OddsError);
    expect(() => at(state(10, 0.5, 0))).toThrow(OddsError);
    expect(() => inPlayOdds({ home: -1, away: 1 } as PoissonRates, state(10, 0, 0))).toThrow(OddsError);
    expect(() => inPlayOdds(rates, state(10, 0, 0), { totals_line: 2.3 })).toThrow(OddsError);
  });

  it('is fast enough to run on every match event', () => {
    const t0 = performance.now();
    for (let i = 0; i < 2000; i++) at(state(i % 90, i % 3, i % 2, { red_cards: { home: i % 2, away: 0 } }));
    expect((performance.now() - t0) / 2000).toBeLessThan(1); // ms per call (≈ 0.01 ms here)
  });
});

describe('published as a model, never as a bookmaker', () => {
  const { x12 } = prematch(MAN_UNITED_FULHAM);
  const odds = inPlayOdds(fitRatesFromPrices(x12), state(30, 1, 0), { totals_line: 2.5 })!;

  it('names itself a model', () => {
    expect(odds.bookmaker).toBe(MODEL_BOOKMAKER);
    expect(odds.bookmaker_name).toBe(MODEL_BOOKMAKER_NAME);
    expect(MODEL_BOOKMAKER_NAME).toMatch(/model/i);
    expect(odds.is_model).toBe(IS_MODEL);
  });

  it('its quotes are valid quotes under the model bookmaker, kept out of the consensus', () => {
    const quotes = modelQuotes(odds, '2024-08-16T19:31:00Z');
    expect(quotes).toHaveLength(5);
    for (const q of quotes) expect(QuoteSchema.parse(q).bookmaker).toBe(MODEL_BOOKMAKER);
    expect(isExcludedFromConsensus(MODEL_BOOKMAKER)).toBe(true);
  });
});

describe('extreme states (issue 37 defect: applyMargin refused p = 1.0000000000000002 on a 7–0 lead)', () => {
  it('prices the 7–0 lead at 81 minutes of the issue', () => {
    const odds = inPlayOdds(
      { home: 0.3, away: 0.1, rho: 0 },
      { minute: 81, period: '2nd_half', score: { home: 7, away: 0 } },
    )!;
    expect(odds['1X2'].prices.home).toBe(MODEL_PRICE_RANGE.min);
    expect(odds['1X2'].fair.home).toBeLessThan(1);
  });

  it('property: any rates, minute, score and red cards give fair probabilities in (0, 1) summing to 1 and prices in range', () => {
    const periods = ['not_started', '1st_half', 'half_time', '2nd_half'] as const;
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 12, noNaN: true }),
        fc.double({ min: 0, max: 12, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 120 }),
        fc.constantFrom(...periods),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom(null, 0.5, 2.5, 3.25, 6.5),
        (home, away, rho, minute, period, sh, sa, rh, ra, line) => {
          const odds = inPlayOdds(
            { home, away, rho },
            { minute, period, score: { home: sh, away: sa }, red_cards: { home: rh, away: ra } },
            { totals_line: line },
          );
          if (!odds) return;
          const fair = Object.values(odds['1X2'].fair);
          for (const p of fair) expect(p > 0 && p < 1).toBe(true);
          expect(Math.abs(fair.reduce((x, y) => x + y, 0) - 1)).toBeLessThan(1e-12);
          for (const x of [...Object.values(odds['1X2'].prices), ...Object.values(odds.over_under?.prices ?? {})]) {
            expect(x).toBeGreaterThanOrEqual(MODEL_PRICE_RANGE.min);
            expect(x).toBeLessThanOrEqual(MODEL_PRICE_RANGE.max);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
