import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImportedSportMatch, LiveProjection, SportEvent } from '../rules/contract';
import { rulesFor, type ContractSport } from '@/lib/match/registry';
import { parseCricsheet } from './cricsheet';
import { parseFiveThirtyEightNba, parseFiveThirtyEightNhl } from './fivethirtyeight';
import { parseRetrosheet } from './retrosheet';
import { formatSetScores, parseSackmannAtp, parseSackmannPbp } from './sackmann';
import {
  isPlayoffMatch,
  matchEvents,
  PACE,
  resultEvent,
  sportTimeline,
  typicalDurationSeconds,
} from './sport-timeline';
import { parseSuperRugby } from './superrugby';

const D = fileURLToPath(new URL('../../datasets/', import.meta.url));
const read = (p: string) => readFileSync(D + p, 'utf8');
const CRICKET = [
  't20s_json/1298179',
  't20s_json/1298178',
  'odis_json/1384430',
  'odis_json/1384428',
  'ipl_json/1370353',
];
const EVN = read('baseball/retrosheet/2016/2016CHN.EVN');
const SETS: Record<string, ImportedSportMatch[]> = {
  cricsheet: CRICKET.map(
    (f) => parseCricsheet(JSON.parse(read(`cricket/cricsheet/${f}.json`)), { matchId: f.split('/')[1] })[0],
  ),
  retrosheet: parseRetrosheet(EVN),
  'sackmann-atp': parseSackmannAtp(read('tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv')),
  'sackmann-pbp': parseSackmannPbp(read('tennis/jeffsackmann-tennis_pointbypoint/pbp_matches_atp_main_current.csv')),
  'fivethirtyeight-nba': parseFiveThirtyEightNba(read('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv')),
  'fivethirtyeight-nhl': parseFiveThirtyEightNhl(read('ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv')),
  superrugby: parseSuperRugby(read('rugby/superrugby/superrugby_raw.csv')),
};
const byKey = (set: string, key: string) => SETS[set].find((m) => m.source_key === key)!;

/** Folds events through the sport's rules (playoff variant from the round) from the initial state. */
function fold(m: ImportedSportMatch, events: readonly SportEvent[] = matchEvents(m)): LiveProjection {
  const rules = rulesFor(m.sport as ContractSport, { playoff: isPlayoffMatch(m) });
  return rules.project(events.reduce(rules.applyEvent, rules.initialState()));
}

/** Finished matches whose timeline does not fold to `finished` with the recorded score. */
function misfits(ms: ImportedSportMatch[]): string[] {
  const out: string[] = [];
  for (const m of ms) {
    if (m.status !== 'finished' || !m.result) continue;
    const p = fold(m);
    if (p.status !== 'finished' || p.score.home !== m.result.home || p.score.away !== m.result.away) {
      out.push(
        `${m.source_key} ${String(m.result.detail.score ?? '')}: ${p.status} ${p.score.home}-${p.score.away}, recorded ${m.result.home}-${m.result.away}`,
      );
    }
  }
  return out;
}

describe('sportTimeline: shape on every bundled match', () => {
  it.each(Object.keys(SETS).filter((k) => k !== 'sackmann-pbp'))(
    '%s: offsets ≥ 0, non-decreasing, duration = last offset; result only when played',
    (set) => {
      for (const m of SETS[set]) {
        const t = sportTimeline(m);
        const at = t.events.map((e) => e.at_s);
        expect(at.every((x, i) => Number.isFinite(x) && x >= 0 && (i === 0 || x >= at[i - 1]))).toBe(true);
        expect(t.duration_s).toBe(at.at(-1) ?? 0);
        expect(t.events.slice(0, m.events.length).map((e) => e.event)).toEqual(m.events);
        const extra = t.events.slice(m.events.length);
        expect(extra.length).toBeLessThanOrEqual(1);
        if (extra.length) expect(extra[0].event).toEqual(resultEvent(m));
        if (m.events.length === 0) expect(extra.length).toBe(m.result ? 1 : 0);
      }
    },
  );

  it('unplayed matches (the seven 2023 NBA Finals rows without scores) get no events', () => {
    const unplayed = SETS['fivethirtyeight-nba'].filter((m) => m.status === 'scheduled');
    expect(unplayed).toHaveLength(7);
    for (const m of unplayed) expect(sportTimeline(m)).toEqual({ events: [], duration_s: 0 });
  });
});

describe('matchEvents folded through rulesFor(sport, {playoff}) reach the recorded result', () => {
  it.each(['cricsheet', 'retrosheet', 'fivethirtyeight-nba', 'fivethirtyeight-nhl', 'superrugby'])(
    '%s: every finished match',
    (set) => {
      expect(misfits(SETS[set])).toEqual([]);
    },
  );

  it('sackmann-atp: every one of 3,076, Next Gen Finals sets (first to 4 games) included', () => {
    // Recorded results count every finished set whatever its length (lib/tennis/rules recordedSetsWon);
    // until issue 19 the 14 Next Gen Finals matches and one Davis Cup row ("4-6 6-3 4-0") were miscounted.
    expect(misfits(SETS['sackmann-atp'])).toEqual([]);
  });

  // Point-by-point: 2,148 matches, in four parts (each match is folded twice).
  it.each([0, 1, 2, 3])(
    'sackmann-pbp part %i: finished, recorded sets won, and set scores equal the score column',
    (part) => {
      const ms = SETS['sackmann-pbp'].filter((_, i) => i % 4 === part);
      const wrong: string[] = [];
      for (const m of ms) {
        const t = sportTimeline(m);
        expect(t.events.length).toBe(m.events.length); // the points alone decide every match
        const p = fold(
          m,
          t.events.map((e) => e.event),
        );
        const st = p.state as { sets: [number, number][]; set_tiebreaks: ({ home: number; away: number } | null)[] };
        const score = formatSetScores(st.sets, st.set_tiebreaks, m.result!.winner!);
        if (
          p.status !== 'finished' ||
          p.score.home !== m.result!.home ||
          p.score.away !== m.result!.away ||
          score !== m.result!.detail.score
        )
          wrong.push(m.source_key);
      }
      expect(wrong).toEqual([]);
    },
  );
});

describe('real matches, hand-checked', () => {
  it('T20 World Cup 2022 final (cricsheet 1298179): Pakistan 137/8, England 138/5 in 19 overs, England won by 5 wickets', () => {
    const m = byKey('cricsheet', 'cricsheet/1298179');
    const t = sportTimeline(m);
    expect(t.events.at(-1)!.event.event_id).toBe('cricsheet/1298179/result'); // the file's own result: nothing synthesized
    const p = fold(m);
    expect(p).toMatchObject({ status: 'finished', score: { home: 137, away: 138 } });
    const st = p.state as {
      innings: { runs: number; wickets: number; overs: string }[];
      result: Record<string, unknown>;
    };
    expect(st.innings.map((i) => [i.runs, i.wickets, i.overs])).toEqual([
      [137, 8, '20'],
      [138, 5, '19'],
    ]);
    expect(st.result).toMatchObject({ kind: 'win', winner: 'away', by: { wickets: 5 } });
    // Pacing: toss at 0, first ball 32 s later, the chase after a 20-minute interval, ~3 h in all.
    const at = (id: string) => t.events.find((e) => e.event.event_id === id)!.at_s;
    expect([at('cricsheet/1298179/toss'), at('cricsheet/1298179/1/0.1')]).toEqual([0, PACE.cricket.ball]);
    expect(at('cricsheet/1298179/2/start') - at('cricsheet/1298179/1/end')).toBe(PACE.cricket.interval_t20);
    expect(t.duration_s / 3600).toBeGreaterThan(2.75);
    expect(t.duration_s / 3600).toBeLessThan(3.5);
  });

  it('Cubs 2016 home opener (CHN201604110): runs by inning equal the published line score', () => {
    // Published (Reuters / MLB.com recaps, 11 Apr 2016): Reds 101 100 000 – 3; Cubs 000 000 23x – 5, Cubs 3 hits.
    const p = fold(byKey('retrosheet', 'retrosheet/CHN201604110'));
    expect(p).toMatchObject({ status: 'finished', score: { home: 5, away: 3 } });
    const st = p.state as { line_score: { home: number[]; away: number[] }; hits: { home: number } };
    expect(st.line_score).toEqual({ away: [1, 0, 1, 1, 0, 0, 0, 0, 0], home: [0, 0, 0, 0, 0, 0, 2, 3] });
    expect(st.hits.home).toBe(3);
  });

  it('Cubs 2016: timeline lengths agree with the recorded time of game (info,timeofgame)', () => {
    const minutes = EVN.split(/\r?\n/)
      .filter((l) => l.startsWith('info,timeofgame,'))
      .map((l) => Number(l.split(',')[2]));
    const ratios = SETS.retrosheet.map((m, i) => sportTimeline(m).duration_s / 60 / minutes[i]);
    expect(ratios).toHaveLength(81);
    expect(ratios.reduce((a, b) => a + b) / ratios.length).toBeCloseTo(1, 1);
    expect(ratios.every((r) => r > 0.85 && r < 1.15)).toBe(true);
  });

  it('tennis point by point: 35 s a point, changeovers after odd games, a set break', () => {
    const m = SETS['sackmann-pbp'][0]; // Ymer v Thompson, Thompson won 6-3 6-2
    const t = sportTimeline(m);
    const at = (id: string) => t.events.find((e) => e.event.event_id === `${m.source_key}/${id}`)!.at_s;
    expect(at('1.1.1')).toBe(PACE.tennis.point);
    const g1 = t.events.findIndex((e) => e.event.event_id === `${m.source_key}/1.1/game`);
    expect([t.events[g1 - 1].event.type, t.events[g1].at_s]).toEqual(['point', t.events[g1 - 1].at_s]); // markers take no time
    expect(at('1.2.1') - at('1.1/game')).toBe(PACE.tennis.first_game_change + PACE.tennis.point);
    expect(at('1.3.1') - at('1.2/game')).toBe(PACE.tennis.between_games + PACE.tennis.point);
    expect(at('1.4.1') - at('1.3/game')).toBe(PACE.tennis.changeover + PACE.tennis.point);
    expect(at('2.1.1') - at('1/set')).toBe(PACE.tennis.set_break + PACE.tennis.point);
  });

  it('NBA results only: the recorded final at 2 h 15 min; playoff rounds are playoffs', () => {
    const m = byKey('fivethirtyeight-nba', 'fivethirtyeight-nba/2022-10-18/BOS/PHI');
    expect(sportTimeline(m)).toEqual({ events: [{ at_s: 8100, event: resultEvent(m) }], duration_s: 8100 });
    expect(resultEvent(m)).toMatchObject({
      event_id: 'fivethirtyeight-nba/2022-10-18/BOS/PHI#result',
      type: 'result',
      side: null,
      detail: { home: 126, away: 117 },
    });
    expect(fold(m)).toMatchObject({ status: 'finished', period: 'final', score: { home: 126, away: 117 } });
    expect([
      isPlayoffMatch(m),
      isPlayoffMatch(SETS['fivethirtyeight-nba'].find((x) => x.round === 'First Round')!),
    ]).toEqual([false, true]);
  });

  it('NHL results only: OT and SO decisions and playoff overtimes reach the rules’ result', () => {
    for (const m of SETS['fivethirtyeight-nhl']) {
      const d = m.result!.detail as { decision: string; overtimes: number };
      const r = fold(m).state.result as { home: number; away: number; decision: string; overtimes: number };
      expect([r.home, r.away, r.decision, r.overtimes]).toEqual([
        m.result!.home,
        m.result!.away,
        d.decision,
        d.overtimes,
      ]);
    }
    const twoOt = byKey('fivethirtyeight-nhl', 'fivethirtyeight-nhl/2023-04-17/DAL/MIN'); // Wild won 3–2 in 2OT
    expect(isPlayoffMatch(twoOt)).toBe(true);
    expect(sportTimeline(twoOt).duration_s).toBe(9000 + 2 * 2400);
    const so = SETS['fivethirtyeight-nhl'].find((m) => m.round === null && m.result!.detail.decision === 'SO')!;
    expect([typicalDurationSeconds(so), fold(so).status]).toEqual([10200, 'finished']);
  });

  it('Super Rugby and ATP results: the result at 1 h 45 min / the recorded minutes', () => {
    const final = SETS.superrugby[0]; // 1996 final, Blues 45–21 Natal
    expect(sportTimeline(final).duration_s).toBe(6300);
    expect(fold(final)).toMatchObject({
      status: 'finished',
      score: { home: 45, away: 21 },
      state: { tries: { home: 6, away: 2 } },
    });
    const brisbane = byKey('sackmann-atp', 'sackmann-atp/2024-0339/300');
    expect(sportTimeline(brisbane).duration_s).toBe(Number(brisbane.result!.detail.minutes) * 60);
    expect(fold(brisbane)).toMatchObject({
      status: 'finished',
      score: { home: 2, away: 0 },
      state: {
        sets: [
          [7, 6],
          [6, 4],
        ],
      },
    });
  });
});
