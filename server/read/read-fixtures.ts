/**
 * Fixtures of a sport, paged: the spec 2.3 summary of the filtered set with the fixtures beside it.
 * Source of GET /v1/{sport}/fixtures and the dashboard's calendar, scoreboard and team pages.
 */
import type { FootballStatus } from '@/lib/football/types';
import { isoUtc } from '../store/fixture-info';
import { getFixturePage, getFixtureSummaries, type LeagueSummary } from '../store/queries/get-fixtures';
import { leagueName } from '../store/queries/list-leagues';
import { encodeCursor, parseCursor } from './cursor';
import { passCovering, prematchPassesOf, sportPrematch } from './prematch-passes';
import type { ReadDeps } from './deps';
import { isReadFailure } from './result';
import { resolveScope } from './resolve-scope';
import { toFixture } from './serialize';

/** Filters and page of a fixtures read (instants ISO 8601 UTC; `to` inclusive). */
export interface FixturesParams {
  league?: string;
  season?: string;
  /** A team id or any known spelling of its name. */
  team?: string;
  from?: string;
  to?: string;
  status?: FootballStatus;
  /** Page size, 1–200. */
  limit: number;
  /** `next_cursor` of the previous page. */
  cursor?: string;
}

/**
 * Fixtures with kickoff in [from, to], filtered by league, season, team and status; ordered by
 * kickoff then fixture_id. `from` defaults to now — with `league` and no `season`, to the start of
 * the league's current season; with `season`, no bound. The top level is spec 2.3 for exactly the
 * filtered set (every page): `league` (display name: the league, its season when one, the only
 * league present, or "All leagues"), `fixtures` (how many of them are upcoming: still scheduled,
 * kickoff from now on — spec 2.3), `next_kickoff`, plus `league_slug`, `season`, `total` (every
 * fixture of the set, whatever its status), `upcoming` (= `fixtures`, the field's earlier name);
 * then `leagues` (2.3 per league-season), `data` (each row with its pre-match `win_probability`
 * from the sport's ratings pass, prematch-batch.ts) and `next_cursor`.
 * Failures: NotFound league_not_found / season_not_found, InvalidParameter for a foreign cursor.
 */
export async function readFixtures(deps: Pick<ReadDeps, 'db'>, sport: string, q: FixturesParams) {
  const db = deps.db;
  const scope = await resolveScope(db, sport, q.league, q.season);
  if (isReadFailure(scope)) return scope;
  const now = new Date().toISOString();
  const cursor = parseCursor(q.cursor);
  if (isReadFailure(cursor)) return cursor;
  const defaultFrom = q.season ? undefined : q.league ? (scope.row?.firstKickoff ?? now) : now;
  const filter = {
    sport,
    league: q.league,
    season: q.season,
    team: q.team,
    from: q.from ?? defaultFrom,
    to: q.to,
    status: q.status ? [q.status] : undefined,
  };
  const [{ rows, more }, leagues, pass] = await Promise.all([
    getFixturePage(db, { ...filter, after: cursor && { kickoff: cursor.k, id: cursor.i, order: 'asc' } }, q.limit),
    getFixtureSummaries(db, filter, now),
    sportPrematch(db, sport),
  ]);
  // A fixture added since the last pass waits for the pass that rates it (prematch-passes.ts).
  const prematch = await passCovering(
    prematchPassesOf(db),
    sport,
    pass,
    rows.map((r) => r.id),
  );
  const last = rows.at(-1);
  const upcoming = leagues.reduce((n, l) => n + l.fixtures, 0);
  const next =
    leagues
      .map((l) => l.next_kickoff)
      .filter((k): k is string => k != null)
      .sort()[0] ?? null;
  return {
    ...(await summaryName(db, sport, q.league, leagues)),
    fixtures: upcoming,
    next_kickoff: next,
    total: leagues.reduce((n, l) => n + l.total, 0),
    upcoming,
    leagues,
    data: rows.map((r) => ({ ...toFixture(r), win_probability: prematch.row(r.id) })),
    next_cursor: more && last ? encodeCursor({ k: isoUtc(last.kickoff), i: last.id }) : null,
  };
}

/** Names the filtered set: one league-season → its name; one league → the league's name; else "All leagues". */
async function summaryName(db: ReadDeps['db'], sport: string, league: string | undefined, leagues: LeagueSummary[]) {
  const slugs = [...new Set(leagues.map((l) => l.league_slug))];
  const slug = league ?? (slugs.length === 1 ? slugs[0] : null);
  if (!slug) return { league: 'All leagues', league_slug: null, season: null };
  const seasons = [...new Set(leagues.map((l) => l.season))];
  if (seasons.length === 1) return { league: leagues[0].league, league_slug: slug, season: seasons[0] };
  return { league: await leagueName(db, sport, slug), league_slug: slug, season: null };
}
