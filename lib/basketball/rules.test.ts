import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFiveThirtyEightNba } from '../import/fivethirtyeight';
import { RuleError, type SportEvent } from '../rules/contract';
import { applyEvent, basketballRules, initialState, project } from './rules';
import type { BasketballState } from './types';
import { eventBuilder } from '../rules/test-events';

const ev = eventBuilder('b');
const run = (events: SportEvent[], s: BasketballState = initialState()) => events.reduce(applyEvent, s);
const quarter = (p: string, home: number, away: number): SportEvent[] => [
  ev('period_start', null, {}, { period: p }),
  ...Array.from({ length: home }, () => ev('free_throw', 'home', { made: true })),
  ...Array.from({ length: away }, () => ev('free_throw', 'away', { made: true })),
  ev('period_end', null, {}, { period: p }),
];

describe('basketball rules', () => {
  it('quarters, breaks, minute and the final buzzer', () => {
    let s = run([ev('period_start', null, {}, { period: 'q1' })]);
    expect(project(s)).toMatchObject({ period: 'q1', status: 'in_play', minute: 1, state: { clock_seconds: 720 } });
    s = run([ev('field_goal', 'home', { points: 3 }, { player: 'Tatum', clock_seconds: 330 })], s);
    expect(project(s)).toMatchObject({
      score: { home: 3, away: 0 },
      minute: 7,
      state: { clock_seconds: 330, shooting: { home: { fgm: 1, fga: 1, tpm: 1, tpa: 1 } } },
    });
    s = run([ev('period_end')], s);
    expect(project(s)).toMatchObject({ period: 'after_q1', status: 'break', minute: 12 });
    s = run([...quarter('q2', 0, 1).slice(0), ...quarter('q3', 0, 0), ...quarter('q4', 1, 0)], s);
    expect(project(s)).toMatchObject({
      score: { home: 4, away: 1 },
      period: 'final',
      status: 'finished',
      minute: 48,
      state: { line_score: { home: [3, 0, 0, 1], away: [0, 1, 0, 0] }, result: { overtimes: 0 } },
    });
    expect(() => applyEvent(s, ev('free_throw', 'home', { made: true }))).toThrow(
      expect.objectContaining({ code: 'match_over' }),
    );
  });

  it('level after four quarters → overtimes of 5 minutes until decided', () => {
    let s = run([...quarter('q1', 1, 1), ...quarter('q2', 0, 0), ...quarter('q3', 0, 0), ...quarter('q4', 0, 0)]);
    expect(s.period).toBe('before_ot1');
    s = run([ev('period_start', null, {}, { period: 'ot1' })], s);
    expect(project(s)).toMatchObject({
      period: 'ot1',
      minute: 49,
      state: { clock_seconds: 300, timeouts_remaining: { home: 2, away: 2 } },
    });
    s = run([ev('period_end'), ...quarter('ot2', 2, 0)], s);
    expect(project(s)).toMatchObject({
      status: 'finished',
      score: { home: 3, away: 1 },
      minute: 58,
      state: { result: { overtimes: 2 } },
    });
  });

  it('team fouls reset each period; penalty from the 5th; foul out at 6; offensive fouls are not team fouls', () => {
    let s = run([ev('period_start', null, {}, { period: 'q1' })]);
    for (let i = 0; i < 4; i++) s = applyEvent(s, ev('foul', 'away', {}, { player: 'Embiid' }));
    expect(project(s).state).toMatchObject({
      team_fouls: { home: 0, away: 4 },
      in_penalty: { home: false, away: false },
    });
    s = applyEvent(s, ev('foul', 'away', { kind: 'offensive' }, { player: 'Harden' }));
    expect(project(s).state).toMatchObject({ team_fouls: { away: 4 }, in_penalty: { home: false } });
    s = applyEvent(s, ev('foul', 'away', { kind: 'shooting' }, { player: 'Embiid' }));
    expect(project(s).state).toMatchObject({ team_fouls: { away: 5 }, in_penalty: { home: true } });
    s = applyEvent(s, ev('foul', 'away', {}, { player: 'Embiid' }));
    expect(s.fouled_out).toEqual(['Embiid']);
    expect(() => applyEvent(s, ev('substitution', 'away', {}, { player: 'Embiid' }))).toThrow(RuleError);
    s = run([ev('period_end'), ev('period_start')], s);
    expect(s.team_fouls).toEqual({ home: 0, away: 0 });
  });

  it.each<[string, SportEvent, RuleError['code']]>([
    ['a basket before the tip', ev('field_goal', 'home', { points: 2 }), 'invalid_state'],
    ['four points', ev('field_goal', 'home', { points: 4 }), 'invalid_event'],
    ['q3 after not_started', ev('period_start', null, {}, { period: 'q3' }), 'invalid_state'],
    ['no side', ev('free_throw', null, { made: true }), 'invalid_event'],
    ['unknown type', ev('touchdown', 'home'), 'invalid_event'],
  ])('refuses %s', (_, e, code) => {
    const s = e.type === 'field_goal' && e.detail.points === 4 ? run([ev('period_start')]) : initialState();
    expect(() => applyEvent(s, e)).toThrow(expect.objectContaining({ code }));
  });

  it('timeouts: 7 per game, the 8th refused', () => {
    let s = run([ev('period_start')]);
    for (let i = 0; i < 7; i++) s = applyEvent(s, ev('timeout', 'home'));
    expect(s.timeouts_remaining.home).toBe(0);
    expect(() => applyEvent(s, ev('timeout', 'home'))).toThrow(/no timeouts left/);
  });

  it('every 538 NBA 2022-23 result applies as a result event (finished games)', () => {
    const file = fileURLToPath(
      new URL('../../datasets/basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv', import.meta.url),
    );
    const games = parseFiveThirtyEightNba(readFileSync(file, 'utf8')).filter((m) => m.result);
    expect(games).toHaveLength(1315);
    for (const m of games) {
      const p = project(
        applyEvent(basketballRules.initialState(), ev('result', null, { home: m.result!.home, away: m.result!.away })),
      );
      expect(p.score).toEqual({ home: m.result!.home, away: m.result!.away });
      expect(p.status).toBe('finished');
    }
    expect(basketballRules).toMatchObject({ sport: 'basketball', clock: 'down' });
  });
});
