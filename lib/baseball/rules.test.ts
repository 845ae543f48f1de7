import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRetrosheet } from '../import/retrosheet';
import { RuleError, type SportEvent } from '../rules/contract';
import { applyEvent, baseballRules, initialState, parseHalf, project, replayEvents } from './rules';
import { BASEBALL_PERIODS, type BaseballState } from './types';
import { eventBuilder } from '../rules/test-events';

const FILE = fileURLToPath(new URL('../../datasets/baseball/retrosheet/2016/2016CHN.EVN', import.meta.url));
const games = parseRetrosheet(readFileSync(FILE, 'utf8'));
const game = (id: string) => games.find((g) => g.source_key === `retrosheet/${id}`)!;

/** States after each event of a real game. */
function states(id: string): { events: SportEvent[]; after: BaseballState[] } {
  const events = game(id).events;
  const after: BaseballState[] = [];
  let s = initialState();
  for (const e of events) after.push((s = applyEvent(s, e)));
  return { events, after };
}

const ev = eventBuilder('t');
const pa = (side: 'home' | 'away', outcome: string, advances: unknown[], player = 'X', errors = 0) =>
  ev('plate_appearance', side, { outcome, advances, errors }, { player });
const out = (side: 'home' | 'away') => pa(side, 'out', [{ from: 'B', to: '1', out: true }]);
const threeOuts = (side: 'home' | 'away') => [out(side), out(side), out(side)];

describe('baseball rules on real games (Retrosheet 2016CHN.EVN)', () => {
  it.each([
    {
      id: 'CHN201604110',
      score: { home: 5, away: 3 },
      innings: 9,
      homeHalves: 8,
      lastOuts: 3,
      name: 'bottom of the 9th not played (home ahead)',
    },
    {
      id: 'CHN201605080',
      score: { home: 4, away: 3 },
      innings: 13,
      homeHalves: 13,
      lastOuts: 1,
      name: 'walk-off home run in the 13th',
    },
    {
      id: 'CHN201607310',
      score: { home: 7, away: 6 },
      innings: 12,
      homeHalves: 12,
      lastOuts: 1,
      name: 'walk-off squeeze in the 12th',
    },
    {
      id: 'CHN201607070',
      score: { home: 3, away: 4 },
      innings: 11,
      homeHalves: 11,
      lastOuts: 3,
      name: 'extra innings, visitors win in the 11th',
    },
  ])('$id: $name', ({ id, score, innings, homeHalves, lastOuts }) => {
    const { events, after } = states(id);
    const final = after.at(-1)!;
    const p = project(final);
    expect(p).toMatchObject({ score, minute: 0, period: 'final', status: 'finished' });
    expect(final.inning).toBe(innings);
    expect(final.outs).toBe(lastOuts);
    expect(final.line_score.home).toHaveLength(homeHalves);
    expect(final.line_score.away).toHaveLength(innings);
    // The game finishes on its last play, never earlier; the importer's closing result (the
    // scorer's decisions and earned runs) follows it and changes neither score nor innings.
    expect(after.findIndex((s) => s.status === 'finished')).toBe(events.length - 2);
    expect(events.at(-1)!.type).toBe('result');
    expect(project(after.at(-2)!).score).toEqual(score);
    // Every half before the last ended with three outs, through a break period.
    const breaks = after.filter((s, i) => s.status === 'break' && after[i - 1]?.status === 'in_play');
    expect(breaks.every((s) => s.outs === 3)).toBe(true);
    expect(breaks).toHaveLength(innings + homeHalves - 1); // the last half ends the game, not in a break
    // Replaying gives the same state; the input state is never mutated.
    expect(replayEvents(events)).toEqual(final);
  });

  it('home opener: state after the Heyward single in the 7th (2 runs, runner to 3rd) and the pinch runner slot', () => {
    const { events, after } = states('CHN201604110');
    const i = events.findIndex(
      (e) => e.type === 'plate_appearance' && e.player === 'Jason Heyward' && e.period === 'bottom_7',
    );
    const p = project(after[i]);
    expect(p.score).toEqual({ home: 2, away: 3 });
    expect(p.period).toBe('bottom_7');
    expect(p.state).toMatchObject({
      inning: 7,
      half: 'bottom',
      outs: 2,
      bases: { first: 'Jason Heyward', second: null, third: 'Dexter Fowler' },
      batter: 'Jason Heyward',
      pitcher: 'Tony Cingrani',
    });
    expect(after[i].line_score.home[6]).toBe(2);
    // Pinch hitter Szczur walked (he stays on base as Szczur) and scored on the Heyward single.
    const w = events.findIndex((e) => e.player === 'Matt Szczur' && e.type === 'plate_appearance');
    expect(after[w].bases.first).toBe('Matt Szczur');
  });

  it('periods: middle/end breaks between halves; hits and errors counted per team', () => {
    const { after } = states('CHN201604110');
    const periods = [...new Set(after.map((s) => s.period))];
    expect(periods.slice(0, 6)).toEqual(['not_started', 'top_1', 'middle_1', 'bottom_1', 'end_1', 'top_2']);
    expect(periods.every((p) => BASEBALL_PERIODS.includes(p))).toBe(true);
    const final = after.at(-1)!;
    expect(final.hits).toEqual({ home: 3, away: 7 });
    expect(final.errors).toEqual({ home: 0, away: 1 }); // E5/G in the 6th: the Reds' third baseman
  });
});

describe('baseball rules: edge cases', () => {
  it('walk-off ends the game mid-inning; later plays are refused', () => {
    let s = initialState();
    for (let inning = 1; inning <= 9; inning++) {
      for (const e of threeOuts('away')) s = applyEvent(s, e);
      if (inning < 9) for (const e of threeOuts('home')) s = applyEvent(s, e);
    }
    expect(s.period).toBe('middle_9');
    s = applyEvent(s, pa('home', 'double', [{ from: 'B', to: '2', out: false }], 'Bryant'));
    s = applyEvent(
      s,
      pa(
        'home',
        'single',
        [
          { from: 'B', to: '1', out: false },
          { from: '2', to: 'H', out: false },
        ],
        'Rizzo',
      ),
    );
    expect(project(s)).toMatchObject({ score: { home: 1, away: 0 }, status: 'finished', period: 'final' });
    expect(s.outs).toBe(0);
    expect(s.line_score).toEqual({ home: [0, 0, 0, 0, 0, 0, 0, 0, 1], away: [0, 0, 0, 0, 0, 0, 0, 0, 0] });
    expect(() => applyEvent(s, out('home'))).toThrow(expect.objectContaining({ code: 'match_over' }));
  });

  it('tied after nine goes to extra innings', () => {
    let s = initialState();
    for (let inning = 1; inning <= 9; inning++)
      for (const side of ['away', 'home'] as const) for (const e of threeOuts(side)) s = applyEvent(s, e);
    expect(s).toMatchObject({ status: 'break', period: 'end_9' });
    s = applyEvent(s, out('away'));
    expect(s.period).toBe('top_10');
  });

  it.each<[string, (s: BaseballState) => SportEvent, RuleError['code']]>([
    [
      'runner from an empty base',
      () =>
        pa('away', 'single', [
          { from: 'B', to: '1', out: false },
          { from: '2', to: 'H', out: false },
        ]),
      'invalid_state',
    ],
    ['the fielding side batting', () => out('home'), 'invalid_event'],
    ['a play in a later half', () => ({ ...out('away'), period: 'top_3' }), 'invalid_state'],
    ['malformed advances', () => pa('away', 'single', [{ from: 'B', to: '5', out: false }]), 'invalid_event'],
    ['unknown type', () => ev('touchdown', 'home'), 'invalid_event'],
  ])('refuses %s', (_, make, code) => {
    const s = initialState();
    let err: unknown;
    try {
      applyEvent(s, make(s));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RuleError);
    expect((err as RuleError).code).toBe(code);
  });

  it('pinch runner replaces the runner on base; pitching change sets the pitcher', () => {
    let s = initialState();
    s = applyEvent(
      s,
      ev('lineup', 'away', {
        players: [
          { player: 'Votto', batting_order: 3, position: 3 },
          { player: 'Finnegan', batting_order: 9, position: 1 },
        ],
      }),
    );
    s = applyEvent(s, ev('lineup', 'home', { players: [{ player: 'Lester', batting_order: 9, position: 1 }] }));
    s = applyEvent(s, pa('away', 'single', [{ from: 'B', to: '1', out: false }], 'Votto'));
    expect(project(s).state).toMatchObject({ pitcher: 'Lester', bases: { first: 'Votto' } });
    s = applyEvent(s, ev('substitution', 'away', { batting_order: 3, position: 12 }, { player: 'Hamilton' }));
    s = applyEvent(s, ev('pitching_change', 'home', { batting_order: 9, position: 1 }, { player: 'Cahill' }));
    expect(project(s).state).toMatchObject({ pitcher: 'Cahill', bases: { first: 'Hamilton' } });
    s = applyEvent(
      s,
      ev('base_running', 'away', { outcome: 'stolen_base', advances: [{ from: '1', to: '2', out: false }], errors: 0 }),
    );
    expect(s.bases).toEqual({ first: null, second: 'Hamilton', third: null });
  });

  it('manual run/out/base_advance events, half_inning_end, delays and an authoritative result', () => {
    let s = initialState();
    s = applyEvent(s, ev('base_advance', 'away', { from: 'B', to: '2' }, { player: 'A' }));
    s = applyEvent(s, ev('run', 'away', { from: '2' }, { player: 'A' }));
    s = applyEvent(s, ev('out', 'away'));
    expect(project(s)).toMatchObject({ score: { home: 0, away: 1 }, state: { outs: 1 } });
    s = applyEvent(s, ev('status', null, { status: 'delayed' }));
    expect(s.status).toBe('delayed');
    s = applyEvent(s, ev('status', null, { status: 'resumed' }));
    expect(s.status).toBe('in_play');
    s = applyEvent(s, ev('half_inning_end', null));
    expect(s).toMatchObject({ status: 'break', period: 'middle_1', left_on_base: { home: 0, away: 0 } });
    s = applyEvent(s, ev('result', null, { home: 2, away: 1, innings: 5, called: true }));
    expect(project(s)).toMatchObject({
      score: { home: 2, away: 1 },
      status: 'finished',
      period: 'final',
      state: { result: { home: 2, away: 1, innings: 5, called: true } },
    });
  });

  it('contract values', () => {
    expect(baseballRules).toMatchObject({ sport: 'baseball', clock: 'none' });
    expect(baseballRules.periods.slice(0, 5)).toEqual(['not_started', 'top_1', 'middle_1', 'bottom_1', 'end_1']);
    expect(parseHalf('bottom_12')).toEqual({ inning: 12, half: 'bottom' });
    expect(parseHalf('middle_3')).toBeNull();
    const s0 = initialState();
    const copy = structuredClone(s0);
    applyEvent(s0, out('away'));
    expect(s0).toEqual(copy);
  });
});
