/**
 * Matches in play from the live cache (never the store): spec 2.1 live matches and 2.2 summaries.
 * Source of GET /v1/{sport}/live, /v1/{sport}/matches/live and the dashboard's scoreboards.
 */
import type { LiveRow } from '@/lib/wire/live-row';
import type { ReadDeps } from './deps';
import { sportPrematch } from './prematch-passes';
import { toLiveMatch, toLiveSummary } from './serialize';

/** Live matches (spec 2.1) of `sport`, optionally one league's, at wall time now (UTC instants on the wire). */
export function readLiveMatches(deps: Pick<ReadDeps, 'live'>, sport: string, league?: string) {
  const now = Date.now();
  return deps.live.list(sport, league).map((e) => toLiveMatch(e.fixture, e.state, e.seq, now));
}

/**
 * The rows of GET /v1/{sport}/live: each live match with its pre-match `win_probability` (the
 * sport's last complete ratings pass, prematch-passes.ts; no query) and `win_probability_in_play`, the latest point the live follower keeps
 * (live-points.ts; a map lookup, never a series computed here): golf's is its field point (top 10
 * and `others`), and golf has no pre-match `win_probability` (null).
 * Errors: the store's (a sport's first pass).
 */
export async function readLiveRows(
  deps: Pick<ReadDeps, 'live' | 'db' | 'points'>,
  sport: string,
  league?: string,
): Promise<LiveRow[]> {
  const matches = readLiveMatches(deps, sport, league);
  const pass =
    matches.length && sport !== 'golf'
      ? await sportPrematch(
          deps.db,
          sport,
          matches.map((m) => m.fixture_id),
        )
      : null;
  return matches.map((m) => ({
    ...m,
    win_probability: pass?.row(m.fixture_id) ?? null,
    win_probability_in_play:
      (sport === 'golf' ? deps.points?.inPlayGolf?.(m.fixture_id) : deps.points?.inPlay(m.fixture_id)) ?? null,
  }));
}

/** `{ data: LiveRow[], seq }`: the live matches with their win probabilities and the last global seq the cache applied. */
export async function readLive(deps: Pick<ReadDeps, 'live' | 'db' | 'points'>, sport: string, league?: string) {
  const seq = deps.live.lastSeq;
  return { data: await readLiveRows(deps, sport, league), seq };
}

/** `{ data: LiveSummary[], seq }`: spec 2.2 summaries of the live matches, and the last global seq. */
export function readLiveSummaries(deps: Pick<ReadDeps, 'live'>, sport: string, league?: string) {
  return { data: readLiveMatches(deps, sport, league).map(toLiveSummary), seq: deps.live.lastSeq };
}
