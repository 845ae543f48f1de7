/**
 * Builds the sandbox's sample store in a child process (server/sandbox/sandbox.ts starts it):
 * `node --import tsx server/sandbox/build-sample.ts <dir>` creates a PGlite store in `<dir>`,
 * imports SANDBOX_IMPORTS and the generated samples, and closes it. PGlite's initdb and the import
 * run synchronously in wasm for seconds: here they cost the server's event loop nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { IMPORT_FORMATS } from '@/lib/import/index';
import { FeedBus } from '../engine/bus';
import { FeedEngine } from '../engine/engine';
import { DATASETS } from '../bundled-data';
import { openScratchStore } from '../store/db';
import { SANDBOX_IMPORTS, sampleMatches } from './sandbox';

const dir = process.argv[2];
if (!dir) throw new Error('usage: build-sample.ts <dir>');
fs.mkdirSync(path.dirname(dir), { recursive: true });
const store = await openScratchStore(dir);
try {
  const engine = new FeedEngine(store, new FeedBus());
  for (const { format, file } of SANDBOX_IMPORTS)
    await engine.importMatches(await IMPORT_FORMATS[format]([path.join(DATASETS, file)], {}));
  await engine.importMatches(sampleMatches());
} finally {
  await store.close();
}
