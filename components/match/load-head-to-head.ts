/**
 * Head-to-head for a match page: the past meetings of the two teams in the store (any league or
 * season, either venue), newest first, read through server/read's results as
 * GET /v1/{sport}/results?team=… . Server-only.
 */
import type { ReadDeps } from '@/server/read/deps';
import { readResults } from '@/server/read/read-results';
import { unwrapRead } from '@/server/read/result';
import type { Result } from '@/lib/wire/schemas';

/** Meetings of `home` and `away` finished before `before` (ISO 8601 UTC), newest first, at most `limit`. Errors: store errors propagate. */
export async function loadHeadToHead(
  deps: ReadDeps,
  sport: string,
  home: string,
  away: string,
  before: string,
  limit = 10,
): Promise<Result[]> {
  const out: Result[] = [];
  let cursor: string | undefined;
  // A team's results across everything stored: a few pages at most for the bundled seasons.
  for (let page = 0; page < 5 && out.length < limit; page++) {
    const body = unwrapRead(await readResults(deps, sport, { team: home, limit: 200, ...(cursor ? { cursor } : {}) }));
    for (const r of body.data) if (r.kickoff < before && (r.home_team === away || r.away_team === away)) out.push(r);
    if (!body.next_cursor) break;
    cursor = body.next_cursor;
  }
  return out.slice(0, limit);
}
