/**
 * Teams of a sport (tennis: players, MMA: fighters) by league, season and name search, paged by id.
 * Source of GET /v1/{sport}/teams.
 */
import { listTeams } from '../store/queries/teams';
import type { ReadDeps } from './deps';
import { invalid, isReadFailure, type ReadFailure } from './result';
import { resolveScope } from './resolve-scope';

export interface TeamsParams {
  league?: string;
  season?: string;
  /** Part of a name or of a known spelling. */
  search?: string;
  /** Page size, 1–200. */
  limit: number;
  /** `next_cursor` of the previous page (base64url of the last id). */
  cursor?: string;
}

/** The id cursor of the teams list (base64url of the last id); InvalidParameter for a foreign one. */
function afterId(cursor: string | undefined): number | undefined | ReadFailure {
  if (!cursor) return undefined;
  const id = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isInteger(id) || id < 1) return invalid('cursor: not a cursor returned by this API');
  return id;
}

/**
 * `{ data: [{ id, name, sport, fixtures }], next_cursor }` ordered by id: teams with a fixture in
 * `league`/`season` (every team of the sport without them) whose name or a known spelling contains
 * `search`. Failures: NotFound league_not_found / season_not_found, InvalidParameter for a foreign cursor.
 */
export async function readTeams(deps: Pick<ReadDeps, 'db'>, sport: string, q: TeamsParams) {
  const db = deps.db;
  const scope = await resolveScope(db, sport, q.league, q.season);
  if (isReadFailure(scope)) return scope;
  const after = afterId(q.cursor);
  if (isReadFailure(after)) return after;
  const { rows, more } = await listTeams(db, {
    sport,
    league: q.league,
    season: q.season,
    search: q.search,
    afterId: after,
    limit: q.limit,
  });
  const last = rows.at(-1);
  return {
    data: rows.map((r) => ({ ...r, sport })),
    next_cursor: more && last ? Buffer.from(String(last.id)).toString('base64url') : null,
  };
}
