// GET /v1/{sport}/results — full-time results, newest first, paged
import { z } from 'zod';
import { isoUtc } from '../../store/fixture-info';
import { getFixturePage, getSnapshotStates } from '../../store/queries/get-fixtures';
import type { Services } from '../../services';
import type { MatchState } from '@/lib/match/state';
import { json, parseQuery, type Ctx } from '../handler';
import { decodeCursor, encodeCursor, listParams } from '../params';
import { resolveScope } from '../scope';
import { toResult } from '../serialize';

const { status: _status, ...resultParams } = listParams;
export const ResultsQuery = z.object(resultParams);

/**
 * Finished matches filtered by league, season, team and kickoff range, ordered by kickoff
 * descending then fixture_id: `{ data: Result[], next_cursor }`.
 * Errors: 400 invalid_parameter, 404 league_not_found, season_not_found.
 */
export async function getResults(_req: Request, ctx: Ctx): Promise<Response> {
  return json(await loadResults(ctx.services, ctx.params.sport, parseQuery(ctx.url, ResultsQuery)), ctx);
}

/** The body of GET /v1/{sport}/results (also rendered by the dashboard). Errors: ApiError as above. */
export async function loadResults(services: Services, sport: string, q: z.infer<typeof ResultsQuery>) {
  const db = services.store.db;
  await resolveScope(db, sport, q.league, q.season);
  const cursor = decodeCursor(q.cursor);
  const { rows, more } = await getFixturePage(
    db,
    {
      sport,
      league: q.league,
      season: q.season,
      team: q.team,
      from: q.from,
      to: q.to,
      status: ['finished'],
      after: cursor && { kickoff: cursor.k, id: cursor.i, order: 'desc' },
    },
    q.limit,
    'desc',
  );
  const states = await getSnapshotStates(db, rows.map((r) => r.id));
  const last = rows.at(-1);
  return {
    data: rows.map((r) => toResult(r, (states.get(r.id) as unknown as MatchState) ?? null)),
    next_cursor: more && last ? encodeCursor({ k: isoUtc(last.kickoff), i: last.id }) : null,
  };
}
