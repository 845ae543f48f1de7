/**
 * What reading the live follower's per-seq point saves the webhook outbox and a WebSocket resume
 * (server/read/live-points.ts `pointAt`): before, each of them folded every event again
 * (LiveWinProbability: one indexed `max(seq)` query plus one fold step per event, a second and a
 * third time in the process); now each reads the follower's window (a Map lookup by seq). Times,
 * in the same process, per event of a generated 70-player golf tournament (bench/golf-follower.ts's
 * log), one GolfSeriesFold.step — the fold the outbox and each resume no longer repeat — beside one
 * lookup in a window of POINT_WINDOW_SEQS points. The database query is not in these figures.
 * Two-sided sports' fold step per event: bench/README.md "live follower" (7–25 µs p50).
 *
 *   node --import tsx bench/live-points-reuse.ts [--players=70]
 */
import type { SportEvent } from '@/lib/rules/contract';
import { eventBuilder } from '@/lib/rules/test-events';
import { SAMPLE_GOLF_PARS } from '@/lib/sample/golf';
import { GolfSeriesFold, golfPrematchPoint, type GolfSeriesPoint } from '@/lib/win-probability/golf-series';
import type { LoggedEvent } from '@/lib/win-probability/series';
import { POINT_WINDOW_SEQS } from '@/server/read/live-points';
import { pct } from './lib/stats';

const n = Number(process.argv.find((a) => a.startsWith('--players='))?.split('=')[1] ?? 70);
const KICKOFF = '2026-06-11T06:00:00.000Z';
let seed = 7 + n;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const delta = (u: number) => (u < 0.03 ? -2 : u < 0.22 ? -1 : u < 0.78 ? 0 : u < 0.95 ? 1 : 2);
const names = Array.from({ length: n }, (_, i) => `Player ${i + 1}`);
const log: LoggedEvent[] = [];
const ev = eventBuilder('bench/reuse');
const add = (type: string, detail: Record<string, unknown>, extra: Partial<SportEvent> = {}) =>
  log.push({
    event: ev(type, null, detail, extra),
    occurred_at: new Date(Date.parse(KICKOFF) + log.length * 1000).toISOString(),
  });
add('round_start', { players: names }, { period: 'round_1' });
for (let h = 0; h < 18; h++)
  for (const player of names)
    add(
      'hole_completed',
      { hole: h + 1, strokes: SAMPLE_GOLF_PARS[h] + delta(next()), par: SAMPLE_GOLF_PARS[h] },
      { player },
    );

const fold = new GolfSeriesFold(new Map(), golfPrematchPoint(new Map(), KICKOFF, log.slice(0, 1)));
const window = new Map<number, { fixtureId: number; point: GolfSeriesPoint | null }>();
const folds: number[] = [];
const lookups: number[] = [];
for (const [i, e] of log.entries()) {
  let t = performance.now();
  const point = fold.step(e);
  folds.push((performance.now() - t) * 1000);
  window.set(i + 1, { fixtureId: 1, point });
  if (window.size > POINT_WINDOW_SEQS) window.delete(window.keys().next().value!);
  t = performance.now();
  const r = window.get(i + 1);
  if (r?.fixtureId !== 1) throw new Error('window lost the seq');
  lookups.push((performance.now() - t) * 1000);
}
const s = (xs: number[]) => Float64Array.from(xs).sort();
const [f, l] = [s(folds), s(lookups)];
console.log('| Per event | Events | p50 µs | p99 µs |');
console.log('|---|---|---|---|');
console.log(
  `| golf ${n} players: fold step (the outbox's / a resume's own fold, before) | ${f.length} | ${pct(f, 0.5).toFixed(1)} | ${pct(f, 0.99).toFixed(1)} |`,
);
console.log(
  `| golf ${n} players: window lookup (now) | ${l.length} | ${pct(l, 0.5).toFixed(2)} | ${pct(l, 0.99).toFixed(2)} |`,
);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `| CPU saved per event per reader (mean fold − mean lookup) | | ${(mean(folds) - mean(lookups)).toFixed(1)} | ratio ${(mean(folds) / mean(lookups)).toFixed(0)}× |`,
);
