/**
 * Real pre-match ("opening") bookmaker prices copied from the bundled football-data.co.uk CSVs
 * (datasets/football/football-data.co.uk, © Football-Data, credit "Football-Data.co.uk"), for the
 * odds tests. `readCsvRow` lets a test check every copied price against the file.
 * Column prefixes → slugs as lib/import/football-data.ts: B365 bet365, BW betandwin,
 * IW interwetten, PS pinnacle, WH william-hill, VC vc-bet, BF betfair-sportsbook, 1XB 1xbet,
 * BFE betfair-exchange, Max market-max, Avg market-average.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { FOOTBALL_DATA_BOOKMAKERS } from '../../import/football-data';

export interface RealMatch {
  file: '2324/E0.csv' | '2425/E0.csv' | '2425/D1.csv';
  date: string; // dd/mm/yyyy as in the file
  home: string;
  away: string;
  /** 1X2 opening prices [H, D, A] by CSV column prefix. */
  x12: Record<string, [number, number, number]>;
  /** Over/under 2.5 opening prices [over, under] by CSV column prefix. */
  ou25: Record<string, [number, number]>;
}

/** Premier League 2023-24, Friday 11/08/2023 20:00: Burnley 0-3 Man City. Six bookmakers (even count). */
export const BURNLEY_MAN_CITY: RealMatch = {
  file: '2324/E0.csv',
  date: '11/08/2023',
  home: 'Burnley',
  away: 'Man City',
  x12: {
    B365: [8, 5.5, 1.33],
    BW: [8.75, 5.25, 1.34],
    IW: [8, 5.5, 1.35],
    PS: [8.58, 5.51, 1.37],
    WH: [8, 5, 1.25],
    VC: [9.5, 5.25, 1.33],
    Max: [9.5, 5.68, 1.39],
    Avg: [9.02, 5.35, 1.35],
  },
  ou25: { B365: [1.67, 2.2], P: [1.68, 2.29] },
};

/** Premier League 2024-25, Friday 16/08/2024 20:00: Man United 1-0 Fulham. Seven incl. the exchange (odd count). */
export const MAN_UNITED_FULHAM: RealMatch = {
  file: '2425/E0.csv',
  date: '16/08/2024',
  home: 'Man United',
  away: 'Fulham',
  x12: {
    B365: [1.6, 4.2, 5.25],
    BW: [1.6, 4.4, 5.25],
    BF: [1.6, 4.33, 5],
    PS: [1.63, 4.38, 5.3],
    WH: [1.65, 4.2, 5],
    '1XB': [1.68, 4.32, 5.03],
    BFE: [1.66, 4.5, 5.6],
    Max: [1.68, 4.5, 5.5],
    Avg: [1.62, 4.36, 5.15],
  },
  ou25: { B365: [1.53, 2.5], P: [1.56, 2.56] },
};

/** Bundesliga 2024-25, Saturday 24/08/2024 14:30: Augsburg 2-2 Werder Bremen. */
export const AUGSBURG_WERDER: RealMatch = {
  file: '2425/D1.csv',
  date: '24/08/2024',
  home: 'Augsburg',
  away: 'Werder Bremen',
  x12: {
    B365: [2.2, 3.6, 3.1],
    BW: [2.25, 3.5, 3],
    BF: [2.25, 3.6, 3.1],
    PS: [2.32, 3.55, 3.11],
    WH: [2.25, 3.5, 3.1],
    '1XB': [2.31, 3.8, 3.13],
    BFE: [2.34, 3.7, 3.25],
    Max: [2.35, 3.8, 3.16],
    Avg: [2.28, 3.56, 3.07],
  },
  ou25: { B365: [1.73, 2.1], P: [1.74, 2.18] },
};

export const REAL_MATCHES = [BURNLEY_MAN_CITY, MAN_UNITED_FULHAM, AUGSBURG_WERDER] as const;

const DATA = new URL('../../../datasets/football/football-data.co.uk/', import.meta.url);

/** All rows of one bundled CSV, by header name. */
export function readCsv(file: RealMatch['file']): Record<string, string>[] {
  return parse(readFileSync(new URL(file, DATA), 'utf8'), {
    columns: true,
    bom: true,
    skip_empty_lines: true,
    trim: true,
  });
}

/** The CSV row of a match (throws if absent). */
export function readCsvRow(m: RealMatch): Record<string, string> {
  const row = readCsv(m.file).find((r) => r.Date === m.date && r.HomeTeam === m.home && r.AwayTeam === m.away);
  if (!row) throw new Error(`${m.file}: no row ${m.date} ${m.home} v ${m.away}`);
  return row;
}

/** The match's 1X2 books as `marketConsensus` input (slugs, selections home/draw/away). */
export function x12Books(m: RealMatch): { bookmaker: string; prices: Record<string, number> }[] {
  return Object.entries(m.x12).map(([prefix, [home, draw, away]]) => ({
    bookmaker: FOOTBALL_DATA_BOOKMAKERS[prefix],
    prices: { home, draw, away },
  }));
}
