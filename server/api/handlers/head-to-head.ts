// GET /v1/{sport}/head-to-head?teams=a,b — two teams' meetings: record, finished results, upcoming fixtures
import { z } from 'zod';
import type { MatchState } from '@/lib/match/state';
import { findTeamIds } from '../../store/queries/filters';
import { getFixturePage, getSnapshotStates } from '../../store/queries/get-fixtures';
import { getTeam, type TeamRef } from '../../store/queries/teams';
import type { Tx } from '../../store/db';
import { json, parseQuery, type Ctx } from '../handler';
import { listParams } from '../params';
import { ApiError } from '../problem';
import { resolveScope } from '../scope';
import { toFixture, toResult } from '../serialize';

export const HeadToHeadQuery = z.object({
  teams: z
    .string()
    .regex(/^[^,]{1,100},[^,]{1,100}$/, 'must be two team ids or names separated by a comma, e.g. 1,2')
    .transform((s) => s.split(',').map((x) => x.trim()) as [string, string]),
  league: listParams.league,
  season: listParams.season,
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

/** A team by id (digits) or any known spelling of its name. Errors: 404 team_not_found. */
async function teamOf(tx: Tx, sport: string, ref: string): Promise<TeamRef> {
  const byId = /^\d{1,9}$/.test(ref) ? await getTeam(tx, sport, Number(ref)) : null;
  if (byId) return byId;
  const ids = await findTeamIds(tx, sport, ref);
  const team = ids.length ? await getTeam(tx, sport, ids[0]) : null;
  if (!team) throw new ApiError('team_not_found', `No ${sport} team "${ref}" (give a team id from GET /v1/${sport}/teams or a name).`);
  return team;
}

/**
 * `{ teams: [a, b], summary: { played, wins: [a, b], draws, scored: [a, b] }, data, upcoming }`:
 * every finished meeting of the two teams (optionally in one league/season) counted in `summary`,
 * the newest `limit` listed in `data` (results, newest first), and up to `limit` scheduled
 * meetings in `upcoming`. Errors: 400 invalid_parameter (not two teams, or the same team twice),
 * 404 team_not_found, league_not_found, season_not_found.
 */
export async function getHeadToHead(_req: Request, ctx: Ctx): Promise<Response> {
  const q = parseQuery(ctx.url, HeadToHeadQuery);
  const db = ctx.services.store.db;
  const sport = ctx.params.sport;
  await resolveScope(db, sport, q.league, q.season);
  const [a, b] = [await teamOf(db, sport, q.teams[0]), await teamOf(db, sport, q.teams[1])];
  if (a.id === b.id) throw new ApiError('invalid_parameter', `teams: both are ${a.name}; give two different teams.`);
  const scope = { sport, league: q.league, season: q.season, between: [a.id, b.id] as [number, number] };
  // Every finished meeting for the record (a few hundred at most between two teams), the newest `limit` listed.
  const all = await getFixturePage(db, { ...scope, status: ['finished'] }, 10_000, 'desc');
  const states = await getSnapshotStates(db, all.rows.map((r) => r.id));
  const results = all.rows.map((r) => toResult(r, (states.get(r.id) as unknown as MatchState) ?? null));
  const summary = { played: results.length, wins: [0, 0] as [number, number], draws: 0, scored: [0, 0] as [number, number] };
  for (const r of results) {
    const aHome = r.home_team_id === a.id;
    summary.scored[0] += aHome ? r.score.home : r.score.away;
    summary.scored[1] += aHome ? r.score.away : r.score.home;
    if (r.winner === 'draw') summary.draws++;
    else summary.wins[(r.winner === 'home') === aHome ? 0 : 1]++;
  }
  const upcoming = await getFixturePage(db, { ...scope, status: ['scheduled'], from: new Date().toISOString() }, q.limit, 'asc');
  return json({ teams: [a, b], summary, data: results.slice(0, q.limit), upcoming: upcoming.rows.map(toFixture) }, ctx);
}
