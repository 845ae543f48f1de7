// GET /v1/ops/fixtures/{id} — one fixture for the operator: its live match and its whole stored log
import { initialMatchState, rulesOptions } from '@/lib/match/state';
import { toFixtureInfo } from '../../store/fixture-info';
import { listFixtures } from '../../engine/operator-reference';
import { getMatch } from '../../store/queries/get-match';
import { json, type Ctx } from '../handler';
import { ApiError } from '../problem';
import { toLiveMatch, toMatchEvent } from '../../read/serialize';
import { idParam } from './ops-reference';

/**
 * `{fixture, match, events}`: the operator's fixture view, the spec 2.1 live match (corrections
 * applied) and every stored event in seq order — corrections included, each with `source`,
 * `retracted` and `amended` flags (the console's timeline and its undo read these).
 * Errors: 400 invalid_parameter, 404 fixture_not_found.
 */
export async function getOpsFixture(_req: Request, ctx: Ctx): Promise<Response> {
  const id = idParam(ctx);
  const db = ctx.services.store.db;
  const m = await getMatch(db, null, id);
  if (!m) throw new ApiError('fixture_not_found', `There is no fixture ${id}.`);
  const [fixture] = await listFixtures(db, { ids: [id] });
  const info = toFixtureInfo(m.row);
  const { retracted, amended } = m;
  const state = m.state ?? initialMatchState(info.sport, rulesOptions(info));
  return json(
    {
      fixture,
      match: toLiveMatch(info, state, m.lastSeq),
      events: m.log.map((e) => ({
        ...toMatchEvent(e, info),
        source: e.source,
        retracted: retracted.has(e.event_id),
        amended: amended.has(e.event_id),
      })),
    },
    ctx,
  );
}
