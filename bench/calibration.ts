/**
 * Calibration of Scoreline's win probability over every bundled finished match (issue 37 item 5):
 * per sport and group, the pre-match model's log loss and Brier score, beside the bookmakers'
 * closing prices with the margin removed (football-data.co.uk Pinnacle and Bet365 closing) on the
 * same matches; then the in-play reliability table (10 bins of predicted P(home): count, mean
 * predicted, observed) and the expected calibration error per sport, over every point of every
 * match's series (finished points excluded). Goals: log loss within 3 % of Pinnacle's; in-play
 * ECE ≤ 0.03 where a sport has ≥ 300 finished matches with play-by-play.
 *   node --import tsx bench/calibration.ts [--tennis-pbp=N]
 */
import { winProbabilitySeries } from '@/lib/win-probability/series';
import { buildCases, type Case, logged } from './calibration-series';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const limit = arg('tennis-pbp') ? Number(arg('tennis-pbp')) : undefined;

type P3 = { home: number; draw: number | null; away: number };
const EPS = 1e-9;
function scores(p: P3, o: Case['outcome']): { ll: number; brier: number } {
  const probs = { home: p.home, draw: p.draw ?? 0, away: p.away };
  const ll = -Math.log(Math.max(EPS, probs[o]));
  let brier = 0;
  for (const k of ['home', 'draw', 'away'] as const)
    if (p.draw !== null || k !== 'draw') brier += (probs[k] - (o === k ? 1 : 0)) ** 2;
  return { ll, brier };
}

const { cases } = buildCases({ tennisPbpLimit: limit });
const fmt = (x: number, d = 4) => x.toFixed(d);

console.log('## Pre-match (log loss / Brier; lower is better)\n');
console.log('| Group | Matches | Scoreline model | Pinnacle closing | Bet365 closing | model ÷ Pinnacle |');
console.log('|---|---|---|---|---|---|');
const groups = [...new Set(cases.map((c) => c.group))];
for (const g of groups) {
  // Two-way sports: matches without a winner (ties, no-results) are left out of the two-way scores.
  const cs = cases.filter((c) => c.group === g && (c.prematch.draw !== null || c.outcome !== 'draw'));
  if (!cs.length) continue;
  const withBooks = cs.filter((c) => c.closing?.pinnacle && c.closing?.bet365);
  const on = withBooks.length ? withBooks : cs;
  const mean = (f: (c: Case) => number) => on.reduce((s, c) => s + f(c), 0) / on.length;
  const model = {
    ll: mean((c) => scores(c.prematch, c.outcome).ll),
    brier: mean((c) => scores(c.prematch, c.outcome).brier),
  };
  const book = (b: string) =>
    withBooks.length
      ? {
          ll: mean((c) => scores(c.closing![b], c.outcome).ll),
          brier: mean((c) => scores(c.closing![b], c.outcome).brier),
        }
      : null;
  const pin = book('pinnacle');
  const b365 = book('bet365');
  console.log(
    `| ${g} | ${on.length} | ${fmt(model.ll)} / ${fmt(model.brier)} | ${pin ? `${fmt(pin.ll)} / ${fmt(pin.brier)}` : '—'} | ${b365 ? `${fmt(b365.ll)} / ${fmt(b365.brier)}` : '—'} | ${pin ? `${fmt((model.ll / pin.ll - 1) * 100, 1)} %` : '—'} |`,
  );
}

console.log('\n## In-play reliability of P(home) per sport (10 bins; finished points excluded)\n');
const bySport = new Map<string, { p: number; y: number }[]>();
const matchesWithEvents = new Map<string, number>();
const t0 = performance.now();
for (const c of cases) {
  const ev = logged(c.match);
  if (ev.length < 3) continue;
  const series = winProbabilitySeries(c.ctx, c.match.kickoff, ev);
  const winner = c.final_winner !== undefined ? c.final_winner : c.outcome === 'draw' ? null : c.outcome;
  const y = winner === 'home' ? 1 : 0;
  const key = c.sport;
  matchesWithEvents.set(key, (matchesWithEvents.get(key) ?? 0) + 1);
  const pts = bySport.get(key) ?? [];
  for (const s of series.slice(1)) if (s.home > 1e-6 && s.home < 1 - 1e-6) pts.push({ p: s.home, y });
  bySport.set(key, pts);
}
const elapsed = performance.now() - t0;
for (const [sport, pts] of bySport) {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  for (const { p, y } of pts) {
    const b = bins[Math.min(9, Math.floor(p * 10))];
    b.n++;
    b.p += p;
    b.y += y;
  }
  const ece = bins.reduce((s, b) => s + (b.n ? (b.n / pts.length) * Math.abs(b.p / b.n - b.y / b.n) : 0), 0);
  console.log(
    `### ${sport}: ${matchesWithEvents.get(sport)} matches with play-by-play, ${pts.length} points, ECE ${fmt(ece)}\n`,
  );
  console.log('| Bin | Count | Mean predicted | Observed |');
  console.log('|---|---|---|---|');
  bins.forEach((b, i) =>
    console.log(
      `| ${i / 10}–${(i + 1) / 10} | ${b.n} | ${b.n ? fmt(b.p / b.n, 3) : '—'} | ${b.n ? fmt(b.y / b.n, 3) : '—'} |`,
    ),
  );
  console.log('');
}
console.log(
  `(series of ${[...matchesWithEvents.values()].reduce((a, b) => a + b, 0)} matches recomputed in ${(elapsed / 1000).toFixed(1)} s)`,
);
