/**
 * Prebuilt embedded stores for test servers: the store seed of a set of sports (server/seed/seed.ts
 * — the bundled data imported by `importBundledData`, the very function a first start runs, in a
 * child process) built ONCE per version, then copied into each test server's fresh DATA_DIR —
 * instead of every server start importing the same seasons again (tens of seconds each, minutes
 * for all sports; most of the suite's time was these imports). A server started on it finds its
 * competitions and skips the import, exactly like a restart; everything after the import (API
 * keys, secrets, replay, sandbox) runs as on a first start. The first start itself stays covered
 * by the tests that ask for `freshImport` (test/integration/restart.test.ts), and the server's own
 * seeding by test/integration/store-seed.test.ts.
 *
 * Seeds live in os.tmpdir()/scoreline-seeds-<checkout> (seedRoot()), versioned by server/seed: any
 * change to the importers, the engine, the schema or the data makes a new one. Test files running
 * in parallel share one: the first builds it under that seed's lock directory, the others wait
 * (different seeds build side by side).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Sport } from '@/lib/sports';
import { buildSeed, copySeed, readySeed, sportsKey } from '@/server/seed/seed';
import { processGone } from '@/server/store/lock';
import { ROOT } from './server';

/** The seeds of this checkout's test runs (its path hashed: worktrees never share or remove each other's). */
export function seedRoot(): string {
  return path.join(os.tmpdir(), `scoreline-seeds-${createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}`);
}

/** True when the process that took the lock directory `lock` (its `pid` file) no longer exists; false until the pid is written. */
export function lockHolderGone(lock: string): boolean {
  try {
    return processGone(Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8')));
  } catch {
    return false; // just taken, the pid not written yet
  }
}

/**
 * The seed directory of `sports` (`BOOTSTRAP_SPORTS` syntax), built when missing; its `pg` folder
 * is a closed PGlite store with the bundled data imported. Errors: rejects with the build's output
 * when it fails, or after 15 min waiting for another process's build.
 */
export async function storeTemplate(sports: string): Promise<string> {
  const list = sports.split(',').map((s) => s.trim()) as Sport[];
  // One lock per seed: two test files needing different seeds build them side by side (each build is one core).
  const lock = path.join(os.tmpdir(), `${path.basename(seedRoot())}-${sportsKey(list)}.lock`);
  const until = Date.now() + 900_000;
  for (;;) {
    const ready = readySeed(seedRoot(), list);
    if (ready) return ready;
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    } catch {
      if (lockHolderGone(lock)) {
        fs.rmSync(lock, { recursive: true, force: true }); // its builder was killed before it could clean up
        continue;
      }
      if (Date.now() > until) throw new Error(`waited 15 min for another build of a store seed (lock ${lock})`);
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      return await buildSeed(seedRoot(), list, ['--import', 'tsx']);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Copies the seed of `sports` into `dataDir` (as its `pg` folder), building it first when needed. */
export async function seedDataDir(dataDir: string, sports: string): Promise<void> {
  copySeed(await storeTemplate(sports), dataDir);
}
