import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseCricsheet } from '../../import/cricsheet';
import { parseFiveThirtyEightNba, parseFiveThirtyEightNhl } from '../../import/fivethirtyeight';
import { parseRetrosheet } from '../../import/retrosheet';
import { parseSackmannAtp, parseSackmannPbp } from '../../import/sackmann';
import { parseSuperRugby } from '../../import/superrugby';
import type { ImportedSportMatch, LiveProjection, SportEvent, SportRules } from '../../rules/contract';
import { rulesFor } from '@/lib/match/registry';
import type { Sport } from '../../sports';
import { liveMatchSchemaFor, liveStateSchemaFor, SPORT_LIVE_STATE_SCHEMAS } from './index';
import { eventBuilder } from '../../rules/test-events';

const DATA = fileURLToPath(new URL('../../../datasets/', import.meta.url));
const text = (p: string) => readFileSync(DATA + p, 'utf8');
type Mine = 'basketball' | 'cricket' | 'tennis' | 'baseball' | 'ice-hockey' | 'rugby';

const ev = eventBuilder('w');
/** A results-only match: one `result` event whose detail is the importer's result (home/away + detail). */
const resultEvent = (m: ImportedSportMatch, detail: Record<string, unknown> = {}) =>
  ev('result', m.result!.winner, { home: m.result!.home, away: m.result!.away, ...detail });

/** A live match carrying a projection, as the wire sends it. */
const liveMatch = (sport: Sport, p: LiveProjection, seq: number) => ({
  fixture_id: 1,
  sport,
  league: 'League',
  home_team: 'Home',
  away_team: 'Away',
  score: p.score,
  minute: p.minute,
  period: p.period,
  status: p.status,
  last_event: null,
  updated_at: '2024-05-01T12:00:00Z',
  home_team_id: 1,
  away_team_id: 2,
  league_slug: 'league',
  season: '2024',
  kickoff: '2024-05-01T10:00:00Z',
  stoppage_time: null,
  clock: null,
  halftime_score: null,
  penalties: null,
  red_cards: null,
  state: p.state,
  seq,
});

/** Path of the first value JSON would not keep as is (undefined, NaN, ±Infinity, a class instance), else null. */
function nonJson(x: unknown, path = 'state'): string | null {
  if (x === null || typeof x === 'string' || typeof x === 'boolean') return null;
  if (typeof x === 'number') return Number.isFinite(x) ? null : path;
  if (Array.isArray(x)) return x.map((v, i) => nonJson(v, `${path}[${i}]`)).find((v) => v !== null) ?? null;
  if (typeof x !== 'object' || Object.getPrototypeOf(x) !== Object.prototype) return path;
  return (
    Object.entries(x)
      .map(([k, v]) => nonJson(v, `${path}.${k}`))
      .find((v) => v !== null) ?? null
  );
}

/**
 * Folds every event from the initial state and checks every projection (every prefix of the
 * events): the state against liveStateSchemaFor, the live match against liveMatchSchemaFor, and
 * that the state survives JSON unchanged. Returns the problems found (none expected).
 */
function check(sport: Mine, events: SportEvent[], rules: SportRules<any> = rulesFor(sport)): string[] {
  const problems: string[] = [];
  const state = liveStateSchemaFor(sport);
  const match = liveMatchSchemaFor(sport);
  let s = rules.initialState();
  for (let i = 0; i <= events.length; i++) {
    if (i > 0) s = rules.applyEvent(s, events[i - 1]);
    const p = rules.project(s);
    const at = i === 0 ? 'initial' : events[i - 1].event_id;
    const r = state.safeParse(p.state);
    if (!r.success) problems.push(`${at}: ${z.prettifyError(r.error)}`);
    const m = match.safeParse(liveMatch(sport, p, i));
    if (!m.success) problems.push(`${at} (live match): ${z.prettifyError(m.error)}`);
    const bad = nonJson(p.state);
    if (bad) problems.push(`${at}: state is not plain JSON at ${bad}`);
    if (problems.length > 5) break;
  }
  return problems;
}
const checkAll = (sport: Mine, games: SportEvent[][], rules?: SportRules<any>) =>
  games.flatMap((g) => check(sport, g, rules)).slice(0, 10);

describe('live state schemas on real matches (every prefix of the events)', () => {
  it('cricket: every Cricsheet match (T20s, ODIs, IPL)', () => {
    const files = ['t20s_json', 'odis_json', 'ipl_json'].flatMap((d) =>
      readdirSync(`${DATA}cricket/cricsheet/${d}`).map((f) => `${d}/${f}`),
    );
    const matches = files.map(
      (f) =>
        parseCricsheet(JSON.parse(text(`cricket/cricsheet/${f}`)), {
          matchId: f.split('/')[1].replace('.json', ''),
        })[0],
    );
    expect(files.filter((f) => f.startsWith('t20s_json')).length).toBeGreaterThan(0);
    expect(
      checkAll(
        'cricket',
        matches.map((m) => m.events),
      ),
    ).toEqual([]);
  });

  it('baseball: all 81 Retrosheet games of 2016CHN.EVN, and each as a results-only game', () => {
    const games = parseRetrosheet(text('baseball/retrosheet/2016/2016CHN.EVN'));
    expect(games).toHaveLength(81);
    expect(
      checkAll(
        'baseball',
        games.map((g) => g.events),
      ),
    ).toEqual([]);
    const results = games.map((g) => {
      const d = g.result!.detail as { innings: number; called: boolean };
      return [resultEvent(g, { innings: d.innings, called: d.called })];
    });
    expect(checkAll('baseball', results)).toEqual([]);
  });

  it('tennis: the first 50 point-by-point matches plus every retirement; ATP 2024 results as result events', () => {
    // The header, the first 50 rows and the file's 4 retirements (lib/import/sackmann.test.ts): parsing all 2,148 rows takes ~13 s.
    const [header, ...rows] = text('tennis/jeffsackmann-tennis_pointbypoint/pbp_matches_atp_main_current.csv').split(
      '\n',
    );
    const retired = ['10494150', '11330786', '11360076', '11605746'];
    const picked = parseSackmannPbp(
      [header, ...rows.slice(0, 50), ...rows.filter((r) => retired.includes(r.split(',')[0]))].join('\n'),
    );
    expect(picked).toHaveLength(54);
    expect(picked.filter((m) => m.events.at(-1)?.type === 'retirement')).toHaveLength(4);
    expect(
      checkAll(
        'tennis',
        picked.map((m) => m.events),
      ),
    ).toEqual([]);
    const atp = parseSackmannAtp(text('tennis/jeffsackmann-tennis_atp/atp_matches_2024.csv')).filter(
      (m) => m.result?.winner,
    );
    const results = atp.slice(0, 300).map((m) => {
      const d = m.result!.detail as { sets: unknown; set_tiebreaks: unknown; outcome: string };
      return [
        ev('match_start', null, { best_of: 3, first_server: 'home' }),
        resultEvent(m, { sets: d.sets, tiebreaks: d.set_tiebreaks, outcome: d.outcome }),
      ];
    });
    expect(checkAll('tennis', results)).toEqual([]);
  });

  it('basketball: a game through fouls, timeouts, a suspension and two overtimes; every 538 NBA result', () => {
    const q = (p: string, ...mid: SportEvent[]) => [
      ev('period_start', null, {}, { period: p }),
      ...mid,
      ev('period_end', null, {}, { period: p }),
    ];
    const fouls = Array.from({ length: 6 }, (_, i) =>
      ev(
        'foul',
        'away',
        { kind: i === 2 ? 'shooting' : 'personal' },
        { player: 'Embiid', clock_seconds: 600 - i * 30 },
      ),
    );
    const game = [
      ...q(
        'q1',
        ev('field_goal', 'home', { points: 3 }, { player: 'Tatum', clock_seconds: 700 }),
        ev('field_goal', 'away', { points: 2, made: false }, { player: 'Harden', clock_seconds: 690.4 }),
        ...fouls,
        ev('free_throw', 'home', { made: true }, { player: 'Brown' }),
        ev('free_throw', 'home', { made: false }, { player: 'Brown' }),
        ev('timeout', 'away', {}, { clock_seconds: 400 }),
        ev('timeout', 'home', { kind: 'official' }),
        ev('clock', null, { clock_seconds: 400, running: true }),
        ev('substitution', 'away', { replaced: 'Embiid' }, { player: 'Reed' }),
        ev('foul', 'home', { kind: 'technical' }, { player: 'Smart' }),
        ev('field_goal', 'away', { points: 3 }, { player: 'Maxey', clock_seconds: 2 }),
      ),
      ev('status', null, { status: 'suspended' }),
      ev('status', null, { status: 'resumed' }),
      ...q('q2', ev('field_goal', 'away', { points: 2 }, { clock_seconds: 500 })),
      ...q('q3'),
      ...q('q4', ev('free_throw', 'home', { made: true })),
      ...q('ot1'),
      ...q('ot2', ev('field_goal', 'home', { points: 2 }, { clock_seconds: 10 })),
    ];
    const nba = parseFiveThirtyEightNba(text('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv')).filter(
      (m) => m.result,
    );
    expect(checkAll('basketball', [game, ...nba.map((m) => [resultEvent(m, m.result!.detail)])])).toEqual([]);
    expect(
      rulesFor('basketball').project(
        game.reduce(rulesFor('basketball').applyEvent, rulesFor('basketball').initialState()),
      ),
    ).toMatchObject({ status: 'finished', period: 'final' });
  });

  it('ice hockey: regular season to a shootout, a playoff game in 2OT, a penalty left running at the final horn; every 538 NHL result', () => {
    const p = (name: string, ...mid: SportEvent[]) => [
      ev('period_start', null, {}, { period: name }),
      ...mid,
      ev('period_end', null, {}, { period: name }),
    ];
    const goal = (side: 'home' | 'away', clock: number, detail: Record<string, unknown> = {}) =>
      ev('goal', side, detail, { clock_seconds: clock, player: 'Scorer' });
    const regular = [
      ...p(
        'p1',
        ev('shot', 'home', {}, { clock_seconds: 1100 }),
        ev('penalty', 'away', { minutes: 2, infraction: 'hooking' }, { player: 'Kane', clock_seconds: 1000 }),
        goal('home', 950, { assists: ['A', 'B'] }),
        ev('penalty', 'home', { kind: 'double_minor' }, { clock_seconds: 800 }),
        ev('power_play_start', 'away', {}, { clock_seconds: 700 }),
        ev('power_play_end', null, {}, { clock_seconds: 650 }),
        ev('penalty', 'away', { kind: 'misconduct' }, { player: 'Tkachuk', clock_seconds: 300 }),
        ev('shot', 'away', { on_goal: false }, { clock_seconds: 100 }),
      ),
      ...p(
        'p2',
        ev('penalty', 'home', { kind: 'major' }, { clock_seconds: 1150 }),
        ev('timeout', 'away', {}, { clock_seconds: 900 }),
        ev('clock', null, { clock_seconds: 880, running: false }),
      ),
      ev('status', null, { status: 'suspended' }),
      ev('status', null, { status: 'resumed' }),
      ...p(
        'p3',
        ev('goalie_change', 'away', {}, { player: null, clock_seconds: 60 }),
        goal('away', 30, { strength: 'empty_net' }),
        ev('substitution', 'home'),
      ),
      ev('period_start', null, {}, { period: 'ot1' }),
      ev('penalty', 'home', { minutes: 2 }, { clock_seconds: 200 }),
      ev('period_end'),
      ev('period_start', null, {}, { period: 'shootout' }),
      ...(
        [
          ['home', true],
          ['away', false],
          ['home', false],
          ['away', true],
          ['home', true],
          ['away', false],
        ] as const
      ).map(([side, scored]) => ev('shootout_attempt', side, { scored })),
    ];
    const playoff = [
      ...p('p1', goal('home', 600)),
      ...p('p2'),
      ...p('p3', goal('away', 30)),
      ...p('ot1'),
      ev('period_start', null, {}, { period: 'ot2' }),
      goal('home', 700.5),
    ];
    const lateHorn = [
      ...p('p1'),
      ...p('p2'),
      ev('period_start', null, {}, { period: 'p3' }),
      ev('penalty', 'home', { kind: 'minor' }, { clock_seconds: 700 }),
      goal('home', 650),
      ev('period_end'),
    ];
    const nhl = parseFiveThirtyEightNhl(text('ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv')).filter(
      (m) => m.result,
    );
    expect(checkAll('ice-hockey', [regular, lateHorn, ...nhl.map((m) => [resultEvent(m, m.result!.detail)])])).toEqual(
      [],
    );
    expect(check('ice-hockey', playoff, rulesFor('ice-hockey', { playoff: true }))).toEqual([]);
    const r = rulesFor('ice-hockey');
    expect(r.project(regular.reduce(r.applyEvent, r.initialState()))).toMatchObject({
      status: 'finished',
      state: { result: { decision: 'SO' } },
    });
  });

  it('rugby: a match with cards, kicks and extra time; every Super Rugby result (with and without tries)', () => {
    const at = (clock: number, player: string | null = null) => ({ clock_seconds: clock, player });
    const half = (name: string, ...mid: SportEvent[]) => [
      ev('period_start', null, {}, { period: name }),
      ...mid,
      ev('period_end', null, {}, { period: name }),
    ];
    const match = [
      ...half(
        '1st_half',
        ev('try', 'home', {}, at(300, 'Savea')),
        ev('conversion', 'home', {}, at(360, 'Barrett')),
        ev('penalty_goal', 'away', { made: false }, at(900, 'Pollard')),
        ev('card', 'home', { card: 'yellow' }, at(1000, 'Read')),
        ev('drop_goal', 'away', {}, at(1200)),
        ev('substitution', 'away', { replacement: 'Kolbe' }, at(1500, 'Arendse')),
      ),
      ...half(
        '2nd_half',
        ev('card', 'away', { card: 'red' }, at(3000, 'Etzebeth')),
        ev('penalty_try', 'away', {}, at(3500)),
        ev('clock', null, { clock_seconds: 3600, running: false }),
        ev('status', null, { status: 'suspended' }),
        ev('status', null, { status: 'resumed' }),
        ev('penalty_goal', 'away', {}, at(4700)),
      ),
      ...half('extra_time_1st', ev('penalty_goal', 'home', {}, at(5000))),
      ...half('extra_time_2nd'),
    ];
    const short = [ev('period_start'), ev('try', 'away', {}, at(100)), ev('full_time', null, {}, at(2000))];
    const rugby = parseSuperRugby(text('rugby/superrugby/superrugby_raw.csv'));
    const results = rugby.flatMap((m) => [
      [resultEvent(m, { tries: (m.result!.detail as { tries: unknown }).tries })],
      [resultEvent(m)],
    ]);
    expect(checkAll('rugby', [match, short, ...results])).toEqual([]);
  });
});

describe('strictness', () => {
  const states: [Mine, () => Record<string, unknown>][] = (
    ['basketball', 'cricket', 'tennis', 'baseball', 'ice-hockey', 'rugby'] as const
  ).map((sport) => [sport, () => rulesFor(sport).project(rulesFor(sport).initialState()).state]);

  it.each(states)(
    '%s: the initial state validates; an undocumented field (top level or nested) fails',
    (sport, initial) => {
      const schema = liveStateSchemaFor(sport);
      expect(schema.safeParse(initial()).success).toBe(true);
      expect(schema.safeParse({ ...initial(), possession: 'home' }).success).toBe(false);
      const nested = initial();
      const key = Object.keys(nested).find(
        (k) => nested[k] !== null && typeof nested[k] === 'object' && !Array.isArray(nested[k]),
      )!;
      nested[key] = { ...(nested[key] as object), extra: 1 };
      expect(schema.safeParse(nested).success).toBe(false);
      const { [Object.keys(initial())[0]]: _dropped, ...missing } = initial();
      expect(schema.safeParse(missing).success).toBe(false);
    },
  );

  it("live match: period and status take the sport's values only; football keeps state null", () => {
    const cricket = rulesFor('cricket').project(rulesFor('cricket').initialState());
    expect(liveMatchSchemaFor('cricket').safeParse(liveMatch('cricket', cricket, 0)).success).toBe(true);
    expect(liveMatchSchemaFor('cricket').safeParse(liveMatch('cricket', { ...cricket, period: 'q1' }, 0)).success).toBe(
      false,
    );
    expect(
      liveMatchSchemaFor('cricket').safeParse(liveMatch('cricket', { ...cricket, status: 'half_time' }, 0)).success,
    ).toBe(false);
    expect(
      liveMatchSchemaFor('cricket').safeParse({ ...liveMatch('cricket', cricket, 0), sport: 'tennis' }).success,
    ).toBe(false);
    expect(liveMatchSchemaFor('cricket').safeParse({ ...liveMatch('cricket', cricket, 0), state: null }).success).toBe(
      false,
    );
    const football = {
      score: { home: 0, away: 0 },
      minute: 0,
      period: '1st_half',
      status: 'in_play',
      state: null,
    } as unknown as LiveProjection;
    expect(liveMatchSchemaFor('football').safeParse(liveMatch('football', football, 0)).success).toBe(true);
    expect(
      liveMatchSchemaFor('football').safeParse(liveMatch('football', { ...football, period: 'q1' }, 0)).success,
    ).toBe(false);
    expect(liveMatchSchemaFor('football').safeParse(liveMatch('football', { ...football, state: {} }, 0)).success).toBe(
      false,
    );
    expect(liveMatchSchemaFor('tennis')).toBe(liveMatchSchemaFor('tennis'));
  });
});

describe('OpenAPI', () => {
  /** Paths of object properties without a description in a JSON Schema. */
  function undocumented(schema: unknown, path = '$'): string[] {
    if (!schema || typeof schema !== 'object') return [];
    const s = schema as Record<string, unknown>;
    const out: string[] = [];
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Record<string, unknown>>)) {
      if (typeof v.description !== 'string') out.push(`${path}.${k}`);
    }
    for (const [k, v] of Object.entries(s))
      if (v && typeof v === 'object') out.push(...undocumented(v, `${path}.${k}`));
    return out;
  }

  it.each(['basketball', 'cricket', 'tennis', 'baseball', 'ice-hockey', 'rugby'] as const)(
    '%s: JSON Schema is closed and every field is described',
    (sport) => {
      const json = z.toJSONSchema(SPORT_LIVE_STATE_SCHEMAS[sport]) as Record<string, unknown>;
      expect(json).toMatchObject({ type: 'object', additionalProperties: false });
      expect(typeof json.description).toBe('string');
      expect([...new Set(undocumented(json))]).toEqual([]);
    },
  );

  it('every sport has a live state schema and a live match schema', () => {
    for (const sport of [
      'football',
      'basketball',
      'cricket',
      'tennis',
      'baseball',
      'ice-hockey',
      'golf',
      'rugby',
      'mma',
      'esports',
    ] as const) {
      expect(liveStateSchemaFor(sport)).toBeDefined();
      expect(() => z.toJSONSchema(liveMatchSchemaFor(sport))).not.toThrow();
    }
  });
});
