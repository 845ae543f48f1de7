/**
 * Fits football's goal ratings (lib/win-probability/goal-ratings.ts: time decay ξ, prior matches,
 * shots-on-target weight) and their blend with the Elo 1X2 on the earlier part of the bundled
 * league results (Premier League 2023-24, as bench/fit-ratings.ts), then prints log loss per
 * season beside Pinnacle's closing (margin removed) on the same matches, all matches and those
 * where both sides have ≥ 10 rated matches. Every prediction uses only results strictly before
 * its kickoff; bookmaker prices are read only to score.
 *   node --import tsx bench/fit-goal-ratings.ts [--grid]
 */
import { resultProbabilities } from '@/lib/odds/poisson';
import { GOAL_RATING_PARAMS, runGoalRatings } from '@/lib/win-probability/goal-ratings';
import { PREMATCH_PARAMS, prematchProbabilities } from '@/lib/win-probability/prematch';
import { footballLeagues, ratedFootball } from './calibration-data';
import { closingOf } from './calibration-series';

const ms = footballLeagues().filter((m) => m.result);
const rated = ms.map((m) => ratedFootball(m, false));
const outcome = (m: (typeof ms)[number]) =>
  m.result!.ft[0] > m.result!.ft[1] ? 'home' : m.result!.ft[0] < m.result!.ft[1] ? 'away' : 'draw';
const eloOnly = prematchProbabilities('football', rated, undefined, { ...PREMATCH_PARAMS.football, goal_blend: 0 });
const ll = (p: { home: number; draw: number | null; away: number }, o: string) =>
  -Math.log(Math.max(1e-9, o === 'draw' ? (p.draw ?? 0) : o === 'home' ? p.home : p.away));
const rho = PREMATCH_PARAMS.football.rho ?? 0;

function score(g: ReturnType<typeof runGoalRatings>, alpha: number, on: (m: (typeof ms)[number]) => boolean) {
  let s = 0;
  let n = 0;
  for (const m of ms) {
    if (!on(m)) continue;
    const e = eloOnly.get(m.source_key)!.goal_rates!;
    const r = g.get(m.source_key)!;
    const h = alpha * r.home + (1 - alpha) * e.home;
    const a = alpha * r.away + (1 - alpha) * e.away;
    s += ll(resultProbabilities(h, a, 0, rho), outcome(m));
    n++;
  }
  return s / n;
}

const fitPart = (m: (typeof ms)[number]) => m.kickoff < '2024-07-01';
let best = { p: GOAL_RATING_PARAMS, alpha: PREMATCH_PARAMS.football.goal_blend ?? 1, ll: Number.POSITIVE_INFINITY };
if (process.argv.includes('--grid')) {
  // Searched first: ξ 0.002–0.008, prior 2–8 matches, SOT weight 0–0.7, α 0.5–1 (best ξ 0.002, prior 2, w 0.7, α 0.5).
  for (const xi of [0, 0.002])
    for (const prior_matches of [1, 2, 3])
      for (const sot_weight of [0.6, 0.7, 0.85])
        for (const iterations of [6, 20]) {
          const p = { ...GOAL_RATING_PARAMS, xi, prior_matches, sot_weight, iterations };
          const g = runGoalRatings(rated, p);
          for (const alpha of [0.3, 0.4, 0.5, 0.6]) {
            const l = score(g, alpha, fitPart);
            if (l < best.ll) best = { p, alpha, ll: l };
          }
        }
  console.log('best on PL 2023-24:', JSON.stringify({ ...best.p, alpha: best.alpha }), best.ll.toFixed(4));
}

const groups = [...new Set(ms.map((m) => `${m.competition} ${m.season}`))];
console.log(
  '| Group | n | Elo | goal ratings | blend α | Pinnacle | blend ÷ Pinnacle | ≥10: n | blend | Pinnacle | ÷ |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
const g = runGoalRatings(rated, best.p);
for (const gr of groups) {
  const on = ms.filter((m) => `${m.competition} ${m.season}` === gr && closingOf(m)?.pinnacle);
  const row = (sub: typeof on) => {
    let elo = 0;
    let goal = 0;
    let blend = 0;
    let pin = 0;
    for (const m of sub) {
      const o = outcome(m);
      const e = eloOnly.get(m.source_key)!.goal_rates!;
      const r = g.get(m.source_key)!;
      elo += ll(resultProbabilities(e.home, e.away, 0, rho), o);
      goal += ll(resultProbabilities(r.home, r.away, 0, rho), o);
      const al = best.alpha;
      blend += ll(resultProbabilities(al * r.home + (1 - al) * e.home, al * r.away + (1 - al) * e.away, 0, rho), o);
      pin += ll(closingOf(m)!.pinnacle!, o);
    }
    const n = sub.length;
    return { n, elo: elo / n, goal: goal / n, blend: blend / n, pin: pin / n };
  };
  const a = row(on);
  const ten = row(
    on.filter((m) => {
      const p = eloOnly.get(m.source_key)!.rating;
      return Math.min(p.home_games, p.away_games) >= 10;
    }),
  );
  const pct = (x: number, y: number) => `${((x / y - 1) * 100).toFixed(1)} %`;
  console.log(
    `| ${gr} | ${a.n} | ${a.elo.toFixed(4)} | ${a.goal.toFixed(4)} | ${a.blend.toFixed(4)} | ${a.pin.toFixed(4)} | ${pct(a.blend, a.pin)} | ${ten.n} | ${ten.blend.toFixed(4)} | ${ten.pin.toFixed(4)} | ${pct(ten.blend, ten.pin)} |`,
  );
}
