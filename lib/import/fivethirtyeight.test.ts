import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ImportError } from './errors';
import { nhlDecision, parseFiveThirtyEightNba, parseFiveThirtyEightNhl, seasonLabel } from './fivethirtyeight';

const read = (p: string) => readFileSync(fileURLToPath(new URL(`../../datasets/${p}`, import.meta.url)), 'utf8');
const NBA_TEXT = read('basketball/fivethirtyeight-nba-elo/nba_elo_latest.csv');
const NHL_TEXT = read('ice_hockey/fivethirtyeight-nhl-elo/nhl_elo_latest.csv');
const nba = parseFiveThirtyEightNba(NBA_TEXT);
const nhl = parseFiveThirtyEightNhl(NHL_TEXT);
const count = <T>(xs: T[], f: (x: T) => string | null) =>
  xs.reduce<Record<string, number>>((m, x) => ((m[String(f(x))] = (m[String(f(x))] ?? 0) + 1), m), {});

describe('parseFiveThirtyEightNba', () => {
  it('1,322 games: 1,230 regular season + play-in + playoffs; 7 Finals rows scheduled', () => {
    expect(nba).toHaveLength(1322);
    expect(count(nba, (m) => m.round)).toEqual({
      null: 1230,
      'Play-In Tournament': 6,
      'First Round': 43,
      'Conference Semifinals': 25,
      'Conference Finals': 11,
      'NBA Finals': 7,
    });
    const scheduled = nba.filter((m) => m.status === 'scheduled');
    expect(scheduled).toHaveLength(7);
    expect(scheduled.every((m) => m.round === 'NBA Finals' && m.result === null)).toBe(true);
    expect(new Set(nba.map((m) => m.source_key)).size).toBe(1322);
    expect(
      nba.every(
        (m) => m.season === '2022-23' && m.competition === 'nba' && m.sport === 'basketball' && m.events.length === 0,
      ),
    ).toBe(true);
  });
  it('first row: Celtics 126–117 76ers on 2022-10-18, noon Boston time', () => {
    expect(nba[0]).toMatchObject({
      source_key: 'fivethirtyeight-nba/2022-10-18/BOS/PHI',
      home_team: 'Boston Celtics',
      away_team: 'Philadelphia 76ers',
      kickoff: '2022-10-18T16:00:00Z',
      status: 'finished',
      result: { home: 126, away: 117, winner: 'home', detail: { playoff: null, neutral: false } },
    });
    // Phoenix does not observe DST: 12:00 MST = 19:00Z.
    expect(nba.find((m) => m.home_team === 'Phoenix Suns')!.kickoff).toMatch(/T19:00:00Z$/);
  });
  it('rejects unknown abbreviations, playoff codes and half scores', () => {
    const [head, row] = NBA_TEXT.split('\n');
    expect(() => parseFiveThirtyEightNba(`${head}\n${row.replace(',BOS,', ',XXX,')}`)).toThrow(
      /unknown NBA team abbreviation XXX/,
    );
    expect(() => parseFiveThirtyEightNba(`${head}\n${row.replace(',0,,', ',0,z,')}`)).toThrow(
      /unknown playoff code "z"/,
    );
    expect(() => parseFiveThirtyEightNba(`${head}\n${row.replace(',126,117,', ',126,,')}`)).toThrow(ImportError);
    expect(() => parseFiveThirtyEightNba('date,season\n2022-10-18,2023\n')).toThrow(/lacks column/);
  });
});

describe('parseFiveThirtyEightNhl', () => {
  it('1,400 finished games: 1,312 regular season, 88 playoffs; OT/SO/2OT/4OT decisions', () => {
    expect(nhl).toHaveLength(1400);
    expect(nhl.every((m) => m.status === 'finished' && m.season === '2022-23' && m.competition === 'nhl')).toBe(true);
    expect(count(nhl, (m) => m.round)).toEqual({ null: 1312, Playoffs: 88 });
    expect(count(nhl, (m) => String((m.result!.detail as { decision: string }).decision))).toEqual({
      REG: 1074,
      OT: 231,
      SO: 95,
    });
    expect(
      count(
        nhl.filter((m) => (m.result!.detail as { overtimes: number }).overtimes > 1),
        (m) => String((m.result!.detail as { ot: string }).ot),
      ),
    ).toEqual({ '2OT': 2, '4OT': 1 });
    // OT and SO games are decided by one goal (a shootout win counts one goal).
    expect(
      nhl
        .filter((m) => (m.result!.detail as { decision: string }).decision !== 'REG')
        .every((m) => Math.abs(m.result!.home - m.result!.away) === 1),
    ).toBe(true);
    expect(new Set(nhl.map((m) => m.source_key)).size).toBe(1400);
  });
  it('first row: Predators 4–1 Sharks in Prague (neutral), noon Nashville time', () => {
    expect(nhl[0]).toMatchObject({
      source_key: 'fivethirtyeight-nhl/2022-10-07/NSH/SJS',
      home_team: 'Nashville Predators',
      away_team: 'San Jose Sharks',
      kickoff: '2022-10-07T17:00:00Z',
      result: {
        home: 4,
        away: 1,
        winner: 'home',
        detail: { decision: 'REG', overtimes: 0, playoff: false, neutral: true },
      },
    });
  });
  it('pre/live rows are scheduled without a result; bad values are refused', () => {
    const [head, row] = NHL_TEXT.split('\n');
    expect(parseFiveThirtyEightNhl(`${head}\n${row.replace(',post,', ',pre,')}`)[0]).toMatchObject({
      status: 'scheduled',
      result: null,
    });
    expect(() => parseFiveThirtyEightNhl(`${head}\n${row.replace(',post,', ',done,')}`)).toThrow(/unknown status/);
    expect(() => parseFiveThirtyEightNhl(`${head}\n${row.replace('Nashville Predators', 'Quebec Nordiques')}`)).toThrow(
      /unknown NHL team/,
    );
  });
  it.each([
    ['', 'REG', 0],
    ['OT', 'OT', 1],
    ['2OT', 'OT', 2],
    ['4OT', 'OT', 4],
    ['SO', 'SO', 1],
  ])('ot "%s" → %s, %i overtimes', (ot, decision, overtimes) => {
    expect(nhlDecision(ot)).toEqual({ decision, overtimes });
  });
  it('season labels and bad ot', () => {
    expect(seasonLabel('2023')).toBe('2022-23');
    expect(seasonLabel('2000')).toBe('1999-00');
    expect(() => nhlDecision('XX')).toThrow(ImportError);
  });
});
