// GET /v1/{sport}/matches/{fixture_id}/win-probability — the match's win-probability series
import { readWinProbability } from '../../read/read-win-probability';
import { isReadFailure } from '../../read/result';
import { json, type Ctx } from '../handler';
import { ApiError } from '../problem';

/** Errors: 400 invalid_parameter (id not a positive integer), 404 fixture_not_found (no such match, or golf). */
export async function getWinProbability(_req: Request, ctx: Ctx): Promise<Response> {
  const raw = ctx.params.id;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1)
    throw new ApiError('invalid_parameter', `fixture_id: "${raw}" is not a positive integer`);
  const r = await readWinProbability(ctx.services.store.db, ctx.params.sport, Number(raw));
  if (isReadFailure(r))
    throw new ApiError('fixture_not_found', r.detail ?? `No ${ctx.params.sport} match with fixture_id ${raw}.`);
  return json(r, ctx);
}
