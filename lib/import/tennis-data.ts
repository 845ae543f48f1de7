/**
 * tennis-data.co.uk season workbook (`http://www.tennis-data.co.uk/<year>/<year>.xlsx`, ATP; credit
 * "Tennis results and odds data from Tennis-Data.co.uk"): one row per tour-level match with its
 * date, the tournament's location and bookmaker prices. Column legend: docs/data-formats.md
 * "tennis-data.co.uk workbook". Scoreline reads it onto Jeff Sackmann's results of the same season
 * (./sackmann-atp.ts), which keep the statistics and the identity of each match: the workbook adds
 * the day each match was played, the venue and the match-winner odds.
 */
import type { ImportedSportMatch, ImportedSportOdds } from '../rules/contract';
import { ImportError } from './errors';
import { SACKMANN_DEFAULT_START_UTC } from './sackmann-csv';

/** Odds column prefix → bookmaker slug (Max/Avg are the market maximum and average, not books). */
export const TENNIS_DATA_BOOKMAKERS: Readonly<Record<string, string>> = {
  B365: 'bet365',
  PS: 'pinnacle',
  BFE: 'betfair-exchange',
  Max: 'market-max',
  Avg: 'market-average',
};

const REQUIRED = ['ATP', 'Location', 'Tournament', 'Date', 'Round', 'Winner', 'Loser'];

/** One workbook row, read. */
export interface TennisDataMatch {
  /** Sheet row number (the header is row 1). */
  row: number;
  /** The workbook's tournament number (1 = the season's first). */
  atp: number;
  location: string;
  tournament: string;
  /** Day the match was played, yyyy-mm-dd. */
  date: string;
  round: string;
  /** As the workbook spells them: "Sinner J.", "Auger-Aliassime F.". */
  winner: string;
  loser: string;
  /** Completed, Retired, Walkover, Awarded. */
  comment: string | null;
  /** Match-winner prices per bookmaker slug, decimal odds (both > 1). */
  odds: { bookmaker: string; winner: number; loser: number }[];
}

const cellText = (v: unknown): string => (v == null ? '' : String(v).trim());
const cellPrice = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 1 ? v : null);

function cellDate(v: unknown, where: string): string {
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v.toISOString().slice(0, 10);
  throw new ImportError(`${where}: Date "${cellText(v)}" is not a date cell`);
}

/**
 * Reads the sheet's rows (as an xlsx reader gives them: header row first, dates as Date at UTC
 * midnight, numbers as numbers, blanks as null) into matches. Rows without a winner are skipped;
 * odds cells that are blank or ≤ 1 are left out (a bookmaker is kept only with both prices).
 * @throws ImportError when a required column (ATP, Location, Tournament, Date, Round, Winner, Loser)
 *   is missing or a Date cell is not a date
 */
export function parseTennisDataSheet(rows: readonly (readonly unknown[])[]): TennisDataMatch[] {
  const header = (rows[0] ?? []).map(cellText);
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (missing.length) throw new ImportError(`tennis-data workbook lacks column(s) ${missing.join(', ')}`);
  const col = (name: string) => header.indexOf(name);
  const books = Object.entries(TENNIS_DATA_BOOKMAKERS).filter(([p]) => col(`${p}W`) >= 0 && col(`${p}L`) >= 0);
  const out: TennisDataMatch[] = [];
  rows.slice(1).forEach((r, i) => {
    const winner = cellText(r[col('Winner')]);
    const loser = cellText(r[col('Loser')]);
    if (!winner || !loser) return;
    const odds = books.flatMap(([p, bookmaker]) => {
      const w = cellPrice(r[col(`${p}W`)]);
      const l = cellPrice(r[col(`${p}L`)]);
      return w && l ? [{ bookmaker, winner: w, loser: l }] : [];
    });
    out.push({
      row: i + 2,
      atp: Number(r[col('ATP')]),
      location: cellText(r[col('Location')]),
      tournament: cellText(r[col('Tournament')]),
      date: cellDate(r[col('Date')], `tennis-data workbook row ${i + 2}`),
      round: cellText(r[col('Round')]),
      winner,
      loser,
      comment: col('Comment') >= 0 ? cellText(r[col('Comment')]) || null : null,
      odds,
    });
  });
  return out;
}

/** The workbook's round names → the Sackmann round codes they may be (an "Nth Round" depends on the draw size). */
const ROUNDS: Readonly<Record<string, readonly string[]>> = {
  '1st Round': ['R128', 'R64', 'R32', 'R16'],
  '2nd Round': ['R64', 'R32', 'R16'],
  '3rd Round': ['R32', 'R16'],
  '4th Round': ['R16'],
  Quarterfinals: ['QF'],
  Semifinals: ['SF'],
  'The Final': ['F'],
  'Round Robin': ['RR'],
};

/** Lower-case ASCII letters only: "O'Connell" → "oconnell", "Auger-Aliassime" → "augeraliassime". */
const letters = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** "Sinner J." → surname "sinner", initial "j"; "Wolf J.J." and "Varillas J. P." → "wolf"/"varillas", "j". */
function workbookName(name: string): { surname: string; initial: string } {
  const words = name.trim().split(/\s+/);
  let k = words.length;
  while (k > 1 && words[k - 1].endsWith('.')) k -= 1;
  return { surname: letters(words.slice(0, k).join('')), initial: letters(words.slice(k).join('')).slice(0, 1) };
}

/**
 * Whether a workbook name ("De Minaur A.") is a Sackmann full name ("Alex de Minaur"): for some
 * split of the full name into given names and surname, the surnames agree (letters only; one may
 * be the start of the other, "Mpetshi G." = "Giovanni Mpetshi Perricard") and, unless `initials`
 * is false, so do the first initials ("Barrios M." is Marcelo Tomas Barrios Vera, in Sackmann
 * "Tomas Barrios Vera": only the surname agrees).
 */
export function samePlayer(workbook: string, full: string, initials = true): boolean {
  const { surname, initial } = workbookName(workbook);
  const words = full.trim().split(/\s+/);
  for (let k = 1; k < words.length; k++) {
    const s = letters(words.slice(k).join(''));
    const given = letters(words.slice(0, k).join(''));
    const sameSurname =
      s === surname || (Math.min(s.length, surname.length) >= 4 && (s.startsWith(surname) || surname.startsWith(s)));
    if (sameSurname && (!initials || !initial || given.startsWith(initial))) return true;
  }
  return false;
}

const DAY_MS = 86_400_000;
/** A workbook tournament's first match is at most 3 days before its Sackmann `tourney_date` (Sunday starts) and its last at most 20 after (two-week Grand Slams). */
const WINDOW_BEFORE_DAYS = 3;
const WINDOW_AFTER_DAYS = 20;

interface Candidate {
  match: ImportedSportMatch;
  tourney: string;
  startMs: number;
  winner: string;
  loser: string;
}

function candidateOf(m: ImportedSportMatch): Candidate | null {
  const detail = m.result?.detail as { tournament?: { id?: string; date?: string } } | undefined;
  const start = detail?.tournament?.date;
  if (!m.result?.winner || !start) return null;
  const home = m.result.winner === 'home';
  return {
    match: m,
    tourney: detail?.tournament?.id ?? '',
    startMs: Date.parse(`${start}T00:00:00Z`),
    winner: home ? m.home_team : m.away_team,
    loser: home ? m.away_team : m.home_team,
  };
}

type SamePlayer = (workbook: string, full: string, initials: boolean) => boolean;

/** {@link samePlayer} remembered per name pair (a season compares each pair many times). */
function rememberedSamePlayer(): SamePlayer {
  const seen = new Map<string, boolean>();
  return (w, full, initials) => {
    const k = `${initials ? 1 : 0}\u0000${w}\u0000${full}`;
    let v = seen.get(k);
    if (v === undefined) seen.set(k, (v = samePlayer(w, full, initials)));
    return v;
  };
}

/** The results of `pool` a row may be: round and both players agree (initials too, unless `initials` is false). */
function agreeing(r: TennisDataMatch, pool: Candidate[], initials: boolean, same: SamePlayer): Candidate[] {
  const rounds = ROUNDS[r.round] ?? [];
  return pool.filter(
    (c) =>
      rounds.includes(c.match.round ?? '') && same(r.winner, c.winner, initials) && same(r.loser, c.loser, initials),
  );
}

/**
 * The Sackmann tournament (tourney_id) of one workbook tournament: among those starting in the
 * window around its rows' dates, the one most of its rows agree with (strictly more than any other).
 */
function tournamentOf(rows: TennisDataMatch[], candidates: Candidate[], same: SamePlayer): Candidate[] {
  const days = rows.map((r) => Date.parse(`${r.date}T00:00:00Z`));
  const first = Math.min(...days);
  const last = Math.max(...days);
  const near = candidates.filter(
    (c) => c.startMs <= first + WINDOW_BEFORE_DAYS * DAY_MS && c.startMs >= last - WINDOW_AFTER_DAYS * DAY_MS,
  );
  const votes = new Map<string, number>();
  for (const r of rows)
    for (const t of new Set(agreeing(r, near, true, same).map((c) => c.tourney))) votes.set(t, (votes.get(t) ?? 0) + 1);
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  if (!ranked.length || ranked[0][1] === ranked[1]?.[1]) return [];
  return near.filter((c) => c.tourney === ranked[0][0]);
}

/** What {@link attachTennisData} did. */
export interface TennisDataMerge {
  /** The input matches, those the workbook has with their day, venue and odds. */
  matches: ImportedSportMatch[];
  /** Workbook rows matched to a result. */
  matched: number;
  /** Workbook rows no result agrees with (or more than one does): their odds are not imported. */
  unmatched: TennisDataMatch[];
}

/**
 * Attaches workbook rows to Sackmann ATP results of the same season, by tournament, round and
 * players. Each workbook tournament (its `ATP` number) is first given the Sackmann tournament
 * starting near its dates that most of its rows agree with; a row is then the one result of that
 * tournament whose round agrees (the workbook's round name against the Sackmann code,
 * {@link ROUNDS}) and whose winner and loser are the row's ({@link samePlayer}, initials too; when
 * none agrees so, surnames only). Exactly one result must agree; a row with none or several is
 * reported unmatched, never guessed. A matched result gets:
 * - kickoff: the row's date at {@link SACKMANN_DEFAULT_START_UTC} UTC (the workbook has the day,
 *   not the hour), instead of the tournament's start;
 * - venue: the row's Location ("Melbourne");
 * - odds: per bookmaker (Bet365, Pinnacle, Betfair Exchange when present, and the market max and
 *   average) the `moneyline` prices of both players, home/away as the result orients them, kind
 *   `closing` (one pre-match price: the line's opening and closing alike), odds_source `tennis-data`;
 * - result.detail.tennis_data: { row, tournament, round } of the workbook.
 * Pure: the input matches are not changed.
 */
export function attachTennisData(matches: ImportedSportMatch[], rows: TennisDataMatch[]): TennisDataMerge {
  const candidates = matches.map(candidateOf).filter((c): c is Candidate => c !== null);
  const byMatch = new Map<ImportedSportMatch, TennisDataMatch>();
  const unmatched: TennisDataMatch[] = [];
  const same = rememberedSamePlayer();
  const tournaments = new Map<number, TennisDataMatch[]>();
  for (const r of rows) tournaments.set(r.atp, [...(tournaments.get(r.atp) ?? []), r]);
  for (const group of tournaments.values()) {
    const pool = tournamentOf(group, candidates, same);
    for (const r of group) {
      const free = pool.filter((c) => !byMatch.has(c.match));
      let found = agreeing(r, free, true, same);
      if (found.length === 0) found = agreeing(r, free, false, same);
      if (found.length === 1) byMatch.set(found[0].match, r);
      else unmatched.push(r);
    }
  }
  return {
    matched: byMatch.size,
    unmatched,
    matches: matches.map((m) => {
      const r = byMatch.get(m);
      return r ? withWorkbookRow(m, r) : m;
    }),
  };
}

function withWorkbookRow(m: ImportedSportMatch, r: TennisDataMatch): ImportedSportMatch {
  const winnerHome = m.result?.winner === 'home';
  const odds: ImportedSportOdds[] = r.odds.flatMap((o) => {
    const [home, away] = winnerHome ? [o.winner, o.loser] : [o.loser, o.winner];
    return (
      [
        ['home', home],
        ['away', away],
      ] as const
    ).map(([selection, price]) => ({
      bookmaker: o.bookmaker,
      market: 'moneyline' as const,
      selection,
      line: null,
      price,
      kind: 'closing' as const,
    }));
  });
  return {
    ...m,
    kickoff: `${r.date}T${SACKMANN_DEFAULT_START_UTC}:00Z`,
    venue: r.location || m.venue,
    odds,
    odds_source: 'tennis-data',
    result: m.result && {
      ...m.result,
      detail: { ...m.result.detail, tennis_data: { row: r.row, tournament: r.tournament, round: r.round } },
    },
  };
}
