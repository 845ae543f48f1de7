import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cricketRules } from '@/lib/cricket/rules';
import { CRICSHEET_DEFAULT_START_UTC, cricsheetCompetitionSlug, parseCricsheet } from './cricsheet';
import { ImportError } from './errors';

const DATA = fileURLToPath(new URL('../../datasets/cricket/cricsheet/', import.meta.url));
const load = (p: string): Record<string, unknown> => JSON.parse(readFileSync(`${DATA}${p}.json`, 'utf8'));
const parse = (p: string) => parseCricsheet(load(p), { matchId: p.split('/')[1] })[0];

const FILES = ['t20s_json/1298179', 't20s_json/1298178', 'ipl_json/1370353', 'odis_json/1384430', 'odis_json/1384428'];

describe('parseCricsheet — match facts', () => {
  it.each([
    {
      file: 't20s_json/1298179',
      want: {
        source: 'cricsheet',
        source_key: 'cricsheet/1298179',
        sport: 'cricket',
        competition: 't20-world-cup',
        competition_name: "ICC Men's T20 World Cup",
        season: '2022-23',
        round: 'Final',
        group: null,
        venue: 'Melbourne Cricket Ground',
        kickoff: '2022-11-13T10:00:00Z',
        home_team: 'Pakistan',
        away_team: 'England',
        status: 'finished',
      },
      result: {
        home: 137,
        away: 138,
        winner: 'away',
        detail: { kind: 'win', by: { wickets: 5 }, method: null, text: 'England won by 5 wickets' },
      },
    },
    {
      file: 'ipl_json/1370353',
      want: {
        competition: 'ipl',
        competition_name: 'Indian Premier League',
        season: '2023',
        round: 'Final',
        home_team: 'Gujarat Titans',
        away_team: 'Chennai Super Kings',
      },
      result: {
        home: 214,
        away: 171,
        winner: 'away',
        detail: {
          kind: 'win',
          by: { wickets: 5 },
          method: 'D/L',
          text: 'Chennai Super Kings won by 5 wickets (D/L method)',
          target: { runs: 171, overs: 15 },
        },
      },
    },
    {
      file: 'odis_json/1384428',
      want: {
        competition: 'cricket-world-cup',
        competition_name: 'ICC Cricket World Cup',
        season: '2023-24',
        round: 'Match 37',
        venue: 'Eden Gardens, Kolkata',
      },
      result: {
        home: 326,
        away: 83,
        winner: 'home',
        detail: { kind: 'win', by: { runs: 243 }, text: 'India won by 243 runs' },
      },
    },
  ])('$file', ({ file, want, result }) => {
    const m = parse(file);
    expect(m).toMatchObject(want);
    expect(m.result).toMatchObject(result);
  });

  it('innings totals, overs and extras in result.detail; stats per side', () => {
    const m = parse('t20s_json/1298179');
    expect(m.result!.detail.innings).toMatchObject([
      {
        number: 1,
        team: 'Pakistan',
        side: 'home',
        runs: 137,
        wickets: 8,
        overs: '20',
        legal_balls: 120,
        overs_limit: 20,
        all_out: false,
        super_over: false,
      },
      {
        number: 2,
        team: 'England',
        side: 'away',
        runs: 138,
        wickets: 5,
        overs: '19',
        legal_balls: 114,
        overs_limit: 20,
        all_out: false,
      },
    ]);
    expect(m.stats).toMatchObject({
      home: { runs: 137, wickets: 8, legal_balls: 120 },
      away: { runs: 138, wickets: 5, legal_balls: 114 },
    });
    const sa = parse('odis_json/1384428').result!.detail.innings as { all_out: boolean }[];
    expect(sa[1].all_out).toBe(true);
  });

  it('the default start hour is documented and overridable', () => {
    expect(CRICSHEET_DEFAULT_START_UTC).toBe('10:00');
    const m = parseCricsheet(load('t20s_json/1298179'), {
      matchId: '1298179',
      startTimeUtc: '08:00',
      season: '2022',
      competition: 'wc',
    })[0];
    expect(m).toMatchObject({ kickoff: '2022-11-13T08:00:00Z', season: '2022', competition: 'wc' });
  });

  it.each([
    ["ICC Men's T20 World Cup", 't20-world-cup'],
    ['Indian Premier League', 'ipl'],
    ["ICC Women's T20 World Cup", 'womens-t20-world-cup'],
    ['Royal London One-Day Cup', 'royal-london-one-day-cup'],
  ])('competition slug of %s → %s', (name, slug) => expect(cricsheetCompetitionSlug(name)).toBe(slug));
});

describe('parseCricsheet — events', () => {
  it.each(FILES)('%s: one delivery event per Cricsheet delivery, ids unique, rules accept every event', (file) => {
    const raw = load(file) as { innings: { overs: { deliveries: { wickets?: unknown[] }[] }[] }[] };
    const deliveries = raw.innings.flatMap((i) => i.overs.flatMap((o) => o.deliveries));
    const m = parse(file);
    expect(m.events.filter((e) => e.type === 'delivery')).toHaveLength(deliveries.length);
    expect(m.events.filter((e) => e.type === 'wicket')).toHaveLength(
      deliveries.reduce((a, d) => a + (d.wickets?.length ?? 0), 0),
    );
    expect(new Set(m.events.map((e) => e.event_id)).size).toBe(m.events.length);
    expect(
      m.events.every((e) => e.clock_seconds === null && e.minute === null && cricketRules.eventTypes.includes(e.type)),
    ).toBe(true);
    let s = cricketRules.initialState();
    for (const e of m.events) s = cricketRules.applyEvent(s, e);
    expect(s.status).toBe('finished');
  });

  it('T20 final: first over events with stable ids (no-ball and wide do not advance the ball count)', () => {
    const m = parse('t20s_json/1298179');
    const first = m.events.slice(0, 6).map((e) => [e.event_id, e.type]);
    expect(first).toEqual([
      ['cricsheet/1298179/toss', 'toss'],
      ['cricsheet/1298179/1/start', 'innings_start'],
      ['cricsheet/1298179/1/powerplay/1', 'powerplay'],
      ['cricsheet/1298179/1/0.1', 'delivery'],
      ['cricsheet/1298179/1/0.2', 'delivery'],
      ['cricsheet/1298179/1/0.3', 'delivery'],
    ]);
    expect(m.events[0].detail).toEqual({ winner: 'away', decision: 'field' });
    expect(m.events[3]).toMatchObject({
      side: 'home',
      player: 'Mohammad Rizwan',
      period: 'innings_1',
      detail: {
        innings: 1,
        over: 0,
        ball: 1,
        bowler: 'BA Stokes',
        extras: { noballs: 1 },
        legal: false,
        runs_total: 1,
      },
    });
    expect(m.events[4].detail).toMatchObject({ extras: { wides: 1 }, legal: false });
    expect(m.events[5].detail).toMatchObject({ extras: {}, legal: true });
    const overEnd = m.events.find((e) => e.event_id === 'cricsheet/1298179/1/0/end')!;
    expect(overEnd.detail).toMatchObject({ over: 0, bowler: 'BA Stokes', wickets: 0 });
    expect(m.events.at(-1)).toMatchObject({ event_id: 'cricsheet/1298179/result', type: 'result', side: 'away' });
  });

  it('T20 final: wickets carry kind, player out, fielders and whether the bowler is credited', () => {
    const m = parse('t20s_json/1298179');
    const wickets = m.events.filter((e) => e.type === 'wicket');
    expect(wickets.filter((w) => w.side === 'home')).toHaveLength(8);
    expect(wickets.filter((w) => w.side === 'away')).toHaveLength(5);
    const w = wickets[0];
    expect(w.event_id).toMatch(/^cricsheet\/1298179\/1\/\d+\.\d+\/wicket\/1$/);
    expect(w.detail).toMatchObject({ innings: 1, kind: expect.any(String), fielders: expect.any(Array) });
    const runOut = m.events.filter((e) => e.type === 'wicket' && e.detail.kind === 'run out');
    expect(runOut.every((e) => e.detail.credited_to_bowler === false)).toBe(true);
  });

  it('IPL final: the D/L target event precedes the chase and carries the method', () => {
    const m = parse('ipl_json/1370353');
    const i = m.events.findIndex((e) => e.type === 'target');
    expect(m.events[i]).toMatchObject({
      event_id: 'cricsheet/1370353/2/target',
      side: 'away',
      detail: { innings: 2, runs: 171, overs: 15, revised: true, method: 'D/L' },
    });
    expect(m.events[i + 1]).toMatchObject({ type: 'innings_start', side: 'away', detail: { innings: 2, overs: 15 } });
    const pp = m.events.filter((e) => e.type === 'powerplay' && e.detail.innings === 2);
    expect(pp.map((e) => e.detail)).toEqual([{ innings: 2, number: 1, from: '0.1', to: '3.6', type: 'mandatory' }]);
  });

  it('ODI: three powerplays in the first innings, announced before their first over', () => {
    const m = parse('odis_json/1384430');
    const ids = m.events.map((e) => e.event_id);
    const pp = m.events.filter((e) => e.type === 'powerplay' && e.detail.innings === 1);
    expect(pp.map((e) => [e.detail.from, e.detail.to])).toEqual([
      ['0.1', '9.6'],
      ['10.1', '39.6'],
      ['40.1', '49.6'],
    ]);
    expect(ids.indexOf('cricsheet/1384430/1/powerplay/2')).toBe(ids.indexOf('cricsheet/1384430/1/10.1') - 1);
  });
});

describe('parseCricsheet — errors', () => {
  const good = () => load('t20s_json/1298179');
  it.each([
    ['not an object', () => 42, /not a Cricsheet JSON match/],
    ['no innings array', () => ({ ...good(), innings: undefined }), /innings/],
    ['data_version 2', () => ({ ...good(), meta: { data_version: '2.0.0' } }), /data_version/],
    ['a date without a day', () => ({ ...good(), info: { ...(good().info as object), dates: ['2022-11'] } }), /dates/],
    ['three teams', () => ({ ...good(), info: { ...(good().info as object), teams: ['A', 'B', 'C'] } }), /teams/],
    [
      'a winner who did not play',
      () => ({ ...good(), info: { ...(good().info as object), outcome: { winner: 'Australia', by: { runs: 1 } } } }),
      /Australia/,
    ],
    [
      'an outcome with neither winner nor result',
      () => ({ ...good(), info: { ...(good().info as object), outcome: {} } }),
      /outcome/,
    ],
  ])('%s → ImportError', (_name, make, msg) => {
    expect(() => parseCricsheet(make(), { matchId: '1298179' })).toThrow(ImportError);
    expect(() => parseCricsheet(make(), { matchId: '1298179' })).toThrow(msg);
  });
  it('runs that do not add up → ImportError naming the ball', () => {
    const j = good() as { innings: { overs: { deliveries: { runs: { total: number } }[] }[] }[] };
    j.innings[0].overs[3].deliveries[2].runs.total = 99;
    expect(() => parseCricsheet(j, { matchId: '1298179' })).toThrow(/innings 1 over 3 ball 3/);
  });
});
