// GET /v1/{sport}/matches/{fixture_id} — one match: live shape, fixture, full timeline, lineups
import { initialMatchState, rulesOptions } from '@/lib/match/state';
import { toFixtureInfo } from '../../store/fixture-info';
import { getMatch } from '../../store/queries/get-match';
import type { Services } from '../../services';
import { json, type Ctx } from '../handler';
import { ApiError } from '../problem';
import { toFixture, toLiveMatch, toMatchEvent } from '../serialize';

/** Errors: 400 invalid_parameter (id not a positive integer), 404 fixture_not_found. */
export async function getMatchHandler(_req: Request, ctx: Ctx): Promise<Response> {
  const raw = ctx.params.id;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new ApiError('invalid_parameter', `fixture_id: "${raw}" is not a positive integer`);
  const m = await loadMatch(ctx.services, ctx.params.sport, Number(raw));
  if (!m) throw new ApiError('fixture_not_found', `No ${ctx.params.sport} match with fixture_id ${raw}.`);
  return json(m, ctx);
}

/**
 * The body of GET /v1/{sport}/matches/{id} (also the dashboard's match page); null when there is
 * no such match of that sport (`sport` null: any sport).
 */
export async function loadMatch(services: Services, sport: string | null, fixtureId: number) {
  const m = await getMatch(services.store.db, sport, fixtureId);
  if (!m) return null;
  const info = toFixtureInfo(m.row);
  return {
    match: toLiveMatch(info, m.state ?? initialMatchState(info.sport, rulesOptions(info)), m.lastSeq),
    fixture: toFixture(m.row),
    events: m.events.map((e) => toMatchEvent(e, info)),
    lineups: m.lineups,
    statistics: m.statistics,
  };
}
