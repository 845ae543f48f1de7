/**
 * The live follower's cost per event (server/read/live-win-probability.ts): the last point of a
 * live match's series after each of its events, computed two ways in the same process on the same
 * real bundled matches —
 * - "refold": the whole series of the log so far again at every event (the follower until
 *   2026-12-02: O(n) per event, O(n²) per match);
 * - "incremental": one SeriesFolder per match, one push per event (lib/win-probability/series.ts).
 * Both must give the same last point at every event (checked; the bench exits 1 otherwise).
 *
 *   node --import tsx bench/live-series-fold.ts [--per-sport=20]
 */
import { SeriesFolder, winProbabilitySeries } from '@/lib/win-probability/series';
import { buildCases, logged } from './calibration-series';
import { pct } from './lib/stats';

const perSport = Number(process.argv.find((a) => a.startsWith('--per-sport='))?.split('=')[1] ?? 20);
const { cases } = await buildCases({ tennisPbpLimit: perSport });
const bySport = new Map<string, typeof cases>();
for (const c of cases) {
  const xs = bySport.get(c.sport) ?? [];
  xs.push(c);
  bySport.set(c.sport, xs);
}
console.log('| Sport | Matches | Events | refold µs/event p50 / p99 | incremental µs/event p50 / p99 | ratio (mean) |');
console.log('|---|---|---|---|---|---|');
let bad = 0;
for (const [sport, all] of bySport) {
  // The longest logs of the sport: the follower's worst case.
  const picked = all
    .map((c) => ({ c, ev: logged(c.match) }))
    .sort((a, b) => b.ev.length - a.ev.length)
    .slice(0, perSport);
  const refold: number[] = [];
  const inc: number[] = [];
  let events = 0;
  for (const { c, ev } of picked) {
    const folder = new SeriesFolder(c.ctx, c.match.kickoff);
    let last = folder.first;
    for (let i = 0; i < ev.length; i++) {
      let t = performance.now();
      const full = winProbabilitySeries(c.ctx, c.match.kickoff, ev.slice(0, i + 1)).at(-1)!;
      refold.push((performance.now() - t) * 1000);
      t = performance.now();
      last = folder.push(ev[i]) ?? last;
      inc.push((performance.now() - t) * 1000);
      if (JSON.stringify(full) !== JSON.stringify(last)) bad++;
      events++;
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const q = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `${pct(s, 0.5).toFixed(1)} / ${pct(s, 0.99).toFixed(1)}`;
  };
  const ratio = (mean(refold) / Math.max(1e-9, mean(inc))).toFixed(0);
  console.log(`| ${sport} | ${picked.length} | ${events} | ${q(refold)} | ${q(inc)} | ${ratio}× |`);
}
if (bad) {
  console.error(`${bad} events where the incremental last point differs from the refold`);
  process.exit(1);
}
console.log('Every event: the incremental last point equals the refold.');
