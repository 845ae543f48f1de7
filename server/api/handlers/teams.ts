// GET /v1/{sport}/teams       — teams (tennis: players, MMA: fighters) by league, season and name search, paged
// GET /v1/{sport}/teams/{id}  — one team: its seasons, standing, form, last results, next fixtures, statistics
import { z } from 'zod';
import { isArchivedReplay, STAGES } from '@/lib/seasons/stage';
import { teamStatistics } from '@/lib/statistics/index';
import type { MatchState } from '@/lib/match/state';
import { getFixturePage, getSnapshotStates } from '../../store/queries/get-fixtures';
import { getStandings } from '../../store/queries/get-standings';
import { getStatsMatches } from '../../store/queries/get-stats-matches';
import { getTeam, listTeams, teamSeasons } from '../../store/queries/teams';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams } from '../params';
import { ApiError } from '../problem';
import { resolveScope } from '../scope';
import { toFixture, toResult } from '../serialize';

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
  stage: z.enum(STAGES, { message: 'must be regular, playoffs or all' }).default('regular'),
});

/** The id cursor of the teams list (base64url of the last id). Errors: invalid_parameter. */
function afterId(cursor: string | undefined): number | undefined {
  if (!cursor) return undefined;
  const id = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isInteger(id) || id < 1) throw new ApiError('invalid_parameter', 'cursor: not a cursor returned by this API');
  return id;
}

/**
 * `{ data: [{ id, name, sport, fixtures }], next_cursor }` ordered by id: teams with a fixture in
 * `league`/`season` (every team of the sport without them) whose name or a known spelling contains
 * `search`. Errors: 400 invalid_parameter, 404 league_not_found, season_not_found.
 */
export async function getTeams(_req: Request, ctx: Ctx): Promise<Response> {
  const q = parseQuery(ctx.url, TeamsQuery);
  const db = ctx.services.store.db;
  const sport = ctx.params.sport;
  await resolveScope(db, sport, q.league, q.season);
  const { rows, more } = await listTeams(db, { sport, league: q.league, season: q.season, search: q.search, afterId: afterId(q.cursor), limit: q.limit });
  const last = rows.at(-1);
  return json({ data: rows.map((r) => ({ ...r, sport })), next_cursor: more && last ? Buffer.from(String(last.id)).toString('base64url') : null }, ctx);
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
 * regular); its last five results (newest first) and form, and its next five fixtures.
 * Errors: 400 invalid_parameter, 404 team_not_found, league_not_found, season_not_found.
 */
export async function getTeamHandler(_req: Request, ctx: Ctx): Promise<Response> {
  const q = parseQuery(ctx.url, TeamQuery);
  const db = ctx.services.store.db;
  const sport = ctx.params.sport;
  const team = await getTeam(db, sport, pathId(ctx.params.id, 'team_not_found', `${sport} team`));
  if (!team) throw new ApiError('team_not_found', `No ${sport} team with id ${ctx.params.id}.`);
  await resolveScope(db, sport, q.league, q.season);
  const seasons = (await teamSeasons(db, team.id)).filter((s) => !isArchivedReplay(s.season));
  const chosen = seasons.find((s) => (!q.league || s.league_slug === q.league) && (!q.season || s.season === q.season)) ?? null;
  const [recent, next] = await Promise.all([
    getFixturePage(db, { sport, teamIds: [team.id], status: ['finished'] }, 5, 'desc'),
    getFixturePage(db, { sport, teamIds: [team.id], status: ['scheduled'], from: new Date().toISOString() }, 5, 'asc'),
  ]);
  const states = await getSnapshotStates(db, recent.rows.map((r) => r.id));
  const results = recent.rows.map((r) => toResult(r, (states.get(r.id) as unknown as MatchState) ?? null));
  const form = results
    .map((r) => (r.winner === 'draw' ? 'D' : (r.winner === 'home') === (r.home_team_id === team.id) ? 'W' : 'L'))
    .reverse();
  let standing = null;
  let statistics = null;
  if (chosen) {
    const tables = await getStandings(db, { sport, league: chosen.league_slug, season: chosen.season });
    for (const tb of tables) {
      const row = (tb.rows as { team?: string }[]).find((r) => r.team === team.name);
      if (row) standing = { group: tb.group, ...row };
    }
    const matches = (await getStatsMatches(db, { sport, season: chosen.season, league: chosen.league_slug, stage: q.stage })).filter(
      (m) => m.home_team === team.name || m.away_team === team.name,
    );
    statistics = teamStatistics(matches).find((r) => r.team === team.name) ?? null;
  }
  return json(
    {
      ...team,
      sport,
      seasons,
      league_slug: chosen?.league_slug ?? null,
      season: chosen?.season ?? null,
      stage: q.stage,
      standing,
      form,
      results,
      fixtures: next.rows.map(toFixture),
      statistics,
    },
    ctx,
  );
}
