/**
 * The browser's read of a match's line movement (1X2 or moneyline): GET /v1/{sport}/odds/history through the
 * viewer session, following `next_cursor` up to MAX_HISTORY_TICKS ticks.
 */
import { viewerFetch } from '@/browser/live/viewer-fetch';
import { MAX_HISTORY_TICKS, oddsHistoryPath, type HeadlineMarket, type OddsTick } from './odds-ticks';

interface HistoryPage {
  data: OddsTick[];
  next_cursor: string | null;
}

/** Every tick of `market` (default 1X2) of the match, oldest first (at most MAX_HISTORY_TICKS). Errors: ViewerFetchError. */
export async function fetchOddsHistory(
  sport: string,
  fixtureId: number,
  signal?: AbortSignal,
  market: HeadlineMarket = '1X2',
): Promise<OddsTick[]> {
  const first = oddsHistoryPath(sport, fixtureId, 1000, market);
  const out: OddsTick[] = [];
  let cursor: string | null = null;
  do {
    const page: HistoryPage = await viewerFetch<HistoryPage>(
      cursor ? `${first}&cursor=${encodeURIComponent(cursor)}` : first,
      signal,
    );
    out.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor && out.length < MAX_HISTORY_TICKS);
  return out;
}
