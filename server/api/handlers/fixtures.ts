// GET /v1/{sport}/fixtures — fixtures: spec 2.3 summary of the filtered set with the fixtures beside it, paged
import { z } from 'zod';
import { readDepsOf } from '../../read/deps';
import { readFixtures } from '../../read/read-fixtures';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams } from '../params';
import { orThrow } from '../read-result';

export const FixturesQuery = z.object(listParams);

/**
 * Fixtures with kickoff in [from, to], filtered by league, season, team and status; ordered by
 * kickoff then fixture_id. `from` defaults to now — with `league` and no `season`, to the start of
 * the league's current season; with `season`, no bound. The top level is spec 2.3 for exactly the
 * filtered set (every page): `league` (display name: the league, its season when one, the only
 * league present, or "All leagues"), `fixtures` (the upcoming ones: scheduled, kickoff from
 * now on), `next_kickoff`, plus `league_slug`, `season`, `total` (all of them), `upcoming` (= `fixtures`); then `leagues` (2.3 per league-season), `data` and `next_cursor`
 * (server/read/read-fixtures.ts). Errors: 400 invalid_parameter, 404 league_not_found, season_not_found.
 */
export async function getFixtures(_req: Request, ctx: Ctx): Promise<Response> {
  return json(
    orThrow(await readFixtures(readDepsOf(ctx.services), ctx.params.sport, parseQuery(ctx.url, FixturesQuery))),
    ctx,
  );
}
