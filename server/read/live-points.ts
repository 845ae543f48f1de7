/**
 * The latest in-play win-probability point of every match in play, kept from the bus (issue 37:
 * the `win_probability_in_play` of GET /v1/{sport}/live rows and the dashboard's live cards), and
 * the one place the live points are computed: the WebSocket gateway's `win_probability` messages
 * are this follower's changed points (server/ws/gateway.ts), so each stored event's series is
 * folded once whoever reads it.
 *
 * Each stored event (seq order, one at a time) gives the fixture's series' last point
 * (live-win-probability.ts: the same computation as GET /v1/{sport}/matches/{fixture_id}/win-probability,
 * so the kept point is that endpoint's last point once the event is folded). Matches live when the
 * follower starts are read once from their stored log. Reads never compute: {@link LivePoints.inPlay}
 * is a map lookup. Points of matches no longer live are dropped (their listeners still hear them).
 *
 * The result of each of the last {@link POINT_WINDOW_SEQS} events followed is also kept by seq
 * ({@link LivePoints.pointAt}): the webhook outbox (`win_probability.updated`) and WebSocket resume
 * read an event's point there instead of folding the event again, and fold from the log
 * themselves only for seqs not in the window (before it: a catch-up after a restart, a long
 * resume; not followed here: an event another process ingested, a fold that failed).
 */
import type { Logger } from 'pino';
import { SPORTS } from '@/lib/sports';
import type { FixtureInfo } from '@/lib/match/types';
import {
  type AnyWinProbabilityPoint,
  type GolfWinProbabilityPoint,
  isGolfPoint,
} from '@/lib/wire/golf-win-probability';
import type { WinProbabilityPoint } from '@/lib/wire/win-probability';
import type { FeedBus } from '../engine/bus';
import type { LiveCache } from '../engine/live-cache';
import type { FeedMessage } from '../engine/types';
import type { Tx } from '../store/db';
import { LiveWinProbability } from './live-win-probability';

/** A live row's in-play point: the series' last point and the line it started from (the pre-match rating). */
export type InPlayPoint = WinProbabilityPoint & { started_from: 'rating' };
/** A golf live row's in-play point: the field series' last point (top 10 and `others`) and the line it started from. */
export type GolfInPlayPoint = GolfWinProbabilityPoint & { started_from: 'rating' };

/** Called with each event that changed its fixture's last point, in seq order (golf: the field point). */
export type PointListener = (m: FeedMessage, point: AnyWinProbabilityPoint) => void;

/** Events whose point {@link LivePoints.pointAt} keeps (the newest), so deliveries and resumes read it instead of folding again. */
export const POINT_WINDOW_SEQS = 2048;

export class LivePoints {
  /** Per seq (newest {@link POINT_WINDOW_SEQS}): the event's fixture and the point it changed to, null when it changed none. */
  private readonly bySeq = new Map<number, { fixtureId: number; point: AnyWinProbabilityPoint | null }>();
  /** pointAt answers: from the window / not followed here (tests, benches). */
  readonly counts = { window: 0, missed: 0 };
  /** The highest seq the bus has published here (events and odds ticks; 0: none yet). */
  publishedUpTo = 0;
  private readonly follower = new LiveWinProbability();
  private readonly latest = new Map<number, InPlayPoint>();
  private readonly latestGolf = new Map<number, GolfInPlayPoint>();
  private readonly listeners = new Set<PointListener>();
  private queue: Promise<void> = Promise.resolve();
  private readonly off: () => void;
  private readonly offOdds: () => void;
  /** Counts the changes of the kept points (the read cache's version of the live rows). */
  version = 0;

  /**
   * Follows `bus` from now on and reads the last point of every match `live` holds (in the
   * background, before the next events' points).
   * @param db the store the bus's events are committed to
   */
  constructor(
    private readonly db: Tx,
    bus: FeedBus,
    private readonly live: Pick<LiveCache, 'list' | 'get'>,
    private readonly log: Pick<Logger, 'warn'>,
  ) {
    this.off = bus.subscribe((m) => {
      this.publishedUpTo = Math.max(this.publishedUpTo, m.seq);
      this.follow(m);
    });
    this.offOdds = bus.subscribeOdds((m) => {
      this.publishedUpTo = Math.max(this.publishedUpTo, m.seq);
    });
    for (const sport of SPORTS) for (const e of live.list(sport)) this.prime(e.fixture);
  }

  /** The latest in-play point of a two-sided match in play, or null (none computed yet, golf: {@link inPlayGolf}, not live). */
  inPlay(fixtureId: number): InPlayPoint | null {
    return this.latest.get(fixtureId) ?? null;
  }

  /** The latest field point of a golf tournament in play, or null (none computed yet, not golf, not live). */
  inPlayGolf(fixtureId: number): GolfInPlayPoint | null {
    return this.latestGolf.get(fixtureId) ?? null;
  }

  /** Listens to changed points (the gateway's `win_probability` messages); returns the function that stops it. */
  onPoint(listener: PointListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The point the event at `seq` changed its fixture's series to, as {@link LiveWinProbability.pointAfter}
   * over the store gives it (null: it changed none, or the fixture has no series), when that event
   * was followed here and is still in the window; undefined otherwise (the caller folds it from the
   * log). Never waits: call {@link settled} first (outside any transaction) to have the events
   * published so far folded.
   */
  pointAt(seq: number, fixtureId: number): { point: AnyWinProbabilityPoint | null } | undefined {
    const r = this.bySeq.get(seq);
    if (!r || r.fixtureId !== fixtureId) {
      this.counts.missed += 1;
      return undefined;
    }
    this.counts.window += 1;
    return { point: r.point };
  }

  /** Resolves when every event published so far has been folded (tests, benches). */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Stops following the bus. */
  stop(): void {
    this.off();
    this.offOdds();
    this.listeners.clear();
  }

  private follow(m: FeedMessage): void {
    this.enqueue(m.fixture.id, async () => {
      const r = await this.follower.latestAfter(this.db, m);
      this.bySeq.set(m.seq, { fixtureId: m.fixture.id, point: r?.changed ? r.point : null });
      if (this.bySeq.size > POINT_WINDOW_SEQS) this.bySeq.delete(this.bySeq.keys().next().value!);
      if (!r) return this.keep(m.fixture.id, null);
      this.keep(m.fixture.id, r.point);
      if (r.changed) for (const l of this.listeners) l(m, r.point);
    });
  }

  private prime(fixture: FixtureInfo): void {
    this.enqueue(fixture.id, async () => this.keep(fixture.id, await this.follower.latestOf(this.db, fixture)));
  }

  private enqueue(fixtureId: number, work: () => Promise<void>): void {
    this.queue = this.queue
      .then(work)
      .catch((err) => this.log.warn({ err, fixtureId }, 'win probability point failed'));
  }

  private keep(fixtureId: number, point: AnyWinProbabilityPoint | null): void {
    const before = this.latest.get(fixtureId) ?? this.latestGolf.get(fixtureId);
    this.latest.delete(fixtureId);
    this.latestGolf.delete(fixtureId);
    if (point && this.live.get(fixtureId)) {
      if (isGolfPoint(point)) this.latestGolf.set(fixtureId, { ...point, started_from: 'rating' });
      else this.latest.set(fixtureId, { ...point, started_from: 'rating' });
    }
    if (before !== (this.latest.get(fixtureId) ?? this.latestGolf.get(fixtureId))) this.version += 1;
  }
}
