/**
 * One match: its live shape (spec 2.1), fixture, full timeline, lineups and statistics.
 * Source of GET /v1/{sport}/matches/{id} and the dashboard's match and odds pages.
 */
import { initialMatchState, rulesOptions } from '@/lib/match/state';
import { toFixtureInfo } from '../store/fixture-info';
import { getMatch } from '../store/queries/get-match';
import type { ReadDeps } from './deps';
import { missing } from './result';
import { toFixture, toLiveMatch, toMatchEvent } from './serialize';

/**
 * The MatchDetail of `fixtureId` in `sport` (`sport` null: any sport): `{ match, fixture, events,
 * lineups, statistics }` (lib/wire/schemas.ts; instants ISO 8601 UTC). NotFound fixture_not_found
 * when there is no such match of that sport.
 */
export async function readMatch(deps: Pick<ReadDeps, 'db'>, sport: string | null, fixtureId: number) {
  const m = await getMatch(deps.db, sport, fixtureId);
  if (!m) return missing('fixture_not_found', `No ${sport ? `${sport} ` : ''}match with fixture_id ${fixtureId}.`);
  const info = toFixtureInfo(m.row);
  return {
    match: toLiveMatch(info, m.state ?? initialMatchState(info.sport, rulesOptions(info)), m.lastSeq),
    fixture: toFixture(m.row),
    events: m.events.map((e) => toMatchEvent(e, info)),
    lineups: m.lineups,
    statistics: m.statistics,
  };
}
