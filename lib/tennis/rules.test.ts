import { describe, expect, it } from 'vitest';
import { RuleError, type Side, type SportEvent } from '@/lib/rules/contract';
import {
  applyEvent,
  initialState,
  pointsDisplay,
  project,
  replayEvents,
  setWinner,
  tennisRules,
  tiebreakRule,
} from './rules';
import type { FinalSetRule, TennisState } from './types';

let seq = 0;
const e = (type: string, side: Side | null, detail: Record<string, unknown> = {}): SportEvent => ({
  event_id: `t/${++seq}`,
  type,
  side,
  player: null,
  minute: null,
  period: null,
  clock_seconds: null,
  detail,
});
const start = (best_of = 3, final_set: FinalSetRule = 'tiebreak', first_server: Side = 'home') =>
  e('match_start', null, { best_of, first_server, final_set });
/** Points from a string: H = home wins the point, A = away wins it. */
const pts = (s: string) => [...s].map((c) => e('point', c === 'H' ? 'home' : 'away'));
/** A game won by `side` to love. */
const game = (side: Side) => pts(side === 'home' ? 'HHHH' : 'AAAA');
const games = (seqs: string) => [...seqs].flatMap((c) => game(c === 'H' ? 'home' : 'away'));
const play = (...evs: SportEvent[][]): TennisState => replayEvents(evs.flat());
/** Games H and A alternately until 6-6 (each player holds and breaks in turn). */
const toSixAll = () => games('HAHAHAHAHAHA');

describe('points within a game: 0/15/30/40, deuce, advantage', () => {
  it.each([
    ['', { home: '0', away: '0' }, 0],
    ['H', { home: '15', away: '0' }, 0],
    ['HH', { home: '30', away: '0' }, 0],
    ['HHA', { home: '30', away: '15' }, 0],
    ['HHH', { home: '40', away: '0' }, 0],
    ['HHHAAA', { home: '40', away: '40' }, 0], // deuce
    ['HHHAAAH', { home: 'AD', away: '40' }, 0],
    ['HHHAAAHA', { home: '40', away: '40' }, 0], // back to deuce
    ['HHHAAAHAA', { home: '40', away: 'AD' }, 0],
    ['HHHAAAHAAA', { home: '0', away: '0' }, 1], // away wins the game from advantage
    ['HHHH', { home: '0', away: '0' }, 1],
  ])('%s → %o, games played %i', (s, shown, gamesPlayed) => {
    const st = play([start()], pts(s));
    expect(project(st).state.points).toEqual(shown);
    expect(st.games.home + st.games.away).toBe(gamesPlayed);
  });
});

describe('sets and tie-breaks', () => {
  it.each([
    { name: '6-4', seq: games('HHAHAHAHAH'), sets: [[6, 4]], tb: [null] },
    { name: '6-5 is not a set, 7-5 is', seq: games('HAHAHAHAHAHH'), sets: [[7, 5]], tb: [null] },
    {
      name: 'tie-break 7-5',
      seq: [...toSixAll(), ...pts('HHHHHHAAAAAH')].slice(0),
      sets: [[7, 6]],
      tb: [{ home: 7, away: 5 }],
    },
    {
      name: 'tie-break 6-6 → 8-6',
      seq: [...toSixAll(), ...pts('HHHHHHAAAAAAHH')],
      sets: [[7, 6]],
      tb: [{ home: 8, away: 6 }],
    },
    { name: 'tie-break 7-0', seq: [...toSixAll(), ...pts('AAAAAAA')], sets: [[6, 7]], tb: [{ home: 0, away: 7 }] },
  ])('$name', ({ seq: s, sets, tb }) => {
    const st = play([start()], s);
    expect(st.sets).toEqual(sets);
    expect(st.set_tiebreaks).toEqual(tb);
    expect(st.period).toBe('set_2');
  });

  it('7-6 at 6-6 in a tie-break does not end it (6-6 in points)', () => {
    const st = play([start()], toSixAll(), pts('HHHHHHAAAAAA'));
    expect(st.tiebreak).toBe(true);
    expect(project(st).state.points).toEqual({ home: '6', away: '6' });
    expect(st.sets).toEqual([]);
  });

  it.each([
    ['tiebreak', 3, 3, { at: 6, to: 7 }],
    ['advantage', 3, 3, null],
    ['advantage', 1, 3, { at: 6, to: 7 }],
    ['tiebreak_at_12', 5, 5, { at: 12, to: 7 }],
    ['tiebreak_10', 5, 5, { at: 6, to: 10 }],
    ['tiebreak_10', 4, 5, { at: 6, to: 7 }],
  ] as const)('final_set %s: set %i of best of %i → %o', (rule, set, bestOf, want) => {
    expect(tiebreakRule(set, bestOf, rule)).toEqual(want);
  });

  it('advantage final set: 6-6 plays on, 8-6 wins (2017 Australian Open, Roland Garros, Wimbledon)', () => {
    const st = play([start(3, 'advantage')], games('HHHHHH'), games('AAAAAA'), toSixAll(), games('HH'));
    expect(st.sets).toEqual([
      [6, 0],
      [0, 6],
      [8, 6],
    ]);
    expect(st.status).toBe('finished');
    expect(st.result).toMatchObject({ winner: 'home', outcome: 'completed' });
  });

  it('10-point final-set tie-break: 7-3 goes on, 10-3 wins', () => {
    const st = play([start(3, 'tiebreak_10')], games('HHHHHH'), games('AAAAAA'), toSixAll(), pts('HHHHHHHAAA'));
    expect(st.status).toBe('in_play');
    const done = play([start(3, 'tiebreak_10')], games('HHHHHH'), games('AAAAAA'), toSixAll(), pts('HHHHHHHAAAHHH'));
    expect(done.sets.at(-1)).toEqual([7, 6]);
    expect(done.set_tiebreaks.at(-1)).toEqual({ home: 10, away: 3 });
  });

  it.each([
    [3, 'HH', [2, 0]],
    [3, 'HAH', [2, 1]],
    [5, 'HHAH', [3, 1]],
    [5, 'AAHHA', [2, 3]],
  ] as const)('best of %i, sets %s → finished %o', (bestOf, sets, won) => {
    const st = play(
      [start(bestOf)],
      [...sets].flatMap((c) => games(c.repeat(6))),
    );
    expect(st.status).toBe('finished');
    expect(project(st).score).toEqual({ home: won[0], away: won[1] });
    expect(project(st).period).toBe('ended');
  });
});

describe('serve', () => {
  it('alternates every game; in a tie-break after the first point, then every two; the receiver of the tie-break serves next set', () => {
    let st = play([start(3, 'tiebreak', 'away')]);
    expect(st.server).toBe('away');
    st = play([start(3, 'tiebreak', 'away')], game('home'));
    expect(st.server).toBe('home');
    // 12 games: server at 6-6 is the first server again (away).
    const tb = play([start(3, 'tiebreak', 'away')], toSixAll());
    expect(tb.tiebreak).toBe(true);
    expect(tb.server).toBe('away');
    const servers: (Side | null)[] = [];
    let s = tb;
    for (const p of pts('HAHAHAHAHHH')) {
      servers.push(s.server);
      s = applyEvent(s, p);
    }
    expect(servers).toEqual(['away', 'home', 'home', 'away', 'away', 'home', 'home', 'away', 'away', 'home', 'home']);
    expect(s.sets).toEqual([[7, 6]]);
    expect(s.server).toBe('home'); // away served first in the tie-break → home serves set 2
  });

  it('counts aces, double faults, service games and break points', () => {
    const st = play(
      [start()],
      [e('point', 'home', { ace: true, server: 'home' }), e('point', 'away', { double_fault: true })],
      pts('AAHA'), // 15-40 (break point), 30-40 saved (break point again), broken
      pts('AAAA'), // away holds to love
    );
    expect(st.stats.home).toMatchObject({
      aces: 1,
      double_faults: 1,
      service_games: 1,
      service_games_won: 0,
      break_points_faced: 2,
      break_points_saved: 1,
    });
    expect(st.stats.away).toMatchObject({ service_games: 1, service_games_won: 1, points_won: 8 });
  });
});

describe('errors, markers, retirement, result', () => {
  const started = play([start()]);
  const over = play([start()], games('HHHHHHHHHHHH'));
  it.each([
    ['a point before match_start', initialState(), e('point', 'home'), 'invalid_state'],
    ['a point after the match', over, e('point', 'home'), 'match_over'],
    ['an ace won by the returner', started, e('point', 'away', { ace: true }), 'invalid_event'],
    ['a double fault won by the server', started, e('point', 'home', { double_fault: true }), 'invalid_event'],
    ['a point with the wrong server', started, e('point', 'home', { server: 'away' }), 'invalid_event'],
    ['a game_end nobody won', started, e('game_end', 'home'), 'invalid_event'],
    ['a tiebreak_start at 0-0', started, e('tiebreak_start', null), 'invalid_event'],
    ['best_of 4', initialState(), e('match_start', null, { best_of: 4, first_server: 'home' }), 'invalid_event'],
    ['an unknown type', started, e('let', null), 'invalid_event'],
  ] as const)('%s → RuleError', (_n, st, ev, code) => {
    try {
      applyEvent(st as TennisState, ev);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(RuleError);
      expect((err as RuleError).code).toBe(code);
    }
  });

  it('markers that agree with the points are accepted and change nothing', () => {
    const st = play([start()], game('home'));
    const after = applyEvent(st, e('game_end', 'home', { set: 1 }));
    expect({ ...after, events_applied: 0 }).toEqual({ ...st, events_applied: 0 });
  });

  it('retirement mid-set keeps the unfinished set and gives the match to the opponent', () => {
    const st = play([start()], games('HHHHHH'), games('AA'), pts('H'), [e('retirement', 'home', { kind: 'retired' })]);
    expect(st.result).toEqual({
      winner: 'away',
      outcome: 'retired',
      sets: [
        [6, 0],
        [0, 2],
      ],
      set_tiebreaks: [null, null],
    });
    expect(project(st).score).toEqual({ home: 1, away: 0 });
  });

  it('an authoritative result counts only finished sets', () => {
    const st = applyEvent(
      initialState(),
      e('result', 'away', {
        sets: [
          [6, 4],
          [3, 6],
          [1, 2],
        ],
        outcome: 'retired',
      }),
    );
    expect(project(st)).toMatchObject({ score: { home: 1, away: 1 }, status: 'finished', period: 'ended' });
  });

  it('setWinner / pointsDisplay helpers', () => {
    expect(setWinner([7, 6])).toBe('home');
    expect(setWinner([6, 5])).toBeNull();
    expect(setWinner([22, 20])).toBe('home');
    expect(setWinner([1, 0], { home: 8, away: 10 })).toBe('away');
    expect(pointsDisplay({ home: 9, away: 8 }, false)).toEqual({ home: 'AD', away: '40' });
    expect(pointsDisplay({ home: 9, away: 8 }, true)).toEqual({ home: '9', away: '8' });
  });

  it('does not mutate its input; contract values', () => {
    const st = play([start()]);
    const copy = structuredClone(st);
    applyEvent(st, e('point', 'home'));
    expect(st).toEqual(copy);
    expect(tennisRules).toMatchObject({ sport: 'tennis', clock: 'none' });
    expect(tennisRules.periods).toContain('set_5');
  });
});
