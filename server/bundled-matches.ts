/**
 * Reads bundled imports (server/bundled-data.ts) with their importers (lib/import): the first
 * start's seasons (server/bootstrap.ts) and the replay's recorded competitions
 * (server/replay/channels.ts) come from the same files the same way.
 */
import path from 'node:path';
import { IMPORT_FORMATS } from '@/lib/import/index';
import type { AnyImportedMatch } from '@/lib/import/types';
import { type BundledImport, DATASETS } from './bundled-data';

/**
 * The matches of `imports`, in order: each one's files (under datasets/) parsed with its format's
 * importer and options, then its `select`. Errors: ImportError (lib/import/errors.ts) naming the file.
 */
export async function readBundled(imports: readonly BundledImport[]): Promise<AnyImportedMatch[]> {
  const out: AnyImportedMatch[] = [];
  for (const b of imports) {
    const matches: AnyImportedMatch[] = await IMPORT_FORMATS[b.format](
      b.files.map((f) => path.join(DATASETS, f)),
      b.options ?? {},
    );
    out.push(...(b.select ? b.select(matches) : matches));
  }
  return out;
}
