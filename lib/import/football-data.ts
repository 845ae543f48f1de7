import { parse } from 'csv-parse/sync';
import type { OddsQuote, TeamMatchStats } from '../football/types';
import { ImportError } from './errors';
import { localKickoffToUtc } from './kickoff';
import type { ImportedMatch } from './types';

/*
 * football-data.co.uk results/odds CSV (`mmz4281/<yyyy>/<Div>.csv`, © Football-Data,
 * credit "Football-Data.co.uk"). Column legend: docs/data-formats.md "football-data.co.uk CSV".
 */

/** Div code → catalogue competition slug. */
export const FOOTBALL_DATA_DIVISIONS: Readonly<Record<string, string>> = {
  E0: 'premier-league',
  D1: 'bundesliga',
  SP1: 'laliga',
  I1: 'serie-a',
  F1: 'ligue-1',
};

/** Bookmaker column prefix → slug (current and a few historical football-data prefixes). */
export const FOOTBALL_DATA_BOOKMAKERS: Readonly<Record<string, string>> = {
  B365: 'bet365',
  BW: 'betandwin',
  IW: 'interwetten',
  PS: 'pinnacle',
  P: 'pinnacle',
  WH: 'william-hill',
  VC: 'vc-bet',
  '1XB': '1xbet',
  BF: 'betfair-sportsbook',
  BFE: 'betfair-exchange',
  Max: 'market-max',
  Avg: 'market-average',
  LB: 'ladbrokes',
  SJ: 'stan-james',
  GB: 'gamebookers',
  SB: 'sportingbet',
};

/** What one odds column holds. `line` is null for Asian handicap (the line is column AHh/AHCh). */
export interface OddsColumn {
  bookmaker: string;
  market: OddsQuote['market'];
  selection: OddsQuote['selection'];
  line: number | null;
  kind: OddsQuote['kind'];
}

const SUFFIXES: [RegExp, OddsQuote['market'], OddsQuote['selection'] | null][] = [
  [/AHH$/, 'asian_handicap', 'home'],
  [/AHA$/, 'asian_handicap', 'away'],
  [/>(\d+(?:\.\d+)?)$/, 'over_under', 'over'],
  [/<(\d+(?:\.\d+)?)$/, 'over_under', 'under'],
  [/H$/, '1X2', 'home'],
  [/D$/, '1X2', 'draw'],
  [/A$/, '1X2', 'away'],
];

/**
 * Classifies a football-data.co.uk header as an odds column, by name: `<book>[C]<suffix>` where
 * book is a prefix of {@link FOOTBALL_DATA_BOOKMAKERS} (exact, case-sensitive), `C` marks closing
 * odds and suffix is H/D/A (1X2), `>2.5`/`<2.5` (over/under, line from the header) or AHH/AHA
 * (Asian handicap). The prefix must match exactly once the suffix and optional `C` are removed, so
 * `BFECH` is Betfair Exchange closing home (not a bookmaker `BFEC`), `VCCH` is VC Bet closing.
 * @returns the column meaning, or null for non-odds columns (Div, HTHG, AHh, …).
 */
export function parseOddsColumn(header: string): OddsColumn | null {
  for (const [re, market, selection] of SUFFIXES) {
    const m = re.exec(header);
    if (!m || !selection) continue;
    const rest = header.slice(0, m.index);
    const line = market === 'over_under' ? Number(m[1]) : null;
    if (rest.endsWith('C') && Object.hasOwn(FOOTBALL_DATA_BOOKMAKERS, rest.slice(0, -1))) {
      return { bookmaker: FOOTBALL_DATA_BOOKMAKERS[rest.slice(0, -1)], market, selection, line, kind: 'closing' };
    }
    if (Object.hasOwn(FOOTBALL_DATA_BOOKMAKERS, rest)) {
      return { bookmaker: FOOTBALL_DATA_BOOKMAKERS[rest], market, selection, line, kind: 'opening' };
    }
  }
  return null;
}

function num(v: string | undefined): number | null {
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** dd/mm/yyyy (or dd/mm/yy) → yyyy-mm-dd. */
function isoDate(d: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(d.trim());
  if (!m) throw new ImportError(`invalid Date "${d}" (expected dd/mm/yyyy)`);
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return `${year}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
}

/** Season label of a match date: July–December → `yyyy-yy+1`, January–June → `yyyy-1-yy`. */
export function seasonOfDate(iso: string): string {
  const y = Number(iso.slice(0, 4));
  const start = Number(iso.slice(5, 7)) >= 7 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

function teamStats(r: Record<string, string>, h: 'H' | 'A'): TeamMatchStats {
  return {
    shots: num(r[`${h}S`]),
    shots_on_target: num(r[`${h}ST`]),
    fouls: num(r[`${h}F`]),
    corners: num(r[`${h}C`]),
    yellow_cards: num(r[`${h}Y`]),
    red_cards: num(r[`${h}R`]),
  };
}

function rowOdds(r: Record<string, string>, columns: [string, OddsColumn][]): OddsQuote[] {
  const odds: OddsQuote[] = [];
  for (const [header, col] of columns) {
    const price = num(r[header]);
    if (price === null || price <= 1) continue;
    let line = col.line;
    if (col.market === 'asian_handicap') {
      line = num(r[col.kind === 'closing' ? 'AHCh' : 'AHh']);
      if (line === null) continue;
    }
    odds.push({ bookmaker: col.bookmaker, market: col.market, selection: col.selection, line, price, kind: col.kind });
  }
  return odds;
}

/**
 * Parses a football-data.co.uk CSV (results, match stats, odds) into finished matches.
 * Columns are read by header name (the column set differs by season); a leading UTF-8 BOM is
 * stripped and CRLF/LF both accepted; empty lines and rows without teams are skipped.
 * - competition: opts.competition, else Div via {@link FOOTBALL_DATA_DIVISIONS}.
 * - season: opts.season, else from each row's date (August–June season, e.g. `2023-24`).
 * - kickoff: Date (dd/mm/yyyy) + Time as UK time (Europe/London) → ISO UTC with Z; no Time
 *   column/cell → 12:00 UK time.
 * - result: ft from FTHG/FTAG (row without them → status scheduled, result null), ht from
 *   HTHG/HTAG when present; stats from HS/AS/HST/AST/HF/AF/HC/AC/HY/AY/HR/AR.
 * - odds: every column {@link parseOddsColumn} recognises; empty cells and prices ≤ 1 are
 *   skipped; Asian handicap quotes take their line from AHh (opening) / AHCh (closing) and are
 *   skipped when that line is empty; over/under lines come from the header (2.5).
 * - source_key `football-data/${Div}/${season}/${yyyy-mm-dd}/${HomeTeam}/${AwayTeam}`.
 * @param csvText the whole file as text
 * @throws ImportError on unparsable CSV, missing Div/Date/HomeTeam/AwayTeam columns, a bad date,
 *   or an unknown Div without opts.competition.
 */
export function parseFootballData(
  csvText: string,
  opts: { competition?: string; season?: string } = {},
): ImportedMatch[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(csvText, { columns: true, bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (e) {
    throw new ImportError(`invalid football-data CSV: ${(e as Error).message}`, { cause: e });
  }
  if (rows.length === 0) return [];
  const headers = Object.keys(rows[0]);
  const missing = ['Div', 'Date', 'HomeTeam', 'AwayTeam'].filter((h) => !headers.includes(h));
  if (missing.length) throw new ImportError(`football-data CSV lacks column(s) ${missing.join(', ')}`);
  const oddsColumns = headers.flatMap((h): [string, OddsColumn][] => {
    const c = parseOddsColumn(h);
    return c ? [[h, c]] : [];
  });
  const out: ImportedMatch[] = [];
  for (const r of rows) {
    if (!r.HomeTeam || !r.AwayTeam) continue;
    const competition = opts.competition ?? FOOTBALL_DATA_DIVISIONS[r.Div];
    if (!competition) throw new ImportError(`unknown football-data division "${r.Div}"; pass --league`);
    const date = isoDate(r.Date);
    const season = opts.season ?? seasonOfDate(date);
    const fthg = num(r.FTHG);
    const ftag = num(r.FTAG);
    const hthg = num(r.HTHG);
    const htag = num(r.HTAG);
    const finished = fthg !== null && ftag !== null;
    const stats = { home: teamStats(r, 'H'), away: teamStats(r, 'A') };
    const hasStats = [stats.home, stats.away].some((s) => Object.values(s).some((v) => v !== null));
    out.push({
      source: 'football-data',
      source_key: `football-data/${r.Div}/${season}/${date}/${r.HomeTeam}/${r.AwayTeam}`,
      competition,
      season,
      round: null,
      group: null,
      venue: null,
      kickoff: localKickoffToUtc(date, r.Time || null, 'Europe/London'),
      home_team: r.HomeTeam,
      away_team: r.AwayTeam,
      status: finished ? 'finished' : 'scheduled',
      result: finished
        ? { ht: hthg !== null && htag !== null ? [hthg, htag] : null, ft: [fthg, ftag], et: null, p: null }
        : null,
      events: [],
      lineups: null,
      odds: rowOdds(r, oddsColumns),
      stats: hasStats ? stats : null,
    });
  }
  return out;
}
