// GET /v1/ops/fixtures/{id} — one fixture for the operator: its live match and its whole stored log
import { asc, eq } from 'drizzle-orm';
import { effectiveLog, foldLog } from '../../engine/corrections';
import { initialMatchState, rulesOptions } from '../../engine/sport-rules';
import { toStoredEvent } from '../../store/event-row';
import { toFixtureInfo } from '../../store/fixture-info';
import { listFixtures } from '../../engine/operator-reference';
import { getMatch } from '../../store/queries/get-match';
import * as t from '../../store/schema';
import { json, type Ctx } from '../handler';
import { ApiError } from '../problem';
import { toLiveMatch, toMatchEvent } from '../serialize';
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
  const rows = await db.select().from(t.matchEvents).where(eq(t.matchEvents.fixtureId, id)).orderBy(asc(t.matchEvents.seq));
  const log = rows.map(toStoredEvent).map((e) => ({ event: e, occurred_at: e.occurred_at }));
  const { retracted, amended } = effectiveLog(log);
  const state = log.length ? foldLog(info.sport, log, rulesOptions(info)) : initialMatchState(info.sport, rulesOptions(info));
  return json(
    {
      fixture,
      match: toLiveMatch(info, state, m.lastSeq),
      events: log.map(({ event: e }) => ({ ...toMatchEvent(e, info), source: e.source, retracted: retracted.has(e.event_id), amended: amended.has(e.event_id) })),
    },
    ctx,
  );
}
