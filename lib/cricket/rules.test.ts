import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCricsheet } from '@/lib/import/cricsheet';
import { RuleError, type ImportedSportMatch, type Side, type SportEvent } from '@/lib/rules/contract';
import { applyEvent, cricketRules, formatOvers, initialState, project, replayEvents, runRate } from './rules';
import type { CricketState } from './types';

const DATA = fileURLToPath(new URL('../../datasets/cricket/cricsheet/', import.meta.url));
function cricsheet(path: string): ImportedSportMatch {
  const id = path.split('/').at(-1)!;
  return parseCricsheet(JSON.parse(readFileSync(`${DATA}${path}.json`, 'utf8')), { matchId: id })[0];
}

// ── event builders for the unit tables ──────────────────────────────────────────────────────
let seq = 0;
const e = (
  type: string,
  side: Side | null,
  detail: Record<string, unknown> = {},
  player: string | null = null,
): SportEvent => ({
  event_id: `t/${++seq}`,
  type,
  side,
  player,
  minute: null,
  period: null,
  clock_seconds: null,
  detail,
});
const start = (side: Side, overs: number | null = 20, extra: Record<string, unknown> = {}) =>
  e('innings_start', side, { overs, ...extra });
const ball = (side: Side, batter: number, extras: Record<string, number> = {}) => {
  const ex = Object.values(extras).reduce((a, v) => a + v, 0);
  return e(
    'delivery',
    side,
    { bowler: 'B', runs_batter: batter, runs_extras: ex, runs_total: batter + ex, extras },
    'A',
  );
};
const wicket = (side: Side, kind = 'bowled') => e('wicket', side, { kind, bowler: 'B', fielders: [] }, 'A');
const times = <T>(n: number, f: () => T): T[] => Array.from({ length: n }, f);
const run = (events: SportEvent[]): CricketState => replayEvents(events);
const inn = (s: CricketState) =>
  project(s).state.innings as {
    runs: number;
    wickets: number;
    overs: string;
    legal_balls: number;
    end_reason: string | null;
  }[];

describe('formatOvers / runRate', () => {
  it.each([
    [0, '0'],
    [1, '0.1'],
    [6, '1'],
    [74, '12.2'],
    [114, '19'],
    [281, '46.5'],
  ])('%i legal balls → %s overs', (balls, text) => expect(formatOvers(balls)).toBe(text));
  it.each([
    [138, 114, 7.26],
    [0, 6, 0],
    [10, 0, null],
  ])('%i runs in %i balls → %s per over', (r, b, rr) => expect(runRate(r, b)).toBe(rr));
});

describe('deliveries: legal balls, extras, runs', () => {
  const cases: { name: string; extras: Record<string, number>; batter: number; legal: boolean; runs: number }[] = [
    { name: 'dot ball', extras: {}, batter: 0, legal: true, runs: 0 },
    { name: 'four', extras: {}, batter: 4, legal: true, runs: 4 },
    { name: 'wide (does not count towards the over)', extras: { wides: 1 }, batter: 0, legal: false, runs: 1 },
    { name: 'wide that ran for four', extras: { wides: 5 }, batter: 0, legal: false, runs: 5 },
    { name: 'no-ball hit for six', extras: { noballs: 1 }, batter: 6, legal: false, runs: 7 },
    { name: 'byes count as a legal ball', extras: { byes: 2 }, batter: 0, legal: true, runs: 2 },
    { name: 'leg byes count as a legal ball', extras: { legbyes: 1 }, batter: 0, legal: true, runs: 1 },
    { name: 'penalty runs', extras: { penalty: 5 }, batter: 0, legal: true, runs: 5 },
  ];
  it.each(cases)('$name', ({ extras, batter, legal, runs }) => {
    const s = run([start('home'), ball('home', batter, extras)]);
    const i = inn(s)[0];
    expect(i.legal_balls).toBe(legal ? 1 : 0);
    expect(i.runs).toBe(runs);
    expect(s.innings[0].extras).toMatchObject(extras);
  });
  it('an over with a wide and a no-ball has 8 deliveries and ends at 1.0', () => {
    const s = run([
      start('home'),
      ball('home', 0, { wides: 1 }),
      ball('home', 0, { noballs: 1 }),
      ...times(6, () => ball('home', 1)),
    ]);
    expect(inn(s)[0]).toMatchObject({ overs: '1', legal_balls: 6, runs: 8 });
  });
  it('rejects runs_total that does not add up, unknown extras kinds, the wrong batting side', () => {
    const s = run([start('home')]);
    const bad =
      (d: Record<string, unknown>, side: Side = 'home') =>
      () =>
        applyEvent(s, e('delivery', side, { runs_batter: 1, runs_extras: 0, runs_total: 1, extras: {}, ...d }, 'A'));
    expect(bad({ runs_total: 3 })).toThrow(RuleError);
    expect(bad({ extras: { overthrows: 2 } })).toThrow(/unknown extras kind/);
    expect(bad({}, 'away')).toThrow(/not batting/);
  });
});

describe('innings end and result', () => {
  interface Case {
    name: string;
    events: () => SportEvent[];
    status: string;
    period: string;
    reasons: (string | null)[];
    result?: unknown;
    score?: [number, number];
  }
  const cases: Case[] = [
    {
      name: '10 wickets: all out',
      events: () => [start('home'), ...times(10, () => [ball('home', 0), wicket('home')]).flat()],
      status: 'break',
      period: 'innings_break',
      reasons: ['all_out'],
    },
    {
      name: 'retired hurt is not a wicket',
      events: () => [
        start('home'),
        ...times(9, () => [ball('home', 0), wicket('home')]).flat(),
        ball('home', 0),
        wicket('home', 'retired hurt'),
      ],
      status: 'in_play',
      period: 'innings_1',
      reasons: [null],
    },
    {
      name: '2-over quota bowled',
      events: () => [start('home', 2), ...times(12, () => ball('home', 1))],
      status: 'break',
      period: 'innings_break',
      reasons: ['overs_complete'],
    },
    {
      name: 'chase reaches the target: won by wickets',
      events: () => [
        start('home', 1),
        ...times(6, () => ball('home', 1)),
        start('away', 1),
        ball('away', 0),
        wicket('away'),
        ball('away', 6),
        ball('away', 1),
      ],
      status: 'finished',
      period: 'ended',
      reasons: ['overs_complete', 'target_reached'],
      result: { kind: 'win', winner: 'away', by: { wickets: 9 }, derived: true },
      score: [6, 7],
    },
    {
      name: 'chase falls short: won by runs',
      events: () => [
        start('home', 1),
        ...times(6, () => ball('home', 4)),
        start('away', 1),
        ...times(6, () => ball('away', 1)),
      ],
      status: 'finished',
      period: 'ended',
      reasons: ['overs_complete', 'overs_complete'],
      result: { kind: 'win', winner: 'home', by: { runs: 18 } },
    },
    {
      name: 'level scores: a tie',
      events: () => [
        start('home', 1),
        ...times(6, () => ball('home', 1)),
        start('away', 1),
        ...times(6, () => ball('away', 1)),
      ],
      status: 'finished',
      period: 'ended',
      reasons: ['overs_complete', 'overs_complete'],
      result: { kind: 'tie', winner: null },
    },
    {
      name: 'a super over after a tie decides the eliminator',
      events: () => [
        start('home', 1),
        ...times(6, () => ball('home', 1)),
        start('away', 1),
        ...times(6, () => ball('away', 1)),
        start('away', 1, { super_over: true }),
        ...times(6, () => ball('away', 2)),
        start('home', 1, { super_over: true }),
        ...times(5, () => ball('home', 2)),
        ball('home', 4),
      ],
      status: 'finished',
      period: 'ended',
      reasons: ['overs_complete', 'overs_complete', 'overs_complete', 'target_reached'],
      result: { kind: 'tie', winner: 'home', eliminator: 'home' },
      score: [6, 6],
    },
    {
      name: 'D/L target: the revised overs become the chase quota',
      events: () => [
        start('home', 2),
        ...times(12, () => ball('home', 2)),
        e('target', 'away', { innings: 2, runs: 15, overs: 1, method: 'D/L' }),
        start('away', 2),
        ...times(6, () => ball('away', 2)),
      ],
      status: 'finished',
      period: 'ended',
      reasons: ['overs_complete', 'overs_complete'],
      result: { kind: 'win', winner: 'home', by: { runs: 2 }, method: 'D/L' },
    },
  ];
  it.each(cases)('$name', (c) => {
    const s = run(c.events());
    const p = project(s);
    expect(p.status).toBe(c.status);
    expect(p.period).toBe(c.period);
    expect(inn(s).map((i) => i.end_reason)).toEqual(c.reasons);
    if (c.result) expect(s.result).toMatchObject(c.result as object);
    if (c.score) expect(p.score).toEqual({ home: c.score[0], away: c.score[1] });
  });
});

describe('errors and purity', () => {
  const finished = run([
    start('home', 1),
    ...times(6, () => ball('home', 1)),
    start('away', 1),
    ...times(2, () => ball('away', 4)),
  ]);
  it.each([
    ['a ball before any innings', initialState(), ball('home', 1), 'invalid_state'],
    ['a ball after the result', finished, ball('away', 1), 'match_over'],
    ['an innings after the result', finished, start('home', 1), 'match_over'],
    ['an unknown event type', initialState(), e('googly', 'home'), 'invalid_event'],
    ['innings_start without a side', initialState(), e('innings_start', null), 'invalid_event'],
    ['a toss without decision', initialState(), e('toss', null, { winner: 'home' }), 'invalid_event'],
  ] as const)('%s → RuleError', (_n, state, event, code) => {
    try {
      applyEvent(state as CricketState, event);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(RuleError);
      expect((err as RuleError).code).toBe(code);
    }
  });
  it('does not mutate the input state', () => {
    const s = run([start('home')]);
    const copy = structuredClone(s);
    applyEvent(s, ball('home', 4));
    expect(s).toEqual(copy);
  });
  it('exposes the contract values', () => {
    expect(cricketRules.clock).toBe('none');
    expect(cricketRules.sport).toBe('cricket');
    expect(cricketRules.periods).toContain('super_over');
    expect(cricketRules.eventTypes).toEqual(
      expect.arrayContaining(['delivery', 'wicket', 'over_end', 'target', 'result']),
    );
  });
});

// ── real matches, replayed ball by ball ─────────────────────────────────────────────────────
interface RealCase {
  name: string;
  path: string;
  /** [runs, wickets, overs] per innings. */
  innings: [number, number, string][];
  target: { runs: number; overs: number; revised: boolean };
  result: Record<string, unknown>;
  /** State after the first event matching `when`. */
  spot?: {
    when: (e: SportEvent) => boolean;
    score: [number, number];
    required_runs?: number;
    required_balls?: number;
    period: string;
  };
}
const REAL: RealCase[] = [
  {
    name: 'T20 World Cup 2022 final: Pakistan 137/8, England 138/5 (19 ov) — England won by 5 wickets',
    path: 't20s_json/1298179',
    innings: [
      [137, 8, '20'],
      [138, 5, '19'],
    ],
    target: { runs: 138, overs: 20, revised: false },
    result: { kind: 'win', winner: 'away', by: { wickets: 5 }, method: null },
    spot: {
      when: (e) => e.event_id === 'cricsheet/1298179/2/0.1',
      score: [137, 3],
      required_runs: 135,
      required_balls: 119,
      period: 'innings_2',
    },
  },
  {
    name: 'T20 World Cup 2022 semi-final: England won by 10 wickets',
    path: 't20s_json/1298178',
    innings: [
      [168, 6, '20'],
      [170, 0, '16'],
    ],
    target: { runs: 169, overs: 20, revised: false },
    result: { kind: 'win', winner: 'away', by: { wickets: 10 } },
  },
  {
    name: 'IPL 2023 final: D/L target 171 in 15 overs applied, CSK won by 5 wickets (D/L)',
    path: 'ipl_json/1370353',
    innings: [
      [214, 4, '20'],
      [171, 5, '15'],
    ],
    target: { runs: 171, overs: 15, revised: true },
    result: { kind: 'win', winner: 'away', by: { wickets: 5 }, method: 'D/L' },
    spot: {
      when: (e) => e.event_id === 'cricsheet/1370353/2/0.1',
      score: [214, 0],
      required_runs: 171,
      required_balls: 89,
      period: 'innings_2',
    },
  },
  {
    name: 'ODI World Cup 2023 Afghanistan v Australia: Australia won by 3 wickets (46.5 ov)',
    path: 'odis_json/1384430',
    innings: [
      [291, 5, '50'],
      [293, 7, '46.5'],
    ],
    target: { runs: 292, overs: 50, revised: false },
    result: { kind: 'win', winner: 'away', by: { wickets: 3 } },
  },
  {
    name: 'ODI World Cup 2023 India v South Africa: South Africa all out 83, India won by 243 runs',
    path: 'odis_json/1384428',
    innings: [
      [326, 5, '50'],
      [83, 10, '27.1'],
    ],
    target: { runs: 327, overs: 50, revised: false },
    result: { kind: 'win', winner: 'home', by: { runs: 243 } },
  },
];

describe('real matches replayed through the rules (Cricsheet)', () => {
  it.each(REAL)('$name', (c) => {
    const m = cricsheet(c.path);
    // 1. From the deliveries alone: the rules derive innings ends, target and result.
    const derived = replayEvents(m.events.filter((e) => e.type !== 'result'));
    const p = project(derived);
    expect(p.status).toBe('finished');
    expect(p.period).toBe('ended');
    expect(p.minute).toBe(0);
    const innings = p.state.innings as { runs: number; wickets: number; overs: string }[];
    expect(innings.map((i) => [i.runs, i.wickets, i.overs])).toEqual(c.innings);
    expect(p.score).toEqual({ home: c.innings[0][0], away: c.innings[1][0] });
    expect(p.state.target).toMatchObject(c.target);
    expect(derived.result).toMatchObject({ ...c.result, derived: true });
    // 2. With the recorded result event: the same result, now authoritative.
    const full = replayEvents(m.events);
    expect(full.result).toMatchObject({ ...c.result, derived: false });
    expect(project(full).score).toEqual(p.score);
    // 3. The importer's totals agree with the rules'.
    expect(m.result).toMatchObject({ home: p.score.home, away: p.score.away, winner: c.result.winner });
    if (c.spot) {
      const i = m.events.findIndex(c.spot.when);
      const at = project(replayEvents(m.events.slice(0, i + 1)));
      expect(at.score).toEqual({ home: c.spot.score[0], away: c.spot.score[1] });
      expect(at.period).toBe(c.spot.period);
      expect(at.state.required_runs).toBe(c.spot.required_runs);
      expect(at.state.required_balls).toBe(c.spot.required_balls);
      expect(at.state.batting).toBe('away');
      expect(at.state.bowling).toBe('home');
    }
  });

  it('T20 final after 6 overs of the chase (England 49/1): run rates and the powerplay', () => {
    const m = cricsheet('t20s_json/1298179');
    const i = m.events.findIndex((e) => e.event_id === 'cricsheet/1298179/2/5/end');
    const p = project(replayEvents(m.events.slice(0, i + 1)));
    const eng = (p.state.innings as { runs: number; wickets: number; overs: string }[])[1];
    expect(eng).toMatchObject({ overs: '6', runs: 49, wickets: 3 });
    expect(p.state.current_run_rate).toBe(Math.round((eng.runs / 6) * 100) / 100);
    expect(p.state.required_balls).toBe(84);
    expect(p.state.required_run_rate).toBe(Math.round(((138 - eng.runs) * 6 * 100) / 84) / 100);
    const j = m.events.findIndex((e) => e.event_id === 'cricsheet/1298179/2/0.1');
    expect(project(replayEvents(m.events.slice(0, j + 1))).state.powerplay).toMatchObject({
      type: 'mandatory',
      from: '0.1',
      to: '5.7',
    });
  });
});
