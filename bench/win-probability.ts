/**
 * Cost of Scoreline's win probability (issue 37 item 6): the update cost per event per sport
 * (µs, p50 / p99: one `inPlayWinProbability` call on the state after the event — the tennis chain
 * included; the one-off pre-match fit of a match timed apart), the golf simulation on a 70-player leaderboard, and the time to recompute every
 * bundled finished match's series from its events (fold + model). Goal: ≤ 1 ms p99 per event,
 * ≤ 60 s for all series. Runs on the bench process's main thread (a server would run the
 * recomputation in a worker).
 *   node --import tsx bench/win-probability.ts [--tennis-pbp=N]
 */
import { rulesFor } from '@/lib/match/registry';
import { golfWinProbabilities } from '@/lib/win-probability/golf';
import { inPlayWinProbability } from '@/lib/win-probability/inplay';
import { winProbabilitySeries } from '@/lib/win-probability/series';
import { pct } from './lib/stats';
import { buildCases, logged } from './calibration-series';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const { cases } = buildCases({ tennisPbpLimit: arg('tennis-pbp') ? Number(arg('tennis-pbp')) : undefined });

const costs = new Map<string, number[]>();
for (const c of cases) {
  const ev = logged(c.match);
  if (ev.length < 2) continue;
  const rules = rulesFor(c.sport);
  let s = rules.initialState();
  const xs = costs.get(c.sport) ?? [];
  // The one-off pre-match fit (tennis serve probabilities, hockey rates) happens before kickoff, timed apart.
  const f0 = performance.now();
  const start = rules.project(s, Date.parse(c.match.kickoff));
  inPlayWinProbability(c.ctx, { ...start, status: 'in_play', period: c.sport === 'tennis' ? 'set_1' : start.period });
  const fits = costs.get(`${c.sport} (pre-match fit, once per match)`) ?? [];
  fits.push((performance.now() - f0) * 1000);
  costs.set(`${c.sport} (pre-match fit, once per match)`, fits);
  for (const { event, occurred_at } of ev) {
    try {
      s = rules.applyEvent(s, rules.ownState ? { ...event, occurred_at } : event);
    } catch {
      continue;
    }
    const p = rules.project(s, Date.parse(occurred_at));
    const t = performance.now();
    inPlayWinProbability(c.ctx, p);
    xs.push((performance.now() - t) * 1000);
  }
  costs.set(c.sport, xs);
}
const golf = Array.from({ length: 70 }, (_, i) => ({
  player: `p${i}`,
  to_par: -10 + Math.floor(i / 3),
  holes_left: 18 + (i % 18),
}));
const g: number[] = [];
for (let i = 0; i < 300; i++) {
  const t = performance.now();
  golfWinProbabilities(
    golf.map((x) => ({ ...x, to_par: x.to_par - (i % 3) })),
    2000,
    i,
  );
  g.push((performance.now() - t) * 1000);
}
costs.set('golf (70 players, 2,000 simulations)', g);
console.log('| Sport | Events | p50 µs | p99 µs | max µs |');
console.log('|---|---|---|---|---|');
for (const [sport, xs] of costs) {
  const s = Float64Array.from(xs).sort();
  console.log(
    `| ${sport} | ${s.length} | ${pct(s, 0.5).toFixed(1)} | ${pct(s, 0.99).toFixed(1)} | ${s[s.length - 1].toFixed(0)} |`,
  );
}
const t0 = performance.now();
let n = 0;
let points = 0;
for (const c of cases) {
  const ev = logged(c.match);
  points += winProbabilitySeries(c.ctx, c.match.kickoff, ev).length;
  n++;
}
console.log(
  `\nRecomputed the series of ${n} finished matches (${points} points) from their events in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
