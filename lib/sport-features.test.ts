/**
 * The feature table (lib/sport-features.ts) against the parts it speaks for: halves where the
 * sport's periods are football's halves, catalogue sports where the catalogue has competitions,
 * the odds model only where goals are scored in halves; an unknown slug has no feature.
 */
import { expect, test } from 'vitest';
import { listCompetitions } from './catalogue/competitions';
import { featuresOf, SPORT_FEATURES } from './sport-features';
import { SPORTS } from './sports';
import { sportValues } from './wire/sports';

test('every sport has an entry, and an unknown slug has no feature', () => {
  expect(Object.keys(SPORT_FEATURES).sort()).toEqual([...SPORTS].sort());
  const none = featuresOf('curling');
  expect(Object.entries(none).filter(([, v]) => v === true)).toEqual([]);
  expect(none.clock).toBe('period');
});

test('halves: exactly the sports whose periods are halves (2nd_half)', () => {
  for (const sport of SPORTS)
    expect([sport, SPORT_FEATURES[sport].halves]).toEqual([sport, sportValues(sport)!.periods.includes('2nd_half')]);
});

test('catalogue: exactly the sports the competition catalogue holds', () => {
  const inCatalogue = new Set<string>(listCompetitions().map((c) => c.sport));
  for (const sport of SPORTS) expect([sport, SPORT_FEATURES[sport].catalogue]).toEqual([sport, inCatalogue.has(sport)]);
});

test('live tables and the in-play model only where standings are points tables', () => {
  for (const sport of SPORTS) {
    const f = SPORT_FEATURES[sport];
    if (f.liveTables || f.inPlayOddsModel) expect([sport, f.pointsTables]).toEqual([sport, true]);
    if (f.clock === 'match-minute') expect([sport, f.eventMinute, f.halves]).toEqual([sport, true, true]);
  }
});
