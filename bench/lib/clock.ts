/**
 * Time helpers shared by the benchmarks and their child processes.
 *
 * Times are `process.hrtime` (CLOCK_MONOTONIC) in ms: one clock for every process on the machine,
 * so stamps taken in a child and in the parent can be subtracted.
 */

/** Now on the monotonic clock (`process.hrtime`), in ms. */
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Resolves after `ms` (at once when `ms` is negative). */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, Math.max(0, ms)));
}
