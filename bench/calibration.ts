/**
 * Calibration of Scoreline's win probability over every bundled finished match (issue 37 item 5):
 * per sport and group, the pre-match model's log loss and Brier score, beside the bookmakers'
 * closing prices with the margin removed (football-data.co.uk Pinnacle and Bet365 closing 1X2;
 * tennis-data.co.uk Pinnacle and Bet365 closing match odds on the ATP 2024 results) on the same
 * matches; then the in-play reliability table (10 bins of predicted P(home): count, mean
 * predicted, observed) and the expected calibration error per sport, over every point of every
 * match's series (finished points excluded). Point-by-point tennis is split by date: the earlier
 * half fits the serve-prior weight (`--fit-serve-prior` prints the search), the later half is
 * measured. Goals: log loss within 3 % of Pinnacle's; in-play ECE ≤ 0.03 where a sport has ≥ 300
 * finished matches with play-by-play.
 * `--no-538-seed` starts NBA/NHL at 1500 instead of FiveThirtyEight's season-start ratings;
 * `--sports=basketball,ice-hockey` keeps those sports' cases only.
 *   node --import tsx bench/calibration.ts [--tennis-pbp=N] [--no-538-seed] [--sports=a,b] [--fit-serve-prior] [--fit-score-effect [--only-fit]]
 */
import { recordedSeries } from '@/lib/win-probability/recorded-log';
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

const t00 = performance.now();
const built = await buildCases({ tennisPbpLimit: limit, seed538: !process.argv.includes('--no-538-seed') });
const only = arg('sports')?.split(',');
const cases = only ? built.cases.filter((c) => only.includes(c.sport)) : built.cases;
const fmt = (x: number, d = 4) => x.toFixed(d);

console.log('## Pre-match (log loss / Brier; lower is better)\n');
console.log(
  '| Group | Matches | Scoreline model (all matches) | Matches with both books | Scoreline model | Pinnacle closing | Bet365 closing | model ÷ Pinnacle |',
);
console.log('|---|---|---|---|---|---|---|---|');
const groups = [...new Set(cases.map((c) => c.group))];
for (const g of groups) {
  // Two-way sports: matches without a winner (ties, no-results) are left out of the two-way scores.
  const cs = cases.filter((c) => c.group === g && (c.prematch.draw !== null || c.outcome !== 'draw'));
  if (!cs.length) continue;
  const withBooks = cs.filter((c) => c.closing?.pinnacle && c.closing?.bet365);
  const mean = (on: Case[], f: (c: Case) => number) => on.reduce((s, c) => s + f(c), 0) / on.length;
  const sc = (on: Case[], pick: (c: Case) => P3) =>
    `${fmt(mean(on, (c) => scores(pick(c), c.outcome).ll))} / ${fmt(mean(on, (c) => scores(pick(c), c.outcome).brier))}`;
  const all = sc(cs, (c) => c.prematch);
  if (!withBooks.length) {
    console.log(`| ${g} | ${cs.length} | ${all} | 0 | — | — | — | — |`);
    continue;
  }
  const m = mean(withBooks, (c) => scores(c.prematch, c.outcome).ll);
  const pin = mean(withBooks, (c) => scores(c.closing!.pinnacle, c.outcome).ll);
  console.log(
    `| ${g} | ${cs.length} | ${all} | ${withBooks.length} | ${sc(withBooks, (c) => c.prematch)} | ${sc(withBooks, (c) => c.closing!.pinnacle)} | ${sc(withBooks, (c) => c.closing!.bet365)} | ${fmt((m / pin - 1) * 100, 1)} % |`,
  );
}

// The cold start's share: the same comparison on the matches where both sides already had at
// least N rated matches in the pool (football: N matchdays; tennis: N matches), beside all.
console.log(
  '\n### After the cold start (both sides with ≥ N earlier rated matches; log loss, matches with Pinnacle)\n',
);
console.log('| Group | N | Matches | Scoreline model | Pinnacle closing | model ÷ Pinnacle |');
console.log('|---|---|---|---|---|---|');
for (const g of groups) {
  const cs = cases.filter(
    (c) => c.group === g && c.closing?.pinnacle && (c.prematch.draw !== null || c.outcome !== 'draw'),
  );
  if (!cs.length) continue;
  for (const n of [0, 5, 10, 20]) {
    const on = cs.filter((c) => Math.min(c.prematch.rating.home_games, c.prematch.rating.away_games) >= n);
    if (!on.length) continue;
    const m = on.reduce((s, c) => s + scores(c.prematch, c.outcome).ll, 0) / on.length;
    const pin = on.reduce((s, c) => s + scores(c.closing!.pinnacle, c.outcome).ll, 0) / on.length;
    console.log(`| ${g} | ${n} | ${on.length} | ${fmt(m)} | ${fmt(pin)} | ${fmt((m / pin - 1) * 100, 1)} % |`);
  }
}

/** The in-play points of a set of cases: (P(home), did home win) per point, and the log loss over points. */
function inPlay(cs: readonly Case[]): { pts: { p: number; y: number }[]; matches: number; ll: number } {
  const pts: { p: number; y: number }[] = [];
  let matches = 0;
  let ll = 0;
  for (const c of cs) {
    if (logged(c.match).length < 3) continue;
    // Results-only league rows: priced at the recorded half-time score (lib/win-probability/recorded-log.ts).
    const series = recordedSeries(c.ctx, c.match, { halfTimeScore: true });
    const winner = c.final_winner !== undefined ? c.final_winner : c.outcome === 'draw' ? null : c.outcome;
    const y = winner === 'home' ? 1 : 0;
    matches++;
    for (const s of series.slice(1))
      if (s.home > 1e-6 && s.home < 1 - 1e-6) {
        pts.push({ p: s.home, y });
        ll += -Math.log(y ? s.home : 1 - s.home);
      }
  }
  return { pts, matches, ll: ll / Math.max(1, pts.length) };
}

function reliability(label: string, r: ReturnType<typeof inPlay>): number {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  for (const { p, y } of r.pts) {
    const b = bins[Math.min(9, Math.floor(p * 10))];
    b.n++;
    b.p += p;
    b.y += y;
  }
  const ece = bins.reduce((s, b) => s + (b.n ? (b.n / r.pts.length) * Math.abs(b.p / b.n - b.y / b.n) : 0), 0);
  console.log(
    `### ${label}: ${r.matches} matches with play-by-play, ${r.pts.length} points, ECE ${fmt(ece)}, log loss per point ${fmt(r.ll)}\n`,
  );
  console.log('| Bin | Count | Mean predicted | Observed |');
  console.log('|---|---|---|---|');
  bins.forEach((b, i) =>
    console.log(
      `| ${i / 10}–${(i + 1) / 10} | ${b.n} | ${b.n ? fmt(b.p / b.n, 3) : '—'} | ${b.n ? fmt(b.y / b.n, 3) : '—'} |`,
    ),
  );
  console.log('');
  return ece;
}

// Point-by-point tennis: the earlier half by date fits, the later half is measured.
const pbp = cases
  .filter((c) => c.group === 'tennis point-by-point 2017')
  .sort((a, b) => (a.match.kickoff < b.match.kickoff ? -1 : 1));
const fitHalf = new Set(pbp.slice(0, Math.floor(pbp.length / 2)));
if (process.argv.includes('--fit-serve-prior')) {
  console.log('\n## Serve-prior weight n₀ (tennis, earlier half of the point-by-point matches)\n');
  console.log('| n₀ (serve points) | log loss per point | ECE |');
  console.log('|---|---|---|');
  for (const n0 of [25, 50, 100, 200, 400, Number.POSITIVE_INFINITY]) {
    const cs = [...fitHalf].map((c) => ({ ...c, ctx: { ...c.ctx, fitted: undefined, serve_prior_points: n0 } }));
    const r = inPlay(cs);
    const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
    for (const { p, y } of r.pts) {
      const b = bins[Math.min(9, Math.floor(p * 10))];
      b.n++;
      b.p += p;
      b.y += y;
    }
    const ece = bins.reduce((s, b) => s + (b.n ? (b.n / r.pts.length) * Math.abs(b.p / b.n - b.y / b.n) : 0), 0);
    console.log(`| ${n0} | ${fmt(r.ll)} | ${fmt(ece)} |`);
  }
}

if (process.argv.includes('--fit-score-effect')) {
  console.log('\n## Football score effect γ (World Cup 2018 series: the league files have no goal times)\n');
  console.log('| γ | log loss per point | ECE |');
  console.log('|---|---|---|');
  const fit = cases.filter((c) => c.group === 'football world-cup 2018');
  for (const g of [-0.1, 0, 0.1, 0.2, 0.3, 0.4, 0.5]) {
    const r = inPlay(fit.map((c) => ({ ...c, ctx: { ...c.ctx, fitted: undefined, score_effect: g } })));
    const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
    for (const { p, y } of r.pts) {
      const b = bins[Math.min(9, Math.floor(p * 10))];
      b.n++;
      b.p += p;
      b.y += y;
    }
    const ece = bins.reduce((s, b) => s + (b.n ? (b.n / r.pts.length) * Math.abs(b.p / b.n - b.y / b.n) : 0), 0);
    console.log(`| ${g} | ${fmt(r.ll)} | ${fmt(ece)} |`);
  }
  if (process.argv.includes('--only-fit')) process.exit(0);
}

console.log('\n## In-play reliability of P(home) per sport (10 bins; finished points excluded)\n');
const t0 = performance.now();
let series = 0;
const sports = [...new Set(cases.map((c) => c.sport))];
for (const sport of sports) {
  const cs = cases.filter((c) => c.sport === sport && !fitHalf.has(c));
  const r = inPlay(cs);
  series += r.matches;
  if (!r.matches) continue;
  reliability(sport === 'tennis' ? 'tennis (later half of the 2017 point-by-point matches)' : sport, r);
  if (sport === 'football') {
    // football-data.co.uk rows carry no goal times, only the half-time and final scores: their
    // points are kickoff and half time (at the recorded half-time score). Shown apart, not instead.
    const split = (f: (c: Case) => boolean, label: string) => {
      const sub = inPlay(cs.filter(f));
      if (sub.matches) reliability(label, sub);
    };
    split(
      (c) => (c.match as { source?: string }).source !== 'football-data',
      'football, tournaments only (every goal in the log)',
    );
    split(
      (c) => (c.match as { source?: string }).source === 'football-data',
      'football, league files only (kickoff and half time at its recorded score)',
    );
  }
}
if (fitHalf.size) {
  const r = inPlay([...fitHalf]);
  series += r.matches;
  reliability('tennis (earlier half, the fit)', r);
}
console.log(
  `(series of ${series} matches recomputed in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${((performance.now() - t00) / 1000).toFixed(1)} s in all)`,
);
