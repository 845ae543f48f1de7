import { describe, expect, it } from 'vitest';
import { RuleError, type SportEvent } from '../rules/contract';
import { golfLiveStateSchema } from '../wire/sports/golf';
import { applyEvent, golfRules, initialState, project, replayEvents } from './rules';
import type { GolfState } from './types';

let n = 0;
const ev = (type: string, detail: Record<string, unknown> = {}, extra: Partial<SportEvent> = {}): SportEvent => ({
  event_id: `g/${++n}`,
  type,
  side: null,
  player: null,
  minute: null,
  period: null,
  clock_seconds: null,
  detail,
  ...extra,
});
const hole = (player: string, h: number, strokes: number, par = 4) =>
  ev('hole_completed', { hole: h, strokes, par }, { player });
const run = (events: SportEvent[], s: GolfState = initialState()) => events.reduce(applyEvent, s);
const board = (s: GolfState) => golfLiveStateSchema.parse(project(s).state).leaderboard;

const FIELD = ['Sample Player A', 'Sample Player B', 'Sample Player C'];
const [A, B, C] = FIELD;

describe('golf rules', () => {
  it('holes score to par; thru counts holes of the round; positions share ties as T<n>', () => {
    const s = run([
      ev('round_start', { players: FIELD }, { period: 'round_1' }),
      hole(A, 1, 3),
      hole(B, 1, 4),
      hole(C, 10, 3, 4),
      hole(A, 2, 5, 5),
    ]);
    expect(project(s)).toMatchObject({ score: { home: 0, away: 0 }, minute: 0, period: 'round_1', status: 'in_play' });
    expect(board(s).map((l) => [l.position, l.player, l.to_par, l.strokes, l.thru])).toEqual([
      ['T1', A, -1, 8, 2],
      ['T1', C, -1, 3, 1],
      ['3', B, 0, 4, 1],
    ]);
  });

  it('rounds, cut by line, withdrawal, result: CUT and WD listed after the active players', () => {
    let s = run([
      ev('round_start', { players: FIELD }),
      hole(A, 1, 3),
      hole(B, 1, 5),
      hole(C, 1, 6),
      ev('round_end'),
      ev('cut', { cut_line: 1 }),
    ]);
    expect(project(s)).toMatchObject({ period: 'after_round_1', status: 'break', state: { cut_line: 1, round: 1 } });
    s = run(
      [
        ev('round_start'),
        hole(A, 1, 4),
        ev('withdrawal', {}, { player: B }),
        ev('round_end'),
        ev('result', { winner: A }),
      ],
      s,
    );
    expect(board(s).map((l) => [l.position, l.player, l.rounds])).toEqual([
      ['1', A, [3, 4]],
      ['CUT', C, [6]],
      ['WD', B, [5, 0]],
    ]);
    expect(project(s)).toMatchObject({
      status: 'finished',
      period: 'final',
      state: { result: { winner: A, to_par: -1, total_strokes: 7 } },
    });
    expect(() => applyEvent(s, hole(A, 2, 4))).toThrow(expect.objectContaining({ code: 'match_over' }));
  });

  it('playoff between the players tied for the lead; the winner is placed alone ahead', () => {
    let s = run([ev('round_start', { players: FIELD }), hole(A, 1, 3), hole(B, 1, 3), hole(C, 1, 4), ev('round_end')]);
    expect(() => applyEvent(s, ev('round_start', { players: [A, C] }, { period: 'playoff' }))).toThrow(
      expect.objectContaining({ code: 'invalid_state' }),
    );
    s = run([ev('round_start', {}, { period: 'playoff' }), hole(A, 18, 4), hole(B, 18, 5)], s);
    expect(project(s).state).toMatchObject({ playoff: [A, B] });
    expect(() => applyEvent(s, hole(C, 18, 3))).toThrow(expect.objectContaining({ code: 'invalid_state' }));
    s = run([hole(A, 18, 4), ev('round_end'), ev('result', { winner: A })], s);
    expect(board(s).map((l) => [l.position, l.player, l.playoff_strokes])).toEqual([
      ['1', A, 8],
      ['2', B, 5],
      ['3', C, null],
    ]);
  });

  it.each<[string, SportEvent[], RuleError['code']]>([
    ['a hole before round 1', [hole(A, 1, 4)], 'invalid_state'],
    ['hole 19', [ev('round_start'), hole(A, 19, 4)], 'invalid_event'],
    ['zero strokes', [ev('round_start'), hole(A, 1, 0)], 'invalid_event'],
    ['the same hole twice in a round', [ev('round_start'), hole(A, 1, 4), hole(A, 1, 4)], 'invalid_state'],
    [
      'a cut player playing',
      [
        ev('round_start'),
        hole(A, 1, 4),
        ev('round_end'),
        ev('cut', { players: [A] }),
        ev('round_start'),
        hole(A, 1, 4),
      ],
      'invalid_state',
    ],
    ['a cut during a round', [ev('round_start'), ev('cut', { cut_line: 2 })], 'invalid_state'],
    [
      'round_3 after round 1',
      [ev('round_start'), ev('round_end'), ev('round_start', {}, { period: 'round_3' })],
      'invalid_state',
    ],
    [
      'a player who joins in round 2',
      [ev('round_start'), ev('round_end'), ev('round_start'), hole(C, 1, 4)],
      'invalid_state',
    ],
    [
      'a withdrawn winner',
      [ev('round_start'), hole(A, 1, 4), ev('withdrawal', {}, { player: A }), ev('result', { winner: A })],
      'invalid_state',
    ],
    ['a result without a winner', [ev('result', {})], 'invalid_event'],
    ['unknown type', [ev('birdie')], 'invalid_event'],
  ])('refuses %s', (_, events, code) => {
    const before = run(events.slice(0, -1));
    expect(() => applyEvent(before, events.at(-1)!)).toThrow(RuleError);
    expect(() => applyEvent(before, events.at(-1)!)).toThrow(expect.objectContaining({ code }));
  });

  it('is pure, replays, and a results-only fixture finishes', () => {
    const s = run([ev('round_start'), hole(A, 1, 4)]);
    const copy = structuredClone(s);
    applyEvent(s, hole(A, 2, 3));
    expect(s).toEqual(copy);
    const events = [ev('round_start'), hole(A, 1, 4), ev('round_end')];
    expect(replayEvents(events)).toEqual(run(events));
    const only = applyEvent(
      initialState(),
      ev('result', { winner: 'Sample Player Z', to_par: -12, total_strokes: 276 }),
    );
    expect(project(only)).toMatchObject({
      status: 'finished',
      state: { result: { winner: 'Sample Player Z', to_par: -12, total_strokes: 276 }, leaderboard: [] },
    });
    expect(golfRules).toMatchObject({ sport: 'golf', clock: 'none' });
    expect(golfRules.periods).toEqual([
      'not_started',
      'round_1',
      'after_round_1',
      'round_2',
      'after_round_2',
      'round_3',
      'after_round_3',
      'round_4',
      'after_round_4',
      'playoff',
      'final',
    ]);
  });

  it('status events: suspended and resumed', () => {
    let s = run([ev('round_start'), ev('status', { status: 'suspended' })]);
    expect(project(s).status).toBe('suspended');
    s = applyEvent(s, ev('status', { status: 'resumed' }));
    expect(project(s).status).toBe('in_play');
  });

  it('scorecard replaces a line from a totals snapshot; joins the field after round 1; refused outside a round', () => {
    const card = (player: string, rounds: number[], thru: number, to_par: number) =>
      ev('scorecard', { rounds, thru, to_par }, { player });
    const r = (k: number) => [ev('round_start', {}, { period: `round_${k}` })];
    const starts = [...r(1), ev('round_end'), ...r(2)];
    const s = run([...starts, card(A, [67, 30], 8, -4), card(B, [70, 33], 9, -1), card(A, [67, 33], 9, -3)]);
    expect(board(s).map((l) => [l.position, l.player, l.to_par, l.strokes, l.rounds, l.thru])).toEqual([
      ['1', A, -3, 100, [67, 33], 9],
      ['2', B, -1, 103, [70, 33], 9],
    ]);
    const again = run([card(A, [67, 33], 9, -3)], s);
    expect(board(again)).toEqual(board(s));
    expect(() => run([card(C, [70], 0, 0)])).toThrow(RuleError);
    expect(() => run([...starts, card(C, [70, 1, 1], 1, 0)])).toThrow(/at most 2/);
    expect(() => run([...starts, card(C, [70], 19, 0)])).toThrow(/thru/);
  });
});
