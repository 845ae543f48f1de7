// GET /v1/{sport}/odds/history?match_id= — line movement: every tick of every line, oldest first, paged
import { z } from 'zod';
import { BookmakerSlugSchema, MARKETS } from '@/lib/odds/markets';
import { readDepsOf } from '../../read/deps';
import { readOddsHistory } from '../../read/read-odds-history';
import { json, parseQuery, type Ctx } from '../handler';
import { orThrow } from '../read-result';
import { MatchId } from './odds';

export const OddsHistoryQuery = z.object({
  match_id: MatchId,
  market: z.enum(MARKETS).optional(),
  bookmaker: BookmakerSlugSchema.optional(),
  selection: z
    .string()
    .regex(/^[a-z_]{1,20}$/, 'must be a selection such as home, draw, away, over, under')
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  cursor: z.string().max(200).optional(),
});

/**
 * Every observed price of the match's lines (filters: market, bookmaker, selection), ordered by
 * observed_at then arrival; `seq` is the feed sequence of live ticks (null for imported history).
 * Errors: 400 invalid_parameter, 404 fixture_not_found.
 */
export async function getOddsHistory(_req: Request, ctx: Ctx): Promise<Response> {
  return json(
    orThrow(await readOddsHistory(readDepsOf(ctx.services), ctx.params.sport, parseQuery(ctx.url, OddsHistoryQuery))),
    ctx,
  );
}
