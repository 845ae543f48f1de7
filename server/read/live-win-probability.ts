/**
 * Live win-probability points (docs/websocket.md `<sport>.win-probability`, docs/webhooks.md
 * `win_probability.updated`): after a stored event, the fixture's series recomputed from its log up
 * to that event (read-win-probability.ts, the same computation as the REST series) and, when its
 * last point changed — a new point moved by the event, or a correction moving it back — that point.
 * So the point sent after a fixture's latest event is the last point of
 * GET /v1/{sport}/matches/{fixture_id}/win-probability.
 *
 * Each fixture's source (its pre-match probability), log and series folder (the rules state after
 * its effective log) are kept between events (up to {@link MAX_FIXTURES} fixtures, least recently
 * used dropped), so an event costs one rules step and one model call, not a fold of the whole log
 * again; a correction refolds the fixture's effective log. The log is read again from the store
 * when an event of the fixture was not seen here (one indexed query per point checks that).
 * Golf's field series is folded one event at a time instead (live-golf-win-probability.ts).
 *
 * The pre-match probability the series starts from is the sport's current ratings pass
 * (prematch-passes.ts), which is recomputed when a match of the sport finishes; a kept source whose
 * pre-match figure the pass no longer gives is dropped and the fixture refolded from the new one
 * (a pass lookup per event checks it, no query), so the point stays the REST series' last point.
 */
import { effectiveLog, isCorrection } from '@/lib/match/corrections';
import type { FixtureInfo, StoredEvent } from '@/lib/match/types';
import type { AnyWinProbabilityPoint } from '@/lib/wire/golf-win-probability';
import { SeriesFolder } from '@/lib/win-probability/series';
import type { WinProbabilityPoint } from '@/lib/wire/win-probability';
import type { Tx } from '../store/db';
import { LiveGolfWinProbability } from './live-golf-win-probability';
import { prematchPassesOf } from './prematch-passes';
import {
  fixtureLog,
  previousSeqOf,
  seriesSource,
  type SeriesSource,
  type StoredLogEntry,
} from './read-win-probability';

/** Fixtures whose source and log are kept between events. */
export const MAX_FIXTURES = 256;

interface Memo {
  src: SeriesSource;
  log: StoredLogEntry[];
  /** Seq of the last event in `log` (0: none). */
  lastSeq: number;
  /** The series' last point after `log` (the pre-match point when it has no moving event). */
  last: WinProbabilityPoint;
  /** The rules state after `log`'s effective events, ready for the next event. */
  folder: SeriesFolder;
}

/** A stored event of a fixture as the bus or the log reader hands it over. */
export interface SeqEvent {
  seq: number;
  fixture: FixtureInfo;
  event: StoredEvent;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Follows fixtures' series one stored event at a time. Call `pointAfter` for a fixture's events in
 * seq order (others trigger a re-read, so any order is correct, only slower).
 */
export class LiveWinProbability {
  private readonly memo = new Map<number, Memo>();
  /** Golf tournaments' folds (kept between events: a field's series is too slow to recompute per event). */
  readonly golf = new LiveGolfWinProbability();

  /**
   * The new last point of the fixture's series after the event at `m.seq`, or null when the event
   * did not change it (or the fixture has no series: an unknown fixture, a log the rules refuse).
   * Golf fixtures' points are golf's field points.
   * @param db the store (or a transaction) holding the event at `m.seq`
   */
  async pointAfter(db: Tx, m: SeqEvent): Promise<AnyWinProbabilityPoint | null> {
    const r = await this.latestAfter(db, m);
    return r?.changed ? r.point : null;
  }

  /**
   * The fixture's series' last point after the event at `m.seq` and whether that event changed it;
   * null when the fixture has no series (an unknown fixture, a log the rules refuse). Golf
   * fixtures' points are golf's field points.
   * @param db the store (or a transaction) holding the event at `m.seq`
   */
  async latestAfter(db: Tx, m: SeqEvent): Promise<{ point: AnyWinProbabilityPoint; changed: boolean } | null> {
    if (m.fixture.sport === 'golf') return this.golf.latestAfter(db, m);
    const id = m.fixture.id;
    let memo = this.memo.get(id);
    this.memo.delete(id); // re-inserted below: least recently used first in the map's order
    const stale = memo && (await prematchMoved(db, m.fixture.sport, id, memo.src));
    if (stale || !memo || memo.lastSeq >= m.seq || (await previousSeqOf(db, id, m.seq)) !== memo.lastSeq) {
      memo = (await this.memoOf(db, m.fixture, stale ? undefined : memo?.src, m.seq)) ?? undefined;
      if (!memo) return null;
    }
    const entry = { event: m.event, occurred_at: m.event.occurred_at };
    let next: Memo | null;
    if (isCorrection(m.event)) {
      next = folded(memo.src, [...memo.log, entry], m.seq);
    } else {
      const moved = memo.folder.push(entry);
      memo.log.push(entry);
      next = { ...memo, lastSeq: m.seq, last: moved ?? memo.last };
    }
    if (!next) return null;
    const last = next.last;
    const changed = !sameJson(last, memo.last);
    this.keep(id, next);
    return { point: last, changed };
  }

  /**
   * The last point of the fixture's series over its whole stored log now (kept for the fixture's
   * next events); null when it has no series. For a fixture followed from the middle of its log
   * (live when the process started).
   */
  async latestOf(db: Tx, fixture: FixtureInfo): Promise<AnyWinProbabilityPoint | null> {
    if (fixture.sport === 'golf') return this.golf.latestOf(db, fixture);
    const memo = await this.memoOf(db, fixture, this.memo.get(fixture.id)?.src);
    if (!memo) return null;
    this.memo.delete(fixture.id);
    this.keep(fixture.id, memo);
    return memo.last;
  }

  /** A fixture's memo from its stored log (the seqs < `beforeSeq`, or all), null without a series. */
  private async memoOf(db: Tx, fixture: FixtureInfo, known?: SeriesSource, beforeSeq?: number): Promise<Memo | null> {
    const src = known ?? (await seriesSource(db, fixture.sport, fixture.id));
    if (!src) return null;
    const log = await fixtureLog(db, fixture.id, beforeSeq);
    return folded(src, log, log.at(-1)?.event.seq ?? 0);
  }

  private keep(id: number, memo: Memo): void {
    this.memo.set(id, memo);
    for (const k of this.memo.keys()) {
      if (this.memo.size <= MAX_FIXTURES) break;
      this.memo.delete(k);
    }
  }
}

/** Whether the sport's current pass gives the fixture another pre-match figure than `src` was read with (never starts a pass for it). */
async function prematchMoved(db: Tx, sport: string, fixtureId: number, src: SeriesSource): Promise<boolean> {
  const pass = await prematchPassesOf(db).get(sport);
  return pass.has(fixtureId) && !sameJson(pass.get(fixtureId), src.ctx.prematch);
}

/**
 * A fixture's memo from its whole stored log: the effective log (corrections applied) folded into
 * a new series folder. Null when the log cannot be folded (a correction the rules refuse).
 */
function folded(src: SeriesSource, log: StoredLogEntry[], lastSeq: number): Memo | null {
  try {
    const folder = new SeriesFolder(src.ctx, src.kickoff, src.options);
    let last: WinProbabilityPoint = folder.first;
    for (const e of effectiveLog(log).effective) last = folder.push(e) ?? last;
    return { src, log, lastSeq, last, folder };
  } catch {
    return null;
  }
}
