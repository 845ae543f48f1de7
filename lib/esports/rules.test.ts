import { describe, expect, it } from 'vitest';
import { RuleError, type SportEvent } from '../rules/contract';
import { esportsLiveStateSchema } from '../wire/sports/esports';
import { applyEvent, esportsRules, initialState, mapDecided, project, replayEvents } from './rules';
import type { EsportsState } from './types';

let n = 0;
const ev = (
  type: string,
  side: 'home' | 'away' | null = null,
  detail: Record<string, unknown> = {},
  period: string | null = null,
): SportEvent => ({
  event_id: `e/${++n}`,
  type,
  side,
  player: null,
  minute: null,
  period,
  clock_seconds: null,
  detail,
});
const run = (events: SportEvent[], s: EsportsState = initialState()) => events.reduce(applyEvent, s);
const DOTA_START = ev('map_start', null, { map: 'Dota 2', game: 'dota2' });
/** `h` home and `a` away round_won events: alternating while both have rounds left, then the rest. */
const rounds = (h: number, a: number) =>
  Array.from({ length: h + a }, (_, i) =>
    ev('round_won', i < 2 * Math.min(h, a) ? (i % 2 ? 'away' : 'home') : h > a ? 'home' : 'away'),
  );
const map = (name: string, h: number, a: number, detail: Record<string, unknown> = {}) => [
  ev('map_start', null, { map: name, ...detail }),
  ...rounds(h, a),
  ev('map_end'),
];

describe('esports rules', () => {
  it('maps decided by MR12 and MR3 overtimes', () => {
    expect([
      mapDecided(13, 11),
      mapDecided(13, 12),
      mapDecided(12, 12),
      mapDecided(16, 14),
      mapDecided(15, 13),
      mapDecided(16, 15),
      mapDecided(19, 17),
      mapDecided(4, 13),
    ]).toEqual([true, false, false, true, false, false, true, true]);
  });

  it('score = maps won; rounds and overtime on the current map', () => {
    let s = run([
      ...map('Sample Map 1', 13, 7, { best_of: 3 }),
      ev('map_start', null, { map: 'Sample Map 2' }),
      ...rounds(12, 12),
    ]);
    const p = project(s);
    expect(p).toMatchObject({ score: { home: 1, away: 0 }, minute: 0, period: 'map_2', status: 'in_play' });
    expect(esportsLiveStateSchema.parse(p.state)).toEqual({
      game: 'counter-strike',
      best_of: 3,
      maps_to_win: 2,
      map_number: 2,
      map: 'Sample Map 2',
      rounds: { home: 12, away: 12 },
      overtime: true,
      objectives: null,
      gold_lead: null,
      gold_lead_kills: null,
      game_seconds: null,
      maps: [{ number: 1, map: 'Sample Map 1', home: 13, away: 7, winner: 'home' }],
      result: null,
    });
    s = run(
      [...rounds(0, 4), ev('map_end'), ...map('Sample Map 3', 5, 13), ev('result', null, { home: 1, away: 2 })],
      s,
    );
    expect(project(s)).toMatchObject({
      score: { home: 1, away: 2 },
      status: 'finished',
      period: 'final',
      state: { result: { winner: 'away' } },
    });
  });

  it('round numbers are checked; best of 5 needs three maps', () => {
    let s = run([ev('map_start', null, { map: 'M', best_of: 5 }), ev('round_won', 'home', { round: 1 })]);
    expect(() => applyEvent(s, ev('round_won', 'away', { round: 3 }))).toThrow(
      expect.objectContaining({ code: 'invalid_state' }),
    );
    s = run([...rounds(12, 11), ev('map_end'), ...map('N', 13, 0)], s);
    expect(project(s).state).toMatchObject({ maps_to_win: 3, maps: [{ home: 13, away: 11 }, { home: 13 }] });
    expect(() => applyEvent(s, ev('result', null, { home: 2, away: 0 }))).toThrow(
      expect.objectContaining({ code: 'invalid_event' }),
    );
  });

  const refusals: [string, SportEvent[], RuleError['code']][] = [
    ['a round before map 1', [ev('round_won', 'home')], 'invalid_state'],
    ['a round without a side', [ev('map_start', null, { map: 'M' }), ev('round_won')], 'invalid_event'],
    ['a round after 13–0', [...map('M', 13, 0).slice(0, -1), ev('round_won', 'away')], 'invalid_state'],
    ['an undecided map_end', [ev('map_start', null, { map: 'M' }), ...rounds(12, 12), ev('map_end')], 'invalid_state'],
    ['a map without a name', [ev('map_start')], 'invalid_event'],
    ['best of 2', [ev('map_start', null, { map: 'M', best_of: 2 })], 'invalid_event'],
    [
      'map 3 of a decided best of 3',
      [...map('M', 13, 1), ...map('N', 13, 2), ev('map_start', null, { map: 'O' })],
      'invalid_state',
    ],
    ['map_2 first', [ev('map_start', null, { map: 'M' }, 'map_2')], 'invalid_state'],
    ['a level result', [ev('result', null, { home: 1, away: 1 })], 'invalid_event'],
    [
      'anything after the result',
      [ev('result', null, { home: 2, away: 0 }), ev('map_start', null, { map: 'M' })],
      'match_over',
    ],
    ['unknown type', [ev('goal', 'home')], 'invalid_event'],
    [
      'a Dota 2 kill in a Counter-Strike map',
      [ev('map_start', null, { map: 'M' }), ev('kill', 'home')],
      'invalid_state',
    ],
    [
      'a round in a Dota 2 game',
      [ev('map_start', null, { map: 'Dota 2', game: 'dota2' }), ev('round_won', 'home')],
      'invalid_state',
    ],
    [
      'a Dota 2 game ended without a winner',
      [ev('map_start', null, { map: 'Dota 2', game: 'dota2' }), ev('map_end')],
      'invalid_event',
    ],
    ['an unknown game', [ev('map_start', null, { map: 'M', game: 'chess' })], 'invalid_event'],
    ...(
      [
        ['a gold lead that is not a number', { lead: '5000', time: 600 }],
        ['a gold lead beyond 500,000', { lead: 600_000, time: 600 }],
        ['a fractional gold lead', { lead: 10.5, time: 600 }],
        ['a gold lead without a time', { lead: 100 }],
        ['a gold lead at a negative time', { lead: 100, time: -60 }],
        ['a gold lead after 4 hours', { lead: 100, time: 14_401 }],
      ] as const
    ).map(
      ([name, detail]) =>
        [name, [DOTA_START, ev('gold_lead', null, detail)], 'invalid_event'] as [
          string,
          SportEvent[],
          RuleError['code'],
        ],
    ),
    [
      'a kill at an infinite time',
      [DOTA_START, ev('kill', 'home', { time: Number.POSITIVE_INFINITY })],
      'invalid_event',
    ],
    [
      'a gold lead in a Counter-Strike map',
      [ev('map_start', null, { map: 'M' }), ev('gold_lead', null, { lead: 1, time: 60 })],
      'invalid_state',
    ],
  ];
  for (const [name, events, code] of refusals) {
    it(`refuses ${name} (${code})`, () => {
      const s = run(events.slice(0, -1));
      let err: unknown = null;
      try {
        applyEvent(s, events.at(-1)!);
      } catch (x) {
        err = x;
      }
      expect(err).toBeInstanceOf(RuleError);
      expect((err as RuleError).code).toBe(code);
    });
  }

  it('is pure; replays; results-only series; contract values', () => {
    const s = run([ev('map_start', null, { map: 'M', best_of: 1 })]);
    const copy = structuredClone(s);
    applyEvent(s, ev('round_won', 'home'));
    expect(s).toEqual(copy);
    const events = map('M', 13, 3);
    expect(replayEvents(events)).toEqual(run(events));
    expect(project(applyEvent(initialState(), ev('result', null, { home: 3, away: 1, best_of: 5 })))).toMatchObject({
      score: { home: 3, away: 1 },
      state: { best_of: 5 },
    });
    expect(esportsRules).toMatchObject({ sport: 'esports', clock: 'none' });
    expect(esportsRules.periods).toHaveLength(12);
  });
});

describe('Dota 2 games (OpenDota)', () => {
  const start = ev('map_start', null, { map: 'Dota 2', game: 'dota2' });
  it('score = kills; towers, barracks and Roshan per side; the Ancient decides, not the kills', () => {
    let s = run([
      start,
      ev('kill', 'home', { killer: 'npc_dota_hero_ember_spirit', victim: 'npc_dota_hero_furion' }),
      ev('kill', 'home'),
      ev('kill', 'away'),
      ev('building_destroyed', 'away', { building: 'tower' }),
      ev('building_destroyed', 'home', { building: 'barracks' }),
      ev('building_destroyed', 'home', { building: 'healers' }),
      ev('roshan_killed', 'away'),
    ]);
    let p = project(s);
    expect(p).toMatchObject({ score: { home: 2, away: 1 }, status: 'in_play', period: 'map_1' });
    expect(esportsLiveStateSchema.parse(p.state)).toMatchObject({
      game: 'dota2',
      best_of: 1,
      rounds: { home: 2, away: 1 },
      overtime: false,
      objectives: { towers: { home: 0, away: 1 }, barracks: { home: 1, away: 0 }, roshans: { home: 0, away: 1 } },
    });
    s = run([ev('map_end', null, { winner: 'away' }), ev('result', null, { winner: 'away', home: 2, away: 1 })], s);
    p = project(s);
    expect(p).toMatchObject({ score: { home: 2, away: 1 }, status: 'finished', state: { result: { winner: 'away' } } });
    expect(esportsLiveStateSchema.parse(p.state).maps).toEqual([
      { number: 1, map: 'Dota 2', home: 2, away: 1, winner: 'away' },
    ]);
  });

  it('gold lead and game clock: the latest gold_lead, the clock only moves forward; kept off the ended maps', () => {
    let s = run([
      start,
      ev('gold_lead', null, { lead: 0, time: 0 }),
      ev('kill', 'away', { time: 95 }),
      ev('gold_lead', null, { lead: -450, time: 120 }),
      ev('kill', 'home', { time: 110 }),
    ]);
    let p = project(s);
    expect(p.score).toEqual({ home: 1, away: 1 });
    expect(esportsLiveStateSchema.parse(p.state)).toMatchObject({
      gold_lead: -450,
      gold_lead_kills: { home: 0, away: 1 },
      game_seconds: 120,
    });
    s = run([ev('map_end', null, { winner: 'away' })], s);
    p = project(s);
    expect(esportsLiveStateSchema.parse(p.state).maps).toEqual([
      { number: 1, map: 'Dota 2', home: 1, away: 1, winner: 'away' },
    ]);
    expect(project(run([ev('map_start', null, { map: 'M' })])).state).toMatchObject({
      gold_lead: null,
      game_seconds: null,
    });
  });

  it('the result alone records the final kills and the winner', () => {
    const s = run([start, ev('kill', 'home'), ev('result', null, { winner: 'away', home: 34, away: 35 })]);
    expect(project(s)).toMatchObject({ score: { home: 34, away: 35 }, status: 'finished' });
    expect(() => applyEvent(run([start]), ev('result', null, { winner: 'nobody' }))).toThrow(RuleError);
  });
});
