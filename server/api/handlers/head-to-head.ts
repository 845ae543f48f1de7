// GET /v1/{sport}/head-to-head?teams=a,b — two teams' meetings: record, finished results, upcoming fixtures
import { z } from 'zod';
import { readDepsOf } from '../../read/deps';
import { readHeadToHead } from '../../read/read-head-to-head';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams } from '../params';
import { orThrow } from '../read-result';

export const HeadToHeadQuery = z.object({
  teams: z
    .string()
    .regex(/^[^,]{1,100},[^,]{1,100}$/, 'must be two team ids or names separated by a comma, e.g. 1,2')
    .transform((s) => s.split(',').map((x) => x.trim()) as [string, string]),
  league: listParams.league,
  season: listParams.season,
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

/**
 * `{ teams: [a, b], summary: { played, wins: [a, b], draws, scored: [a, b] }, data, upcoming }`:
 * every finished meeting of the two teams (optionally in one league/season) counted in `summary`,
 * the newest `limit` listed in `data` (results, newest first), and up to `limit` scheduled
 * meetings in `upcoming` (server/read/read-head-to-head.ts). Errors: 400 invalid_parameter (not
 * two teams, or the same team twice), 404 team_not_found, league_not_found, season_not_found.
 */
export async function getHeadToHead(_req: Request, ctx: Ctx): Promise<Response> {
  const q = parseQuery(ctx.url, HeadToHeadQuery);
  return json(orThrow(await readHeadToHead(readDepsOf(ctx.services), ctx.params.sport, q)), ctx);
}
