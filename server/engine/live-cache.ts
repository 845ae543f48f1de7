/**
 * In-memory view of matches in play (status in_play, break or suspended), kept current from the
 * bus. REST live endpoints and WebSocket snapshots read it instead of the store.
 */
import { inArray } from 'drizzle-orm';
import type { Store } from '../store/db';
import { loadFixtureInfos } from '../store/fixture-info';
import { feedHead } from '../store/queries/feed-log';
import * as t from '../store/schema';
import type { FeedBus } from './bus';
import type { MatchState } from '@/lib/match/state';
import type { FixtureInfo } from '@/lib/match/types';

/** Statuses of a match in progress, every sport (baseball adds `delayed`: a rain delay the same day). */
export const LIVE_STATUSES = ['in_play', 'break', 'suspended', 'delayed'] as const;

export interface LiveEntry {
  fixture: FixtureInfo;
  state: MatchState;
  seq: number;
}

export class LiveCache {
  private readonly entries = new Map<number, LiveEntry>();
  /** Highest seq published on the bus, match events and odds ticks alike (or the store's at start). */
  lastSeq = 0;

  /** Loads the matches that are live in the store and follows the bus from then on. */
  static async start(store: Store, bus: FeedBus): Promise<LiveCache> {
    const cache = new LiveCache();
    bus.subscribe((m) => cache.apply(m.fixture, m.state, m.seq));
    bus.subscribeOdds((m) => (cache.lastSeq = Math.max(cache.lastSeq, m.seq)));
    const live = await store.db
      .select({ fixtureId: t.fixtures.id })
      .from(t.fixtures)
      .where(inArray(t.fixtures.status, [...LIVE_STATUSES]));
    const ids = live.map((r) => r.fixtureId);
    const infos = await loadFixtureInfos(store.db, ids);
    const states = ids.length
      ? await store.db.select().from(t.matchSnapshots).where(inArray(t.matchSnapshots.fixtureId, ids))
      : [];
    for (const s of states) {
      const info = infos.get(s.fixtureId);
      if (info) cache.apply(info, s.state, s.lastSeq);
    }
    cache.lastSeq = Math.max(cache.lastSeq, await feedHead(store.db));
    return cache;
  }

  /** Updates one match; matches that are no longer live are dropped. */
  apply(fixture: FixtureInfo, state: MatchState, seq: number): void {
    this.lastSeq = Math.max(this.lastSeq, seq);
    if ((LIVE_STATUSES as readonly string[]).includes(state.status))
      this.entries.set(fixture.id, { fixture, state, seq });
    else this.entries.delete(fixture.id);
  }

  /** Live matches of a sport (optionally one league slug), ordered by kickoff then fixture id. */
  list(sport: string, league?: string): LiveEntry[] {
    return [...this.entries.values()]
      .filter((e) => e.fixture.sport === sport && (!league || e.fixture.competition.slug === league))
      .sort((a, b) => a.fixture.kickoff.localeCompare(b.fixture.kickoff) || a.fixture.id - b.fixture.id);
  }

  get(fixtureId: number): LiveEntry | undefined {
    return this.entries.get(fixtureId);
  }
}
