// GET /v1/{sport}/matches/{fixture_id} — one match: live shape, fixture, full timeline, lineups
import { initialState } from '@/lib/football/rules';
import { toFixtureInfo } from '../../store/fixture-info';
import { getMatch } from '../../store/queries/get-match';
import { json, type Ctx } from '../handler';
import { ApiError } from '../problem';
import { toFixture, toLiveMatch, toMatchEvent } from '../serialize';

/** Errors: 400 invalid_parameter (id not a positive integer), 404 fixture_not_found. */
export async function getMatchHandler(_req: Request, ctx: Ctx): Promise<Response> {
  const raw = ctx.params.id;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new ApiError('invalid_parameter', `fixture_id: "${raw}" is not a positive integer`);
  const m = await getMatch(ctx.services.store.db, ctx.params.sport, Number(raw));
  if (!m) throw new ApiError('fixture_not_found', `No ${ctx.params.sport} match with fixture_id ${raw}.`);
  const info = toFixtureInfo(m.row);
  return json(
    {
      match: toLiveMatch(info, m.state ?? initialState(), m.lastSeq),
      fixture: toFixture(m.row),
      events: m.events.map((e) => toMatchEvent(e, info)),
      lineups: m.lineups,
      statistics: m.statistics,
    },
    ctx,
  );
}
