/**
 * Loads a season's finished fixtures with their event logs and recorded statistics as the pure
 * statistics functions take them (lib/statistics/types.ts StatsMatch).
 */
import { asc, inArray } from 'drizzle-orm';
import { inStage, type Stage } from '@/lib/seasons/stage';
import { projectMatch, rulesOptions, type MatchState } from '@/lib/match/state';
import type { Sport } from '@/lib/sports';
import type { StatsMatch } from '@/lib/statistics/index';
import { projectedState } from '@/lib/match/sport-tables';
import type { Tx } from '../db';
import { isoUtc, selectFixtures } from '../fixture-info';
import { effectiveLog, type LogItem } from '@/lib/match/corrections';
import { toStoredEvent } from '../event-row';
import * as t from '../schema';
import { fixtureWhere } from './filters';

/**
 * Finished fixtures of `sport` in `season` (optionally one league, one stage: default all) with
 * events, stats and result.
 */
export async function getStatsMatches(
  tx: Tx,
  f: { sport: string; season: string; league?: string; stage?: Stage },
): Promise<StatsMatch[]> {
  const where = await fixtureWhere(tx, { sport: f.sport, season: f.season, league: f.league, status: ['finished'] });
  if (!where) return [];
  const rows = (await selectFixtures(tx).where(where).orderBy(asc(t.fixtures.kickoff), asc(t.fixtures.id))).filter(
    (r) => inStage(r.sport, r.round, f.stage ?? 'all'),
  );
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const events = new Map<number, StatsMatch['events']>();
  const stats = new Map<number, unknown>();
  const snaps = new Map<number, MatchState>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const logs = new Map<number, LogItem[]>();
    for (const e of await tx
      .select()
      .from(t.matchEvents)
      .where(inArray(t.matchEvents.fixtureId, chunk))
      .orderBy(asc(t.matchEvents.seq))) {
      const list = logs.get(e.fixtureId) ?? [];
      list.push({ event: toStoredEvent(e), occurred_at: '' });
      logs.set(e.fixtureId, list);
    }
    // Statistics count what stands after corrections: a retracted goal scores for nobody.
    for (const [fixtureId, log] of logs) {
      events.set(
        fixtureId,
        effectiveLog(log).effective.map(({ event: e }) => ({
          event_id: e.event_id,
          type: e.type,
          side: e.side,
          player: e.player,
          minute: e.minute,
          period: e.period,
          clock_seconds: e.clock_seconds,
          detail: e.detail,
        })),
      );
    }
    for (const s of await tx.select().from(t.matchStats).where(inArray(t.matchStats.fixtureId, chunk)))
      stats.set(s.fixtureId, s.stats);
    for (const s of await tx.select().from(t.matchSnapshots).where(inArray(t.matchSnapshots.fixtureId, chunk)))
      snaps.set(s.fixtureId, s.state);
  }
  return rows.map((r) => {
    const score = r.homeScore != null && r.awayScore != null ? { home: r.homeScore, away: r.awayScore } : null;
    const projected = projectedState(r, snaps.get(r.id));
    const result = (projected?.result as Record<string, unknown> | null | undefined) ?? null;
    const recorded = result?.winner;
    // The shoot-out from the rules' projection (its top-level extras: football); null elsewhere.
    const snap = snaps.get(r.id);
    const pens = snap ? (projectMatch(r.sport, snap, undefined, rulesOptions(r)).top_level?.penalties ?? null) : null;
    const byScore =
      score && score.home !== score.away
        ? score.home > score.away
          ? 'home'
          : 'away'
        : pens && pens.home !== pens.away
          ? pens.home > pens.away
            ? 'home'
            : 'away'
          : null;
    const raw = stats.get(r.id) as StatsMatch['stats'] | undefined;
    return {
      fixture_id: r.id,
      sport: r.sport as Sport,
      competition: r.slug,
      season: r.season,
      home_team: r.homeTeam,
      away_team: r.awayTeam,
      kickoff: isoUtc(r.kickoff),
      status: r.status,
      score,
      winner: recorded === 'home' || recorded === 'away' ? recorded : result && 'winner' in result ? null : byScore,
      result_detail: result,
      events: events.get(r.id) ?? [],
      stats: raw && typeof raw === 'object' && 'home' in raw && 'away' in raw ? raw : null,
    };
  });
}
