/**
 * The feed's metrics: events and odds ticks counted from the bus as they are published, the
 * ingest lag and each source's last event, the highest seq, and at scrape time the matches in
 * play and the silent ones (their source stopped sending) per sport.
 */
import { Counter, Gauge, Histogram } from 'prom-client';
import { SPORTS } from '@/lib/sports';
import type { MetricsContext } from './metrics-context';
import { feedStatsOf } from './feed-stats';
import { findSilentMatches } from './silent-matches';

/** Registers the feed metrics and starts following the bus; answers the function that stops following it. */
export function feedMetrics({ services, registers, safely }: MetricsContext): () => void {
  const events = new Counter({
    name: 'scoreline_feed_events_total',
    help: 'Match events stored and published since start.',
    labelNames: ['sport', 'source'],
    registers,
  });
  const lag = new Histogram({
    name: 'scoreline_feed_ingest_lag_seconds',
    help: 'received_at minus occurred_at of stored events, in seconds (negatives count as 0).',
    labelNames: ['sport'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 1800, 3600],
    registers,
  });
  const lastEvent = new Gauge({
    name: 'scoreline_feed_last_event_timestamp_seconds',
    help: 'Unix time (received_at) of the last stored event per source.',
    labelNames: ['source'],
    registers,
  });
  const odds = new Counter({
    name: 'scoreline_odds_ticks_total',
    help: 'Odds ticks stored and published since start.',
    labelNames: ['sport'],
    registers,
  });
  new Gauge({
    name: 'scoreline_feed_last_seq',
    help: 'Highest seq published (match events and odds ticks).',
    registers,
    collect() {
      this.set(services.live.lastSeq);
    },
  });
  new Gauge({
    name: 'scoreline_silent_live_matches',
    help: "Matches in play whose latest event is older than their sport's normal gap (their source stopped sending), per sport; read at scrape time.",
    labelNames: ['sport'],
    registers,
    async collect() {
      await safely('silent matches', async () => {
        const { silent } = await findSilentMatches(
          services.live,
          feedStatsOf(services),
          services.store,
          services.config.REPLAY_SPEED,
        );
        for (const s of SPORTS) this.set({ sport: s }, silent.filter((m) => m.sport === s).length);
      });
    },
  });
  new Gauge({
    name: 'scoreline_live_matches',
    help: 'Matches in play (in_play, break, suspended) per sport.',
    labelNames: ['sport'],
    registers,
    collect() {
      for (const s of SPORTS) this.set({ sport: s }, services.live.list(s).length);
    },
  });

  const offEvents = services.bus.subscribe((m) => {
    const { sport, source, occurred_at, received_at } = m.event;
    const received = Date.parse(received_at);
    events.inc({ sport, source });
    const l = (received - Date.parse(occurred_at)) / 1000;
    if (Number.isFinite(l)) lag.observe({ sport }, Math.max(0, l));
    if (Number.isFinite(received)) lastEvent.set({ source }, received / 1000);
  });
  const offOdds = services.bus.subscribeOdds((m) => odds.inc({ sport: m.fixture.sport }, m.ticks.length));
  return () => {
    offEvents();
    offOdds();
  };
}
