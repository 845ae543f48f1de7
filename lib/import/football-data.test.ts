import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { OddsQuote } from '../football/types';
import { ImportError } from './errors';
import { parseFootballData, parseOddsColumn, seasonOfDate } from './football-data';

const DATA = new URL('../../datasets/football/football-data.co.uk/', import.meta.url);
const read = (p: string) => readFileSync(new URL(p, DATA), 'utf8');
const FILES = ['2324/E0.csv', '2425/E0.csv', '2425/D1.csv'] as const;
const headerOf = (p: string): string[] => (parse(read(p), { bom: true, to_line: 1 }) as string[][])[0];

/** Non-odds columns of these files: match facts, stats, and the two AH line columns. */
const CORE = new Set([
  'Div',
  'Date',
  'Time',
  'HomeTeam',
  'AwayTeam',
  'FTHG',
  'FTAG',
  'FTR',
  'HTHG',
  'HTAG',
  'HTR',
  'Referee',
  'HS',
  'AS',
  'HST',
  'AST',
  'HF',
  'AF',
  'HC',
  'AC',
  'HY',
  'AY',
  'HR',
  'AR',
  'AHh',
  'AHCh',
]);

const quote = (odds: OddsQuote[], bookmaker: string, market: string, selection: string, kind: string) =>
  odds.find((o) => o.bookmaker === bookmaker && o.market === market && o.selection === selection && o.kind === kind);

describe('parseOddsColumn', () => {
  it.each([
    ['B365H', 'bet365', '1X2', 'home', null, 'opening'],
    ['B365CH', 'bet365', '1X2', 'home', null, 'closing'],
    ['BFECH', 'betfair-exchange', '1X2', 'home', null, 'closing'],
    ['BFEH', 'betfair-exchange', '1X2', 'home', null, 'opening'],
    ['BFCD', 'betfair-sportsbook', '1X2', 'draw', null, 'closing'],
    ['BFEC>2.5', 'betfair-exchange', 'over_under', 'over', 2.5, 'closing'],
    ['BFECAHH', 'betfair-exchange', 'asian_handicap', 'home', null, 'closing'],
    ['VCH', 'vc-bet', '1X2', 'home', null, 'opening'],
    ['VCCA', 'vc-bet', '1X2', 'away', null, 'closing'],
    ['PSCH', 'pinnacle', '1X2', 'home', null, 'closing'],
    ['P<2.5', 'pinnacle', 'over_under', 'under', 2.5, 'opening'],
    ['PC>2.5', 'pinnacle', 'over_under', 'over', 2.5, 'closing'],
    ['PAHA', 'pinnacle', 'asian_handicap', 'away', null, 'opening'],
    ['PCAHH', 'pinnacle', 'asian_handicap', 'home', null, 'closing'],
    ['1XBCA', '1xbet', '1X2', 'away', null, 'closing'],
    ['IWD', 'interwetten', '1X2', 'draw', null, 'opening'],
    ['WHCH', 'william-hill', '1X2', 'home', null, 'closing'],
    ['MaxC>2.5', 'market-max', 'over_under', 'over', 2.5, 'closing'],
    ['AvgCAHA', 'market-average', 'asian_handicap', 'away', null, 'closing'],
    ['AvgAHH', 'market-average', 'asian_handicap', 'home', null, 'opening'],
  ])('%s', (h, bookmaker, market, selection, line, kind) => {
    expect(parseOddsColumn(h)).toEqual({ bookmaker, market, selection, line, kind });
  });
  it.each(['Div', 'HC', 'AC', 'HTHG', 'FTR', 'AHh', 'AHCh', 'BFEC', 'XYZH', 'constructorH', 'H'])(
    '%s is not an odds column',
    (h) => {
      expect(parseOddsColumn(h)).toBeNull();
    },
  );
  it.each([
    ['2324/E0.csv', 106, 80],
    ['2425/E0.csv', 120, 94],
    ['2425/D1.csv', 119, 94],
  ])('%s: every header is either a core column or an odds column', (file, columns, oddsColumns) => {
    const header = headerOf(file);
    expect(header).toHaveLength(columns);
    expect(header[0]).toBe('Div');
    const odds = header.filter((h) => parseOddsColumn(h) !== null);
    expect(header.filter((h) => !CORE.has(h) && parseOddsColumn(h) === null)).toEqual([]);
    expect(odds.filter((h) => CORE.has(h))).toEqual([]);
    expect(odds).toHaveLength(oddsColumns);
    // each (bookmaker, market, selection, kind) appears once
    const keys = odds.map((h) => JSON.stringify(parseOddsColumn(h)));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('parseFootballData', () => {
  const all = Object.fromEntries(FILES.map((f) => [f, parseFootballData(read(f))]));

  it('row counts, competitions, seasons; BOM stripped in 2425 files', () => {
    expect(all['2324/E0.csv']).toHaveLength(380);
    expect(all['2425/E0.csv']).toHaveLength(380);
    expect(all['2425/D1.csv']).toHaveLength(306);
    expect(all['2324/E0.csv'].every((m) => m.competition === 'premier-league' && m.season === '2023-24')).toBe(true);
    expect(all['2425/E0.csv'].every((m) => m.competition === 'premier-league' && m.season === '2024-25')).toBe(true);
    expect(
      all['2425/D1.csv'].every(
        (m) => m.competition === 'bundesliga' && m.source_key.startsWith('football-data/D1/2024-25/'),
      ),
    ).toBe(true);
    for (const f of FILES)
      expect(all[f].every((m) => m.status === 'finished' && m.events.length === 0 && m.lineups === null)).toBe(true);
  });

  it('first E0 2023-24 row: Burnley v Man City with result, stats and odds', () => {
    const m = all['2324/E0.csv'][0];
    expect(m).toMatchObject({
      source: 'football-data',
      source_key: 'football-data/E0/2023-24/2023-08-11/Burnley/Man City',
      kickoff: '2023-08-11T19:00:00Z',
      home_team: 'Burnley',
      away_team: 'Man City',
      result: { ht: [0, 2], ft: [0, 3], et: null, p: null },
      stats: {
        home: { shots: 6, shots_on_target: 1, fouls: 11, corners: 6, yellow_cards: 0, red_cards: 1 },
        away: { shots: 17, shots_on_target: 8, fouls: 8, corners: 5, yellow_cards: 0, red_cards: 0 },
      },
    });
    const o = m.odds;
    expect([
      quote(o, 'bet365', '1X2', 'home', 'opening')?.price,
      quote(o, 'bet365', '1X2', 'draw', 'opening')?.price,
      quote(o, 'bet365', '1X2', 'away', 'opening')?.price,
    ]).toEqual([8, 5.5, 1.33]);
    expect(quote(o, 'bet365', '1X2', 'home', 'closing')?.price).toBe(9);
    expect(quote(o, 'pinnacle', '1X2', 'home', 'closing')?.price).toBe(9.62);
    expect(quote(o, 'pinnacle', 'over_under', 'over', 'opening')).toMatchObject({ line: 2.5, price: 1.68 });
    expect(quote(o, 'bet365', 'asian_handicap', 'home', 'opening')).toMatchObject({ line: 1.5, price: 1.86 });
    expect(quote(o, 'bet365', 'asian_handicap', 'home', 'closing')).toMatchObject({ line: 1.5, price: 1.95 });
    // 80 odds columns, MaxCAHH/MaxCAHA empty in this row → 78 quotes; no betfair in 2023-24
    expect(o).toHaveLength(78);
    expect(quote(o, 'market-max', 'asian_handicap', 'home', 'closing')).toBeUndefined();
    expect(o.some((q) => q.bookmaker.startsWith('betfair'))).toBe(false);
  });

  it('2024-25 files: Betfair Exchange opening and closing (BFECH), 1xBet, AH closing line AHCh', () => {
    const m = all['2425/E0.csv'][0];
    expect(m).toMatchObject({ home_team: 'Man United', away_team: 'Fulham', kickoff: '2024-08-16T19:00:00Z' });
    expect(quote(m.odds, 'betfair-exchange', '1X2', 'home', 'opening')?.price).toBe(1.66);
    expect(quote(m.odds, 'betfair-exchange', '1X2', 'home', 'closing')?.price).toBe(1.72);
    expect(quote(m.odds, 'betfair-exchange', 'over_under', 'over', 'closing')?.price).toBe(1.68);
    expect(quote(m.odds, 'betfair-exchange', 'asian_handicap', 'home', 'closing')).toMatchObject({
      line: -0.75,
      price: 1.9,
    });
    expect(quote(m.odds, 'bet365', 'asian_handicap', 'home', 'opening')).toMatchObject({ line: -1, price: 2.05 });
    expect(quote(m.odds, '1xbet', '1X2', 'away', 'closing')?.price).toBe(5.33);
    expect(m.odds).toHaveLength(94);
    const d = all['2425/D1.csv'][0];
    expect(d).toMatchObject({ home_team: "M'gladbach", away_team: 'Leverkusen', kickoff: '2024-08-23T18:30:00Z' });
    expect(quote(d.odds, 'betfair-exchange', '1X2', 'home', 'closing')?.price).toBe(5.4);
    expect(d.odds).toHaveLength(94);
  });

  it('awarded Union Berlin v Bochum has no half-time score', () => {
    const m = all['2425/D1.csv'].find(
      (x) => x.source_key === 'football-data/D1/2024-25/2024-12-14/Union Berlin/Bochum',
    );
    expect(m?.result).toEqual({ ht: null, ft: [0, 2], et: null, p: null });
  });

  it('CRLF and LF give the same result; options override Div/season', () => {
    const crlf = read('2324/E0.csv');
    expect(crlf.includes('\r\n')).toBe(true);
    expect(parseFootballData(crlf.replace(/\r\n/g, '\n'))).toEqual(all['2324/E0.csv']);
    const lf = read('2425/E0.csv');
    expect(parseFootballData(lf.replace(/\n/g, '\r\n'))).toEqual(all['2425/E0.csv']);
    const [m] = parseFootballData(crlf, { competition: 'epl', season: '2023' });
    expect([m.competition, m.season, m.source_key]).toEqual([
      'epl',
      '2023',
      'football-data/E0/2023/2023-08-11/Burnley/Man City',
    ]);
  });

  it('seasons, missing time, unknown division and bad input', () => {
    expect([seasonOfDate('2023-08-11'), seasonOfDate('2024-05-19'), seasonOfDate('1999-12-31')]).toEqual([
      '2023-24',
      '2023-24',
      '1999-00',
    ]);
    const [m] = parseFootballData('Div,Date,HomeTeam,AwayTeam,FTHG,FTAG\nSP1,01/02/24,A,B,,\n');
    expect(m).toMatchObject({
      competition: 'laliga',
      season: '2023-24',
      kickoff: '2024-02-01T12:00:00Z',
      status: 'scheduled',
      result: null,
      stats: null,
      odds: [],
    });
    expect(() => parseFootballData('Div,Date,HomeTeam,AwayTeam\nX9,01/02/2024,A,B\n')).toThrow(/X9/);
    expect(() => parseFootballData('Div,Date,HomeTeam\nE0,01/02/2024,A\n')).toThrow(ImportError);
    expect(() => parseFootballData('Div,Date,HomeTeam,AwayTeam\nE0,2024-02-01,A,B\n')).toThrow(/dd\/mm\/yyyy/);
    expect(() => parseFootballData('Div,Date\n"E0,01/02/2024\n')).toThrow(ImportError);
    expect(parseFootballData('')).toEqual([]);
  });
});
