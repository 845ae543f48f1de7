// GET /v1/{sport}/teams       — teams (tennis: players, MMA: fighters) by league, season and name search, paged
// GET /v1/{sport}/teams/{id}  — one team: its seasons, standing, form, last results, next fixtures, statistics
import { z } from 'zod';
import { readDepsOf } from '../../read/deps';
import { isNotFound } from '../../read/result';
import { readTeam } from '../../read/read-team';
import { readTeams } from '../../read/read-teams';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams, stageParam } from '../params';
import { ApiError } from '../problem';
import { orThrow } from '../read-result';

export const TeamsQuery = z.object({
  league: listParams.league,
  season: listParams.season,
  search: z.string().min(1).max(100).optional(),
  limit: listParams.limit,
  cursor: z.string().max(40).optional(),
});

export const TeamQuery = z.object({
  league: listParams.league,
  season: listParams.season,
  /** `regular`, `playoffs` or `all`; default the sport's (lib/seasons/stage.ts defaultStage). */
  stage: stageParam,
});

/**
 * `{ data: [{ id, name, sport, fixtures }], next_cursor }` ordered by id: teams with a fixture in
 * `league`/`season` (every team of the sport without them) whose name or a known spelling contains
 * `search` (server/read/read-teams.ts). Errors: 400 invalid_parameter, 404 league_not_found, season_not_found.
 */
export async function getTeams(_req: Request, ctx: Ctx): Promise<Response> {
  const q = parseQuery(ctx.url, TeamsQuery);
  return json(orThrow(await readTeams(readDepsOf(ctx.services), ctx.params.sport, q)), ctx);
}

/** Parses a numeric path id. Errors: 404 `code` when it is not a positive integer. */
export function pathId(raw: string, code: 'team_not_found' | 'player_not_found', what: string): number {
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || id < 1 || id > 2_147_483_647) throw new ApiError(code, `No ${what} with id "${raw}".`);
  return id;
}

/**
 * One team (lib/wire/resources.ts TeamDetail): the league-seasons it played; for `league`/`season`
 * (default its latest real season) its standings row and its team statistics (`stage`, default
 * the sport's: lib/seasons/stage.ts defaultStage); its last five results (newest first) and form, and its next five fixtures
 * (server/read/read-team.ts). Errors: 400 invalid_parameter, 404 team_not_found, league_not_found, season_not_found.
 */
export async function getTeamHandler(_req: Request, ctx: Ctx): Promise<Response> {
  const q = parseQuery(ctx.url, TeamQuery);
  const sport = ctx.params.sport;
  const team = await readTeam(
    readDepsOf(ctx.services),
    sport,
    pathId(ctx.params.id, 'team_not_found', `${sport} team`),
    q,
  );
  // The detail names the id as it was asked for (leading zeros included).
  if (isNotFound(team) && team.code === 'team_not_found')
    throw new ApiError('team_not_found', `No ${sport} team with id ${ctx.params.id}.`);
  return json(orThrow(team), ctx);
}
