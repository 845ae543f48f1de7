/**
 * Cost of Scoreline's win probability (issue 37 item 6):
 * - the update cost per event per sport (µs, p50 / p99: one `inPlayWinProbability` call on the
 *   state after the event, the tennis chain included; beside it the least of three runs of the
 *   same call, the cost without the preemption of a loaded machine); a match's first model call that fits its
 *   parameters (tennis serve probabilities, hockey rates, esports per-map probability: once per
 *   match, before or at its first point) is counted in its own row;
 * - golf's win probabilities for a 70-player leaderboard: the exact computation the model uses
 *   and, for comparison, the 2,000-path simulation it replaced;
 * - the time to recompute every bundled finished match's series from its events (fold + model),
 *   on the main thread and then in `--workers` worker threads (default 2) while the main thread's
 *   event-loop delay is sampled (a server's delivery would run there).
 * Goals: ≤ 1 ms p99 per event; ≤ 60 s for all series, off the event loop. Figures only.
 * `--golf-only` measures the golf rows alone (this run's computation and, read from git, the one
 *   before it: bench/lib/golf-before.ts).
 * Esports: the recorded TI 2018 grand-final game 5 replayed 200 times (bench/lib/dota-replay.ts; no
 * finished Dota game is bundled); `--esports-only` measures those rows alone.
 *   node --import tsx bench/win-probability.ts [--tennis-pbp=N] [--workers=2] [--no-main] [--esports-only] [--golf-only]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { rulesFor } from '@/lib/match/registry';
import { golfSimulatedWinProbabilities, golfWinProbabilities } from '@/lib/win-probability/golf';
import { inPlayWinProbability } from '@/lib/win-probability/inplay';
import { winProbabilitySeries } from '@/lib/win-probability/series';
import { buildCases, logged } from './calibration-series';
import { dotaReplays } from './lib/dota-replay';
import { golfBefore } from './lib/golf-before';
import { pct } from './lib/stats';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const tennisPbpLimit = arg('tennis-pbp') ? Number(arg('tennis-pbp')) : undefined;
const workers = Number(arg('workers') ?? 2);
const esportsOnly = process.argv.includes('--esports-only');
const golfOnly = process.argv.includes('--golf-only');
const tb = performance.now();
const { cases } = esportsOnly || golfOnly ? { cases: [] } : await buildCases({ tennisPbpLimit });
const buildMs = performance.now() - tb;
// Every finished match's events with its context; esports from the recorded Dota game (bench/lib/dota-replay.ts).
const runs = [
  ...cases.map((c) => ({ sport: c.sport, ctx: c.ctx, events: logged(c.match) })),
  ...(golfOnly ? [] : dotaReplays(200)),
];

const fitsOf = (f: { rates?: unknown; serve?: Map<string, unknown>; map?: number } | undefined) =>
  `${f?.rates ? 1 : 0}${f?.serve?.size ?? 0}${f?.map === undefined ? 0 : 1}`;
const costs = new Map<string, number[]>();
const push = (k: string, v: number) => {
  const xs = costs.get(k) ?? [];
  xs.push(v);
  costs.set(k, xs);
};
for (const c of runs) {
  const ev = c.events;
  if (ev.length < 2) continue;
  const rules = rulesFor(c.sport);
  let s = rules.initialState();
  for (const { event, occurred_at } of ev) {
    try {
      s = rules.applyEvent(s, rules.ownState ? { ...event, occurred_at } : event);
    } catch {
      continue;
    }
    const p = rules.project(s, Date.parse(occurred_at));
    const before = fitsOf(c.ctx.fitted);
    let t = performance.now();
    inPlayWinProbability(c.ctx, p);
    const us = (performance.now() - t) * 1000;
    const fit = fitsOf(c.ctx.fitted) !== before;
    push(fit ? `${c.sport} (first call: one-off fit)` : c.sport, us);
    if (!fit) {
      // The same call twice more (its result and the fitted context are the same): the least of the
      // three is the call's cost without the preemption a loaded machine adds.
      let best = us;
      for (let r = 0; r < 2; r++) {
        t = performance.now();
        inPlayWinProbability(c.ctx, p);
        best = Math.min(best, (performance.now() - t) * 1000);
      }
      push(`${c.sport} (least of 3 runs)`, best);
    }
  }
}
const golf = Array.from({ length: 70 }, (_, i) => ({
  player: `p${i}`,
  to_par: -10 + Math.floor(i / 3),
  holes_left: 18 + (i % 18),
}));
// The computation before 3 Dec 2026 (commit 5561cfe's lib/win-probability/golf.ts, read from git), timed in the same run.
const before = await golfBefore();
for (let i = 0; i < 1200; i++) {
  const field = golf.map((x) => ({
    ...x,
    to_par: x.to_par - (i % 3),
    holes_left: Math.max(0, x.holes_left - (i % 18)),
  }));
  for (const [label, f] of [
    ['golf (70 players, exact)', golfWinProbabilities],
    ['golf (70 players, exact: before)', before],
  ] as const) {
    if (!f) continue;
    let best = Number.POSITIVE_INFINITY;
    for (let r = 0; r < 3; r++) {
      const t = performance.now();
      f(field);
      const us = (performance.now() - t) * 1000;
      // The first calls compile the function (once per process): their own row.
      if (r === 0) push(i < 3 ? `${label} (first 3 calls: JIT warm-up)` : label, us);
      best = Math.min(best, us);
    }
    if (i >= 3) push(`${label} (least of 3 runs)`, best);
  }
  if (i % 12 === 0) {
    const t = performance.now();
    golfSimulatedWinProbabilities(field, 2000, i);
    push('golf (70 players, 2,000 simulations: before the exact computation)', (performance.now() - t) * 1000);
  }
}
console.log('| Sport | Events | p50 µs | p99 µs | max µs |');
console.log('|---|---|---|---|---|');
for (const [sport, xs] of [...costs].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const s = Float64Array.from(xs).sort();
  console.log(
    `| ${sport} | ${s.length} | ${pct(s, 0.5).toFixed(1)} | ${pct(s, 0.99).toFixed(1)} | ${s[s.length - 1].toFixed(0)} |`,
  );
}
console.log(`\nBuilt ${cases.length} matches' contexts (parse + ratings) in ${(buildMs / 1000).toFixed(1)} s`);
if (esportsOnly || golfOnly) process.exit(0);

if (!process.argv.includes('--no-main')) {
  const t0 = performance.now();
  let points = 0;
  for (const c of cases) points += winProbabilitySeries(c.ctx, c.match.kickoff, logged(c.match)).length;
  console.log(
    `Main thread: recomputed the series of ${cases.length} finished matches (${points} points) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

// The main thread's event-loop delay with nothing to do (the machine's own scheduling), then while the workers run.
const idle = monitorEventLoopDelay({ resolution: 10 });
idle.enable();
await new Promise((r) => setTimeout(r, 5000));
idle.disable();
console.log(
  `Main thread idle for 5 s: event-loop delay p50 ${(idle.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms, max ${(idle.max / 1e6).toFixed(1)} ms`,
);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const tw = performance.now();
const results = await Promise.all(
  Array.from(
    { length: workers },
    (_, part) =>
      new Promise<{ matches: number; points: number; build_ms: number; series_ms: number }>((resolve, reject) => {
        // The worker loads TypeScript through tsx's API (the main thread's --import does not reach it).
        const file = new URL('./lib/win-probability-recompute.ts', import.meta.url).href;
        const w = new Worker(
          `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(file)}); });`,
          { eval: true, workerData: { part, parts: workers, tennisPbpLimit } },
        );
        w.once('message', resolve);
        w.once('error', reject);
      }),
  ),
);
delay.disable();
const wall = (performance.now() - tw) / 1000;
const n = results.reduce((s, r) => s + r.matches, 0);
const pts = results.reduce((s, r) => s + r.points, 0);
console.log(
  `${workers} worker threads: recomputed ${n} matches (${pts} points) in ${wall.toFixed(1)} s wall (each worker: build ${results.map((r) => (r.build_ms / 1000).toFixed(1)).join(' / ')} s, series ${results.map((r) => (r.series_ms / 1000).toFixed(1)).join(' / ')} s); main thread's event-loop delay meanwhile p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
);
