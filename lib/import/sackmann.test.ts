import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tennisRules, project, replayEvents } from '@/lib/tennis/rules';
import { ImportError } from './errors';
import {
  formatSetScores,
  parseAtpScore,
  parsePbpDate,
  parseSackmannAtp,
  parseSackmannPbp,
  pbpMatchFormat,
} from './sackmann';

const DATA = fileURLToPath(new URL('../../datasets/tennis/', import.meta.url));
const ATP_TEXT = readFileSync(`${DATA}jeffsackmann-tennis_atp/atp_matches_2024.csv`, 'utf8');
const PBP_TEXT = readFileSync(`${DATA}jeffsackmann-tennis_pointbypoint/pbp_matches_atp_main_current.csv`, 'utf8');
const atp = parseSackmannAtp(ATP_TEXT);
const pbp = parseSackmannPbp(PBP_TEXT);
type Detail = {
  sets: [number, number][];
  set_tiebreaks: ({ home: number; away: number } | null)[];
  outcome: string;
  score: string;
  best_of: number;
};
const detail = (m: { result: { detail: Record<string, unknown> } | null }) => m.result!.detail as unknown as Detail;

describe('parseAtpScore', () => {
  it.each([
    [
      '6-4 6-3',
      [
        [6, 4, null],
        [6, 3, null],
      ],
      'completed',
    ],
    [
      '7-6(5) 6-4',
      [
        [7, 6, [7, 5]],
        [6, 4, null],
      ],
      'completed',
    ],
    [
      '6-7(10) 7-6(3) 6-2',
      [
        [6, 7, [10, 12]],
        [7, 6, [7, 3]],
        [6, 2, null],
      ],
      'completed',
    ],
    [
      '6-3 2-1 RET',
      [
        [6, 3, null],
        [2, 1, null],
      ],
      'retired',
    ],
    ['W/O', [], 'walkover'],
    [
      '6-7(4) 7-6(5) 6-5 DEF',
      [
        [6, 7, [4, 7]],
        [7, 6, [7, 5]],
        [6, 5, null],
      ],
      'default',
    ],
    [
      '6-7(6) 7-5 [10-7]',
      [
        [6, 7, [6, 8]],
        [7, 5, null],
        [1, 0, [10, 7]],
      ],
      'completed',
    ],
  ] as const)('%s', (score, sets, outcome) => {
    const r = parseAtpScore(score);
    expect(r.outcome).toBe(outcome);
    expect(r.sets.map((s) => [s.games[0], s.games[1], s.tiebreak])).toEqual(sets);
  });
  it.each(['', '6-4 abc', '6:4'])('"%s" → ImportError', (s) => expect(() => parseAtpScore(s)).toThrow(ImportError));
});

describe('parseSackmannAtp — atp_matches_2024.csv', () => {
  it('reads every row as a finished match with a unique key', () => {
    expect(atp).toHaveLength(3076);
    expect(new Set(atp.map((m) => m.source_key)).size).toBe(3076);
    expect(atp.every((m) => m.sport === 'tennis' && m.status === 'finished' && m.events.length === 0)).toBe(true);
  });

  it('Brisbane final: Dimitrov d. Rune 7-6(5) 6-4; home = lower player id', () => {
    const m = atp.find((x) => x.source_key === 'sackmann-atp/2024-0339/300')!;
    expect(m).toMatchObject({
      source: 'sackmann-atp',
      competition: 'atp-tour',
      season: '2024',
      round: 'F',
      kickoff: '2024-01-01T12:00:00Z',
      home_team: 'Grigor Dimitrov', // id 105777 < 208029
      away_team: 'Holger Rune',
      result: {
        home: 2,
        away: 0,
        winner: 'home',
        detail: {
          sets: [
            [7, 6],
            [6, 4],
          ],
          set_tiebreaks: [{ home: 7, away: 5 }, null],
          outcome: 'completed',
          best_of: 3,
        },
      },
      stats: {
        home: { aces: 8, double_faults: 2, service_games: 11, break_points_saved: 3, break_points_faced: 3 },
        away: { aces: 9, double_faults: 3, break_points_faced: 9 },
      },
    });
  });

  it('the winner is home exactly when the winner has the lower id (no result leak in home/away)', () => {
    const homeWins = atp.filter((m) => m.result!.winner === 'home').length;
    expect(homeWins).toBeGreaterThan(1000);
    expect(homeWins).toBeLessThan(2076);
    const ids = atp.map((m) => [Number(m.result!.detail.home_id), Number(m.result!.detail.away_id)]);
    expect(ids.every(([h, a]) => h < a)).toBe(true);
  });

  it('completed matches: the winner took ceil(best_of/2) sets, the loser fewer; retirements and walkovers flagged', () => {
    const byOutcome: Record<string, number> = {};
    const wrong: string[] = [];
    for (const m of atp) {
      const d = detail(m);
      byOutcome[d.outcome] = (byOutcome[d.outcome] ?? 0) + 1;
      if (d.outcome !== 'completed') continue;
      const r = m.result!;
      const w = r.winner === 'home' ? r.home : r.away;
      const l = r.winner === 'home' ? r.away : r.home;
      if (w !== Math.ceil(d.best_of / 2) || l >= w) wrong.push(`${m.source_key} ${d.score}`);
    }
    expect(byOutcome).toEqual({ completed: 2973, retired: 81, walkover: 20, default: 2 });
    expect(wrong).toEqual([]);
    // Upstream errata: three Davis Cup match tie-breaks written loser first ("4-6 7-5 [7-10]").
    const fixed = atp.filter((m) => (m.result!.detail.errata as string[]).length > 0);
    expect(fixed.map((m) => m.result!.detail.score)).toEqual(['4-6 7-5 [7-10]', '6-3 3-6 [8-10]', '6-7(5) 6-4 [6-10]']);
  });

  it('walkover: no sets, 0-0, winner set', () => {
    const wo = atp.find((m) => detail(m).outcome === 'walkover')!;
    expect(wo.result).toMatchObject({ home: 0, away: 0, detail: { sets: [] } });
    expect(wo.result!.winner).not.toBeNull();
  });

  it.each([
    ['empty file', '', /no data rows/],
    ['missing columns', 'a,b\n1,2\n', /lacks column/],
    [
      'bad score',
      ATP_TEXT.split('\n').slice(0, 2).join('\n').replace('7-6(5) 6-4', '7-6(5) 6-x'),
      /row 2 .*unreadable score token/,
    ],
    ['bad date', ATP_TEXT.split('\n').slice(0, 2).join('\n').replace('20240101', '2024-01-01'), /tourney_date/],
  ])('%s → ImportError', (_n, text, msg) => {
    expect(() => parseSackmannAtp(text)).toThrow(ImportError);
    expect(() => parseSackmannAtp(text)).toThrow(msg);
  });
});

describe('parseSackmannPbp — pbp_matches_atp_main_current.csv', () => {
  it('reads all 2,148 matches; the points replayed through the rules give the recorded score for every row', () => {
    expect(pbp).toHaveLength(2148);
    const mismatches: string[] = [];
    for (const m of pbp) {
      const d = detail(m);
      const computed = formatSetScores(d.sets, d.set_tiebreaks, m.result!.winner!);
      if (computed !== d.score) mismatches.push(`${m.source_key}: recorded ${d.score}, computed ${computed}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('the only unfinished rows are 4 Grand Slam retirements at the end of a set (score column has no RET)', () => {
    const retired = pbp.filter((m) => detail(m).outcome !== 'completed');
    expect(retired.map((m) => [m.source_key, detail(m).score])).toEqual([
      ['sackmann-pbp/10494150', '7-6(2) 6-4'],
      ['sackmann-pbp/11330786', '6-3 6-4'],
      ['sackmann-pbp/11360076', '6-1 6-1'],
      ['sackmann-pbp/11605746', '7-6(7) 6-1'],
    ]);
    expect(retired.every((m) => m.events.at(-1)!.type === 'retirement')).toBe(true);
  });

  it('every timeline replays through the tennis rules to the imported result', () => {
    const sample = pbp.filter((_, i) => i % 25 === 0);
    for (const m of sample) {
      const p = project(replayEvents(m.events));
      expect(p.status).toBe('finished');
      expect(p.score).toEqual({ home: m.result!.home, away: m.result!.away });
    }
  });

  it('first row: Ymer v Thompson 2-6 3-6 (Thompson won 6-3 6-2), ids, points, markers', () => {
    const m = pbp[0];
    expect(m).toMatchObject({
      source_key: 'sackmann-pbp/10434613',
      competition: 'atp-tour',
      season: '2017',
      kickoff: '2017-01-01T12:00:00Z',
      home_team: 'Elias Ymer',
      away_team: 'Jordan Thompson',
      result: {
        home: 0,
        away: 2,
        winner: 'away',
        detail: {
          sets: [
            [3, 6],
            [2, 6],
          ],
          outcome: 'completed',
          best_of: 3,
          final_set: 'tiebreak',
        },
      },
    });
    expect(m.events.slice(0, 5).map((e) => [e.event_id, e.type, e.side, e.detail.server])).toEqual([
      ['sackmann-pbp/10434613/start', 'match_start', null, undefined],
      ['sackmann-pbp/10434613/1.1.1', 'point', 'home', 'home'], // S
      ['sackmann-pbp/10434613/1.1.2', 'point', 'home', 'home'], // S
      ['sackmann-pbp/10434613/1.1.3', 'point', 'away', 'home'], // D
      ['sackmann-pbp/10434613/1.1.4', 'point', 'home', 'home'], // S
    ]);
    expect(m.events[3].detail.double_fault).toBe(true);
    const firstGame = m.events.find((e) => e.type === 'game_end')!;
    expect(firstGame).toMatchObject({
      event_id: 'sackmann-pbp/10434613/1.1/game',
      side: 'away',
      detail: { games: { home: 0, away: 1 }, break: true },
    });
    expect(m.events.filter((e) => e.type === 'set_end').map((e) => e.side)).toEqual(['away', 'away']);
    expect(new Set(m.events.map((e) => e.event_id)).size).toBe(m.events.length);
  });

  it('tie-breaks: "/" server changes agree with the rules, tiebreak_start precedes them', () => {
    const m = pbp.find((x) => x.source_key === 'sackmann-pbp/10593607')!; // Davis Cup, 5th-set tie-break 7-6(5)
    expect(detail(m)).toMatchObject({ score: '6-4 3-6 2-6 7-6(2) 7-6(5)', best_of: 5, final_set: 'tiebreak' });
    const tbs = m.events.filter((e) => e.type === 'tiebreak_start');
    expect(tbs.map((e) => e.event_id)).toEqual([
      'sackmann-pbp/10593607/4.13/tiebreak',
      'sackmann-pbp/10593607/5.13/tiebreak',
    ]);
  });

  it('2017 Australian Open advantage final set: 22-20 with no tie-break', () => {
    const m = pbp.find((x) => x.source_key === 'sackmann-pbp/10494157')!;
    expect(detail(m).sets.at(-1)).toEqual([22, 20]);
    expect(detail(m).set_tiebreaks.at(-1)).toBeNull();
  });

  it('stats from the points: aces, double faults, service games, break points', () => {
    const m = pbp[0];
    const pts = m.events.filter((e) => e.type === 'point');
    const aces = pts.filter((e) => e.detail.ace && e.detail.server === 'away').length;
    expect(m.stats!.away.aces).toBe(aces);
    const s = m.stats!;
    expect((s.home.service_games as number) + (s.away.service_games as number)).toBe(17);
    expect((s.home.break_points_faced as number) - (s.home.break_points_saved as number)).toBe(
      (s.home.service_games as number) - (s.home.service_games_won as number),
    );
    const noAdf = pbp.filter((x) => x.stats!.home.aces === null);
    expect(noAdf).toHaveLength(22);
  });

  it.each([
    ["Men'sAustralianOpen", 2017, 3, { best_of: 5, final_set: 'advantage' }],
    ["Gentlemen'sWimbledonSingles", 2019, 3, { best_of: 5, final_set: 'tiebreak_at_12' }],
    ["Men'sUSOpen", 2017, 3, { best_of: 5, final_set: 'tiebreak' }],
    ["Men'sFrenchOpen", 2022, 3, { best_of: 5, final_set: 'tiebreak_10' }],
    ['DavisCup', 2017, 3, { best_of: 5, final_set: 'tiebreak' }],
    ['DavisCup', 2017, 2, { best_of: 3, final_set: 'tiebreak' }],
    ['DavisCup-GroupsIIIandIV', 2017, 2, { best_of: 3, final_set: 'tiebreak' }],
    ['ATPBrisbane-BrisbaneInternational', 2017, 2, { best_of: 3, final_set: 'tiebreak' }],
  ] as const)('format of %s %i (winner sets %i)', (name, year, ws, want) =>
    expect(pbpMatchFormat(name, year, ws)).toEqual(want),
  );

  it.each([
    ['01 Jan 17', '2017-01-01'],
    ['30 Aug 17', '2017-08-30'],
  ])('date %s → %s', (a, b) => expect(parsePbpDate(a)).toBe(b));

  const header = PBP_TEXT.split('\n')[0];
  const row0 = PBP_TEXT.split('\n')[1];
  it.each([
    [
      'a point character',
      row0.replace('SSDSRRSRRR;', 'SSDSRRSRRX;'),
      /10434613: set 1 game 1: unknown point character "X"/,
    ],
    ['a game that ends too early', row0.replace('SSDSRRSRRR;', 'SSDSRRSRR;'), /10434613: set 1 game 1: the game ends/],
    [
      'a winner the points do not give',
      row0.replace(',2,SSDS', ',1,SSDS'),
      /the points give the match to away, the file to home/,
    ],
    ['a bad date', row0.replace('01 Jan 17', '2017-01-01'), /invalid date/],
  ])('%s → ImportError', (_n, row, msg) => {
    expect(() => parseSackmannPbp(`${header}\n${row}\n`)).toThrow(ImportError);
    expect(() => parseSackmannPbp(`${header}\n${row}\n`)).toThrow(msg);
  });

  it('the rules module accepts every event type the importer produces', () => {
    const types = new Set(pbp.flatMap((m) => m.events.map((e) => e.type)));
    expect([...types].every((t) => tennisRules.eventTypes.includes(t))).toBe(true);
  });
});
