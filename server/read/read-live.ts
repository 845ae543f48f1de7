/**
 * Matches in play from the live cache (never the store): spec 2.1 live matches and 2.2 summaries.
 * Source of GET /v1/{sport}/live, /v1/{sport}/matches/live and the dashboard's scoreboards.
 */
import type { ReadDeps } from './deps';
import { toLiveMatch, toLiveSummary } from './serialize';

/** Live matches (spec 2.1) of `sport`, optionally one league's, at wall time now (UTC instants on the wire). */
export function readLiveMatches(deps: Pick<ReadDeps, 'live'>, sport: string, league?: string) {
  const now = Date.now();
  return deps.live.list(sport, league).map((e) => toLiveMatch(e.fixture, e.state, e.seq, now));
}

/** `{ data: LiveMatch[], seq }`: the live matches and the last global seq the cache applied. */
export function readLive(deps: Pick<ReadDeps, 'live'>, sport: string, league?: string) {
  return { data: readLiveMatches(deps, sport, league), seq: deps.live.lastSeq };
}

/** `{ data: LiveSummary[], seq }`: spec 2.2 summaries of the live matches, and the last global seq. */
export function readLiveSummaries(deps: Pick<ReadDeps, 'live'>, sport: string, league?: string) {
  return { data: readLiveMatches(deps, sport, league).map(toLiveSummary), seq: deps.live.lastSeq };
}
