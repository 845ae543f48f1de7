import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSuperRugby } from '../import/superrugby';
import { RuleError, type SportEvent } from '../rules/contract';
import { applyEvent, initialState, project, rugbyRules } from './rules';
import type { RugbyState } from './types';
import { eventBuilder } from '../rules/test-events';

const ev = eventBuilder('r');
const run = (events: SportEvent[], s: RugbyState = initialState()) => events.reduce(applyEvent, s);

describe('rugby rules', () => {
  it('scoring values: try 5, conversion 2, penalty goal 3, drop goal 3, penalty try 7; missed kicks score nothing', () => {
    const s = run([
      ev('period_start', null, {}, { period: '1st_half' }),
      ev('try', 'home', {}, { player: 'Savea', clock_seconds: 300 }),
      ev('conversion', 'home', {}, { clock_seconds: 360 }),
      ev('penalty_goal', 'away', {}, { clock_seconds: 900 }),
      ev('drop_goal', 'away', { made: false }, { clock_seconds: 1000 }),
      ev('penalty_try', 'away', {}, { clock_seconds: 1500 }),
      ev('period_end', null, {}, { clock_seconds: 2460 }),
      ev('period_start', null, {}, { period: '2nd_half' }),
      ev('drop_goal', 'home', {}, { clock_seconds: 4000 }),
      ev('period_end'),
      ev('full_time'),
    ]);
    expect(project(s)).toMatchObject({
      score: { home: 10, away: 10 },
      status: 'finished',
      period: 'full_time',
      state: { halftime_score: { home: 7, away: 10 }, tries: { home: 1, away: 1 }, penalty_tries: { away: 1 } },
    });
    expect(s.kicks.away.drop_goal).toEqual({ made: 0, attempted: 1 });
  });

  it('yellow card: 10 minutes in the sin bin; red card for the game; minute display', () => {
    let s = run([ev('period_start'), ev('card', 'home', { card: 'yellow' }, { player: 'Read', clock_seconds: 600 })]);
    expect(project(s)).toMatchObject({
      minute: 11,
      state: { players_on_field: { home: 14, away: 15 }, cards: { home: { yellow: 1 } } },
    });
    s = applyEvent(s, ev('try', 'away', {}, { clock_seconds: 1199 }));
    expect(project(s).state).toMatchObject({ players_on_field: { home: 14 } });
    s = applyEvent(s, ev('try', 'away', {}, { clock_seconds: 1200 }));
    expect(project(s).state).toMatchObject({ players_on_field: { home: 15 } });
    s = applyEvent(s, ev('card', 'away', { card: 'red' }, { clock_seconds: 2500 }));
    expect(project(s)).toMatchObject({ minute: 40, state: { players_on_field: { away: 14 } } });
  });

  it('extra time periods', () => {
    let s = run([ev('period_start'), ev('period_end'), ev('period_start'), ev('period_end')]);
    expect(s.period).toBe('before_extra_time');
    s = run(
      [
        ev('period_start', null, {}, { period: 'extra_time_1st' }),
        ev('penalty_goal', 'home', {}, { clock_seconds: 5000 }),
      ],
      s,
    );
    expect(project(s)).toMatchObject({ period: 'extra_time_1st', minute: 84, score: { home: 3 } });
    s = run([ev('period_end'), ev('period_start'), ev('period_end')], s);
    expect(project(s)).toMatchObject({ status: 'finished', period: 'full_time' });
  });

  it.each<[string, SportEvent, RuleError['code']]>([
    ['a try before kick-off', ev('try', 'home'), 'invalid_state'],
    ['a green card', ev('card', 'home', { card: 'green' }), 'invalid_event'],
    ['2nd half first', ev('period_start', null, {}, { period: '2nd_half' }), 'invalid_state'],
    ['unknown type', ev('goal', 'home'), 'invalid_event'],
  ])('refuses %s', (_, e, code) => {
    expect(() => applyEvent(initialState(), e)).toThrow(expect.objectContaining({ code }));
  });

  it('every Super Rugby result applies as a result event with tries', () => {
    const file = fileURLToPath(new URL('../../datasets/rugby/superrugby/superrugby_raw.csv', import.meta.url));
    for (const m of parseSuperRugby(readFileSync(file, 'utf8'))) {
      const tries = (m.result!.detail as { tries: { home: number; away: number } }).tries;
      const s = applyEvent(
        rugbyRules.initialState(),
        ev('result', null, { home: m.result!.home, away: m.result!.away, tries }),
      );
      expect(project(s)).toMatchObject({
        score: { home: m.result!.home, away: m.result!.away },
        status: 'finished',
        state: { tries },
      });
      expect(() => applyEvent(s, ev('try', 'home'))).toThrow(RuleError);
    }
    expect(rugbyRules).toMatchObject({ sport: 'rugby', clock: 'up' });
  });
});
