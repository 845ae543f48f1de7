/**
 * Full-time results of a sport, newest first, paged. Source of GET /v1/{sport}/results and the
 * dashboard's results, scoreboard, team, odds and head-to-head panels.
 */
import { isoUtc } from '../store/fixture-info';
import { getFixturePage, getSnapshotStates } from '../store/queries/get-fixtures';
import { encodeCursor, parseCursor } from './cursor';
import { sportPrematch } from './prematch-passes';
import type { ReadDeps } from './deps';
import { isReadFailure, type ReadFailure } from './result';
import { resolveScope } from './resolve-scope';
import { toResult } from './serialize';

/** Filters and page of a results read (instants ISO 8601 UTC; `to` inclusive). */
export interface ResultsParams {
  league?: string;
  season?: string;
  /** A team id or any known spelling of its name. */
  team?: string;
  from?: string;
  to?: string;
  /** Page size, 1–200. */
  limit: number;
  /** `next_cursor` of the previous page. */
  cursor?: string;
}

/** The body of a results read that found its league and season: `{ data: Result[], next_cursor }`. */
export type ResultsBody = Exclude<Awaited<ReturnType<typeof readResults>>, ReadFailure>;

/**
 * Finished matches filtered by league, season, team and kickoff range, ordered by kickoff
 * descending then fixture_id: `{ data: Result[], next_cursor }`, each result with the pre-match
 * `win_probability` it was played at (the sport's ratings pass, prematch-batch.ts, kept by prematch-passes.ts).
 * Failures: NotFound league_not_found / season_not_found, InvalidParameter for a foreign cursor.
 */
export async function readResults(deps: Pick<ReadDeps, 'db'>, sport: string, q: ResultsParams) {
  const db = deps.db;
  const scope = await resolveScope(db, sport, q.league, q.season);
  if (isReadFailure(scope)) return scope;
  const cursor = parseCursor(q.cursor);
  if (isReadFailure(cursor)) return cursor;
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
  const [states, prematch] = await Promise.all([
    getSnapshotStates(
      db,
      rows.map((r) => r.id),
    ),
    sportPrematch(
      db,
      sport,
      rows.map((r) => r.id),
    ),
  ]);
  const last = rows.at(-1);
  return {
    data: rows.map((r) => ({
      ...toResult(r, states.get(r.id) ?? null),
      win_probability: prematch.row(r.id),
    })),
    next_cursor: more && last ? encodeCursor({ k: isoUtc(last.kickoff), i: last.id }) : null,
  };
}
