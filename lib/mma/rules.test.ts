import { describe, expect, it } from 'vitest';
import { RuleError, type SportEvent } from '../rules/contract';
import { mmaLiveStateSchema } from '../wire/sports/mma';
import { applyEvent, initialState, mmaRules, project, replayEvents } from './rules';
import type { MmaState } from './types';
import { eventBuilder } from '../rules/test-events';

const ev = eventBuilder('m');
const run = (events: SportEvent[], s: MmaState = initialState()) => events.reduce(applyEvent, s);
const card = (judge: string, home: number, away: number, round?: number) =>
  ev('round_scored', null, { judge, home, away, ...(round ? { round } : {}) });
const judged = (h1: number, a1: number, h2: number, a2: number, h3: number, a3: number) => [
  card('Judge 1', h1, a1),
  card('Judge 2', h2, a2),
  card('Judge 3', h3, a3),
];

describe('mma rules', () => {
  it('score = rounds won by a majority of the judges; split rounds go to nobody', () => {
    const s = run([
      ev('bout_start', null, { scheduled_rounds: 3 }),
      ev('round_start'),
      ev('knockdown', 'home', {}, { clock_seconds: 200 }),
      ev('round_end'),
      ...judged(10, 9, 10, 9, 9, 10),
      ev('round_start'),
      ev('significant_strike', 'away', { count: 12 }),
      ev('round_end'),
      ...judged(10, 9, 9, 10, 10, 10),
      ev('round_start'),
      ev('takedown', 'away'),
      ev('round_end'),
      ...judged(9, 10, 9, 10, 9, 10),
      ev('result', 'home', { winner: 'home', method: 'SD', round: 3, time_seconds: 300 }),
    ]);
    const p = project(s);
    expect(p).toMatchObject({ score: { home: 1, away: 1 }, status: 'finished', period: 'final', minute: 15 });
    const st = mmaLiveStateSchema.parse(p.state);
    expect(st.rounds.map((r) => r.winner)).toEqual(['home', null, 'away']);
    expect(st.scorecards.map((c) => [c.judge, c.total])).toEqual([
      ['Judge 1', { home: 29, away: 28 }],
      ['Judge 2', { home: 28, away: 29 }],
      ['Judge 3', { home: 28, away: 30 }],
    ]);
    expect(st).toMatchObject({
      knockdowns: { home: 1 },
      significant_strikes: { away: 12 },
      takedowns: { away: 1 },
      method: 'SD',
    });
  });

  it('clock counts down 300 s per round; the minute is the fight minute', () => {
    let s = run([
      ev('round_start'),
      ev('round_end'),
      ev('round_start'),
      ev('knockdown', 'away', {}, { clock_seconds: 210 }),
    ]);
    expect(project(s)).toMatchObject({
      period: 'round_2',
      minute: 7,
      state: { clock_seconds: 210, clock_running: true, round: 2 },
    });
    s = applyEvent(s, ev('result', 'away', { winner: 'away', method: 'KO', round: 2, time_seconds: 95 }));
    expect(project(s)).toMatchObject({
      minute: 7,
      state: { clock_seconds: 205, clock_running: false, result: { method: 'KO', round: 2, time_seconds: 95 } },
    });
  });

  it('a point deduction comes off that round on every card', () => {
    const s = run([
      ev('round_start'),
      ev('point_deduction', 'home', { points: 1 }),
      ev('round_end'),
      ...judged(10, 9, 10, 9, 10, 9),
    ]);
    const st = mmaLiveStateSchema.parse(project(s).state);
    expect(st.rounds[0]).toEqual({ round: 1, judges: 3, deductions: { home: 1, away: 0 }, winner: null });
    expect(st.scorecards[0].rounds).toEqual([{ round: 1, home: 9, away: 9 }]);
    expect(project(s).score).toEqual({ home: 0, away: 0 });
  });

  it.each<[string, SportEvent[], RuleError['code']]>([
    ['a knockdown before round 1', [ev('knockdown', 'home')], 'invalid_state'],
    ['a knockdown without a side', [ev('round_start'), ev('knockdown')], 'invalid_event'],
    [
      'round 4 of a 3-round bout',
      [
        ev('round_start'),
        ev('round_end'),
        ev('round_start'),
        ev('round_end'),
        ev('round_start'),
        ev('round_end'),
        ev('round_start'),
      ],
      'invalid_state',
    ],
    ['a 4-round bout', [ev('bout_start', null, { scheduled_rounds: 4 })], 'invalid_event'],
    ['bout_start after round 1', [ev('round_start'), ev('bout_start', null, { scheduled_rounds: 5 })], 'invalid_state'],
    ['scoring a round being fought', [ev('round_start'), card('J', 10, 9)], 'invalid_state'],
    ['a score that is not 10-point must', [ev('round_start'), ev('round_end'), card('J', 9, 9)], 'invalid_event'],
    [
      'a judge scoring a round twice',
      [ev('round_start'), ev('round_end'), card('J', 10, 9), card('J', 10, 8, 1)],
      'invalid_state',
    ],
    [
      'a decision in round 2 of 3',
      [
        ev('round_start'),
        ev('round_end'),
        ev('round_start'),
        ev('result', null, { winner: 'home', method: 'UD', round: 2, time_seconds: 300 }),
      ],
      'invalid_state',
    ],
    [
      'a KO without a winner',
      [ev('round_start'), ev('result', null, { winner: null, method: 'KO', round: 1, time_seconds: 30 })],
      'invalid_event',
    ],
    [
      'a result in another round',
      [ev('round_start'), ev('result', null, { winner: 'home', method: 'SUB', round: 2, time_seconds: 30 })],
      'invalid_state',
    ],
    [
      'an unknown method',
      [ev('result', null, { winner: 'home', method: 'TKO2', round: 1, time_seconds: 30 })],
      'invalid_event',
    ],
    ['time left above 300', [ev('round_start'), ev('clock', null, { clock_seconds: 301 })], 'invalid_event'],
    [
      'anything after the result',
      [ev('result', null, { winner: null, method: 'NC', round: 1, time_seconds: 10 }), ev('round_start')],
      'match_over',
    ],
    ['unknown type', [ev('punch', 'home')], 'invalid_event'],
  ])('refuses %s', (_, events, code) => {
    const last = events[events.length - 1];
    const attempt = () => applyEvent(run(events.slice(0, events.length - 1)), last);
    expect(attempt).toThrow(RuleError);
    expect(attempt).toThrow(expect.objectContaining({ code }));
  });

  it('five-round bouts, purity, replay, and the contract values', () => {
    const s = run([ev('bout_start', null, { scheduled_rounds: 5 }), ev('round_start')]);
    const copy = structuredClone(s);
    applyEvent(s, ev('knockdown', 'home'));
    expect(s).toEqual(copy);
    expect(project(s).state).toMatchObject({ scheduled_rounds: 5, round: 1, clock_seconds: 300 });
    const events = [ev('round_start'), ev('takedown', 'home', { count: 2 })];
    expect(replayEvents(events)).toEqual(run(events));
    expect(mmaRules).toMatchObject({ sport: 'mma', clock: 'down' });
    expect(mmaRules.periods.at(-1)).toBe('final');
    expect(mmaLiveStateSchema.safeParse({ ...project(s).state, extra: 1 }).success).toBe(false);
  });

  it('bout_info places the bout on its card (kept field by field); a result may name the winner without a method', () => {
    const info = ev('bout_info', null, {
      card: 'Sample Card',
      card_order: 12,
      card_bouts: 13,
      weight_class: 'Middleweight',
      scheduled_rounds: 5,
    });
    const later = ev('bout_info', null, { card_order: 13 });
    let s = run([info, later]);
    const st = mmaLiveStateSchema.parse(project(s).state);
    expect(st.card).toEqual({ name: 'Sample Card', order: 13, bouts: 13 });
    expect([st.weight_class, st.scheduled_rounds, project(s).status]).toEqual(['Middleweight', 5, 'scheduled']);
    s = run([ev('bout_start'), ev('round_start', null, {}, { period: 'round_1' })], s);
    s = run([ev('result', 'away', { winner: 'away', method: null, round: 1, time_seconds: 196 })], s);
    expect(mmaLiveStateSchema.parse(project(s).state).result).toEqual({
      winner: 'away',
      method: null,
      round: 1,
      time_seconds: 196,
    });
    expect(() => run([ev('result', null, { winner: null, method: null, round: 1, time_seconds: 1 })])).toThrow(
      /unnamed method/,
    );
    expect(() => run([ev('bout_info', null, { card_order: 14, card_bouts: 13 })])).toThrow(RuleError);
    expect(() =>
      run([
        ev('bout_start'),
        ev('round_start'),
        ev('bout_info', null, { scheduled_rounds: 3, card: 'X' }),
        ev('bout_info', null, { scheduled_rounds: 5 }),
      ]),
    ).toThrow(/after round 1/);
  });
});
