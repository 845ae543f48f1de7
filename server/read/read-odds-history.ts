/**
 * Line movement: every observed price of a match's lines, oldest first, paged. Source of
 * GET /v1/{sport}/odds/history and the odds charts' first paint.
 */
import type { Market } from '@/lib/odds/markets';
import { pageOddsTicks } from '../store/queries/get-odds-ticks';
import { encodeCursor, parseCursor } from './cursor';
import type { ReadDeps } from './deps';
import { findOddsFixture } from './find-odds-fixture';
import { isReadFailure } from './result';

export interface OddsHistoryParams {
  /** The fixture_id (digits). */
  match_id: string;
  market?: Market;
  bookmaker?: string;
  selection?: string;
  /** Page size, 1–1000. */
  limit: number;
  /** `next_cursor` of the previous page. */
  cursor?: string;
}

/**
 * `{ fixture_id, data: OddsTick[], next_cursor }`: the match's ticks (filters: market, bookmaker,
 * selection) ordered by observed_at (ISO 8601 UTC) then arrival; `seq` is the feed sequence of live
 * ticks (null for imported history).
 * Failures: NotFound fixture_not_found, InvalidParameter for a foreign cursor.
 */
export async function readOddsHistory(deps: Pick<ReadDeps, 'db'>, sport: string, q: OddsHistoryParams) {
  const fixture = await findOddsFixture(deps, sport, q.match_id);
  if (isReadFailure(fixture)) return fixture;
  const cursor = parseCursor(q.cursor);
  if (isReadFailure(cursor)) return cursor;
  const rows = await pageOddsTicks(deps.db, fixture.id, {
    market: q.market,
    bookmaker: q.bookmaker,
    selection: q.selection,
    after: cursor && { t: cursor.k, i: cursor.i },
    limit: q.limit,
  });
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    fixture_id: fixture.id,
    data: page.map(({ id: _id, ...tick }) => tick),
    next_cursor: more && last ? encodeCursor({ k: last.observed_at, i: last.id }) : null,
  };
}
