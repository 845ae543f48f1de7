// GET /v1/{sport}/odds?match_id= — spec 2.4 (1X2 consensus, decimal) plus every bookmaker's opening, current and closing lines
import { z } from 'zod';
import { BookmakerSlugSchema, MARKETS } from '@/lib/odds/markets';
import { readDepsOf } from '../../read/deps';
import { readOdds } from '../../read/read-odds';
import { json, parseQuery, type Ctx } from '../handler';
import { orThrow } from '../read-result';

export const MatchId = z
  .string({ error: 'is required' })
  .regex(/^\d{1,9}$/, 'must be a positive integer (the fixture_id)');

export const OddsQuery = z.object({
  match_id: MatchId,
  market: z.enum(MARKETS).optional(),
  bookmaker: BookmakerSlugSchema.optional(),
});

/**
 * Top level (spec 2.4): market "1X2" and the median across bookmakers of each one's current price
 * (its latest tick; the model and the market max/average columns excluded — the model alone when no
 * bookmaker quotes the match, as `source` says), with the best price
 * per selection, the consensus margin and no-vig probabilities. `bookmakers` lists every line with
 * opening, current and closing prices by selection and its margin (server/read/read-odds.ts).
 * Errors: 400 invalid_parameter, 404 fixture_not_found / odds_not_found.
 */
export async function getOdds(_req: Request, ctx: Ctx): Promise<Response> {
  return json(orThrow(await readOdds(readDepsOf(ctx.services), ctx.params.sport, parseQuery(ctx.url, OddsQuery))), ctx);
}
