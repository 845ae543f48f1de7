import { readFile } from 'node:fs/promises';
import { readSheet } from 'read-excel-file/node';
import { basename, dirname } from 'node:path';
import { ImportError } from './errors';
import type { ImportedSportMatch } from '../rules/contract';
import type { Sport } from '../sports';
import { parseCricsheet } from './cricsheet';
import { parseFiveThirtyEightNba, parseFiveThirtyEightNhl } from './fivethirtyeight';
import { parseFootballData } from './football-data';
import { parseOpenfootball, type OpenfootballOptions } from './openfootball';
import { parseRetrosheet } from './retrosheet';
import { parseSackmannAtp, parseSackmannPbp } from './sackmann';
import { attachTennisData, parseTennisDataSheet, type TennisDataMatch } from './tennis-data';
import { parseStatsbomb } from './statsbomb';
import { isStatsbombLineups } from './statsbomb-lineups';
import { parseSuperRugby } from './superrugby';
import type { AnyImportedMatch, ImportedMatch, ImportOptions } from './types';

export { ImportError } from './errors';

/** Football formats: their importers return {@link ImportedMatch} (./types.ts). */
export type FootballImportFormat = 'openfootball' | 'statsbomb' | 'football-data';
/** Other sports' formats: their importers return ImportedSportMatch (lib/rules/contract.ts). */
export type SportImportFormat =
  | 'cricsheet'
  | 'retrosheet'
  | 'sackmann-atp'
  | 'sackmann-pbp'
  | 'fivethirtyeight-nba'
  | 'fivethirtyeight-nhl'
  | 'superrugby';
/** Names of the supported upstream formats (the CLI's `import <format>`). */
export type ImportFormat = FootballImportFormat | SportImportFormat;
/**
 * Reads the given files (paths as given, relative to the working directory) and returns the
 * matches they contain, in file order. Rejects with ImportError naming the file.
 */
export type Importer<M extends AnyImportedMatch = AnyImportedMatch> = (
  paths: string[],
  opts: ImportOptions,
) => Promise<M[]>;
/** The registry's type: football formats give ImportedMatch[], the others ImportedSportMatch[]. */
export type ImportFormats = { readonly [F in FootballImportFormat]: Importer<ImportedMatch> } & {
  readonly [F in SportImportFormat]: Importer<ImportedSportMatch>;
};

/** openfootball league code (file base name) → competition slug; country prefix → time zone. */
const LEAGUES: Record<string, string> = {
  'en.1': 'premier-league',
  'de.1': 'bundesliga',
  'es.1': 'laliga',
  'it.1': 'serie-a',
  'fr.1': 'ligue-1',
};
const COUNTRY_ZONES: Record<string, string> = {
  en: 'Europe/London',
  de: 'Europe/Berlin',
  es: 'Europe/Madrid',
  it: 'Europe/Rome',
  fr: 'Europe/Paris',
};
/** Host-country zone of tournament local times (2018 times also carry an explicit UTC+n). */
const TOURNAMENT_ZONES: Record<string, Record<string, string>> = {
  'world-cup': {
    '2018': 'Europe/Moscow',
    '2022': 'Asia/Qatar',
    '2014': 'America/Sao_Paulo',
    '2010': 'Africa/Johannesburg',
    '2006': 'Europe/Berlin',
  },
  euro: { '2024': 'Europe/Berlin', '2016': 'Europe/Paris', '2012': 'Europe/Warsaw', '2008': 'Europe/Vienna' },
};

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    throw new ImportError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
      cause: e,
    });
  }
}

async function readJson(path: string): Promise<unknown> {
  const text = await readText(path);
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new ImportError(`${path} is not valid JSON: ${(e as Error).message}`, { cause: e });
  }
}

/** Runs `fn`, prefixing the message of an ImportError with the file path. */
function withPath<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ImportError) throw new ImportError(`${path}: ${e.message}`, { cause: e });
    throw e;
  }
}

/**
 * Infers parser options for an openfootball file from its name and `name` field:
 * `en.1.json` → premier-league (de.1 bundesliga, es.1 laliga, it.1 serie-a, fr.1 ligue-1) with the
 * country's zone and season from "2023/24" (→ `2023-24`) or else the parent folder name;
 * `worldcup.json` → world-cup, `euro.json` → euro, season = the year in `name` ("World Cup 2022"),
 * zone of the host (2022 Asia/Qatar, 2018 Europe/Moscow, Euro 2024 Europe/Berlin; unknown → UTC).
 * `opts.league` / `opts.season` override the inferred values.
 * @throws ImportError when competition, season or time zone cannot be determined.
 */
export function inferOpenfootballOptions(path: string, json: unknown, opts: ImportOptions): OpenfootballOptions {
  const sourceName = basename(path).replace(/\.json$/i, '');
  const name = String((json as { name?: unknown } | null)?.name ?? '');
  const tournament = sourceName === 'worldcup' ? 'world-cup' : sourceName === 'euro' ? 'euro' : null;
  if (tournament) {
    const season = opts.season ?? /\b(\d{4})\b/.exec(name)?.[1] ?? /^\d{4}$/.exec(basename(dirname(path)))?.[0];
    if (!season) throw new ImportError(`${path}: cannot tell the season from name "${name}"; pass --season`);
    const timezone = TOURNAMENT_ZONES[tournament][season] ?? 'UTC';
    return { competition: opts.league ?? tournament, season, timezone, sourceName };
  }
  const competition = opts.league ?? LEAGUES[sourceName];
  if (!competition) throw new ImportError(`${path}: unknown openfootball league "${sourceName}"; pass --league`);
  const timezone = COUNTRY_ZONES[sourceName.split('.')[0]];
  if (!timezone) throw new ImportError(`${path}: no time zone known for "${sourceName}"`);
  const m = /(\d{4})\/(\d{2})\b/.exec(name) ?? /^(\d{4})-(\d{2})$/.exec(basename(dirname(path)));
  const season = opts.season ?? (m ? `${m[1]}-${m[2]}` : undefined);
  if (!season) throw new ImportError(`${path}: cannot tell the season from name "${name}"; pass --season`);
  return { competition, season, timezone, sourceName };
}

const importOpenfootball: Importer<ImportedMatch> = async (paths, opts) => {
  const out: ImportedMatch[] = [];
  for (const path of paths) {
    const json = await readJson(path);
    out.push(...withPath(path, () => parseOpenfootball(json, inferOpenfootballOptions(path, json, opts))));
  }
  return out;
};

const importStatsbomb: Importer<ImportedMatch> = async (paths, opts) => {
  const missing = (['league', 'season', 'kickoff'] as const).filter((k) => !opts[k]);
  if (missing.length) {
    throw new ImportError(`statsbomb import needs ${missing.map((k) => `--${k}`).join(', ')}`);
  }
  if (paths.length !== 2) {
    throw new ImportError(`statsbomb import needs exactly two files (events and lineups), got ${paths.length}`);
  }
  const docs = await Promise.all(paths.map(async (path) => ({ path, json: await readJson(path) })));
  const lineups = docs.filter((d) => isStatsbombLineups(d.json));
  if (lineups.length !== 1) {
    throw new ImportError(
      `statsbomb import needs one lineups file and one events file; found ${lineups.length} lineups file(s)`,
    );
  }
  const events = docs.find((d) => d !== lineups[0])!;
  const matchId = basename(events.path).replace(/\.json$/i, '');
  const match = withPath(events.path, () =>
    parseStatsbomb(events.json, lineups[0].json, {
      matchId,
      competition: opts.league!,
      season: opts.season!,
      kickoff: opts.kickoff!,
      home: opts.home,
    }),
  );
  return [match];
};

const importFootballData: Importer<ImportedMatch> = async (paths, opts) => {
  const out: ImportedMatch[] = [];
  for (const path of paths) {
    const text = await readText(path);
    out.push(...withPath(path, () => parseFootballData(text, { competition: opts.league, season: opts.season })));
  }
  return out;
};

/** `--league` / `--season` replace the competition slug / season label of every match read. */
function overridden(ms: ImportedSportMatch[], opts: ImportOptions): ImportedSportMatch[] {
  if (!opts.league && !opts.season) return ms;
  return ms.map((m) => ({ ...m, competition: opts.league ?? m.competition, season: opts.season ?? m.season }));
}

/** An importer of text files parsed one by one (CSV, Retrosheet), errors prefixed with the path. */
function textImporter(
  parse: (text: string) => ImportedSportMatch[],
  accept?: (path: string) => boolean | 'skip',
): Importer<ImportedSportMatch> {
  return async (paths, opts) => {
    const out: ImportedSportMatch[] = [];
    for (const path of paths) {
      if (accept?.(path) === 'skip') continue;
      const text = await readText(path);
      out.push(...withPath(path, () => parse(text)));
    }
    return overridden(out, opts);
  };
}

/** The rows of a tennis-data.co.uk workbook's first sheet (read-excel-file). */
async function readTennisDataWorkbook(path: string): Promise<TennisDataMatch[]> {
  let buffer: Buffer;
  try {
    buffer = await readFile(path);
  } catch (e) {
    throw new ImportError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
      cause: e,
    });
  }
  let rows: unknown[][];
  try {
    rows = (await readSheet(buffer)) as unknown[][];
  } catch (e) {
    throw new ImportError(`${path} is not a readable xlsx workbook: ${(e as Error).message}`, { cause: e });
  }
  return withPath(path, () => parseTennisDataSheet(rows));
}

/**
 * Sackmann ATP results (`.csv`), with the tennis-data.co.uk workbooks (`.xlsx`) among the paths
 * read onto them (./tennis-data.ts attachTennisData: match days, venues, bookmaker odds); the
 * workbook rows no result agrees with are reported through `opts.note`.
 */
const importSackmannAtp: Importer<ImportedSportMatch> = async (paths, opts) => {
  const csv = paths.filter((p) => !/\.xlsx$/i.test(p));
  const workbooks = paths.filter((p) => /\.xlsx$/i.test(p));
  const results = await textImporter(parseSackmannAtp)(csv, {});
  if (!workbooks.length) return overridden(results, opts);
  const rows = (await Promise.all(workbooks.map(readTennisDataWorkbook))).flat();
  const merged = attachTennisData(results, rows);
  opts.note?.('tennis-data workbook read onto the ATP results', {
    workbooks,
    rows: rows.length,
    matched: merged.matched,
    unmatched: merged.unmatched.length,
    unmatched_rows: merged.unmatched.map(
      (r) => `${r.row}: ${r.date} ${r.tournament} ${r.round} ${r.winner} d. ${r.loser}`,
    ),
  });
  return overridden(merged.matches, opts);
};

const importCricsheet: Importer<ImportedSportMatch> = async (paths, opts) => {
  const out: ImportedSportMatch[] = [];
  for (const path of paths) {
    const name = basename(path);
    if (!/\.json$/i.test(name)) throw new ImportError(`${path}: not a Cricsheet match file (expected <match_id>.json)`);
    const json = await readJson(path);
    out.push(
      ...withPath(path, () =>
        parseCricsheet(json, { matchId: name.replace(/\.json$/i, ''), competition: opts.league, season: opts.season }),
      ),
    );
  }
  return out;
};

/** Retrosheet: `.EVN`/`.EVA` event files are read; `.ROS` rosters and `TEAM<year>` files are skipped. */
function retrosheetFile(path: string): boolean | 'skip' {
  const name = basename(path);
  if (/\.ROS$/i.test(name) || /^TEAM\d{4}$/i.test(name)) return 'skip';
  if (!/\.EV[NA]$/i.test(name))
    throw new ImportError(`${path}: not a Retrosheet event file (expected <year><TEAM>.EVN or .EVA)`);
  return true;
}

/**
 * Importer registry: format name → `(paths, opts) => Promise<matches>` (see {@link ImportFormats}).
 * Football (→ ImportedMatch[]):
 * - openfootball: any number of football.json / worldcup.json / euro.json files; competition,
 *   season and zone inferred per file ({@link inferOpenfootballOptions}).
 * - statsbomb: exactly one events file and one lineups file, in either order (the lineups file
 *   is the array of `{team_id, lineup}`); match id = events file base name; `--league`,
 *   `--season`, `--kickoff` required, `--home` optional.
 * - football-data: any number of CSV files; `--league`/`--season` override Div/date inference.
 * Other sports (→ ImportedSportMatch[]), any number of files each, read as published
 * (docs/data-formats.md); `--league` / `--season` override the competition slug / season label:
 * - cricsheet: Cricsheet JSON match files `<match_id>.json` (id = base name; ./cricsheet.ts).
 * - retrosheet: event files `<year><TEAM>.EVN|.EVA`, one match per game (./retrosheet.ts);
 *   `.ROS` / `TEAM<year>` files among the paths are skipped (names come from start/sub records).
 * - sackmann-atp: `atp_matches_<year>.csv`, plus any tennis-data.co.uk workbooks `<year>.xlsx`
 *   among the paths read onto those results (match days, venues, odds; ./tennis-data.ts);
 *   sackmann-pbp: `pbp_matches_*.csv` (./sackmann.ts).
 * - fivethirtyeight-nba: `nba_elo*.csv`; fivethirtyeight-nhl: `nhl_elo*.csv` (./fivethirtyeight.ts).
 * - superrugby: `superrugby_raw.csv` (./superrugby.ts).
 * All reject with ImportError naming the file (unreadable file, invalid JSON/CSV/record, a file
 * that is not of the format, missing option).
 */
export const IMPORT_FORMATS: ImportFormats = {
  openfootball: importOpenfootball,
  statsbomb: importStatsbomb,
  'football-data': importFootballData,
  cricsheet: importCricsheet,
  retrosheet: textImporter(parseRetrosheet, retrosheetFile),
  'sackmann-atp': importSackmannAtp,
  'sackmann-pbp': textImporter(parseSackmannPbp),
  'fivethirtyeight-nba': textImporter(parseFiveThirtyEightNba),
  'fivethirtyeight-nhl': textImporter(parseFiveThirtyEightNhl),
  superrugby: textImporter(parseSuperRugby),
};

/** The sport of every format's matches. */
export const IMPORT_FORMAT_SPORTS: Readonly<Record<ImportFormat, Sport>> = {
  openfootball: 'football',
  statsbomb: 'football',
  'football-data': 'football',
  cricsheet: 'cricket',
  retrosheet: 'baseball',
  'sackmann-atp': 'tennis',
  'sackmann-pbp': 'tennis',
  'fivethirtyeight-nba': 'basketball',
  'fivethirtyeight-nhl': 'ice-hockey',
  superrugby: 'rugby',
};

/** True when `name` is a key of {@link IMPORT_FORMATS}. */
export function isImportFormat(name: string): name is ImportFormat {
  return Object.hasOwn(IMPORT_FORMATS, name);
}

/** True for a format whose importer returns football ImportedMatch[]. */
export function isFootballImportFormat(name: string): name is FootballImportFormat {
  return isImportFormat(name) && IMPORT_FORMAT_SPORTS[name] === 'football';
}
