/**
 * The bundled store seed: the first start's import (server/bootstrap.ts `importBundledData`) done
 * once per version and per set of sports, ahead of time, into `root`/seed-<version>-<sports>/pg —
 * by `npm run build` (scripts/build-seed.ts) for the default, by the test helpers for theirs. A
 * first start on an empty embedded store copies a ready seed instead of importing (seconds instead
 * of minutes of CPU); without one it imports as before.
 *
 * The version hashes what the seed's content depends on: the schema's migrations (drizzle/), the
 * importers, rules and engine (lib/, server/) and the bundled files of the sports. Any change makes
 * a new version; a stale seed is never used. Several processes may build into one `root`: each
 * builds in its own temporary directory and renames it into place; the first rename wins.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Sport } from '@/lib/sports';
import { BUNDLED_IMPORTS, DATASETS } from '../bundled-data';
import { runBuildScript, tsNodeArgs } from '../store/child-build';
import { processGone } from '../store/lock';
import { ROOT } from '../root';

/** `all`, or the sorted comma list of `sports` (BOOTSTRAP_SPORTS after parsing): one seed per set. */
export function sportsKey(sports: readonly string[]): string {
  const list = [...new Set(sports.map((s) => s.trim()))].sort();
  return list.includes('all') || BUNDLED_IMPORTS.every((b) => list.includes(b.sport)) ? 'all' : list.join('+');
}

let treeHash: string | undefined;

/**
 * The seed's version for `key` (see the module header): 16 hex digits. Reads drizzle/, lib/ and
 * server/ (tests excluded) once per process, ~3 MB, and the bundled files of the key's sports.
 */
export function seedVersion(key: string): string {
  if (!treeHash) {
    const h = createHash('sha256');
    const walk = (p: string) => {
      if (fs.statSync(p).isDirectory()) for (const n of fs.readdirSync(p).sort()) walk(path.join(p, n));
      else if (!p.endsWith('.test.ts')) h.update(path.relative(ROOT, p)).update('\0').update(fs.readFileSync(p));
    };
    for (const d of ['drizzle', 'lib', 'server']) walk(path.join(ROOT, d));
    treeHash = h.digest('hex');
  }
  const h = createHash('sha256').update(treeHash).update(key);
  for (const { sport, files } of BUNDLED_IMPORTS)
    if (key === 'all' || key.split('+').includes(sport))
      for (const file of files) h.update(file).update(fs.readFileSync(path.join(DATASETS, file)));
  return h.digest('hex').slice(0, 16);
}

/** The directory of the seed of `sports` in `root` (it may not exist yet). */
export function seedDir(root: string, sports: readonly string[]): string {
  const key = sportsKey(sports);
  return path.join(root, `seed-${seedVersion(key)}-${key}`);
}

/** The ready seed of `sports` in `root` (its directory, holding `pg` and `READY`), or null when none is built. */
export function readySeed(root: string, sports: readonly string[]): string | null {
  const dir = seedDir(root, sports);
  return fs.existsSync(path.join(dir, 'READY')) ? dir : null;
}

/**
 * Builds the seed of `sports` in `root` when it is not ready: server/seed/build.ts in a child
 * process (`nodeArgs`: default this process's Node flags with tsx, {@link tsNodeArgs}), into a temporary directory renamed into place.
 * Seeds of other versions of the same sports are removed. Returns the seed's directory.
 * Errors: rejects with the build's output when it fails.
 */
export async function buildSeed(
  root: string,
  sports: readonly Sport[] | ['all'],
  nodeArgs: readonly string[] = tsNodeArgs(),
): Promise<string> {
  const key = sportsKey(sports);
  const dir = seedDir(root, sports);
  if (fs.existsSync(path.join(dir, 'READY'))) return dir;
  fs.mkdirSync(root, { recursive: true });
  for (const old of fs.readdirSync(root))
    if (
      (old.startsWith('seed-') && old.endsWith(`-${key}`) && old !== path.basename(dir)) ||
      processGone(Number(/^\.build-.*-(\d+)-\d+$/.exec(old)?.[1]))
    )
      fs.rmSync(path.join(root, old), { recursive: true, force: true });
  const tmp = path.join(root, `.build-${path.basename(dir)}-${process.pid}-${Date.now()}`);
  try {
    const script = path.join(ROOT, 'server/seed/build.ts');
    await runBuildScript(`building the store seed ${key}`, nodeArgs, script, [tmp, key], ROOT);
    fs.writeFileSync(path.join(tmp, 'READY'), new Date().toISOString());
    try {
      fs.renameSync(tmp, dir);
    } catch (e) {
      if (!fs.existsSync(path.join(dir, 'READY'))) throw e; // another process finished the same version first
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}

/** Copies the store of the seed `dir` into `dataDir` (as its `pg` folder, which must not exist yet). */
export function copySeed(dir: string, dataDir: string): void {
  fs.cpSync(path.join(dir, 'pg'), path.join(dataDir, 'pg'), { recursive: true, errorOnExist: true, force: false });
}

/**
 * First start of an embedded store: when `dataDir` has no store yet and `root` holds the ready
 * seed of `sports`, copies it in and returns its directory; else returns null (the start then
 * imports the bundled data itself). Errors: file system errors propagate.
 */
export function seedEmptyStore(dataDir: string, root: string, sports: readonly string[]): string | null {
  if (fs.existsSync(path.join(dataDir, 'pg'))) return null;
  const dir = readySeed(root, sports);
  if (!dir) return null;
  fs.mkdirSync(dataDir, { recursive: true });
  copySeed(dir, dataDir);
  return dir;
}
