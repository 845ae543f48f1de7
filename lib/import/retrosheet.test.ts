import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ImportError } from './errors';
import { parseRetrosheet, parseRetrosheetEvent, RETROSHEET_TEAMS, type RetrosheetEarnedRuns } from './retrosheet';
import type { Advance } from '../baseball/types';

const FILE = fileURLToPath(new URL('../../datasets/baseball/retrosheet/2016/2016CHN.EVN', import.meta.url));
const text = readFileSync(FILE, 'utf8');
const games = parseRetrosheet(text);
const game = (id: string) => {
  const g = games.find((m) => m.source_key === `retrosheet/${id}`);
  if (!g) throw new Error(`no game ${id}`);
  return g;
};
type Detail = {
  line_score: { home: number[]; away: number[] };
  hits: { home: number; away: number };
  errors: { home: number; away: number };
  innings: number;
  called: boolean;
  winning_pitcher: { id: string; name: string } | null;
  losing_pitcher: { id: string; name: string } | null;
  save: { id: string; name: string } | null;
  earned_runs: RetrosheetEarnedRuns[];
};
const detailOf = (id: string) => game(id).result!.detail as unknown as Detail;

const adv = (from: Advance['from'], to: Advance['to'], out = false, extra: Partial<Advance> = {}): Advance => ({
  from,
  to,
  out,
  ...extra,
});
const sortAdv = (a: Advance[]) => [...a].sort((x, y) => x.from.localeCompare(y.from));

describe('parseRetrosheetEvent (codes as they appear in 2016CHN.EVN)', () => {
  it.each<[string, string, boolean, Advance[], number]>([
    ['S49/L-', 'single', true, [adv('B', '1')], 0],
    ['S7/L.1-3;B-2(TH)', 'single', true, [adv('1', '3'), adv('B', '2')], 0],
    ['63/G.3-H', 'out', true, [adv('3', 'H'), adv('B', '1', true)], 0],
    ['K', 'strikeout', true, [adv('B', '1', true)], 0],
    ['K23', 'strikeout', true, [adv('B', '1', true)], 0],
    ['HR/7/F', 'home_run', true, [adv('B', 'H')], 0],
    ['HR/78/F.2-H;1-H', 'home_run', true, [adv('2', 'H'), adv('1', 'H'), adv('B', 'H')], 0],
    ['HR/7/F.B-H(UR)', 'home_run', true, [adv('B', 'H', false, { earned: false })], 0],
    ['46(1)3/GDP', 'out', true, [adv('1', '2', true), adv('B', '1', true)], 0],
    [
      '54(1)/FO/G.3-H;2-H(UR)(E4/TH)(NR)',
      'out',
      true,
      [adv('1', '2', true), adv('3', 'H'), adv('2', 'H', false, { earned: false, rbi: false }), adv('B', '1')],
      1,
    ],
    ['3(B)3636(1)/GDP', 'out', true, [adv('1', '2', true), adv('B', '1', true)], 0],
    ['FC2/G.2X3(265);B-2(TH)', 'fielders_choice', true, [adv('2', '3', true), adv('B', '2')], 0],
    ['E5/G.B-2', 'error', true, [adv('B', '2')], 1],
    [
      'E5/G.3-H(NR)(UR);2-H(UR);1-3;B-2(TH)',
      'error',
      true,
      [
        adv('3', 'H', false, { earned: false, rbi: false }),
        adv('2', 'H', false, { earned: false }),
        adv('1', '3'),
        adv('B', '2'),
      ],
      1,
    ],
    ['WP.1-2', 'wild_pitch', false, [adv('1', '2')], 0],
    ['WP.3-H(NR);1-2', 'wild_pitch', false, [adv('3', 'H', false, { rbi: false }), adv('1', '2')], 0],
    ['SB3', 'stolen_base', false, [adv('2', '3')], 0],
    ['SB3;SB2', 'stolen_base', false, [adv('2', '3'), adv('1', '2')], 0],
    ['K+SB2.1-3(E2/TH)', 'strikeout', true, [adv('B', '1', true), adv('1', '3')], 1],
    ['K+WP.2-3;B-1', 'strikeout', true, [adv('2', '3'), adv('B', '1')], 0],
    ['K+CS2(26)/DP', 'strikeout', true, [adv('B', '1', true), adv('1', '2', true)], 0],
    ['K+PO2(E2/TH).2-3;1-2', 'strikeout', true, [adv('B', '1', true), adv('2', '3'), adv('1', '2')], 1],
    ['CS2(26)', 'caught_stealing', false, [adv('1', '2', true)], 0],
    ['CSH(132)/MREV', 'caught_stealing', false, [adv('3', 'H', true)], 0],
    ['PO1(13)', 'pickoff', false, [adv('1', '1', true)], 0],
    ['PO2(E1).2-3', 'pickoff', false, [adv('2', '3')], 1],
    ['POCS2(136)', 'caught_stealing', false, [adv('1', '2', true)], 0],
    ['W+PB.2-3', 'walk', true, [adv('B', '1'), adv('2', '3')], 0],
    ['IW', 'intentional_walk', true, [adv('B', '1')], 0],
    ['HP', 'hit_by_pitch', true, [adv('B', '1')], 0],
    ['DGR/8/F.1-3', 'double', true, [adv('B', '2'), adv('1', '3')], 0],
    ['FLE3', 'foul_error', false, [], 1],
    ['S/BR/G.2X3(6)', 'single', true, [adv('B', '1'), adv('2', '3', true)], 0],
    ['6!/P', 'out', true, [adv('B', '1', true)], 0],
    ['OA/MREV', 'other_advance', false, [], 0],
    ['BK.1-2', 'balk', false, [adv('1', '2')], 0],
    [
      'D8/L+.2-H;1-H;B-H(UR)(E6/TH)',
      'double',
      true,
      [adv('2', 'H'), adv('1', 'H'), adv('B', 'H', false, { earned: false })],
      1,
    ],
    ['S9/G.1X3(5E6)', 'single', true, [adv('B', '1'), adv('1', '3')], 1], // out cancelled by the error
  ])('%s', (code, outcome, endsPa, advances, errors) => {
    const p = parseRetrosheetEvent(code);
    expect(p.outcome).toBe(outcome);
    expect(p.ends_plate_appearance).toBe(endsPa);
    expect(sortAdv(p.advances)).toEqual(sortAdv(advances));
    expect(p.errors).toBe(errors);
  });
  it.each(['XYZ', 'S7.1+3', 'K+ZZ'])('rejects %s', (code) => {
    expect(() => parseRetrosheetEvent(code)).toThrow(ImportError);
  });
});

describe('parseRetrosheet on 2016CHN.EVN (Cubs 2016 home games)', () => {
  it('parses all 81 games, finished, with teams, venue, Chicago local start times', () => {
    expect(games).toHaveLength(81);
    expect(new Set(games.map((g) => g.source_key)).size).toBe(81);
    for (const g of games) {
      expect(g).toMatchObject({
        sport: 'baseball',
        source: 'retrosheet',
        competition: 'mlb',
        season: '2016',
        home_team: 'Chicago Cubs',
        venue: 'Wrigley Field',
        status: 'finished',
      });
      expect(Object.values(RETROSHEET_TEAMS).map((t) => t.name)).toContain(g.away_team);
      expect(g.kickoff).toMatch(/^2016-\d\d-\d\dT\d\d:\d\d:00Z$/);
    }
    // 7:06PM CDT (UTC-5) on 2016-04-11 → 00:06Z the next day.
    expect(game('CHN201604110').kickoff).toBe('2016-04-12T00:06:00Z');
  });

  it('event ids are retrosheet/<game id>/<n>, unique and in order', () => {
    for (const g of games) {
      const id = g.source_key.slice('retrosheet/'.length);
      g.events.forEach((e, i) => expect(e.event_id).toBe(`retrosheet/${id}/${i + 1}`));
    }
  });

  it('every game reaches a valid final state: 9+ innings, a winner, and info,wp/lp on the right sides', () => {
    let homeWins = 0;
    for (const g of games) {
      const d = g.result!.detail as unknown as Detail;
      expect(d.called).toBe(false);
      expect(d.innings).toBeGreaterThanOrEqual(9);
      expect(g.result!.winner).not.toBeNull();
      expect(d.line_score.away).toHaveLength(d.innings);
      // The home team bats in the last inning only when it was behind or level after the top half.
      expect(d.line_score.home.length === d.innings || g.result!.winner === 'home').toBe(true);
      expect(d.line_score.home.reduce((a, b) => a + b, 0)).toBe(g.result!.home);
      expect(d.line_score.away.reduce((a, b) => a + b, 0)).toBe(g.result!.away);
      // The winning pitcher pitched for the winner, the losing pitcher for the loser (both appear in start/sub records).
      const sideOf = (id: string | undefined) => d.earned_runs.find((x) => x.pitcher_id === id)?.side;
      expect(sideOf(d.winning_pitcher?.id)).toBe(g.result!.winner);
      expect(sideOf(d.losing_pitcher?.id)).toBe(g.result!.winner === 'home' ? 'away' : 'home');
      if (g.result!.winner === 'home') homeWins++;
    }
    // Published: the 2016 Cubs went 57–24 at Wrigley Field.
    expect([homeWins, 81 - homeWins]).toEqual([57, 24]);
  });

  it('runs derived from the advances agree with the official earned runs (data,er) in every game', () => {
    for (const g of games) {
      const earnedAgainst = { home: 0, away: 0 };
      for (const e of g.events) {
        if (e.type !== 'plate_appearance' && e.type !== 'base_running') continue;
        const runs = (e.detail.advances as Advance[]).filter(
          (a) => a.to === 'H' && !a.out && a.earned !== false,
        ).length;
        earnedAgainst[e.side === 'home' ? 'away' : 'home'] += runs;
      }
      const er = { home: 0, away: 0 };
      for (const x of (g.result!.detail as unknown as Detail).earned_runs) er[x.side] += x.er;
      expect(er, g.source_key).toEqual(earnedAgainst);
    }
  });

  // Published line scores (box scores and wire reports of these games).
  it.each([
    {
      name: 'home opener 2016-04-11: Reds 3, Cubs 5 (Russell 3-run HR in the 8th; W Warren, L Cingrani, S Rondón)',
      id: 'CHN201604110',
      away: [1, 0, 1, 1, 0, 0, 0, 0, 0],
      home: [0, 0, 0, 0, 0, 0, 2, 3],
      hits: { away: 7, home: 3 },
      wp: 'Adam Warren',
      lp: 'Tony Cingrani',
      save: 'Hector Rondon',
    },
    {
      name: '2016-05-08: Nationals 3, Cubs 4 in 13 (Báez walk-off HR)',
      id: 'CHN201605080',
      away: [0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
      home: [0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 1],
    },
    {
      name: '2016-07-31: Mariners 6, Cubs 7 in 12 (from 0–6 down; Lester walk-off squeeze)',
      id: 'CHN201607310',
      away: [2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      home: [0, 0, 0, 0, 2, 0, 1, 0, 3, 0, 0, 1],
    },
  ])('$name', (c) => {
    const d = detailOf(c.id);
    expect(d.line_score).toEqual({ home: c.home, away: c.away });
    if (c.hits) expect(d.hits).toEqual(c.hits);
    if (c.wp) expect([d.winning_pitcher?.name, d.losing_pitcher?.name, d.save?.name]).toEqual([c.wp, c.lp, c.save]);
  });

  it('the walk-off ends the game on the play (no half_inning_end after it, only the closing result)', () => {
    const g = game('CHN201605080');
    expect(g.events.at(-1)!).toMatchObject({ type: 'result', detail: { home: 4, away: 3, innings: 13 } });
    const last = g.events.at(-2)!;
    expect(last).toMatchObject({ type: 'plate_appearance', side: 'home', player: 'Javier Baez', period: 'bottom_13' });
    expect(last.detail.outcome).toBe('home_run');
  });

  it('substitutions and pitching changes carry the batting slot and position', () => {
    const g = game('CHN201604110');
    const szczur = g.events.find((e) => e.player === 'Matt Szczur')!;
    expect(szczur).toMatchObject({
      type: 'substitution',
      side: 'home',
      period: 'bottom_7',
      detail: { player_id: 'szczm001', batting_order: 9, position: 11 },
    });
    const i = g.events.findIndex((e) => e.type === 'pitching_change' && e.player === 'Tony Cingrani');
    expect(g.events[i]).toMatchObject({ side: 'away', period: 'bottom_7' });
    const heyward = g.events.slice(i).find((e) => e.type === 'plate_appearance' && e.player === 'Jason Heyward')!;
    expect(heyward.detail).toMatchObject({
      pitcher: 'Tony Cingrani',
      pitcher_id: 'cingt001',
      code: 'S9/L.3-H;2-H;1-3',
      count: '02',
    });
  });

  it('rejects unknown records and impossible plays with ImportError naming the game', () => {
    const head = text.split('\n').slice(0, 60).join('\n');
    expect(() =>
      parseRetrosheet(head.replace('play,1,0,cozaz001,21,BBFX,S49/L-', 'play,1,0,cozaz001,21,BBFX,S49/L-.2-3')),
    ).toThrow(/CHN201604110.*no runner on base 2/);
    expect(() => parseRetrosheet('bogus,1\n')).toThrow(ImportError);
    expect(() => parseRetrosheet(head.replace('info,visteam,CIN', 'info,visteam,XXX'))).toThrow(
      /unknown team code XXX/,
    );
  });
});
