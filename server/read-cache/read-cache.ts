/**
 * Cached read models: one Representation per resource + query, labelled with the version of the
 * data it was built from (the event log's seq and the reference-data version, server/read-cache/
 * versions.ts) and the wall-clock instant past which it would read differently without any new
 * event (a live match's minute, a fixture list whose "from now" moves). A lookup with another
 * version or past that instant misses, so an answer is never served past the commit that
 * changed it. Bounded (least recently used out). Framework-free.
 */
import type { Representation } from './representation';

interface Entry {
  version: string;
  /** Epoch ms past which the answer may differ without a new version (Infinity: never). */
  validUntil: number;
  rep: Representation;
}

/** What building a missing answer returns: the representation (or null: not cacheable, e.g. an error) and its wall-clock validity. */
export interface Built<T> {
  rep: Representation | null;
  validUntil: number;
  /** What the builder hands back to its own caller when there is nothing to cache (e.g. the error response); never shared. */
  other?: T;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Built<unknown>>>();
  hits = 0;
  misses = 0;

  /** Sum of the kept answers' JSON bytes (their compressed forms come on top, a fraction of it). */
  private bytes = 0;

  /**
   * @param maxEntries answers kept at most (least recently used dropped first)
   * @param maxBytes JSON bytes kept at most, over all answers (same order)
   */
  constructor(
    private readonly maxEntries = 2000,
    private readonly maxBytes = 32 * 2 ** 20,
  ) {}

  /** The cached answer of `key` at `version` still valid at `nowMs`, else undefined (counted as a miss only by `getOrBuild`). */
  peek(key: string, version: string, nowMs: number): Representation | undefined {
    const e = this.entries.get(key);
    if (!e || e.version !== version || nowMs >= e.validUntil) return undefined;
    // Refresh its place in the LRU order (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, e);
    this.hits += 1;
    return e.rep;
  }

  /**
   * The cached answer of `key` at `version`, else `build()`'s, stored when it yields one. Callers
   * read `version` BEFORE building (what is built may then be newer than its label, never older).
   * Concurrent misses of one key and version share one build.
   */
  async getOrBuild<T>(key: string, version: string, nowMs: number, build: () => Promise<Built<T>>): Promise<Built<T>> {
    const rep = this.peek(key, version, nowMs);
    if (rep) return { rep, validUntil: Infinity };
    const flightKey = `${version}\u0000${key}`;
    const inFlight = this.building.get(flightKey);
    if (inFlight) {
      // Share another request's build only when it gave a cacheable answer (an error is per request).
      const shared = await inFlight.catch(() => null);
      if (shared?.rep) return { rep: shared.rep, validUntil: shared.validUntil };
      return build();
    }
    this.misses += 1;
    const p = build().then((b) => {
      if (b.rep) this.store(key, { version, validUntil: b.validUntil, rep: b.rep });
      return b;
    });
    this.building.set(flightKey, p);
    try {
      return await p;
    } finally {
      this.building.delete(flightKey);
    }
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }

  private store(key: string, e: Entry): void {
    this.drop(key);
    if (e.rep.body.length > this.maxBytes) return;
    this.entries.set(key, e);
    this.bytes += e.rep.body.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes)
      this.drop(this.entries.keys().next().value!);
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.rep.body.length;
  }
}
