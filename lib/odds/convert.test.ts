import { describe, expect, it } from 'vitest';
import { readCsv } from './__fixtures__/real-matches';
import {
  FRACTIONAL_LADDER,
  detectPriceFormat,
  formatAmerican,
  formatFractional,
  formatPrice,
  toAmerican,
  toDecimal,
  toFractional,
  toImplied,
  type PriceInput,
} from './convert';
import { OddsFormatError } from './errors';
import { roundHalfUp, roundPrice } from './rounding';

describe('toDecimal: every input format becomes decimal odds (3 dp, half up)', () => {
  it.each<[string, PriceInput, number]>([
    // decimal
    ['decimal number', 2.5, 2.5],
    ['decimal string with trailing zero', '2.50', 2.5],
    ['decimal string with spaces', '  1.83 ', 1.83],
    ['bare "100" is decimal, not American', '100', 100],
    ['very long decimal', 1001, 1001],
    // American
    ['American +150', '+150', 2.5],
    ['American -120', '-120', 1.833],
    ['American +100 is evens', '+100', 2],
    ['American -100 is evens too', '-100', 2],
    ['American -200 (odds-on)', '-200', 1.5],
    ['American -110', '-110', 1.909],
    ['American +100000 (very long)', '+100000', 1001],
    ['American object, unsigned value is positive', { format: 'american', value: 150 }, 2.5],
    ['American object string', { format: 'american', value: '-120' }, 1.833],
    // fractional
    ['fractional 5/2', '5/2', 3.5],
    ['fractional with spaces', '5 / 2', 3.5],
    ['evs', 'evs', 2],
    ['Evens', 'Evens', 2],
    ['1/1', '1/1', 2],
    ['4/6 (odds-on)', '4/6', 1.667],
    ['1/2 (odds-on)', '1/2', 1.5],
    ['100/30', '100/30', 4.333],
    ['1000/1 (very long)', '1000/1', 1001],
    ['fractional object, number = ratio', { format: 'fractional', value: 1.5 }, 2.5],
    // implied
    ['percent', '40%', 2.5],
    ['implied object number', { format: 'implied', value: 0.4 }, 2.5],
    ['implied object string', { format: 'implied', value: '0.5' }, 2],
    ['implied percent in object', { format: 'implied', value: '0.1%' }, 1000],
    // rounding rule: half up on the decimal reading
    ['1.0005 rounds up', 1.0005, 1.001],
    ['1.8335 rounds up', 1.8335, 1.834],
    ['2.0004 rounds down', 2.0004, 2],
  ])('%s', (_name, input, expected) => {
    expect(toDecimal(input)).toBe(expected);
  });

  it('the format argument forces a bare value', () => {
    expect(toDecimal('150', 'american')).toBe(2.5);
    expect(toDecimal(150, 'american')).toBe(2.5);
    expect(toDecimal('0.4', 'implied')).toBe(2.5);
    expect(toDecimal('3/2', 'fractional')).toBe(2.5);
  });

  it.each<[string, PriceInput, string]>([
    ['decimal 1.0', 1, 'out_of_range'],
    ['decimal "1.0"', '1.0', 'out_of_range'],
    ['decimal below 1', 0.99, 'out_of_range'],
    ['zero', 0, 'out_of_range'],
    ['"0"', '0', 'out_of_range'],
    ['NaN', Number.NaN, 'out_of_range'],
    ['Infinity', Number.POSITIVE_INFINITY, 'out_of_range'],
    ['negative number is not decimal', -120, 'out_of_range'],
    ['rounds to 1.000', 1.0004, 'out_of_range'],
    ['beyond the sanity cap', 100_002, 'out_of_range'],
    ['American +99', '+99', 'out_of_range'],
    ['American -50', '-50', 'out_of_range'],
    ['American +0', '+0', 'out_of_range'],
    ['American object 0', { format: 'american', value: 0 }, 'out_of_range'],
    ['American object 99.5', { format: 'american', value: 99.5 }, 'out_of_range'],
    ['fractional 0/1', '0/1', 'out_of_range'],
    ['fractional 5/0', '5/0', 'out_of_range'],
    ['percent 0%', '0%', 'out_of_range'],
    ['percent 100%', '100%', 'out_of_range'],
    ['percent 120%', '120%', 'out_of_range'],
    ['implied 1', { format: 'implied', value: 1 }, 'out_of_range'],
    ['implied 40 is not read as 40 %', { format: 'implied', value: 40 }, 'out_of_range'],
    ['implied 0.9999 rounds to 1.0', { format: 'implied', value: 0.9999 }, 'out_of_range'],
    ['comma decimal', '2,5', 'malformed'],
    ['words', 'abc', 'malformed'],
    ['empty', '', 'malformed'],
    ['half a fraction', '5/', 'malformed'],
    ['other half', '/2', 'malformed'],
    ['exponent notation', '1e3', 'malformed'],
    ['signed decimal with format decimal', { format: 'decimal', value: '+2.5' }, 'malformed'],
    ['two signs', '+-150', 'malformed'],
    ['unknown format', { format: 'moneyline' as 'american', value: 150 }, 'unknown_format'],
  ])('rejects %s', (_name, input, code) => {
    let error: unknown;
    try {
      toDecimal(input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OddsFormatError);
    expect((error as OddsFormatError).code).toBe(code);
  });
});

describe('detectPriceFormat', () => {
  it.each([
    ['2.5', 'decimal'],
    ['100', 'decimal'],
    ['+100', 'american'],
    ['-120', 'american'],
    ['5/2', 'fractional'],
    ['EVS', 'fractional'],
    ['40%', 'implied'],
  ])('%s → %s', (text, format) => expect(detectPriceFormat(text)).toBe(format));
});

describe('formatters: decimal → American / fractional / implied', () => {
  it.each<[number, number, string, string]>([
    // decimal, American, fractional, implied
    [2, 100, '1/1', '50.0%'], // evens
    [1.5, -200, '1/2', '66.7%'], // odds-on
    [1001, 100000, '1000/1', '0.1%'], // very long
    [2.5, 150, '6/4', '40.0%'], // the ladder writes 6/4, not 3/2
    [3.5, 250, '5/2', '28.6%'],
    [1.833, -120, '5/6', '54.6%'],
    [1.909, -110, '10/11', '52.4%'],
    [1.667, -150, '4/6', '60.0%'],
    [4.333, 333, '100/30', '23.1%'],
    [2.37, 137, '137/100', '42.2%'], // off the ladder: exact hundredths
    [3.2, 220, '11/5', '31.3%'], // off the ladder: reduced
    [1.234, -427, '11/47', '81.0%'], // 3-dp off the ladder: nearest with denominator ≤ 100
    [1.001, -100000, '1/100', '99.9%'],
  ])('%s → %s, %s, %s', (decimal, american, fractional, implied) => {
    expect(toAmerican(decimal)).toBe(american);
    expect(formatFractional(decimal)).toBe(fractional);
    expect(formatPrice(decimal, 'implied')).toBe(implied);
  });

  it('writes American with an explicit sign and +100 for evens', () => {
    expect(formatAmerican(2)).toBe('+100');
    expect(formatAmerican(2.5)).toBe('+150');
    expect(formatAmerican(1.5)).toBe('-200');
    expect(formatPrice(2.5, 'decimal')).toBe('2.5');
    expect(formatPrice(1.8333, 'decimal')).toBe('1.833');
  });

  it('rejects invalid decimals in the formatters', () => {
    for (const bad of [1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => toAmerican(bad)).toThrow(OddsFormatError);
      expect(() => toFractional(bad)).toThrow(OddsFormatError);
      expect(() => toImplied(bad)).toThrow(OddsFormatError);
    }
  });
});

describe('round trips', () => {
  it('every ladder fraction → decimal → the same fraction', () => {
    for (const [n, m] of FRACTIONAL_LADDER) {
      expect(formatFractional(toDecimal(`${n}/${m}`))).toBe(`${n}/${m}`);
    }
  });

  it.each([100, -100, 150, -120, -110, -200, 250, -150, -300, 333, 1000, -1000, 100000])(
    'American %s → decimal → American',
    (a) => {
      const back = toAmerican(toDecimal({ format: 'american', value: a }));
      // −100 and +100 are the same price; +100 is how evens is written.
      expect(back).toBe(a === -100 ? 100 : a);
    },
  );

  it.each([0.5, 0.4, 0.25, 0.1, 0.8, 0.001])('implied %s → decimal → implied', (p) => {
    expect(toImplied(toDecimal({ format: 'implied', value: p }))).toBeCloseTo(p, 12);
  });

  // Every opening and closing 1X2 price of the bundled football-data.co.uk files (2 dp).
  const prices = [
    ...new Set(
      (['2324/E0.csv', '2425/E0.csv', '2425/D1.csv'] as const).flatMap((f) =>
        readCsv(f).flatMap((r) =>
          Object.entries(r)
            .filter(([k, v]) => /^(B365|BW|IW|PS|WH|VC|1XB|BF|BFE|Max|Avg)C?[HDA]$/.test(k) && v !== '')
            .map(([, v]) => Number(v)),
        ),
      ),
    ),
  ].filter((p) => p > 1);

  it(`all real 2-dp prices round-trip exactly through fractional and to the cent through American`, () => {
    expect(prices.length).toBeGreaterThan(300);
    for (const d of prices) {
      expect(toDecimal(d)).toBe(d);
      expect(toDecimal(formatFractional(d))).toBe(d);
      const back = toDecimal(formatAmerican(d));
      // American is a whole number: odds-on prices can move in the 3rd decimal only.
      expect(roundHalfUp(back, 2)).toBe(d);
      expect(toImplied(d)).toBeCloseTo(1 / d, 15);
    }
  });
});

describe('rounding rule', () => {
  it.each([
    [1.0005, 3, 1.001],
    [2.675, 2, 2.68], // binary 2.67499999… is read as 2.675
    [100.5, 0, 101],
    [(2.005 - 1) * 100, 0, 101],
    [1.83333333, 3, 1.833],
  ])('roundHalfUp(%s, %s) = %s', (x, dp, expected) => expect(roundHalfUp(x, dp)).toBe(expected));

  it('roundPrice keeps 3 dp', () => expect(roundPrice(1 + 2 / 3)).toBe(1.667));
});
