/** The scoreline-model line: the stated 5 % margin on the rating line, moneyline without a draw, clamp at certainty. */
import { expect, test } from 'vitest';
import { overround } from './margin';
import { modelLine } from './model-line';

test('a three-way rating line carries the 5 % margin; a two-way one is a moneyline', () => {
  const l = modelLine({ home: 0.5, draw: 0.25, away: 0.25 }, { home: 0.7, draw: 0.2, away: 0.1 });
  expect(l).toMatchObject({ bookmaker: 'scoreline-model', market: '1X2', started_from: 'rating', is_model: true });
  expect(l.opening).toEqual({ home: 1.905, draw: 3.81, away: 3.81 });
  expect(l.closing).toEqual(l.opening);
  expect(overround([l.opening.home, l.opening.draw!, l.opening.away])).toBeCloseTo(0.05, 3);
  const m = modelLine({ home: 0.6, draw: null, away: 0.4 }, { home: 0.6, draw: null, away: 0.4 });
  expect(m.market).toBe('moneyline');
  expect(m.current.draw).toBeNull();
  expect(overround([m.current.home, m.current.away])).toBeCloseTo(0.05, 2);
});

test('a decided match is priced at the clamp (1.01 / 101), never below 1', () => {
  const l = modelLine({ home: 0.5, draw: null, away: 0.5 }, { home: 1 - 1e-9, draw: null, away: 1e-9 });
  expect(l.current).toEqual({ home: 1.01, draw: null, away: 101 });
});
