/**
 * Server side of the odds charts' first paint: a match's headline-market ticks (1X2 or moneyline) read with server/read's odds
 * history (as GET /v1/{sport}/odds/history), following `next_cursor` up to MAX_HISTORY_TICKS.
 */
import type { ReadDeps } from '@/server/read/deps';
import { readOddsHistory } from '@/server/read/read-odds-history';
import { isReadFailure } from '@/server/read/result';
import { MAX_HISTORY_TICKS, type HeadlineMarket, type OddsTick } from './odds-ticks';

/** Every tick of `market` (default 1X2) of the match, oldest first; [] when the match is not found in `sport`. Errors: store errors propagate. */
export async function loadMatchOddsHistory(
  deps: ReadDeps,
  sport: string,
  fixtureId: number,
  market: HeadlineMarket = '1X2',
): Promise<OddsTick[]> {
  const out: OddsTick[] = [];
  let cursor: string | undefined;
  do {
    const page = await readOddsHistory(deps, sport, {
      match_id: String(fixtureId),
      market,
      limit: 1000,
      cursor,
    });
    if (isReadFailure(page)) return [];
    out.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && out.length < MAX_HISTORY_TICKS);
  return out;
}
