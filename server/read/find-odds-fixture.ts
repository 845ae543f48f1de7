/** The fixture an odds read is about (GET /v1/{sport}/odds and /odds/history `match_id`). */
import { eq } from 'drizzle-orm';
import { selectFixtures } from '../store/fixture-info';
import * as t from '../store/schema';
import type { ReadDeps } from './deps';
import { missing } from './result';

/** The fixture row of `matchId` (digits) in `sport`; NotFound fixture_not_found when none or another sport's. */
export async function findOddsFixture(deps: Pick<ReadDeps, 'db'>, sport: string, matchId: string) {
  const id = Number(matchId);
  const [fixture] = await selectFixtures(deps.db).where(eq(t.fixtures.id, id));
  if (!fixture || fixture.sport !== sport)
    return missing('fixture_not_found', `No ${sport} match with match_id ${id}.`);
  return fixture;
}
