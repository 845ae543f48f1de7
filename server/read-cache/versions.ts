/**
 * Versions of the data reads depend on, learnt from the feed bus: the last seq of each sport's
 * match events, the last odds seq of each fixture, and the engine's reference-data version
 * (renames, new or edited fixtures, imports: writes without a seq). In a cluster the bus is fed by
 * the log follower (server/cluster/log-follower.ts), so another process's commit changes these
 * as soon as this process has followed the log up to it.
 */
import type { FeedBus } from '../engine/bus';

/** Where the reference-data version and the global last seq are read from. */
export interface VersionSources {
  bus: FeedBus;
  engine: { referenceVersion: number };
  live: { lastSeq: number };
  /** The live win-probability points (server/read/live-points.ts): their version moves when one changes. */
  livePoints?: { version: number };
  /** The rows' pre-match passes (server/read/prematch-passes.ts): a sport's generation moves when its rows switch to a new pass. */
  prematch?: { generation(sport: string): number };
}

export class ReadVersions {
  /** Last event seq by `sport`, `sport|league` and `sport|league|season`. */
  private readonly eventSeq = new Map<string, number>();
  private readonly oddsSeq = new Map<number, number>();

  /** Subscribes to `sources.bus` for the life of the process (the bus lives as long). */
  constructor(private readonly sources: VersionSources) {
    sources.bus.subscribe((m) => {
      const { sport, competition } = m.fixture;
      this.eventSeq.set(sport, m.seq);
      this.eventSeq.set(`${sport}|${competition.slug}`, m.seq);
      this.eventSeq.set(`${sport}|${competition.slug}|${competition.season}`, m.seq);
    });
    sources.bus.subscribeOdds((m) => this.oddsSeq.set(m.fixture.id, m.seq));
  }

  /**
   * Version of a read over a sport's matches — of one league's when `league` is given, of one
   * league-season's when `season` is too: reference data + the last event seq in that scope +
   * the generation of the sport's pre-match pass (its rows' `win_probability`, recomputed off the
   * event loop a moment after a final whistle: the answer refreshes when it lands).
   */
  sport(sport: string, league?: string | null, season?: string | null): string {
    const scope = league ? (season ? `${sport}|${league}|${season}` : `${sport}|${league}`) : sport;
    return `${this.sources.engine.referenceVersion}.${this.eventSeq.get(scope) ?? 0}.g${this.sources.prematch?.generation(sport) ?? 0}`;
  }

  /** Version of a read that shows the global last seq (the live endpoints' `seq` field). */
  global(): string {
    return `${this.sources.engine.referenceVersion}.${this.sources.live.lastSeq}`;
  }

  /**
   * Version of the live rows (GET /v1/{sport}/live): the global one plus the live points' version,
   * since a match's in-play point is kept just after its event's seq (computed from the log).
   */
  liveRows(): string {
    return `${this.global()}.p${this.sources.livePoints?.version ?? 0}`;
  }

  /** Version of a read over one fixture's odds: reference data + that fixture's last odds seq. */
  odds(fixtureId: number): string {
    return `${this.sources.engine.referenceVersion}.o${this.oddsSeq.get(fixtureId) ?? 0}`;
  }
}
