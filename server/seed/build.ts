/**
 * Builds a store seed (server/seed/seed.ts): `node --import tsx server/seed/build.ts <dir> <key>`
 * opens an embedded store in `<dir>/pg` (as a server start does: migrations included), imports the
 * bundled data of `<key>` (`all` or sports joined by `+`) with `importBundledData` — the function
 * a first start runs — and closes the store. A third argument sets the log level (default `warn`;
 * the first start's child import, server/seed/first-import.ts, passes `info` and relays the lines).
 */
import fs from 'node:fs';
import pino from 'pino';
import type { Sport } from '@/lib/sports';
import { importBundledData } from '../bootstrap';
import { FeedBus } from '../engine/bus';
import { FeedEngine } from '../engine/engine';
import { openStore } from '../store/db';

const [dir, key, level = 'warn'] = process.argv.slice(2);
if (!dir || !key) throw new Error('usage: server/seed/build.ts <dir> <all|sport+sport…> [log level]');
fs.mkdirSync(dir, { recursive: true });
const store = await openStore({ dataDir: dir });
try {
  await importBundledData(
    new FeedEngine(store, new FeedBus()),
    pino({ level }),
    key === 'all' ? undefined : (key.split('+') as Sport[]),
  );
} finally {
  await store.close();
}
