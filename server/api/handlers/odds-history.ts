// GET /v1/{sport}/odds/history?match_id= — line movement: every tick of every line, oldest first, paged
import { z } from 'zod';
import { BookmakerSlugSchema, MARKETS } from '@/lib/odds/markets';
import { pageOddsTicks } from '../../store/queries/get-odds-ticks';
import type { Services } from '../../services';
import { json, parseQuery, type Ctx } from '../handler';
import { decodeCursor, encodeCursor } from '../params';
import { MatchId, oddsFixture } from './odds';

export const OddsHistoryQuery = z.object({
  match_id: MatchId,
  market: z.enum(MARKETS).optional(),
  bookmaker: BookmakerSlugSchema.optional(),
  selection: z.string().regex(/^[a-z_]{1,20}$/, 'must be a selection such as home, draw, away, over, under').optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  cursor: z.string().max(200).optional(),
});

/**
 * Every observed price of the match's lines (filters: market, bookmaker, selection), ordered by
 * observed_at then arrival; `seq` is the feed sequence of live ticks (null for imported history).
 * Errors: 400 invalid_parameter, 404 fixture_not_found.
 */
export async function getOddsHistory(_req: Request, ctx: Ctx): Promise<Response> {
  return json(await loadOddsHistory(ctx.services, ctx.params.sport, parseQuery(ctx.url, OddsHistoryQuery)), ctx);
}

/** The body of GET /v1/{sport}/odds/history (also the odds charts' first paint). Errors: ApiError as above. */
export async function loadOddsHistory(services: Services, sport: string, q: z.infer<typeof OddsHistoryQuery>) {
  const fixture = await oddsFixture(services, sport, q.match_id);
  const cursor = decodeCursor(q.cursor);
  const rows = await pageOddsTicks(services.store.db, fixture.id, { market: q.market, bookmaker: q.bookmaker, selection: q.selection, after: cursor && { t: cursor.k, i: cursor.i }, limit: q.limit });
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    fixture_id: fixture.id,
    data: page.map(({ id: _id, ...tick }) => tick),
    next_cursor: more && last ? encodeCursor({ k: last.observed_at, i: last.id }) : null,
  };
}
