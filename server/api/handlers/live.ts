// GET /v1/{sport}/live — live matches in shape 2.1 (spec §4; /v1/football/live)
// GET /v1/{sport}/matches/live — in-play summaries in shape 2.2 plus the latest event
import { z } from 'zod';
import type { Services } from '../../services';
import { json, parseQuery, type Ctx } from '../handler';
import { slug } from '../params';
import { toLiveMatch, toLiveSummary } from '../serialize';

export const LiveQuery = z.object({ league: slug.optional() });

function liveMatches(ctx: Ctx) {
  return loadLive(ctx.services, ctx.params.sport, parseQuery(ctx.url, LiveQuery).league);
}

/** Live matches (spec 2.1) of a sport from the live cache, optionally one league's (also the dashboard's scoreboard). */
export function loadLive(services: Services, sport: string, league?: string) {
  const now = Date.now();
  return services.live.list(sport, league).map((e) => toLiveMatch(e.fixture, e.state, e.seq, now));
}

/** Live matches of a sport: `{ data: LiveMatch[], seq }` (seq = last global seq applied). */
export async function getLive(_req: Request, ctx: Ctx): Promise<Response> {
  return json({ data: liveMatches(ctx), seq: ctx.services.live.lastSeq }, ctx);
}

/** Live summaries of a sport: `{ data: LiveSummary[], seq }`. */
export async function getMatchesLive(_req: Request, ctx: Ctx): Promise<Response> {
  return json({ data: liveMatches(ctx).map(toLiveSummary), seq: ctx.services.live.lastSeq }, ctx);
}
