/**
 * A read-layer test's own store: a fresh copy of the store seed of `sports` (test/helpers/
 * store-template.ts: the bundled data imported by the first start's own function) opened in this
 * process, with a feed engine and live cache on it — the parts a server's reads use, without the
 * server. Seconds once the seed is built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FeedBus } from '@/server/engine/bus';
import { FeedEngine } from '@/server/engine/engine';
import { LiveCache } from '@/server/engine/live-cache';
import type { ReadDeps } from '@/server/read/deps';
import { openStore, type Store } from '@/server/store/db';
import { seedDataDir } from './store-template';

export interface SeededStore {
  store: Store;
  engine: FeedEngine;
  deps: ReadDeps;
  close(): Promise<void>;
}

/** Opens a copy of the seed of `sports` (`BOOTSTRAP_SPORTS` syntax: `all`, `football,cricket`). */
export async function openSeededStore(sports: string): Promise<SeededStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-seeded-'));
  await seedDataDir(dir, sports);
  const store = await openStore({ dataDir: dir });
  const bus = new FeedBus();
  const engine = new FeedEngine(store, bus);
  const live = await LiveCache.start(store, bus);
  return {
    store,
    engine,
    deps: { db: store.db, live },
    close: async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
