import { describe, expect, test } from 'vitest';
import { RECENT_SEQS, SeqTracker } from './sequencer';

/** Feeds update/odds-like messages and returns the seqs delivered. */
function feed(t: SeqTracker, seqs: number[]): { delivered: number[]; verdicts: string[] } {
  const delivered: number[] = [];
  const verdicts = seqs.map((s) => {
    const v = t.offer(s);
    if (v === 'deliver') delivered.push(s);
    return v;
  });
  return { delivered, verdicts };
}

describe('SeqTracker', () => {
  test('lastSeq is null until anchored; welcome/subscribed anchor it until the first delivery', () => {
    const t = new SeqTracker();
    expect(t.lastSeq).toBeNull();
    t.anchor(100); // welcome
    t.anchor(104); // subscribed: snapshot as of 104
    expect(t.lastSeq).toBe(104);
    expect(feed(t, [103, 104, 105]).verdicts).toEqual(['duplicate', 'duplicate', 'deliver']);
    t.anchor(200); // a later subscribed (another subscription) must not skip the first one's messages
    expect(t.lastSeq).toBe(105);
    expect(t.hasDelivered).toBe(true);
  });

  test('lastSeq is the highest seq delivered; seq <= lastSeq is never delivered again', () => {
    const t = new SeqTracker();
    t.anchor(10);
    // A drop, then a replay overlapping what was delivered, then live messages.
    const { delivered, verdicts } = feed(t, [12, 15, 19, 15, 19, 20, 21, 21, 30]);
    expect(delivered).toEqual([12, 15, 19, 20, 21, 30]);
    expect(verdicts.filter((v) => v === 'duplicate')).toHaveLength(3);
    expect(t.lastSeq).toBe(30);
  });

  test('a message below lastSeq that was never delivered is out_of_order (a gap), not a duplicate', () => {
    const t = new SeqTracker();
    t.anchor(0);
    expect(feed(t, [5, 9, 7]).verdicts).toEqual(['deliver', 'deliver', 'out_of_order']);
    expect(t.offer(5)).toBe('duplicate');
    expect(t.lastSeq).toBe(9);
  });

  test('resumed: advanceTo raises lastSeq to the replay end; a late unseen seq below it is a gap', () => {
    const t = new SeqTracker();
    t.anchor(0);
    feed(t, [3, 4]);
    t.advanceTo(10);
    expect(t.lastSeq).toBe(10);
    t.advanceTo(8);
    expect(t.lastSeq).toBe(10);
    expect(t.offer(4)).toBe('duplicate');
    expect(t.offer(9)).toBe('out_of_order');
    expect(t.offer(11)).toBe('deliver');
  });

  test('resync: reset to the snapshot seq, also backwards (ahead_of_server)', () => {
    const t = new SeqTracker();
    t.anchor(0);
    feed(t, [50, 60]);
    t.reset(40);
    expect(t.lastSeq).toBe(40);
    expect(feed(t, [39, 40, 41, 50]).verdicts).toEqual(['duplicate', 'duplicate', 'deliver', 'deliver']);
    t.anchor(1000); // snapshots after the resync do not move it
    expect(t.lastSeq).toBe(50);
  });

  test('remembers the last RECENT_SEQS delivered seqs; older ones count as duplicates', () => {
    const t = new SeqTracker();
    t.anchor(0);
    for (let s = 2; s <= 2 * (RECENT_SEQS + 10); s += 2) t.offer(s);
    expect(t.offer(2)).toBe('duplicate'); // forgotten but older than the window
    expect(t.offer(2 * (RECENT_SEQS + 10))).toBe('duplicate');
    expect(t.offer(2 * (RECENT_SEQS + 10) - 1)).toBe('out_of_order');
  });
});
