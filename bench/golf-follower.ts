/**
 * The live golf follower's cost per event (issue 37 item 6; server/read/live-golf-win-probability.ts):
 * a generated tournament of N players (default 70 and 150: a PGA Tour field; rounds 1–2 hole by
 * hole, one `round_start` naming the field, par-72 course, hole scores from the sample tour's
 * draw, deterministic) folded one event at a time with GolfSeriesFold.step — what the follower
 * does per stored hole — beside the whole series recomputed over the log up to the event (what
 * the two-sided follower does per event; timed on every 100th event, it grows with the log).
 * Prints µs p50 / p99 / max per row and the ratio of the recompute's p50 at the last sampled
 * event to the fold's p50. The database read the follower also does per event (one indexed
 * `max(seq)` query) is not in these figures. Beside it, the fold as it was before the follower
 * speed-up (bench/lib/golf-fold-before.ts: commit b52f82a read from git), stepped on the same
 * events alternately with today's (so both see the same load), and the largest difference of any
 * listed probability between the two folds' points.
 *
 *   node --import tsx bench/golf-follower.ts [--players=70,150] [--fold-only]
 */
import type { SportEvent } from '@/lib/rules/contract';
import { SAMPLE_GOLF_PARS } from '@/lib/sample/golf';
import { GolfSeriesFold, golfPrematchPoint, golfWinProbabilitySeries } from '@/lib/win-probability/golf-series';
import type { LoggedEvent } from '@/lib/win-probability/series';
import { eventBuilder } from '@/lib/rules/test-events';
import { GOLF_FOLD_BEFORE_COMMIT, golfFoldBefore } from './lib/golf-fold-before';

const arg = process.argv.find((a) => a.startsWith('--players='));
const sizes = arg ? arg.slice('--players='.length).split(',').map(Number) : [70, 150];
const foldOnly = process.argv.includes('--fold-only');
const before = await golfFoldBefore();
const KICKOFF = '2026-06-11T06:00:00.000Z';

/** A two-round tournament of `n` players, hole by hole (seeded LCG: the same log every run). */
function tournament(n: number): LoggedEvent[] {
  let seed = 7 + n;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const delta = (u: number) => (u < 0.03 ? -2 : u < 0.22 ? -1 : u < 0.78 ? 0 : u < 0.95 ? 1 : 2);
  const names = Array.from({ length: n }, (_, i) => `Player ${i + 1}`);
  const out: LoggedEvent[] = [];
  const ev = eventBuilder('bench/golf');
  const add = (type: string, detail: Record<string, unknown>, extra: Partial<SportEvent> = {}) => {
    const event = ev(type, null, detail, extra);
    out.push({ event, occurred_at: new Date(Date.parse(KICKOFF) + out.length * 1000).toISOString() });
  };
  for (let r = 0; r < 2; r++) {
    add('round_start', r === 0 ? { players: names } : {}, { period: `round_${r + 1}` });
    for (let h = 0; h < 18; h++)
      for (const player of names) {
        const par = SAMPLE_GOLF_PARS[h];
        add('hole_completed', { hole: h + 1, strokes: par + delta(next()), par }, { player });
      }
    add('round_end', {}, { period: `round_${r + 1}` });
  }
  return out;
}

const pct = (s: Float64Array, q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
const row = (label: string, xs: number[]) => {
  const s = Float64Array.from(xs).sort();
  console.log(
    `| ${label} | ${s.length} | ${pct(s, 0.5).toFixed(1)} | ${pct(s, 0.99).toFixed(1)} | ${s[s.length - 1].toFixed(0)} |`,
  );
  return pct(s, 0.5);
};

console.log('| Row | Events | p50 µs | p99 µs | max µs |');
console.log('|---|---|---|---|---|');
for (const n of sizes) {
  const log = tournament(n);
  const ratings = new Map();
  const fold = new GolfSeriesFold(ratings, golfPrematchPoint(ratings, KICKOFF, log.slice(0, 1)));
  const old = before && new before.GolfSeriesFold(ratings, before.golfPrematchPoint(ratings, KICKOFF, log.slice(0, 1)));
  const steps: number[] = [];
  const oldSteps: number[] = [];
  let maxDiff = 0;
  for (const e of log) {
    if (old) {
      const t = performance.now();
      old.step(e);
      oldSteps.push((performance.now() - t) * 1000);
    }
    const t = performance.now();
    fold.step(e);
    steps.push((performance.now() - t) * 1000);
    if (old)
      for (const [i, x] of fold.last.field.entries())
        maxDiff = Math.max(maxDiff, Math.abs(x.probability - old.last.field[i].probability));
  }
  if (old) {
    const p50Old = row(`golf ${n} players: fold one event, before (${GOLF_FOLD_BEFORE_COMMIT})`, oldSteps);
    const p50New = pct(Float64Array.from(steps).sort(), 0.5);
    const p99 = (xs: number[]) => pct(Float64Array.from(xs).sort(), 0.99);
    console.log(
      `| golf ${n} players: before / now | | ${(p50Old / p50New).toFixed(1)}× | ${(p99(oldSteps) / p99(steps)).toFixed(1)}× | max probability difference ${maxDiff.toExponential(1)} |`,
    );
  }
  if (foldOnly) {
    row(`golf ${n} players: fold one event (the follower)`, steps);
    continue;
  }
  const recompute: number[] = [];
  let lastRecompute = 0;
  for (let i = 99; i < log.length; i += 100) {
    const t = performance.now();
    golfWinProbabilitySeries(ratings, KICKOFF, log.slice(0, i + 1));
    lastRecompute = (performance.now() - t) * 1000;
    recompute.push(lastRecompute);
  }
  const p50 = row(`golf ${n} players: fold one event (the follower)`, steps);
  row(`golf ${n} players: recompute the series so far (every 100th event)`, recompute);
  console.log(
    `| golf ${n} players: recompute at event ${log.length - (log.length % 100) - 1} / fold p50 | | ${(lastRecompute / p50).toFixed(0)}× | | |`,
  );
}
