/**
 * Reads bundled imports (server/bundled-data.ts) with their importers (lib/import): the first
 * start's seasons (server/bootstrap.ts) and the replay's recorded competitions
 * (server/replay/channels.ts) come from the same files the same way.
 */
import path from 'node:path';
import { IMPORT_FORMATS } from '@/lib/import/index';
import type { AnyImportedMatch, ImportOptions } from '@/lib/import/types';
import { type BundledImport, DATASETS } from './bundled-data';

/**
 * The matches of `imports`, in order: each one's files (under datasets/) parsed with its format's
 * importer and options, then its `select`. `note` receives what an importer reports it could not
 * use (the tennis-data workbook's unmatched rows). Errors: ImportError (lib/import/errors.ts) naming the file.
 */
export async function readBundled(
  imports: readonly BundledImport[],
  note?: ImportOptions['note'],
): Promise<AnyImportedMatch[]> {
  const out: AnyImportedMatch[] = [];
  for (const b of imports) {
    const matches: AnyImportedMatch[] = await IMPORT_FORMATS[b.format](
      b.files.map((f) => path.join(DATASETS, f)),
      { ...b.options, note },
    );
    out.push(...(b.select ? b.select(matches) : matches));
  }
  return out;
}
