import { describe, expect, it } from 'vitest';
import {
  AUGSBURG_WERDER,
  BURNLEY_MAN_CITY,
  MAN_UNITED_FULHAM,
  REAL_MATCHES,
  readCsvRow,
} from './__fixtures__/real-matches';
import { OddsError } from './errors';
import { applyMargin, fairPrices, fairProbabilities, impliedProbabilities, overround, payoutRate } from './margin';

describe('the copied real prices match the bundled CSVs', () => {
  it.each(REAL_MATCHES.map((m) => [`${m.file} ${m.date} ${m.home} v ${m.away}`, m] as const))('%s', (_name, m) => {
    const row = readCsvRow(m);
    for (const [prefix, [h, d, a]] of Object.entries(m.x12)) {
      expect([Number(row[`${prefix}H`]), Number(row[`${prefix}D`]), Number(row[`${prefix}A`])]).toEqual([h, d, a]);
    }
    for (const [prefix, [o, u]] of Object.entries(m.ou25)) {
      expect([Number(row[`${prefix}>2.5`]), Number(row[`${prefix}<2.5`])]).toEqual([o, u]);
    }
  });
});

describe('overround, checked by hand on real books', () => {
  it.each<[string, number[], number]>([
    // 2324/E0.csv 11/08/2023 Burnley v Man City, Bet365 8 / 5.5 / 1.33:
    //   1/8 + 1/5.5 + 1/1.33 = 0.125000 + 0.181818 + 0.751880 = 1.058698 → 5.87 %
    ['Burnley v Man City, Bet365', BURNLEY_MAN_CITY.x12.B365, 0.058698],
    // Pinnacle 8.58 / 5.51 / 1.37: 0.116550 + 0.181488 + 0.729927 = 1.027965 → 2.80 %
    ['Burnley v Man City, Pinnacle', BURNLEY_MAN_CITY.x12.PS, 0.027965],
    // William Hill 8 / 5 / 1.25: 0.125 + 0.2 + 0.8 = 1.125 → 12.50 %
    ['Burnley v Man City, William Hill', BURNLEY_MAN_CITY.x12.WH, 0.125],
    // 2425/E0.csv 16/08/2024 Man United v Fulham, Bet365 1.6 / 4.2 / 5.25:
    //   0.625000 + 0.238095 + 0.190476 = 1.053571 → 5.36 %
    ['Man United v Fulham, Bet365', MAN_UNITED_FULHAM.x12.B365, 0.053571],
    // Betfair Exchange 1.66 / 4.5 / 5.6: 0.602410 + 0.222222 + 0.178571 = 1.003203 → 0.32 %
    ['Man United v Fulham, Betfair Exchange', MAN_UNITED_FULHAM.x12.BFE, 0.003203],
    // 2425/D1.csv 24/08/2024 Augsburg v Werder Bremen, Bet365 2.2 / 3.6 / 3.1:
    //   0.454545 + 0.277778 + 0.322581 = 1.054904 → 5.49 %
    ['Augsburg v Werder Bremen, Bet365', AUGSBURG_WERDER.x12.B365, 0.054904],
    // Same match, Bet365 over/under 2.5 at 1.73 / 2.1: 0.578035 + 0.476190 = 1.054225 → 5.42 %
    ['Augsburg v Werder Bremen, Bet365 O/U 2.5', AUGSBURG_WERDER.ou25.B365, 0.054225],
    // Market maximum over bookmakers 1.68 / 4.5 / 5.5: 0.595238 + 0.222222 + 0.181818 = 0.999278 → −0.07 % (a best-of book)
    ['Man United v Fulham, market max', MAN_UNITED_FULHAM.x12.Max, -0.000722],
  ])('%s', (_name, prices, expected) => {
    expect(overround(prices)).toBeCloseTo(expected, 6);
    expect(payoutRate(prices)).toBeCloseTo(1 / (1 + expected), 6);
  });
});

describe('fair (no-vig) probabilities', () => {
  it('proportional (default): Bet365 Burnley v Man City by hand', () => {
    // 0.125 / 1.058698 = 0.1181, 0.181818 / 1.058698 = 0.1717, 0.751880 / 1.058698 = 0.7102
    const p = fairProbabilities(BURNLEY_MAN_CITY.x12.B365);
    expect(p[0]).toBeCloseTo(0.1181, 4);
    expect(p[1]).toBeCloseTo(0.1717, 4);
    expect(p[2]).toBeCloseTo(0.7102, 4);
    expect(fairPrices(BURNLEY_MAN_CITY.x12.B365).map((x) => Math.round(x * 100) / 100)).toEqual([8.47, 5.82, 1.41]);
  });

  it.each(['proportional', 'power', 'shin'] as const)(
    '%s sums to 1 and keeps the order on every real book',
    (method) => {
      for (const m of REAL_MATCHES) {
        for (const prices of Object.values(m.x12)) {
          const p = fairProbabilities(prices, method);
          expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
          const implied = impliedProbabilities(prices);
          for (let i = 0; i < p.length; i++)
            for (let j = 0; j < p.length; j++) if (implied[i] > implied[j]) expect(p[i]).toBeGreaterThan(p[j]);
        }
      }
    },
  );

  it('power and Shin take more margin off the long shot than proportional (favourite–longshot)', () => {
    // William Hill 12.5 % book: the favourite (Man City 1.25) gets a higher fair probability than proportional.
    const prop = fairProbabilities(BURNLEY_MAN_CITY.x12.WH, 'proportional');
    const power = fairProbabilities(BURNLEY_MAN_CITY.x12.WH, 'power');
    const shin = fairProbabilities(BURNLEY_MAN_CITY.x12.WH, 'shin');
    expect(power[2]).toBeGreaterThan(prop[2]);
    expect(shin[2]).toBeGreaterThan(prop[2]);
    expect(power[0]).toBeLessThan(prop[0]);
    expect(shin[0]).toBeLessThan(prop[0]);
  });

  it('a fair book is its own fair probabilities under every method', () => {
    for (const method of ['proportional', 'power', 'shin'] as const) {
      const p = fairProbabilities([2, 4, 4], method);
      expect(p[0]).toBeCloseTo(0.5, 9);
      expect(p[1]).toBeCloseTo(0.25, 9);
    }
  });

  it('Shin falls back to proportional on an underround book', () => {
    expect(fairProbabilities(MAN_UNITED_FULHAM.x12.Max, 'shin')).toEqual(fairProbabilities(MAN_UNITED_FULHAM.x12.Max));
  });
});

describe('applyMargin', () => {
  it('is the inverse of proportional no-vig', () => {
    const fair = fairProbabilities(AUGSBURG_WERDER.x12.B365);
    const priced = applyMargin(fair, overround(AUGSBURG_WERDER.x12.B365));
    priced.forEach((p, i) => expect(p).toBeCloseTo(AUGSBURG_WERDER.x12.B365[i], 10));
    expect(overround(applyMargin([0.5, 0.3, 0.2], 0.05))).toBeCloseTo(0.05, 12);
  });
});

describe('invalid books', () => {
  it.each<[string, () => unknown]>([
    ['one selection', () => overround([2])],
    ['no selections', () => fairProbabilities([])],
    ['price 1.0', () => overround([1, 3])],
    ['NaN price', () => fairProbabilities([Number.NaN, 2])],
    ['unknown method', () => fairProbabilities([2, 2], 'logit' as 'power')],
    ['negative margin', () => applyMargin([0.5, 0.5], -0.01)],
    ['probability 0', () => applyMargin([0, 1], 0.05)],
  ])('%s → OddsError invalid_book', (_name, fn) => {
    expect(fn).toThrow(OddsError);
    try {
      fn();
    } catch (e) {
      expect((e as OddsError).code).toBe('invalid_book');
    }
  });
});
