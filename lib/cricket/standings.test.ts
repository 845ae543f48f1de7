import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCricsheet } from '@/lib/import/cricsheet';
import type { ImportedSportMatch } from '@/lib/rules/contract';
import { computeCricketStandings, CRICKET_POINTS } from './standings';

const DATA = fileURLToPath(new URL('../../datasets/cricket/cricsheet/', import.meta.url));
const load = (p: string): ImportedSportMatch =>
  parseCricsheet(JSON.parse(readFileSync(`${DATA}${p}.json`, 'utf8')), { matchId: p.split('/')[1] })[0];
const odis = ['odis_json/1384430', 'odis_json/1384428'].map(load);

/** A synthetic finished match with two 20-over innings (for outcomes the data lacks). */
function synthetic(
  home: string,
  away: string,
  kind: string,
  winner: 'home' | 'away' | null,
  runs: [number, number] = [150, 150],
): ImportedSportMatch {
  return {
    ...odis[0],
    source_key: `x/${home}/${away}/${kind}`,
    home_team: home,
    away_team: away,
    result: {
      home: runs[0],
      away: runs[1],
      winner,
      detail: {
        kind,
        method: null,
        target: null,
        innings:
          kind === 'no_result'
            ? []
            : [
                { side: 'home', runs: runs[0], legal_balls: 120, overs_limit: 20, all_out: false, super_over: false },
                { side: 'away', runs: runs[1], legal_balls: 120, overs_limit: 20, all_out: false, super_over: false },
              ],
      },
    },
  };
}

describe('computeCricketStandings', () => {
  it('ODI World Cup 2023 (two matches): points and ICC net run rate, all-out charged the full 50 overs', () => {
    const t = computeCricketStandings(odis);
    expect(t.map((r) => [r.position, r.team, r.played, r.won, r.lost, r.points, r.net_run_rate])).toEqual([
      [1, 'India', 1, 1, 0, 2, 4.86], // 326/50 − 83/50 (SA 83 all out in 27.1 → 50 overs)
      [2, 'Australia', 1, 1, 0, 2, 0.436], // 293/(281/6) − 291/50
      [3, 'Afghanistan', 1, 0, 1, 0, -0.436],
      [4, 'South Africa', 1, 0, 1, 0, -4.86],
    ]);
    expect(t.find((r) => r.team === 'South Africa')).toMatchObject({ runs_for: 83, balls_faced: 300 });
  });

  it('D/L: the side batting first is credited with target − 1 from the revised overs (IPL 2023 final)', () => {
    const t = computeCricketStandings([load('ipl_json/1370353')]);
    expect(t.find((r) => r.team === 'Chennai Super Kings')).toMatchObject({
      runs_for: 171,
      balls_faced: 90,
      runs_against: 170,
      balls_bowled: 90,
      net_run_rate: 0.067,
      points: 2,
    });
    expect(t.find((r) => r.team === 'Gujarat Titans')).toMatchObject({
      runs_for: 170,
      balls_faced: 90,
      net_run_rate: -0.067,
      points: 0,
    });
  });

  it.each([
    ['tie', null, { tied: 1, points: CRICKET_POINTS.tie }, { tied: 1, points: 1 }],
    [
      'no_result',
      null,
      { no_result: 1, points: CRICKET_POINTS.no_result, net_run_rate: null },
      { no_result: 1, points: 1 },
    ],
    ['tie', 'away', { lost: 1, points: 0 }, { won: 1, points: 2 }], // super-over winner
  ] as const)('%s (winner %s)', (kind, winner, home, away) => {
    const t = computeCricketStandings([synthetic('A', 'B', kind, winner)]);
    expect(t.find((r) => r.team === 'A')).toMatchObject({ played: 1, ...home });
    expect(t.find((r) => r.team === 'B')).toMatchObject({ played: 1, ...away });
  });

  it('superOverIsTie: a tie stays 1 point each', () => {
    const t = computeCricketStandings([synthetic('A', 'B', 'tie', 'away')], { superOverIsTie: true });
    expect(t.map((r) => r.points)).toEqual([1, 1]);
  });
});
