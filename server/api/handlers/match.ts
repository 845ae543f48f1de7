// GET /v1/{sport}/matches/{fixture_id} — one match: live shape, fixture, full timeline, lineups
import { readDepsOf } from '../../read/deps';
import { readMatch } from '../../read/read-match';
import { isReadFailure } from '../../read/result';
import { json, type Ctx } from '../handler';
import { ApiError } from '../problem';

/** Errors: 400 invalid_parameter (id not a positive integer), 404 fixture_not_found. */
export async function getMatchHandler(_req: Request, ctx: Ctx): Promise<Response> {
  const raw = ctx.params.id;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1)
    throw new ApiError('invalid_parameter', `fixture_id: "${raw}" is not a positive integer`);
  const m = await readMatch(readDepsOf(ctx.services), ctx.params.sport, Number(raw));
  if (isReadFailure(m)) throw new ApiError('fixture_not_found', `No ${ctx.params.sport} match with fixture_id ${raw}.`);
  return json(m, ctx);
}
