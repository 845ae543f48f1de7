// GET /v1/{sport}/results — full-time results, newest first, paged
import { z } from 'zod';
import { readDepsOf } from '../../read/deps';
import { readResults } from '../../read/read-results';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams } from '../params';
import { orThrow } from '../read-result';

const { status: _status, ...resultParams } = listParams;
export const ResultsQuery = z.object(resultParams);

/**
 * Finished matches filtered by league, season, team and kickoff range, ordered by kickoff
 * descending then fixture_id: `{ data: Result[], next_cursor }` (server/read/read-results.ts).
 * Errors: 400 invalid_parameter, 404 league_not_found, season_not_found.
 */
export async function getResults(_req: Request, ctx: Ctx): Promise<Response> {
  return json(
    orThrow(await readResults(readDepsOf(ctx.services), ctx.params.sport, parseQuery(ctx.url, ResultsQuery))),
    ctx,
  );
}
