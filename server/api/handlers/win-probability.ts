// GET /v1/{sport}/matches/{fixture_id}/win-probability — the match's win-probability series
import { readGolfWinProbability } from '../../read/read-golf-win-probability';
import { readWinProbability } from '../../read/read-win-probability';
import { isReadFailure } from '../../read/result';
import { json, type Ctx } from '../handler';
import { ApiError } from '../problem';

/**
 * Golf answers its field variant (lib/wire/golf-win-probability.ts), every other sport the
 * two-sided series. Errors: 400 invalid_parameter (id not a positive integer), 404
 * fixture_not_found (no such match of the sport).
 */
export async function getWinProbability(_req: Request, ctx: Ctx): Promise<Response> {
  const raw = ctx.params.id;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1)
    throw new ApiError('invalid_parameter', `fixture_id: "${raw}" is not a positive integer`);
  if (ctx.params.sport === 'golf') {
    const g = await readGolfWinProbability(ctx.services.store.db, Number(raw));
    if (!g) throw new ApiError('fixture_not_found', `No golf tournament with fixture_id ${raw}.`);
    return json(g, ctx);
  }
  const r = await readWinProbability(ctx.services.store.db, ctx.params.sport, Number(raw));
  if (isReadFailure(r))
    throw new ApiError('fixture_not_found', r.detail ?? `No ${ctx.params.sport} match with fixture_id ${raw}.`);
  return json(r, ctx);
}
