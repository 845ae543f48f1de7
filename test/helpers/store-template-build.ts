/**
 * Builds a test store template (test/helpers/store-template.ts): `node --import tsx
 * test/helpers/store-template-build.ts <dir> <sports>` opens the embedded store in `<dir>` (as
 * server start does: migrations included), imports the bundled data of `<sports>` (`all` or a comma
 * list) with `importBundledData` — the function a first start runs — and closes the store.
 */
import pino from 'pino';
import { importBundledData } from '@/server/bootstrap';
import { FeedBus } from '@/server/engine/bus';
import { FeedEngine } from '@/server/engine/engine';
import { openStore } from '@/server/store/db';
import type { Sport } from '@/lib/sports';

const [dir, sports] = process.argv.slice(2);
if (!dir || !sports) throw new Error('usage: store-template-build.ts <dir> <sports>');
const store = await openStore({ dataDir: dir });
try {
  await importBundledData(
    new FeedEngine(store, new FeedBus()),
    pino({ level: 'warn' }),
    sports === 'all' ? undefined : (sports.split(',') as Sport[]),
  );
} finally {
  await store.close();
}
