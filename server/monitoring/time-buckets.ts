/**
 * Small in-memory counters for the feed-health report (server/monitoring/feed-stats.ts): counts in
 * 10-second buckets over the last hour (read back as a trailing-minute rate and as per-minute
 * series), and a time-bounded sample window with percentiles. No timers: old data is pruned on write.
 */

/** Width of one internal bucket, ms. */
const BUCKET_MS = 10_000;
/** One minute, ms. */
export const MINUTE_MS = 60_000;
/** How far back the buckets are kept (and the per-minute series reach), minutes. */
export const SERIES_MINUTES = 60;

/** Named counters in 10-second buckets over the last hour (e.g. `{events, backfill}`). */
export class BucketCounter<K extends string> {
  private readonly buckets = new Map<number, Record<K, number>>();

  constructor(private readonly keys: readonly K[]) {}

  /** Adds `n` to counter `key` at time `atMs` (Unix ms) and drops buckets older than an hour. */
  add(key: K, atMs: number, n = 1): void {
    const b = Math.floor(atMs / BUCKET_MS);
    let row = this.buckets.get(b);
    if (!row) {
      row = Object.fromEntries(this.keys.map((k) => [k, 0])) as Record<K, number>;
      this.buckets.set(b, row);
      const oldest = b - (SERIES_MINUTES + 1) * (MINUTE_MS / BUCKET_MS);
      for (const k of this.buckets.keys()) if (k < oldest) this.buckets.delete(k);
    }
    row[key] += n;
  }

  /** Sum of each counter over the `ms` before `nowMs` (whole 10-second buckets, the current partial one included). */
  sumSince(nowMs: number, ms: number): Record<K, number> {
    const from = Math.floor((nowMs - ms) / BUCKET_MS) + 1;
    const to = Math.floor(nowMs / BUCKET_MS);
    const out = Object.fromEntries(this.keys.map((k) => [k, 0])) as Record<K, number>;
    for (const [b, row] of this.buckets) if (b >= from && b <= to) for (const k of this.keys) out[k] += row[k];
    return out;
  }

  /**
   * Per-minute totals of the last `SERIES_MINUTES` clock minutes, oldest first; the last entry is
   * the current, partial minute. `minute` is the minute's start as Unix ms.
   */
  perMinute(nowMs: number): ({ minute: number } & Record<K, number>)[] {
    const current = Math.floor(nowMs / MINUTE_MS);
    const rows = Array.from({ length: SERIES_MINUTES }, (_, i) => ({
      minute: (current - SERIES_MINUTES + 1 + i) * MINUTE_MS,
      ...(Object.fromEntries(this.keys.map((k) => [k, 0])) as Record<K, number>),
    }));
    const first = current - SERIES_MINUTES + 1;
    for (const [b, row] of this.buckets) {
      const i = Math.floor((b * BUCKET_MS) / MINUTE_MS) - first;
      if (i < 0 || i >= SERIES_MINUTES) continue;
      const target = rows[i] as Record<K, number>;
      for (const k of this.keys) target[k] += row[k];
    }
    return rows;
  }
}

/** Values observed over a trailing window (at most `cap`, the oldest dropped first). */
export class SampleWindow {
  private samples: { at: number; value: number }[] = [];

  constructor(
    private readonly windowMs: number,
    private readonly cap = 20_000,
  ) {}

  /** Records `value` observed at `atMs` (Unix ms). */
  add(atMs: number, value: number): void {
    this.samples.push({ at: atMs, value });
    if (this.samples.length > this.cap) this.samples.splice(0, this.samples.length - this.cap);
  }

  /** p50, p95 and max of the samples in the window ending at `nowMs` (nearest rank); nulls when empty. */
  summary(nowMs: number): { p50: number | null; p95: number | null; max: number | null; count: number } {
    const from = nowMs - this.windowMs;
    const firstKept = this.samples.findIndex((s) => s.at > from);
    this.samples = firstKept < 0 ? [] : this.samples.slice(firstKept);
    if (!this.samples.length) return { p50: null, p95: null, max: null, count: 0 };
    const sorted = this.samples.map((s) => s.value).sort((a, b) => a - b);
    const rank = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
    return { p50: rank(0.5), p95: rank(0.95), max: sorted[sorted.length - 1], count: sorted.length };
  }
}
