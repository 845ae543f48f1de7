/**
 * Baseball's run tables (lib/win-probability/baseball.ts `estimateRunTables`) from the bundled
 * Retrosheet file, datasets/baseball/retrosheet/2016/2016CHN.EVN: counted once per thread, ~1 s
 * of CPU. The main thread gets them from the pre-match pass thread
 * (server/win-probability/prematch-thread.ts `runTables`) so the first baseball series — a live
 * match's first event, a finished match's first read — does not hold the event loop for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRetrosheet } from '@/lib/import/retrosheet';
import { estimateRunTables, type RunTables } from '@/lib/win-probability/baseball';
import { DATASETS } from '../bundled-data';

let runTables: RunTables | null = null;

/** The run tables, counted on this thread at its first call. Errors: the file's read/parse errors. */
export function baseballTables(): RunTables {
  runTables ??= estimateRunTables(
    parseRetrosheet(readFileSync(path.join(DATASETS, 'baseball/retrosheet/2016/2016CHN.EVN'), 'utf8')).map(
      (g) => g.events,
    ),
  );
  return runTables;
}

/** Keeps tables counted elsewhere (the pass thread's) as this thread's. */
export function keepBaseballTables(t: RunTables): RunTables {
  runTables ??= t;
  return runTables;
}

/** The tables when this thread has them already, else null. */
export const baseballTablesIfKnown = (): RunTables | null => runTables;
