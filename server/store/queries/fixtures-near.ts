/**
 * Fixtures of one sport around a time, any source: what an odds-only source adapter (The Odds API,
 * server/adapters/odds-api/) matches its events against — by sport, kickoff within a tolerance and
 * team names (docs/adapters.md "odds-api", mapping).
 */
import { and, asc, between, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { isoUtc, selectFixtures } from '../fixture-info';
import * as t from '../schema';

/** A stored fixture as {@link findFixturesNear} lists it. Kickoff ISO 8601 UTC. */
export interface NearFixture {
  fixture_id: number;
  sport: string;
  /** League (competition) slug. */
  competition: string;
  kickoff: string;
  home_team: string;
  away_team: string;
  /** The fixture's stored status (`scheduled`, `in_play`, `finished`, …). */
  status: string;
}

/** The most fixtures one look-up returns (a window of a few hours holds far fewer). */
const LIMIT = 500;

/**
 * Fixtures of `q.sport` with kickoff in [`q.from`, `q.to`] (ISO 8601 UTC), kickoff order, at most 500.
 * Errors: store errors propagate.
 */
export async function findFixturesNear(db: Tx, q: { sport: string; from: string; to: string }): Promise<NearFixture[]> {
  const rows = await selectFixtures(db)
    .where(and(eq(t.fixtures.sport, q.sport), between(t.fixtures.kickoff, q.from, q.to)))
    .orderBy(asc(t.fixtures.kickoff), asc(t.fixtures.id))
    .limit(LIMIT);
  return rows.map((r) => ({
    fixture_id: r.id,
    sport: r.sport,
    competition: r.slug,
    kickoff: isoUtc(r.kickoff),
    home_team: r.homeTeam,
    away_team: r.awayTeam,
    status: r.status,
  }));
}
