/**
 * Reading Jeff Sackmann's tennis CSV files (tennis_atp `atp_matches_<year>.csv`, tennis_pointbypoint
 * `pbp_matches_*.csv`) as they are published. Formats: docs/data-formats.md "Jeff Sackmann tennis",
 * tennis_atp/matches_data_dictionary.txt.
 */
import { parse } from 'csv-parse/sync';
import { ImportError } from './errors';

/**
 * Start time given to matches whose source has only a date: 12:00 UTC on that date. ATP results
 * carry only `tourney_date` (the Monday of the event week), so every match of a tournament gets
 * that Monday — a week-level date, not the day the match was played.
 */
export const SACKMANN_DEFAULT_START_UTC = '12:00';

/**
 * Parses CSV text with a header row into one record per row (cells trimmed, BOM stripped).
 * @param required column names the file must have
 * @param what how messages name the file ("ATP matches CSV")
 * @throws ImportError on invalid CSV, no data rows, or missing columns
 */
export function readSackmannCsv(text: string, required: string[], what: string): Record<string, string>[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true, trim: true }) as Record<
      string,
      string
    >[];
  } catch (e) {
    throw new ImportError(`${what} is not valid CSV: ${(e as Error).message}`, { cause: e });
  }
  const header = rows[0] ? Object.keys(rows[0]) : [];
  const missing = required.filter((c) => !header.includes(c));
  if (rows.length === 0) throw new ImportError(`${what} has no data rows`);
  if (missing.length) throw new ImportError(`${what} lacks column(s) ${missing.join(', ')}`);
  return rows;
}

/** A numeric cell, or null when it is blank or not a number (minutes, ranks, serve counts). */
export const csvNumber = (v: string | undefined): number | null =>
  v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v);
