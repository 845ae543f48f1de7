import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SourceEvent } from '@/lib/match/events';
import { ImportError } from './errors';
import { parseStatsbomb, statsbombMinute } from './statsbomb';
import { formatFormation } from './statsbomb-lineups';

const DATA = new URL('../../datasets/football/statsbomb/', import.meta.url);
const load = (p: string): unknown => JSON.parse(readFileSync(new URL(p, DATA), 'utf8'));

const turIta = parseStatsbomb(load('events/3788741.json'), load('lineups/3788741.json'), {
  matchId: '3788741',
  competition: 'euro',
  season: '2020',
  kickoff: '2021-06-11T21:00:00+02:00',
});
const barGir = parseStatsbomb(load('events/15986.json'), load('lineups/15986.json'), {
  matchId: '15986',
  competition: 'laliga',
  season: '2018-19',
  kickoff: '2018-09-23T18:30:00Z',
});

const ofType = (evs: SourceEvent[], t: string) => evs.filter((e) => e.type === t);
const perSide = (evs: SourceEvent[]) => [
  evs.filter((e) => e.side === 'home').length,
  evs.filter((e) => e.side === 'away').length,
];

describe('statsbombMinute', () => {
  it('caps at the period regulation end and carries the overflow as stoppage', () => {
    expect(statsbombMinute(1, 15)).toEqual({ minute: 16, stoppage: null });
    expect(statsbombMinute(1, 45)).toEqual({ minute: 45, stoppage: 1 });
    expect(statsbombMinute(2, 45)).toEqual({ minute: 46, stoppage: null });
    expect(statsbombMinute(2, 93)).toEqual({ minute: 90, stoppage: 4 });
    expect(statsbombMinute(4, 121)).toEqual({ minute: 120, stoppage: 2 });
    expect(statsbombMinute(5, 122)).toEqual({ minute: null, stoppage: null });
  });
  it('formats formations', () => {
    expect(formatFormation(442)).toBe('4-4-2');
    expect(formatFormation(41221)).toBe('4-1-2-2-1');
    expect(formatFormation(undefined)).toBeNull();
  });
});

describe('3788741 Turkey 0–3 Italy (Euro 2020)', () => {
  it('match header and result', () => {
    expect(turIta).toMatchObject({
      source: 'statsbomb',
      source_key: 'statsbomb/3788741',
      competition: 'euro',
      season: '2020',
      kickoff: '2021-06-11T19:00:00Z',
      home_team: 'Turkey',
      away_team: 'Italy',
      status: 'finished',
      result: { ht: [0, 0], ft: [0, 3], et: null, p: null },
      odds: [],
      stats: null,
    });
  });
  it('goals: Demiral own goal credited to Italy, Immobile, Insigne', () => {
    const goals = ofType(turIta.events, 'goal');
    expect(goals.map((g) => [g.side, g.player, g.minute, g.detail])).toEqual([
      ['away', 'Merih Demiral', 53, { own_goal: true }],
      ['away', 'Ciro Immobile', 66, {}],
      ['away', 'Lorenzo Insigne', 79, {}],
    ]);
    expect(goals[0].event_id).toMatch(/^statsbomb:3788741:[0-9a-f-]{36}$/);
    expect(goals[0].clock_seconds).toBe(52 * 60 + 12);
  });
  it('cards, subs, corners, periods', () => {
    expect(ofType(turIta.events, 'card').map((c) => [c.side, c.detail.card])).toEqual([
      ['home', 'yellow'],
      ['home', 'yellow'],
    ]);
    const subs = ofType(turIta.events, 'substitution');
    expect(subs).toHaveLength(9);
    expect(perSide(subs)).toEqual([4, 5]);
    expect(subs[0]).toMatchObject({
      side: 'home',
      player: 'Yusuf Yazıcı',
      detail: { replacement: 'Cengiz Ünder', reason: 'tactical' },
    });
    expect(subs.find((s) => s.player === 'Domenico Berardi')?.detail).toEqual({
      replacement: 'Federico Bernardeschi',
      reason: 'injury',
    });
    expect(perSide(ofType(turIta.events, 'corner'))).toEqual([2, 8]);
    expect(ofType(turIta.events, 'penalty_awarded')).toHaveLength(0);
    expect(ofType(turIta.events, 'penalty_missed')).toHaveLength(0);
    const periods = turIta.events.filter((e) => /period|full_time/.test(e.type));
    expect(periods.map((e) => [e.type, e.period, e.minute, e.stoppage])).toEqual([
      ['period_start', '1st_half', 1, null],
      ['period_end', '1st_half', 45, 1],
      ['period_start', '2nd_half', 46, null],
      ['period_end', '2nd_half', 90, 4],
      ['full_time', '2nd_half', 90, 4],
    ]);
    expect(turIta.events.at(-1)?.type).toBe('full_time');
    expect(new Set(turIta.events.map((e) => e.event_id)).size).toBe(turIta.events.length);
  });
  it('lineups: 23 players each, 11 starters, formations, positions', () => {
    const [home, away] = turIta.lineups!;
    expect([home.side, home.team, home.formation, home.players.length]).toEqual(['home', 'Turkey', '4-1-4-1', 23]);
    expect([away.side, away.team, away.formation, away.players.length]).toEqual(['away', 'Italy', '4-3-3', 23]);
    expect(home.players.filter((p) => p.starter)).toHaveLength(11);
    expect(away.players.slice(0, 11).every((p) => p.starter)).toBe(true);
    expect(away.players[0]).toEqual({
      name: 'Gianluigi Donnarumma',
      nickname: null,
      jersey_number: 21,
      position: 'Goalkeeper',
      starter: true,
    });
    expect(home.players.find((p) => p.name === 'Mehmet Zeki Çelik')?.nickname).toBe('Zeki Celik');
    // a substitute's position comes from positions[]
    expect(away.players.find((p) => p.name === 'Federico Chiesa')).toMatchObject({
      starter: false,
      position: expect.any(String),
    });
  });
});

describe('15986 Barcelona 2–2 Girona (La Liga 2018/19, older lineup layout)', () => {
  it('result and goals', () => {
    expect(barGir).toMatchObject({
      home_team: 'Barcelona',
      away_team: 'Girona',
      result: { ht: [1, 1], ft: [2, 2], et: null, p: null },
    });
    expect(ofType(barGir.events, 'goal').map((g) => [g.side, g.player, g.minute])).toEqual([
      ['home', 'Lionel Andrés Messi Cuccittini', 19],
      ['away', 'Cristhian Ricardo Stuani Curbelo', 45],
      ['away', 'Cristhian Ricardo Stuani Curbelo', 51],
      ['home', 'Gerard Piqué Bernabéu', 63],
    ]);
  });
  it('Lenglet red card at StatsBomb 32:36 (displayed 33rd minute), 8 yellows, 6 subs, 10 corners', () => {
    const cards = ofType(barGir.events, 'card');
    const red = cards.filter((c) => c.detail.card === 'red');
    expect(red).toHaveLength(1);
    expect(red[0]).toMatchObject({
      side: 'home',
      player: 'Clément Lenglet',
      minute: 33,
      stoppage: null,
      clock_seconds: 32 * 60 + 36,
    });
    expect(cards.filter((c) => c.detail.card === 'yellow')).toHaveLength(8);
    expect(perSide(cards)).toEqual([4, 5]);
    expect(ofType(barGir.events, 'substitution')).toHaveLength(6);
    expect(perSide(ofType(barGir.events, 'corner'))).toEqual([8, 2]);
    expect(ofType(barGir.events, 'period_end').map((e) => [e.minute, e.stoppage])).toEqual([
      [45, 4],
      [90, 4],
    ]);
  });
  it('lineups without positions/cards', () => {
    const [home, away] = barGir.lineups!;
    expect([home.formation, away.formation]).toEqual(['4-1-2-2-1', '3-2-3-2']);
    expect(home.players).toHaveLength(18);
    expect(home.players.filter((p) => p.starter)).toHaveLength(11);
    expect(home.players.filter((p) => !p.starter).every((p) => p.position === null)).toBe(true);
    expect(home.players[0]).toMatchObject({ name: 'Marc-André ter Stegen', jersey_number: 1, position: 'Goalkeeper' });
  });
  it('opts.home swaps sides (matching by alias too)', () => {
    const m = parseStatsbomb(load('events/15986.json'), load('lineups/15986.json'), {
      matchId: '15986',
      competition: 'laliga',
      season: '2018-19',
      kickoff: '2018-09-23T18:30:00Z',
      home: 'Girona FC',
    });
    expect([m.home_team, m.away_team]).toEqual(['Girona', 'Barcelona']);
    expect(m.result?.ft).toEqual([2, 2]);
    expect(m.lineups?.[0].team).toBe('Girona');
  });
});

describe('synthetic events: penalties, second yellow, extra time, shoot-out', () => {
  let n = 0;
  const ev = (period: number, minute: number, type: string, team: string, extra: Record<string, unknown> = {}) => ({
    id: `e${++n}`,
    index: n,
    period,
    minute,
    second: 0,
    type: { name: type },
    team: { name: team },
    ...extra,
  });
  const shot = (p: number, min: number, team: string, outcome: string, type = 'Penalty') =>
    ev(p, min, 'Shot', team, {
      player: { name: `${team} taker` },
      shot: { outcome: { name: outcome }, type: { name: type } },
    });
  const events = [
    ev(1, 0, 'Starting XI', 'A', { tactics: { formation: 442, lineup: [] } }),
    ev(1, 0, 'Starting XI', 'B', { tactics: { formation: 433, lineup: [] } }),
    ...[1, 2, 3, 4, 5].flatMap((p) => [
      ev(p, [0, 45, 90, 105, 120][p - 1], 'Half Start', 'A'),
      ev(p, [0, 45, 90, 105, 120][p - 1], 'Half Start', 'B'),
    ]),
    ev(1, 10, 'Foul Committed', 'B', {
      player: { name: 'B def' },
      foul_committed: { penalty: true, card: { name: 'Second Yellow' } },
    }),
    shot(1, 11, 'A', 'Saved'),
    shot(3, 100, 'B', 'Goal', 'Open Play'),
    ev(4, 110, 'Own Goal Against', 'B', { player: { name: 'B og' }, related_events: ['x'] }),
    { ...ev(4, 111, 'Own Goal For', 'A'), related_events: [`e${n - 1}`] },
    shot(5, 121, 'A', 'Goal'),
    shot(5, 121, 'B', 'Saved'),
    shot(5, 122, 'A', 'Goal'),
    ev(5, 123, 'Half End', 'A'),
    ev(5, 123, 'Half End', 'B'),
  ];
  const m = parseStatsbomb(events, [], {
    matchId: '1',
    competition: 'c',
    season: 's',
    kickoff: '2020-01-01T00:00:00Z',
  });
  it('maps penalty award/miss, second yellow, own goal via related_events', () => {
    const types = m.events.map((e) => `${e.type}:${e.side ?? '-'}`);
    expect(types).toEqual([
      'period_start:-',
      'period_start:-',
      'period_start:-',
      'period_start:-',
      'period_start:-',
      'card:away',
      'penalty_awarded:home',
      'penalty_missed:home',
      'goal:away',
      'goal:home',
      'shootout:-',
      'period_end:-',
      'full_time:-',
    ]);
    expect(m.events[5].detail).toEqual({ card: 'second_yellow' });
    expect(m.events[6].event_id).toBe('statsbomb:1:e13:penalty_awarded');
    expect(m.events[9]).toMatchObject({
      player: 'B og',
      detail: { own_goal: true },
      period: 'extra_time_2nd',
      minute: 112,
    });
    expect(m.events[10]).toMatchObject({ period: 'penalties', detail: { home: 2, away: 0 } });
    expect(m.result).toEqual({ ht: [0, 0], ft: [0, 0], et: [1, 1], p: [2, 0] });
    expect(m.lineups).toEqual([]);
  });
  it('rejects malformed input', () => {
    const o = { matchId: '1', competition: 'c', season: 's', kickoff: '2020-01-01T00:00:00Z' };
    expect(() => parseStatsbomb({}, [], o)).toThrow(ImportError);
    expect(() => parseStatsbomb([{ id: 'x' }], [], o)).toThrow(/#1/);
    expect(() => parseStatsbomb(events, [], { ...o, kickoff: 'soon' })).toThrow(/kickoff/);
    expect(() => parseStatsbomb(events, [], { ...o, home: 'C' })).toThrow(/--home/);
    expect(() => parseStatsbomb(events, { nope: 1 }, o)).toThrow(/lineups/);
  });
});
