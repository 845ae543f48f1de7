/**
 * The recorded log of results-only football (football-data.co.uk rows: half-time and final score,
 * no goal times) prices half time at the half-time score the file records. Before, the calibration
 * bench priced every such half time at 0-0 (Burnley 0-2 Man City at the break read as level).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayEvents } from '../football/rules';
import { parseFootballData } from '../import/football-data';
import { parseOpenfootball } from '../import/openfootball';
import type { ImportedMatch } from '../import/types';
import type { SourceEvent } from '../match/events';
import { footballWin } from './goals-model';
import { prematchProbabilities } from './prematch';
import { isHalfTimeFill, recordedLog, recordedSeries } from './recorded-log';

const DATA = `${__dirname}/../../datasets/`;
const read = (p: string) => readFileSync(DATA + p, 'utf8');
const pl = parseFootballData(read('football/football-data.co.uk/2324/E0.csv'));
const leagues = [
  ...pl,
  ...parseFootballData(read('football/football-data.co.uk/2425/E0.csv')),
  ...parseFootballData(read('football/football-data.co.uk/2425/D1.csv')),
];
const pre = prematchProbabilities(
  'football',
  pl.map((m) => ({
    fixture_id: m.source_key,
    kickoff: m.kickoff,
    competition: m.competition,
    home: m.home_team,
    away: m.away_team,
    home_score: m.result!.ft[0],
    away_score: m.result!.ft[1],
    winner: m.result!.ft[0] > m.result!.ft[1] ? 'home' : m.result!.ft[0] < m.result!.ft[1] ? 'away' : null,
    finished: true,
  })),
);
const ctxOf = (m: ImportedMatch) => ({ sport: 'football' as const, prematch: pre.get(m.source_key)!, knockout: false });

describe('recordedLog (results-only football)', () => {
  const m = pl.find((x) => x.home_team === 'Burnley' && x.away_team === 'Man City')!;

  it('prices the half time of Burnley v Man City (2023-08-11) at the recorded 0-2, not 0-0', () => {
    expect(m.result?.ht).toEqual([0, 2]);
    const halfTime = (halfTimeScore: boolean) =>
      recordedSeries(ctxOf(m), m, { halfTimeScore }).find((p) => p.event?.type === 'period_end')!;
    const filled = halfTime(true);
    const level = halfTime(false);
    // The season's first match: both sides rated 1500, Burnley at home (pre-match 0.45 / 0.27 /
    // 0.28). Two goals up at the break Man City win 0.80; read as 0-0 they were 0.25.
    expect(filled.away).toBeGreaterThan(0.75);
    expect(level.away).toBeLessThan(0.3);
    expect(filled.clock.label).toBe("45'+2");
    // The filled goals are marked in the log, their points left out: pre-match, kickoff, half
    // time, second-half kickoff (both at 0-2), the result (Man City).
    const log = recordedLog(m, { halfTimeScore: true });
    expect(log.filter((e) => isHalfTimeFill(e.event.event_id)).map((e) => e.event.side)).toEqual(['away', 'away']);
    const series = recordedSeries(ctxOf(m), m, { halfTimeScore: true });
    expect(series.map((p) => p.event?.type ?? null)).toEqual([
      null,
      'period_start',
      'period_end',
      'period_start',
      'result',
    ]);
    expect(series[3].away).toBeGreaterThan(0.75);
    expect(series.at(-1)!.away).toBeGreaterThan(1 - 1e-6);
  });

  it('every bundled league row: the state at the half-time whistle has the half-time score the file records', () => {
    let checked = 0;
    for (const x of leagues) {
      if (!x.result?.ht) continue;
      const log = recordedLog(x, { halfTimeScore: true });
      const upTo = log.findIndex((e) => e.event.type === 'period_end' && e.event.period === '1st_half');
      const s = replayEvents(
        log.slice(0, upTo + 1).map((e) => ({ ...(e.event as SourceEvent), occurred_at: e.occurred_at })),
      );
      expect(s.halftime_score, x.source_key).toEqual({ home: x.result!.ht![0], away: x.result!.ht![1] });
      checked++;
    }
    expect(checked).toBe(1065);
  });

  it('a row without a half-time score (Union Berlin v Bochum 2024-12-14, interrupted) keeps kickoff and result only', () => {
    const x = leagues.filter((r) => !r.result?.ht);
    expect(x.map((r) => r.source_key)).toEqual(['football-data/D1/2024-25/2024-12-14/Union Berlin/Bochum']);
    const p = prematchProbabilities('football', [
      {
        fixture_id: 1,
        kickoff: x[0].kickoff,
        home: 'Union Berlin',
        away: 'Bochum',
        home_score: 0,
        away_score: 0,
        winner: null,
        finished: false,
      },
    ]).get(1)!;
    const series = recordedSeries({ sport: 'football', prematch: p, knockout: false }, x[0], { halfTimeScore: true });
    expect(series.map((s) => s.event?.type ?? null)).toEqual([null, 'period_start', 'result']);
    expect(series.at(-1)!.away).toBeGreaterThan(1 - 1e-6);
  });

  it('at kickoff the in-play model gives the pre-match 1X2 of every 2023-24 row (the same Dixon–Coles ρ)', () => {
    // Before, the in-play model dropped the pre-match ρ (−0.05): the kickoff point moved ~1 point
    // of probability from the draw for no event at all.
    for (const x of pl) {
      const before = ctxOf(x).prematch;
      const kickoff = footballWin(
        before.goal_rates!,
        { minute: 0, period: '1st_half', score: { home: 0, away: 0 } },
        false,
      );
      for (const k of ['home', 'draw', 'away'] as const) expect(kickoff[k]).toBeCloseTo(before[k]!, 9);
    }
  });

  it('leaves a match with its goals in the log unchanged (World Cup 2022 final)', () => {
    const wc = parseOpenfootball(JSON.parse(read('football/openfootball-worldcup.json/2022/worldcup.json')), {
      competition: 'world-cup',
      season: '2022',
      timezone: 'Asia/Qatar',
      sourceName: 'worldcup',
    });
    const final = wc.find((x) => x.round === 'Final')!;
    expect(recordedLog(final, { halfTimeScore: true })).toEqual(recordedLog(final));
  });
});
