/**
 * Page reads computed once per version of the data they read: a server-rendered page that shows an
 * expensive derived read (a season's league leaders from every play-by-play event: ~350 ms for the
 * Cubs' 2016 games) takes it from here while the version it was computed at is current — the same
 * rule as the API's read cache (server/read-cache), so a page is never staler than the log.
 */

interface Entry<T> {
  version: string;
  at: number;
  value: Promise<T>;
}

/** Answers by key, each valid for one version; at most `capacity` keys (the oldest is dropped). */
export class VersionedMemo<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly capacity = 256) {}

  /**
   * The answer of `key` at `version`: the one computed at that version when it is at most
   * `maxAgeMs` old (Infinity: kept until the version changes), else `compute()`'s, kept for the
   * next call. A failed computation is not kept. Errors: `compute`'s rejection.
   */
  get(key: string, version: string, maxAgeMs: number, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now - hit.at <= maxAgeMs) return hit.value;
    const value = compute();
    const entry = { version, at: now, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}
