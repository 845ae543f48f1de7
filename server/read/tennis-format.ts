/**
 * Each stored tennis fixture's format (best of 3 or 5 sets) and court surface, for the pre-match
 * pass (lib/win-probability/prematch.ts prices a best-of-5 match through the set probability and
 * keeps a surface rating beside the overall one). Both are known before the match.
 *
 * Where they come from, first found wins:
 * - best of: the stored match state's `best_of` when a `match_start` event set it (a live or
 *   point-by-point match: the tennis rules run the match in that format, lib/tennis/rules.ts);
 * - both: the bundled Sackmann ATP row of the fixture's source key (`sackmann-atp/<tourney_id>/
 *   <match_num>`: its `best_of` and `surface` columns). The store keeps neither for a results-only
 *   ATP import (the fixture row has no such column and the `result` event carries the score only),
 *   so they are read from the bundled file the fixture was imported from — the very rows the
 *   calibration bench rates (bench/calibration-series.ts);
 * - best of, an ATP result not in the bundled files: 5 at a Grand Slam (Sackmann's tournament
 *   ids 520 Roland Garros, 540 Wimbledon, 560 US Open, 580 Australian Open: men's Slams are best
 *   of 5), else 3; surface unknown (null: the surface rating then pools the player's unknown-surface
 *   matches).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSackmannAtp } from '@/lib/import/sackmann';
import { DATASETS } from '../bundled-data';

/** A tennis fixture's format and surface (null: unknown). */
export interface TennisFormat {
  /** Sets of the match's format: 3 or 5. */
  bestOf: 3 | 5 | null;
  /** Sackmann's surface: 'Hard', 'Clay', 'Grass', 'Carpet'. */
  surface: string | null;
}

const ATP_DIR = 'tennis/jeffsackmann-tennis_atp';
let bundled: Map<string, TennisFormat> | undefined;

/** The bundled Sackmann ATP rows' format and surface by source key (read once per thread). Errors: the files' read/parse errors. */
export function bundledTennisFormats(): Map<string, TennisFormat> {
  if (bundled) return bundled;
  const out = new Map<string, TennisFormat>();
  const dir = path.join(DATASETS, ATP_DIR);
  for (const f of readdirSync(dir).filter((n) => /^atp_matches_\d{4}\.csv$/.test(n))) {
    for (const m of parseSackmannAtp(readFileSync(path.join(dir, f), 'utf8'))) {
      const d = m.result?.detail as { best_of?: number | null; tournament?: { surface?: string | null } } | undefined;
      out.set(m.source_key, { bestOf: sets(d?.best_of), surface: d?.tournament?.surface ?? null });
    }
  }
  bundled = out;
  return out;
}

const sets = (v: unknown): 3 | 5 | null =>
  v === 3 || v === 5 ? v : v === '3' || v === '5' ? (Number(v) as 3 | 5) : null;
const SLAM = /^sackmann-atp\/\d{4}-(520|540|560|580)\//;

/**
 * A fixture's format and surface (rules in the module header).
 * @param sourceKeys the fixture's upstream keys (fixture_sources)
 * @param startBestOf its stored state's `best_of` when a match_start set it (match_snapshots), else undefined
 */
export function tennisFormatOf(sourceKeys: readonly string[], startBestOf: unknown): TennisFormat {
  const rows = bundledTennisFormats();
  const row = sourceKeys.map((k) => rows.get(k)).find(Boolean);
  const atp = sourceKeys.find((k) => k.startsWith('sackmann-atp/'));
  const bestOf = sets(startBestOf) ?? row?.bestOf ?? (atp ? (SLAM.test(atp) ? 5 : 3) : null);
  return { bestOf, surface: row?.surface ?? null };
}
