/**
 * Two teams' meetings: record, finished results, upcoming fixtures. Source of
 * GET /v1/{sport}/head-to-head?teams=a,b.
 */
import type { Tx } from '../store/db';
import { findTeamIds } from '../store/queries/filters';
import { getFixturePage, getSnapshotStates } from '../store/queries/get-fixtures';
import { getTeam, type TeamRef } from '../store/queries/teams';
import type { ReadDeps } from './deps';
import { invalid, isReadFailure, missing, type NotFound } from './result';
import { resolveScope } from './resolve-scope';
import { toFixture, toResult } from './serialize';

export interface HeadToHeadParams {
  /** Two team references: an id (digits) or any known spelling of a name. */
  teams: [string, string];
  league?: string;
  season?: string;
  /** Most results and upcoming fixtures listed, 1–200. */
  limit: number;
}

/** A team by id (digits) or any known spelling of its name; NotFound team_not_found. */
async function teamOf(tx: Tx, sport: string, ref: string): Promise<TeamRef | NotFound> {
  const byId = /^\d{1,9}$/.test(ref) ? await getTeam(tx, sport, Number(ref)) : null;
  if (byId) return byId;
  const ids = await findTeamIds(tx, sport, ref);
  const team = ids.length ? await getTeam(tx, sport, ids[0]) : null;
  if (!team)
    return missing(
      'team_not_found',
      `No ${sport} team "${ref}" (give a team id from GET /v1/${sport}/teams or a name).`,
    );
  return team;
}

/**
 * `{ teams: [a, b], summary: { played, wins: [a, b], draws, scored: [a, b] }, data, upcoming }`:
 * every finished meeting of the two teams (optionally in one league/season) counted in `summary`,
 * the newest `limit` listed in `data` (results, newest first), and up to `limit` scheduled
 * meetings after now in `upcoming`. Failures: InvalidParameter (the same team twice),
 * NotFound team_not_found, league_not_found, season_not_found.
 */
export async function readHeadToHead(deps: Pick<ReadDeps, 'db'>, sport: string, q: HeadToHeadParams) {
  const db = deps.db;
  const scope = await resolveScope(db, sport, q.league, q.season);
  if (isReadFailure(scope)) return scope;
  const a = await teamOf(db, sport, q.teams[0]);
  if (isReadFailure(a)) return a;
  const b = await teamOf(db, sport, q.teams[1]);
  if (isReadFailure(b)) return b;
  if (a.id === b.id) return invalid(`teams: both are ${a.name}; give two different teams.`);
  const between = { sport, league: q.league, season: q.season, between: [a.id, b.id] as [number, number] };
  // Every finished meeting for the record (a few hundred at most between two teams), the newest `limit` listed.
  const all = await getFixturePage(db, { ...between, status: ['finished'] }, 10_000, 'desc');
  const states = await getSnapshotStates(
    db,
    all.rows.map((r) => r.id),
  );
  const results = all.rows.map((r) => toResult(r, states.get(r.id) ?? null));
  const summary = {
    played: results.length,
    wins: [0, 0] as [number, number],
    draws: 0,
    scored: [0, 0] as [number, number],
  };
  for (const r of results) {
    const aHome = r.home_team_id === a.id;
    summary.scored[0] += aHome ? r.score.home : r.score.away;
    summary.scored[1] += aHome ? r.score.away : r.score.home;
    if (r.winner === 'draw') summary.draws++;
    else summary.wins[(r.winner === 'home') === aHome ? 0 : 1]++;
  }
  const upcoming = await getFixturePage(
    db,
    { ...between, status: ['scheduled'], from: new Date().toISOString() },
    q.limit,
    'asc',
  );
  return {
    teams: [a, b] as [TeamRef, TeamRef],
    summary,
    data: results.slice(0, q.limit),
    upcoming: upcoming.rows.map(toFixture),
  };
}
