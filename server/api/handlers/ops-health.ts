/**
 * GET /v1/ops/health — the operators' feed-health report (operator key only; data keys get 403
 * `forbidden_role`). Shape: lib/wire/ops-health.ts FeedHealthSchema; fields and units in
 * docs/operations.md "Feed health". The /ops/health page polls it every 5 s.
 */
import { collectFeedHealth } from '../../monitoring/feed-health';
import { feedStatsOf } from '../../monitoring/feed-stats';
import { json, type Ctx } from '../handler';

/** GET /v1/ops/health — 200 with the feed-health report (`cache-control: no-store`). Errors: a failing store query is a 500. */
export async function getFeedHealth(_req: Request, ctx: Ctx): Promise<Response> {
  return json(await collectFeedHealth({ ...ctx.services, feedStats: feedStatsOf(ctx.services) }), ctx);
}
