/**
 * Fits each sport's Elo parameters (K, home advantage, margin-of-victory multiplier, season
 * carry-over; lib/win-probability/prematch.ts PREMATCH_PARAMS) on the earlier part of its bundled
 * results and measures them on the later part (issue 37 item 5: a time-ordered split; every
 * prediction is still made from the results strictly before its kickoff). Prints, per sport, the
 * fit/test split, the current parameters' and the best grid point's log loss on both parts.
 *   node --import tsx bench/fit-ratings.ts [--sports=tennis,football]
 */
import path from 'node:path';
import { IMPORT_FORMATS } from '@/lib/import';
import type { ImportedSportMatch } from '@/lib/rules/contract';
import type { EloParams, SeedRatings } from '@/lib/win-probability/elo';
import { fiveThirtyEightSeed } from '@/lib/win-probability/fivethirtyeight-seed';
import { PREMATCH_PARAMS, prematchProbabilities } from '@/lib/win-probability/prematch';
import type { RatedResult } from '@/lib/win-probability/types';
import { DATA, footballLeagues, ratedFootball, ratedSport, read, sportMatches } from './calibration-data';

type Sport = keyof typeof PREMATCH_PARAMS;
interface Task {
  sport: Sport;
  results: RatedResult[];
  fit: (r: RatedResult) => boolean;
  split: string;
  seed?: SeedRatings;
  grid: Partial<Record<keyof EloParams, unknown[]>>;
}

const tennis = (await IMPORT_FORMATS['sackmann-atp'](
  [
    path.join(DATA, 'tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv'),
    path.join(DATA, 'tennis/tennis-data.co.uk/2024/2024.xlsx'),
  ],
  {},
)) as ImportedSportMatch[];
const done = (ms: ImportedSportMatch[]) => ms.filter((m) => m.result).map(ratedSport);
const tasks: Task[] = [
  {
    sport: 'football',
    results: footballLeagues()
      .filter((m) => m.result)
      .map((m) => ratedFootball(m, false)),
    fit: (r) => r.kickoff < '2024-07-01',
    split: 'fit Premier League 2023-24, test Premier League and Bundesliga 2024-25',
    // K, home advantage, MOV and carry-over were fitted first (home 60, log, carry-over 0.6; the
    // carry-over and newcomer_bottom 3 cannot be fitted on one season: they act at a season change).
    grid: {
      k: [30, 40, 50],
      sot_weight: [0, 0.2, 0.3, 0.4],
      k_boost: [0, 2, 3, 4],
      rho: [0, -0.05, -0.1],
      home_advantage_prior_games: [undefined, 100],
    },
  },
  {
    sport: 'basketball',
    results: done(sportMatches.basketball()),
    seed: fiveThirtyEightSeed(read('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv'), 'basketball'),
    fit: (r) => r.kickoff < '2023-01-01',
    split: 'fit 2022-23 before 1 January, test after (seeded with FiveThirtyEight season-start ratings)',
    grid: { k: [10, 15, 20, 30], home_advantage: [50, 75, 100], mov: ['none', 'nba'] },
  },
  {
    sport: 'ice-hockey',
    results: done(sportMatches['ice-hockey']()),
    seed: fiveThirtyEightSeed(read('ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv'), 'ice-hockey'),
    fit: (r) => r.kickoff < '2023-01-01',
    split: 'fit 2022-23 before 1 January, test after (seeded with FiveThirtyEight season-start ratings)',
    grid: { k: [3, 6, 10, 15, 20], home_advantage: [10, 25, 50, 75], mov: ['none', 'log'] },
  },
  {
    sport: 'rugby',
    results: done(sportMatches.rugby()),
    fit: (r) => (r.season ?? '') < '2011',
    split: 'fit 1996–2010, test 2011–2015',
    grid: {
      k: [10, 15, 20, 30, 40],
      home_advantage: [50, 75, 100, 125, 150],
      mov: ['none', 'log'],
      carryover: [0.6, 0.8, 1],
    },
  },
  {
    sport: 'tennis',
    results: done(tennis),
    fit: (r) => r.kickoff < '2024-07-01',
    split: 'fit ATP 2024 January–June, test July–December',
    grid: {
      k: [75, 100, 150, 250],
      rank_points_scale: [undefined, 75, 100, 125, 150],
      k_start: [undefined, 50, 75, 100],
    },
  },
];

const ll = (p: { home: number; draw: number | null; away: number }, r: RatedResult) =>
  -Math.log(Math.max(1e-9, r.winner === 'home' ? p.home : r.winner === 'away' ? p.away : (p.draw ?? 1e-9)));

function score(t: Task, params: EloParams): { fit: number; test: number; nFit: number; nTest: number } {
  const pre = prematchProbabilities(t.sport, t.results, t.seed, params);
  let fit = 0;
  let test = 0;
  let nFit = 0;
  let nTest = 0;
  for (const r of t.results) {
    const twoWay = pre.get(r.fixture_id)!.draw === null;
    if (twoWay && r.winner === null) continue;
    const x = ll(pre.get(r.fixture_id)!, r);
    if (t.fit(r)) {
      fit += x;
      nFit++;
    } else {
      test += x;
      nTest++;
    }
  }
  return { fit: fit / nFit, test: test / nTest, nFit, nTest };
}

function* gridOf(base: EloParams, grid: Task['grid']): Generator<EloParams> {
  const keys = Object.keys(grid) as (keyof EloParams)[];
  const rec = function* (i: number, cur: EloParams): Generator<EloParams> {
    if (i === keys.length) {
      yield cur;
      return;
    }
    for (const v of grid[keys[i]]!) yield* rec(i + 1, { ...cur, [keys[i]]: v });
  };
  yield* rec(0, base);
}

const show = (p: EloParams) =>
  `K ${p.k}${p.k_decay ? '/(n+5)^0.4' : ''}, home ${p.home_advantage}, MOV ${p.mov}, carry-over ${p.carryover}` +
  (p.sot_weight !== undefined
    ? `, SOT weight ${p.sot_weight}, K boost ${p.k_boost}×/${p.k_boost_games}, newcomers ${p.newcomer_bottom}, ρ ${p.rho}, home advantage learned over ${p.home_advantage_prior_games ?? '—'} prior matches`
    : '') +
  (p.rank_points_scale
    ? `, first rating 1500 + ${p.rank_points_scale}·ln(ranking points / 1000) with K ${p.k_start ?? p.k}/(n+5)^0.4`
    : '');
console.log('| Sport | Split | Matches fit / test | Parameters | Log loss fit | Log loss test |');
console.log('|---|---|---|---|---|---|');
const only = process.argv
  .find((a) => a.startsWith('--sports='))
  ?.slice(9)
  .split(',');
for (const t of tasks) {
  if (only && !only.includes(t.sport)) continue;
  const base = PREMATCH_PARAMS[t.sport];
  const now = score(t, base);
  if (t.sport === 'football') {
    // The parameters before the shots-on-target / K-boost / newcomer / ρ options (2026-12-02).
    const before: EloParams = { k: 40, home_advantage: 60, initial: 1500, mov: 'log', carryover: 0.6 };
    const b = score(t, before);
    console.log(
      `| football | ${t.split} | ${b.nFit} / ${b.nTest} | before: ${show(before)} | ${b.fit.toFixed(4)} | ${b.test.toFixed(4)} |`,
    );
  }
  const unseeded = t.seed ? score({ ...t, seed: undefined }, base) : null;
  let best = { params: base, ...now };
  for (const p of gridOf(base, t.grid)) {
    const s = score(t, p);
    if (s.fit < best.fit) best = { params: p, ...s };
  }
  const row = (label: string, p: EloParams, s: { fit: number; test: number }) =>
    console.log(
      `| ${t.sport} | ${t.split} | ${now.nFit} / ${now.nTest} | ${label}: ${show(p)} | ${s.fit.toFixed(4)} | ${s.test.toFixed(4)} |`,
    );
  if (unseeded) row('current, unseeded', base, unseeded);
  row('current', base, now);
  row('best on the fit part', best.params, best);
}
