/**
 * Worker of bench/win-probability.ts (worker_threads): builds the bundled finished matches'
 * in-play contexts (bench/calibration-series.ts) and recomputes the series of every match whose
 * index ≡ `part` (mod `parts`), off the main thread's event loop. Posts
 * `{ matches, points, build_ms, series_ms }` when done.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { winProbabilitySeries } from '@/lib/win-probability/series';
import { buildCases, logged } from '../calibration-series';

const { part, parts, tennisPbpLimit } = workerData as { part: number; parts: number; tennisPbpLimit?: number };
const t0 = performance.now();
const { cases } = await buildCases({ tennisPbpLimit });
const t1 = performance.now();
let matches = 0;
let points = 0;
for (let i = part; i < cases.length; i += parts) {
  const c = cases[i];
  points += winProbabilitySeries(c.ctx, c.match.kickoff, logged(c.match)).length;
  matches++;
}
parentPort!.postMessage({ matches, points, build_ms: t1 - t0, series_ms: performance.now() - t1 });
