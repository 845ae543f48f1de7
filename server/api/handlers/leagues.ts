// GET /v1/{sport}/leagues                            — the sport's leagues with their seasons and standings rules
// GET /v1/{sport}/leagues/{slug}/seasons/{season}    — one league-season: fixtures by status, teams, standings
import { z } from 'zod';
import { readDepsOf } from '../../read/deps';
import { readLeagues, readLeagueSeason } from '../../read/read-leagues';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams, slug as SLUG } from '../params';
import { ApiError } from '../problem';
import { orThrow } from '../read-result';

export const LeaguesQuery = z.object({});

/**
 * `{ sport, data: League[] }` (lib/wire/resources.ts): every league of the sport by name, with its
 * seasons (current first) and the standings rules of its current season. Errors: 404 unknown_sport.
 */
export async function getLeagues(_req: Request, ctx: Ctx): Promise<Response> {
  parseQuery(ctx.url, LeaguesQuery);
  return json(await readLeagues(readDepsOf(ctx.services), ctx.params.sport), ctx);
}

/**
 * One league-season (lib/wire/resources.ts LeagueSeason): its fixtures counted by status, its
 * teams, standings rules and tables. `season` is a label or `current`.
 * Errors: 404 league_not_found, season_not_found.
 */
export async function getLeagueSeason(_req: Request, ctx: Ctx): Promise<Response> {
  parseQuery(ctx.url, LeaguesQuery);
  const { sport, slug } = ctx.params;
  const asked = ctx.params.season;
  if (!SLUG.safeParse(slug).success)
    throw new ApiError('league_not_found', `No ${sport} league "${slug.slice(0, 64)}".`);
  if (asked !== 'current' && !listParams.season.safeParse(asked).success)
    throw new ApiError('season_not_found', `No ${slug} season "${asked.slice(0, 32)}".`);
  return json(
    orThrow(await readLeagueSeason(readDepsOf(ctx.services), sport, slug, asked === 'current' ? undefined : asked)),
    ctx,
  );
}
