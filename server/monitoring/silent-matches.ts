/**
 * Live matches that went silent: in a live status (server/engine/live-cache.ts) with their latest
 * event older than their sport's normal gap (server/monitoring/sport-gaps.ts, scaled by REPLAY_SPEED for
 * replayed fixtures). Part of the feed-health report (GET /v1/ops/health).
 */
import { SPORTS } from '@/lib/sports';
import type { SilentMatch } from '@/lib/wire/ops-health';
import type { LiveCache } from '../engine/live-cache';
import type { Store } from '../store/db';
import { lastEventTimes } from './feed-health-store';
import type { FeedStats } from './feed-stats';
import { normalGapSeconds } from './sport-gaps';

/**
 * The silent live matches at `nowMs`, longest silent first. The latest event of each live match
 * comes from the tracker (events seen on the bus since start), else from the store (one query
 * for the rest). Errors: rejects with the store's error.
 */
export async function findSilentMatches(
  live: LiveCache,
  stats: FeedStats | undefined,
  store: Store,
  replaySpeed: number,
  nowMs = Date.now(),
): Promise<{ live: number; silent: SilentMatch[] }> {
  const entries = SPORTS.flatMap((s) => live.list(s));
  const candidates = entries
    .map((e) => ({
      e,
      gap: normalGapSeconds(e.fixture.sport, e.state.status, e.fixture.competition.isReplay, replaySpeed),
    }))
    .filter((c): c is { e: (typeof entries)[number]; gap: number } => c.gap != null);
  const missing = candidates.filter((c) => stats?.lastEventOf(c.e.fixture.id) == null).map((c) => c.e.fixture.id);
  const stored = await lastEventTimes(store, missing);
  const silent: SilentMatch[] = [];
  for (const { e, gap } of candidates) {
    const last = stats?.lastEventOf(e.fixture.id) ?? stored.get(e.fixture.id) ?? null;
    const since = last ?? Date.parse(e.fixture.kickoff);
    const silentFor = Math.max(0, (nowMs - since) / 1000);
    if (silentFor <= gap) continue;
    silent.push({
      fixture_id: e.fixture.id,
      sport: e.fixture.sport,
      league: e.fixture.competition.slug,
      season: e.fixture.competition.season,
      home_team: e.fixture.home_team,
      away_team: e.fixture.away_team,
      status: e.state.status,
      last_event_at: last == null ? null : new Date(last).toISOString(),
      silent_for_s: Math.round(silentFor * 10) / 10,
      normal_gap_s: gap,
      replay: e.fixture.competition.isReplay,
    });
  }
  return { live: entries.length, silent: silent.sort((a, b) => b.silent_for_s - a.silent_for_s) };
}
