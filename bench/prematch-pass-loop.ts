/**
 * The main thread's event loop while a sport's pre-match ratings pass runs (issue 37: the rows'
 * `win_probability` after a final whistle), before and after the pass moved to its thread, in the
 * same process on a copy of the store seed of `--sports` (PGlite, in this process):
 * - before: the pass on the main thread, as the list read after a final whistle ran it
 *   (server/read/prematch-batch.ts `computeSportPrematch`: the fixture rows' query + the walk);
 * - after: the same change as the ingest path marks it, then the next pass
 *   (server/read/prematch-passes.ts: the rows read here, the walk in the pass thread).
 * Per sport: wall ms of a pass and the event-loop delay meanwhile (a 5 ms timer's lateness: p50 /
 * p99 / max), median of `--runs` (3) after one
 * warm-up each (the thread's start and its seed files). Figures only.
 *   node --import tsx bench/prematch-pass-loop.ts [--sports=football] [--runs=3]
 */
import { computeSportPrematch } from '@/server/read/prematch-batch';
import { prematchPassesOf } from '@/server/read/prematch-passes';
import { storeSports } from './lib/store-sports';
import { openSeededStore } from '@/test/helpers/seeded-store';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const SPORTS = arg('sports') ?? 'football';
const RUNS = Number(arg('runs') ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f = (x: number) => x.toFixed(1);

/**
 * Wall ms of `run` and the event-loop delay (ms) meanwhile: a 5 ms interval timer's lateness,
 * sampled until the first tick after `run` resolved (a pass that blocks the loop throughout is one
 * late tick: perf_hooks' histogram sees none inside the window).
 */
async function measure(run: () => Promise<unknown>) {
  const late: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    late.push(Math.max(0, now - last - 5));
    last = now;
  }, 5);
  const t0 = performance.now();
  await run();
  const wall = performance.now() - t0;
  const n = late.length;
  await new Promise<void>((r) => {
    const wait = setInterval(() => {
      if (late.length > n) {
        clearInterval(wait);
        r();
      }
    }, 1);
  });
  clearInterval(timer);
  const q = (p: number) => [...late].sort((x, y) => x - y)[Math.min(late.length - 1, Math.floor(p * late.length))];
  return { wall, p50: q(0.5), p99: q(0.99), max: Math.max(...late) };
}
type M = Awaited<ReturnType<typeof measure>>;
const med = (ms: M[]) => ({
  wall: median(ms.map((m) => m.wall)),
  p50: median(ms.map((m) => m.p50)),
  p99: median(ms.map((m) => m.p99)),
  max: median(ms.map((m) => m.max)),
});

const s = await openSeededStore(SPORTS);
const db = s.store.db;
const passes = prematchPassesOf(db);
const idle = await measure(() => new Promise((r) => setTimeout(r, 3000)));
console.log(
  `seed ${SPORTS}; main thread idle 3 s: event-loop delay p50 ${f(idle.p50)} ms, p99 ${f(idle.p99)} ms, max ${f(idle.max)} ms\n`,
);
console.log('| Sport | Fixtures | Where | Pass wall (ms) | Loop delay p50 (ms) | p99 (ms) | max (ms) |');
console.log('|---|---|---|---|---|---|---|');
try {
  const sports = await storeSports(db);
  for (const { sport, n } of sports) {
    if (sport === 'golf') continue;
    await computeSportPrematch(db, sport);
    await passes.fresh(sport);
    const before: M[] = [];
    const after: M[] = [];
    for (let i = 0; i < RUNS; i++) {
      before.push(await measure(() => computeSportPrematch(db, sport)));
      passes.changed(sport);
      after.push(await measure(() => passes.fresh(sport)));
    }
    for (const [where, m] of [
      ['main thread (before)', med(before)],
      ['pass thread (after)', med(after)],
    ] as const)
      console.log(`| ${sport} | ${n} | ${where} | ${f(m.wall)} | ${f(m.p50)} | ${f(m.p99)} | ${f(m.max)} |`);
    const st = passes.stats.get(sport);
    if (st)
      console.log(`|  |  | after: rows read ${f(st.read_ms)} ms, thread + hand-over ${f(st.pass_ms)} ms |  |  |  |  |`);
  }
} finally {
  await passes.close();
  await s.close();
}
