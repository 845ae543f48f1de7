/**
 * The server's recompute of every finished match's win-probability series
 * (server/win-probability/finished-series.ts) on a copy of the bundled store seed (`--sports=all`
 * by default; test/helpers/store-template.ts builds it once): total wall time, fixtures kept, and
 * the main thread's event-loop delay (p50 / p99 / max, 10 ms resolution) while it runs — beside
 * the same thread's delay idle for 5 s (the machine's own scheduling). The folding and ratings run
 * in the worker thread; the batched reads run on the main thread (PGlite is in-process).
 * Goal (issue 37 item 6): ≤ 60 s for all, off the event loop. Figures only.
 *   node --import tsx bench/win-probability-server.ts [--sports=all]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { FinishedSeries } from '@/server/win-probability/finished-series';
import { openSeededStore } from '../test/helpers/seeded-store';

const sports = process.argv.find((a) => a.startsWith('--sports='))?.split('=')[1] ?? 'all';
const s = await openSeededStore(sports);
const ms = (x: number) => (x / 1e6).toFixed(1);
const idle = monitorEventLoopDelay({ resolution: 10 });
idle.enable();
await new Promise((r) => setTimeout(r, 5000));
idle.disable();
console.log(
  `Main thread idle 5 s: event-loop delay p50 ${ms(idle.percentile(50))} ms, p99 ${ms(idle.percentile(99))} ms, max ${ms(idle.max)} ms`,
);
const series = new FinishedSeries(s.store.db);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const t0 = performance.now();
await series.recompute();
const wall = (performance.now() - t0) / 1000;
delay.disable();
console.log(
  `Recomputed ${series.size} finished matches (seed ${sports}) in ${wall.toFixed(1)} s wall; main thread's event-loop delay meanwhile p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`,
);
await series.close();
await s.close();
