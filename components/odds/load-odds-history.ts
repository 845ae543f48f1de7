/**
 * Server side of the odds charts' first paint: a match's 1X2 ticks read with loadOddsHistory (the
 * function behind GET /v1/{sport}/odds/history), following `next_cursor` up to MAX_HISTORY_TICKS.
 */
import { loadOddsHistory, OddsHistoryQuery } from '@/server/api/handlers/odds-history';
import { ApiError } from '@/server/api/problem';
import type { Services } from '@/server/services';
import { MAX_HISTORY_TICKS, type OddsTick } from './odds-ticks';

/** Every 1X2 tick of the match, oldest first; [] when the match is not found in `sport`. Errors: store errors propagate. */
export async function loadMatchOddsHistory(services: Services, sport: string, fixtureId: number): Promise<OddsTick[]> {
  const out: OddsTick[] = [];
  let cursor: string | undefined;
  try {
    do {
      const page = await loadOddsHistory(services, sport, OddsHistoryQuery.parse({ match_id: String(fixtureId), market: '1X2', limit: '1000', cursor }));
      out.push(...page.data);
      cursor = page.next_cursor ?? undefined;
    } while (cursor && out.length < MAX_HISTORY_TICKS);
  } catch (e) {
    if (e instanceof ApiError) return [];
    throw e;
  }
  return out;
}
