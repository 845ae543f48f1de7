// GET /v1/{sport}/fixtures — upcoming fixtures: spec 2.3 summary with the fixtures beside it, paged
import { z } from 'zod';
import { leagueExists } from '../../store/queries/filters';
import { getFixturePage, getUpcomingSummaries } from '../../store/queries/get-fixtures';
import type { Services } from '../../services';
import { json, parseQuery, type Ctx } from '../handler';
import { decodeCursor, encodeCursor, listParams } from '../params';
import { ApiError } from '../problem';
import { toFixture } from '../serialize';
import { isoUtc } from '../../store/fixture-info';

export const FixturesQuery = z.object(listParams);

/**
 * Fixtures with kickoff in [from, to] (from defaults to now), filtered by league, season, team and
 * status; ordered by kickoff then fixture_id. Top level: `league`, `fixtures` (count of upcoming
 * scheduled fixtures), `next_kickoff` — for the filtered league, or "All leagues" — plus `leagues`
 * (2.3 per league), `data` and `next_cursor`. Errors: 400 invalid_parameter, 404 league_not_found.
 */
export async function getFixtures(_req: Request, ctx: Ctx): Promise<Response> {
  return json(await loadFixtures(ctx.services, ctx.params.sport, parseQuery(ctx.url, FixturesQuery)), ctx);
}

/** The body of GET /v1/{sport}/fixtures (also rendered by the dashboard's calendar). Errors: ApiError as above. */
export async function loadFixtures(services: Services, sport: string, q: z.infer<typeof FixturesQuery>) {
  const db = services.store.db;
  if (q.league && !(await leagueExists(db, sport, q.league))) throw new ApiError('league_not_found', `No ${sport} league "${q.league}".`);
  const now = new Date().toISOString();
  const cursor = decodeCursor(q.cursor);
  const filter = {
    sport,
    league: q.league,
    season: q.season,
    team: q.team,
    from: q.from ?? now,
    to: q.to,
    status: q.status ? [q.status] : undefined,
  };
  const [{ rows, more }, leagues] = await Promise.all([
    getFixturePage(db, { ...filter, after: cursor && { kickoff: cursor.k, id: cursor.i, order: 'asc' } }, q.limit),
    getUpcomingSummaries(db, filter, now),
  ]);
  const last = rows.at(-1);
  const next = leagues.map((l) => l.next_kickoff).filter((k): k is string => k != null).sort()[0] ?? null;
  return {
    league: q.league ? (leagues[0]?.league ?? rows[0]?.league ?? q.league) : 'All leagues',
    fixtures: leagues.reduce((n, l) => n + l.fixtures, 0),
    next_kickoff: next,
    leagues,
    data: rows.map(toFixture),
    next_cursor: more && last ? encodeCursor({ k: isoUtc(last.kickoff), i: last.id }) : null,
  };
}
