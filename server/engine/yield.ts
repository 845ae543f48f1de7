/**
 * Cooperative yielding for long writes on the event loop.
 *
 * PGlite runs its queries synchronously in wasm and resolves them as promise callbacks
 * (microtasks): a loop of awaited queries — a whole-season import, a replay cycle, the sandbox's
 * sample — never gives Node's I/O a turn, and every request waits until the loop is done (issue 18:
 * a request waited 1.7 s while the sandbox loaded). Long loops call the function this returns once
 * per step; it lets pending I/O run (`setImmediate`) whenever `budgetMs` has passed since the last
 * turn. Other writers still wait for the transaction (one writer queue); readers are served meanwhile.
 */
import { setImmediate as immediate } from 'node:timers/promises';

/** Default slice of the event loop a long write may keep before letting I/O run, in ms. */
export const YIELD_BUDGET_MS = 20;

/**
 * Returns `step()`: resolves at once while less than `budgetMs` (default 20 ms) has passed since the
 * last yield, else after one turn of the event loop (`setImmediate`). Never rejects.
 */
export function cooperative(budgetMs = YIELD_BUDGET_MS): () => Promise<void> | undefined {
  let last = performance.now();
  return () => {
    if (performance.now() - last < budgetMs) return undefined;
    return immediate().then(() => {
      last = performance.now();
    });
  };
}
