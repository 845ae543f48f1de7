/**
 * The tennis pre-match pass on a real store (the bundled ATP 2024 seed, PGlite): the players'
 * ranking points at each match are read from the stored match stats (tennis-rank-points.ts) and
 * are the first rating's prior in the served pass, as in the calibration bench.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openSeededStore, type SeededStore } from '@/test/helpers/seeded-store';
import { selectFixtures, type FixtureRow } from '../store/fixture-info';
import * as t from '../store/schema';
import { computeSportPrematch } from './prematch-batch';
import { withRankPoints } from './tennis-rank-points';

let s: SeededStore;
beforeAll(async () => {
  s = await openSeededStore('tennis');
}, 600_000);
afterAll(async () => {
  await s?.close();
});

describe('tennis ranking points in the served pre-match pass', () => {
  it('reads each stored match’s ranking points and starts a new player from them', async () => {
    const rows = (await selectFixtures(s.store.db).where(eq(t.fixtures.sport, 'tennis'))) as FixtureRow[];
    const withPts = await withRankPoints(s.store.db, rows);
    const known = withPts.filter((r) => r.homeRankPoints != null && r.awayRankPoints != null);
    expect(known.length).toBeGreaterThan(2000);
    const pass = await computeSportPrematch(s.store.db, 'tennis');
    // A player's first stored match: the rating is 1500 + 100·ln(points / 1000) (at least 10 points).
    const first = known
      .filter((r) => pass.get(r.id)?.rating.home_games === 0 && (r.homeRankPoints ?? 0) >= 10)
      .sort((a, b) => (a.kickoff < b.kickoff ? -1 : 1))[0];
    expect(pass.get(first.id)!.rating.home_rating).toBeCloseTo(1500 + 100 * Math.log(first.homeRankPoints! / 1000), 9);
  });
});
