/**
 * The child's side of a benchmark child (bench/lib/child.ts is the parent's): replies over IPC and
 * memory samples of this process.
 */

/** Sends `m` to the parent over IPC (nothing when there is no IPC channel). */
export function toParent(m: unknown): void {
  void process.send?.(m);
}

/** A memory sample of a child, in bytes: the reply to `{type:'mem'}`. */
export interface MemorySample {
  rss: number;
  /** Highest RSS sampled every 100 ms since sampleRssPeak(). */
  peak_rss: number;
  /** getrusage peak of the whole life, start-up included. */
  max_rss: number;
  heap_used: number;
  external: number;
  array_buffers: number;
}

/** Highest RSS seen since ready (sampled every 100 ms): the peak of the run, not of the start-up. */
let peak = 0;

/** Starts sampling the RSS every 100 ms for `peak_rss` (the timer does not keep the process alive). */
export function sampleRssPeak(): void {
  setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100).unref();
}

/**
 * Answers a memory sample (`{type:'mem', …MemorySample}`) to the parent; with --expose-gc after two
 * full GCs 100 ms apart (the second collects what the first one's finalizers released: external
 * buffers of startup garbage).
 */
export async function reportMemory(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    await new Promise((r) => setTimeout(r, 100));
    gc();
  }
  const u = process.memoryUsage();
  peak = Math.max(peak, u.rss);
  const sample: MemorySample = {
    rss: u.rss,
    peak_rss: peak,
    max_rss: process.resourceUsage().maxRSS * 1024,
    heap_used: u.heapUsed,
    external: u.external,
    array_buffers: u.arrayBuffers,
  };
  toParent({ type: 'mem', ...sample });
}
