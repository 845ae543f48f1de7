// GET /v1/{sport}/live — live matches in shape 2.1 (spec §4; /v1/football/live)
// GET /v1/{sport}/matches/live — in-play summaries in shape 2.2 plus the latest event
import { z } from 'zod';
import { readDepsOf } from '../../read/deps';
import { readLive, readLiveSummaries } from '../../read/read-live';
import { json, parseQuery, type Ctx } from '../handler';
import { slug } from '../params';

export const LiveQuery = z.object({ league: slug.optional() });

/** Live matches of a sport with their win probabilities: `{ data: LiveRow[], seq }` (seq = last global seq applied). */
export async function getLive(_req: Request, ctx: Ctx): Promise<Response> {
  return json(await readLive(readDepsOf(ctx.services), ctx.params.sport, parseQuery(ctx.url, LiveQuery).league), ctx);
}

/** Live summaries of a sport: `{ data: LiveSummary[], seq }`. */
export async function getMatchesLive(_req: Request, ctx: Ctx): Promise<Response> {
  return json(
    readLiveSummaries(readDepsOf(ctx.services), ctx.params.sport, parseQuery(ctx.url, LiveQuery).league),
    ctx,
  );
}
