/**
 * The feed-health tracker and report over real parts: an in-memory PGlite store, the feed engine
 * and bus, the live cache. Events are ingested as live events (occurred a second ago) from two
 * sources and as a historical import (backfill); the report must keep backfill out of the lag,
 * seed the last event per source from the store, and list a live match that went silent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceEvent } from '@/lib/match/events';
import type { ImportedMatch } from '@/lib/import/types';
import { FeedHealthSchema } from '@/lib/wire/ops-health';
import type { Config } from '../config';
import { FeedBus } from '../engine/bus';
import { FeedEngine } from '../engine/engine';
import { LiveCache } from '../engine/live-cache';
import type { IngestItem } from '../engine/types';
import { openMemoryStore, type Store } from '../store/db';
import { collectFeedHealth, type FeedHealthServices } from './feed-health';
import { BACKFILL_AFTER_MS, FeedStats } from './feed-stats';
import { normalGapSeconds, SPORT_GAPS } from './sport-gaps';

let store: Store;
let engine: FeedEngine;
let bus: FeedBus;
let stats: FeedStats;
let live: LiveCache;
let fixtureIds: number[];

function item(
  fixtureId: number,
  id: string,
  type: SourceEvent['type'],
  fields: Partial<SourceEvent>,
  occurredAt: string,
): IngestItem {
  return {
    fixture_id: fixtureId,
    event: {
      event_id: `feed-stats-test:${id}`,
      type,
      side: null,
      player: null,
      minute: null,
      stoppage: null,
      period: null,
      clock_seconds: null,
      detail: {},
      ...fields,
    },
    occurred_at: occurredAt,
  };
}
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeAll(async () => {
  store = await openMemoryStore();
  bus = new FeedBus();
  engine = new FeedEngine(store, bus);
  const scheduled = (home: string, away: string): ImportedMatch => ({
    source: 'openfootball',
    source_key: `feed-stats-test/${home}/${away}`,
    competition: 'world-cup',
    season: '2022',
    round: 'Matchday 1',
    group: 'Group A',
    venue: null,
    kickoff: ago(60_000),
    home_team: home,
    away_team: away,
    status: 'scheduled',
    result: null,
    events: [],
    lineups: null,
    odds: [],
    stats: null,
  });
  ({ fixture_ids: fixtureIds } = await engine.importMatches([
    scheduled('Qatar', 'Ecuador'),
    scheduled('Senegal', 'Netherlands'),
  ]));
  live = await LiveCache.start(store, bus);
  stats = new FeedStats(bus);
}, 60_000);

afterAll(async () => {
  stats?.close();
  await store?.close();
});

describe('FeedStats on the bus', () => {
  it('tracks last event, rate and lag per source; historical events count as backfill only', async () => {
    const [qe, sn] = fixtureIds;
    await engine.ingest(
      [
        item(qe, 'qe-ko', 'period_start', { period: '1st_half', clock_seconds: 0 }, ago(1500)),
        item(qe, 'qe-c1', 'corner', { side: 'home', period: '1st_half' }, ago(500)),
      ],
      'operator',
    );
    await engine.ingest(
      [item(sn, 'sn-ko', 'period_start', { period: '1st_half', clock_seconds: 0 }, ago(2000))],
      'test-adapter',
    );
    // A historical import: occurred two days before receipt.
    await engine.ingest(
      [item(sn, 'sn-old', 'corner', { side: 'away', period: '1st_half' }, ago(2 * 86_400_000))],
      'test-adapter',
    );

    const now = Date.now();
    const byName = new Map(stats.sourceFigures(now).map((s) => [s.name, s]));
    const op = byName.get('operator')!;
    expect(op.events_last_minute).toBe(2);
    expect(op.lag.samples).toBe(2);
    expect(op.lag.p50).toBeGreaterThanOrEqual(400);
    expect(op.lag.max).toBeGreaterThanOrEqual(1400);
    expect(op.lag.max).toBeLessThan(10_000);
    expect(op.backfill_total).toBe(0);
    expect(now - op.last_event_ms!).toBeLessThan(10_000);
    expect(op.series).toHaveLength(60);
    expect(op.series.at(-1)!.events + op.series.at(-2)!.events).toBe(2);

    const ad = byName.get('test-adapter')!;
    expect(ad.events_last_minute).toBe(1);
    expect(ad.lag.samples).toBe(1);
    expect(ad.lag.max).toBeLessThan(BACKFILL_AFTER_MS); // the two-day-old event is not in the lag
    expect(ad.backfill_total).toBe(1);
    expect(ad.backfill_last_hour).toBe(1);
    expect(stats.lastEventOf(qe)).toBe(op.last_event_ms);
  });

  it('seeds the last event per source from the store', async () => {
    const fresh = new FeedStats(null);
    expect(fresh.sourceFigures()).toEqual([]);
    await fresh.seed(store);
    const seeded = new Map(fresh.sourceFigures().map((s) => [s.name, s]));
    expect([...seeded.keys()].sort()).toEqual(['operator', 'test-adapter']);
    expect(seeded.get('operator')!.last_event_ms).toBe(
      stats.sourceFigures().find((s) => s.name === 'operator')!.last_event_ms,
    );
    expect(seeded.get('operator')!.events_last_minute).toBe(0); // seeding sets freshness only, not rates
  });

  it('counts API responses per minute by class', () => {
    const t0 = Date.UTC(2026, 0, 1, 12, 0, 30);
    const api = new FeedStats(null, () => t0);
    for (const status of [200, 200, 204, 404, 401, 500, 503, 499]) api.observe(status, t0 - 1000);
    api.observe(200, t0 - 5 * 60_000);
    const f = api.apiFigures(t0);
    expect(f).toMatchObject({ requests_last_minute: 8, client_errors_last_minute: 3, server_errors_last_minute: 2 });
    expect(f.series.at(-1)).toEqual({
      minute: Date.UTC(2026, 0, 1, 12, 0, 0),
      requests: 8,
      client_errors: 3,
      server_errors: 2,
    });
    expect(f.series.at(-6)).toMatchObject({ requests: 1, client_errors: 0 });
    expect(f.series.reduce((a, p) => a + p.requests, 0)).toBe(9);
  });
});

describe('collectFeedHealth', () => {
  const services = (): FeedHealthServices => ({
    config: { REPLAY_SPEED: 1 } as Config,
    store,
    live,
    webhooks: null,
    startedAt: Date.now() - 42_000,
    adapters: undefined,
    gatewayStats: { stats: () => ({ connections: 2, subscriptions: 3 }) },
    feedStats: stats,
  });

  it('builds a schema-valid report with store, WebSocket and webhook figures', async () => {
    const report = FeedHealthSchema.parse(await collectFeedHealth(services()));
    expect(report.uptime_s).toBeGreaterThanOrEqual(42);
    expect(report.websocket).toEqual({ connections: 2, subscriptions: 3 });
    expect(report.store.kind).toBe('pglite');
    expect(report.store.size_bytes).toBeGreaterThan(0);
    expect(report.store.rows).toMatchObject({ fixtures: 2, match_events: 4, odds_ticks: 0 });
    expect(report.webhooks).toMatchObject({
      delivering: false,
      backlog: 0,
      endpoints: { enabled: 0, disabled: 0 },
      last_hour: { attempts: 0, success_rate: null },
      last_failure: null,
    });
    expect(report.adapters).toEqual([]);
    expect(report.live_matches).toBe(2);
    expect(report.silent_matches).toEqual([]); // both matches had an event seconds ago
    const op = report.sources.find((s) => s.name === 'operator')!;
    expect(op.events_per_minute.last_1m).toBe(2);
    expect(op.last_event_age_s).toBeLessThan(10);
    expect(op.series.at(-1)!.minute).toMatch(/:00\.000Z$/);
  });

  it('lists a live match silent longer than its sport gap (football in play: 300 s)', async () => {
    const later = Date.now() + (SPORT_GAPS.football.in_play + 60) * 1000;
    const report = FeedHealthSchema.parse(await collectFeedHealth(services(), later));
    expect(report.silent_matches.map((m) => m.home_team).sort()).toEqual(['Qatar', 'Senegal']);
    const qe = report.silent_matches.find((m) => m.home_team === 'Qatar')!;
    expect(qe).toMatchObject({
      fixture_id: fixtureIds[0],
      sport: 'football',
      league: 'world-cup',
      status: 'in_play',
      normal_gap_s: 300,
      replay: false,
    });
    expect(qe.silent_for_s).toBeGreaterThan(300);
    // Store fallback: a tracker that saw nothing still finds each match's latest event in the log.
    const blind = FeedHealthSchema.parse(
      await collectFeedHealth({ ...services(), feedStats: new FeedStats(null) }, later),
    );
    expect(blind.silent_matches.find((m) => m.fixture_id === fixtureIds[0])!.last_event_at).toBe(qe.last_event_at);
    expect(blind.sources).toEqual([]);
  });

  it('scales the gap of replayed fixtures by the replay speed; suspended matches are never silent', () => {
    expect(normalGapSeconds('football', 'in_play', false, 120)).toBe(300);
    expect(normalGapSeconds('football', 'in_play', true, 60)).toBe(5);
    expect(normalGapSeconds('golf', 'in_play', true, 60)).toBe(30);
    expect(normalGapSeconds('football', 'in_play', true, 10_000)).toBe(5); // floor
    expect(normalGapSeconds('basketball', 'break', false, 1)).toBe(1200);
    expect(normalGapSeconds('football', 'suspended', false, 1)).toBeNull();
  });
});
