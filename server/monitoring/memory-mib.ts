/**
 * This process's memory now, in MiB rounded to 0.1, for start-up log lines ('store open', 'pages
 * open', 'Scoreline listening', 'sandbox ready'): RSS, the V8 heap used (main thread only) and
 * `external` (ArrayBuffers and PGlite's wasm memories, counted at their full size, resident or
 * not). bench/startup-memory.ts prints them as the stages of a start.
 */
export function memoryMiB(): { rss: number; heap_used: number; external: number } {
  const m = process.memoryUsage();
  const mib = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
  return { rss: mib(m.rss), heap_used: mib(m.heapUsed), external: mib(m.external) };
}
