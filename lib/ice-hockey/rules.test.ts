import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFiveThirtyEightNhl } from '../import/fivethirtyeight';
import type { RuleError, SportEvent } from '../rules/contract';
import { applyEvent, createIceHockeyRules, iceHockeyRules, initialState, project, shootoutDecided } from './rules';
import type { IceHockeyState } from './types';
import { eventBuilder } from '../rules/test-events';

const ev = eventBuilder('h');
const run = (events: SportEvent[], s: IceHockeyState = initialState()) => events.reduce(applyEvent, s);
const goal = (side: 'home' | 'away', clock: number, detail: Record<string, unknown> = {}) =>
  ev('goal', side, detail, { clock_seconds: clock });
const period = (p: string, ...mid: SportEvent[]) => [
  ev('period_start', null, {}, { period: p }),
  ...mid,
  ev('period_end', null, {}, { period: p }),
];

describe('ice hockey rules', () => {
  it('penalty → power play; a PP goal releases the minor; strength derived', () => {
    let s = run([
      ev('period_start', null, {}, { period: 'p1' }),
      ev('penalty', 'away', { minutes: 2 }, { player: 'Kane', clock_seconds: 1000 }),
    ]);
    expect(project(s)).toMatchObject({
      minute: 4,
      state: {
        power_play: { advantage: 'home', skaters: { home: 5, away: 4 } },
        penalty_minutes: { away: 2 },
        power_plays: { home: { opportunities: 1 } },
      },
    });
    s = applyEvent(s, goal('home', 950));
    expect(project(s).state).toMatchObject({
      power_play: { advantage: null, skaters: { home: 5, away: 5 }, penalties: [] },
      power_plays: { home: { goals: 1 } },
      goals_by_strength: { home: { power_play: 1 } },
    });
    // A second minor that simply expires after 2:00 of play.
    s = run([ev('penalty', 'home', { kind: 'minor' }, { clock_seconds: 600 }), goal('away', 590)], s);
    expect(s.goals_by_strength.away.power_play).toBe(1);
    s = run([ev('penalty', 'away', { kind: 'minor' }, { clock_seconds: 500 }), goal('away', 450)], s);
    expect(s.goals_by_strength.away.short_handed).toBe(1);
    s = applyEvent(s, ev('shot', 'home', {}, { clock_seconds: 379 }));
    expect(s.power_play.advantage).toBeNull(); // 500 → 379: 2:01 elapsed, minor expired
  });

  it('double minor: a goal in the first half restarts the second 2:00; majors survive goals', () => {
    let s = run([
      ev('period_start'),
      ev('penalty', 'away', { kind: 'double_minor' }, { clock_seconds: 1200 }),
      goal('home', 1100),
    ]);
    expect(project(s).state).toMatchObject({
      power_play: { advantage: 'home', penalties: [{ kind: 'double_minor', remaining_seconds: 120 }] },
    });
    s = run(
      [
        ev('penalty', 'home', { kind: 'major', infraction: 'fighting' }, { clock_seconds: 900 }),
        ev('penalty', 'away', { kind: 'major' }, { clock_seconds: 900 }),
      ],
      s,
    );
    expect(project(s).state).toMatchObject({ power_play: { skaters: { home: 4, away: 4 }, advantage: null } });
  });

  it('regular season: level after three → 3-on-3 OT (5 min) → shootout; winner credited one goal', () => {
    let s = run([...period('p1', goal('home', 600)), ...period('p2'), ...period('p3', goal('away', 30))]);
    expect(s.period).toBe('before_ot1');
    s = run([ev('period_start', null, {}, { period: 'ot1' })], s);
    expect(project(s)).toMatchObject({
      period: 'ot1',
      minute: 61,
      state: { clock_seconds: 300, power_play: { skaters: { home: 3, away: 3 } } },
    });
    s = applyEvent(s, ev('penalty', 'home', { minutes: 2 }, { clock_seconds: 200 }));
    expect(s.power_play.skaters).toEqual({ home: 3, away: 4 });
    s = run([ev('period_end'), ev('period_start', null, {}, { period: 'shootout' })], s);
    const attempts: ['home' | 'away', boolean][] = [
      ['home', true],
      ['away', false],
      ['home', false],
      ['away', true],
      ['home', true],
      ['away', false],
    ];
    for (const [side, scored] of attempts) s = applyEvent(s, ev('shootout_attempt', side, { scored }));
    expect(project(s)).toMatchObject({
      score: { home: 2, away: 1 },
      status: 'finished',
      period: 'final',
      state: { shootout: { home: { goals: 2 }, away: { goals: 1 } }, result: { decision: 'SO', overtimes: 1 } },
    });
  });

  it('OT goal is sudden death; playoffs play 20-minute overtimes', () => {
    const level = [...period('p1'), ...period('p2'), ...period('p3')];
    let s = run([...level, ev('period_start'), goal('home', 100)]);
    expect(s.result).toMatchObject({ decision: 'OT', overtimes: 1 });
    const playoff = createIceHockeyRules('playoff');
    s = run(
      [...level, ...period('ot1'), ...period('ot2'), ev('period_start', null, {}, { period: 'ot3' })],
      playoff.initialState(),
    );
    expect(project(s)).toMatchObject({
      period: 'ot3',
      minute: 101,
      state: { clock_seconds: 1200, power_play: { skaters: { home: 5, away: 5 } } },
    });
    s = applyEvent(s, goal('away', 1000));
    expect(project(s)).toMatchObject({
      score: { home: 0, away: 1 },
      state: { result: { decision: 'OT', overtimes: 3 } },
    });
  });

  it('shootout sudden death', () => {
    const so = (h: [number, number], a: [number, number]) => ({
      home: { attempts: h[0], goals: h[1] },
      away: { attempts: a[0], goals: a[1] },
    });
    expect(shootoutDecided(so([2, 2], [2, 0]))).toBe('home');
    expect(shootoutDecided(so([3, 1], [2, 0]))).toBeNull();
    expect(shootoutDecided(so([3, 1], [3, 1]))).toBeNull();
    expect(shootoutDecided(so([4, 2], [3, 1]))).toBeNull();
    expect(shootoutDecided(so([4, 2], [4, 1]))).toBe('home');
  });

  it.each<[string, SportEvent, RuleError['code']]>([
    ['a goal before the face-off', goal('home', 100), 'invalid_state'],
    ['a shootout attempt in p1', ev('shootout_attempt', 'home', { scored: true }), 'invalid_state'],
    ['an unknown penalty', ev('penalty', 'home', { minutes: 3 }), 'invalid_event'],
    ['an unknown strength', ev('goal', 'home', { strength: 'four_on_four' }), 'invalid_event'],
  ])('refuses %s', (name, e, code) => {
    const s = name.startsWith('a goal before') ? initialState() : run([ev('period_start')]);
    expect(() => applyEvent(s, e)).toThrow(expect.objectContaining({ code }));
  });

  it('every 538 NHL 2022-23 result applies as a result event with its decision', () => {
    const file = fileURLToPath(
      new URL('../../datasets/ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv', import.meta.url),
    );
    for (const m of parseFiveThirtyEightNhl(readFileSync(file, 'utf8'))) {
      const d = m.result!.detail as { decision: string; overtimes: number };
      const s = applyEvent(
        iceHockeyRules.initialState(),
        ev('result', null, {
          home: m.result!.home,
          away: m.result!.away,
          decision: d.decision,
          overtimes: d.overtimes,
        }),
      );
      expect(project(s)).toMatchObject({
        score: { home: m.result!.home, away: m.result!.away },
        status: 'finished',
        state: { result: { decision: d.decision } },
      });
    }
    expect(iceHockeyRules).toMatchObject({ sport: 'ice-hockey', clock: 'down' });
  });
});
