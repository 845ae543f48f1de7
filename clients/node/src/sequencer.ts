/**
 * Sequence tracking of a live stream (docs/websocket.md: `seq` is the global feed sequence shared
 * by match events and odds ticks, so a subscription sees an increasing but not contiguous series).
 *
 * - `lastSeq` is the highest seq delivered (or the seq a snapshot / resume / resync was as of):
 *   a resume asks for everything after it.
 * - Dedupe: an `update`/`odds` with seq <= lastSeq is never delivered. It is a duplicate when it
 *   was delivered before or is covered by a snapshot; otherwise it arrived out of order, was never
 *   delivered and cannot be any more: a continuity gap.
 *
 * Pure state: no I/O, no timers.
 */

/** What to do with an incoming `update`/`odds`. */
export type SeqVerdict = 'deliver' | 'duplicate' | 'out_of_order';

/** How many delivered seqs are remembered to tell duplicates from out-of-order messages. */
export const RECENT_SEQS = 65_536;

/** lastSeq tracking and dedupe of `update`/`odds` messages (see the module comment). */
export class SeqTracker {
  private last: number | null = null;
  private delivered = false;
  /** Seqs <= floor are covered by a snapshot (subscribed/welcome before any data, or a resync). */
  private floor = -1;
  private readonly recent = new Set<number>();
  private readonly ring: number[] = [];
  private ringStart = 0;

  /** Highest seq delivered or anchored (null before the first welcome/subscribed). */
  get lastSeq(): number | null {
    return this.last;
  }

  /** Whether at least one `update`/`odds` has been delivered. */
  get hasDelivered(): boolean {
    return this.delivered;
  }

  /**
   * A snapshot point (`welcome` or `subscribed` seq): until the first delivery, lastSeq follows it
   * (the snapshot is as of that seq, so a resume from it misses nothing). Ignored afterwards, so
   * a subscription added later cannot skip messages of the others.
   */
  anchor(seq: number): void {
    if (this.delivered) return;
    this.last = Math.max(this.last ?? seq, seq);
    this.floor = Math.max(this.floor, seq);
  }

  /** A resume's end (`resumed.seq`): everything up to it was replayed; lastSeq = max(lastSeq, seq). */
  advanceTo(seq: number): void {
    this.last = Math.max(this.last ?? seq, seq);
  }

  /** A resync: state restarts from snapshots as of `seq` (possibly lower, e.g. ahead_of_server). */
  reset(seq: number): void {
    this.last = seq;
    this.floor = seq;
    this.delivered = true;
    this.recent.clear();
    this.ring.length = 0;
    this.ringStart = 0;
  }

  /**
   * Judges an incoming `update`/`odds` seq and, when it is to be delivered, records it as the new
   * lastSeq. Returns 'deliver' (seq > lastSeq), 'duplicate' (delivered before, or covered by a
   * snapshot) or 'out_of_order' (<= lastSeq yet never delivered: a gap).
   */
  offer(seq: number): SeqVerdict {
    if (this.last === null || seq > this.last) {
      this.last = seq;
      this.delivered = true;
      this.remember(seq);
      return 'deliver';
    }
    if (seq <= this.floor || this.recent.has(seq)) return 'duplicate';
    // Older than anything remembered: assume it was delivered long ago.
    if (this.ring.length - this.ringStart >= RECENT_SEQS && seq < this.ring[this.ringStart]) return 'duplicate';
    return 'out_of_order';
  }

  private remember(seq: number): void {
    this.recent.add(seq);
    this.ring.push(seq);
    if (this.ring.length - this.ringStart > RECENT_SEQS) {
      this.recent.delete(this.ring[this.ringStart++]);
      if (this.ringStart > RECENT_SEQS) {
        this.ring.splice(0, this.ringStart);
        this.ringStart = 0;
      }
    }
  }
}
