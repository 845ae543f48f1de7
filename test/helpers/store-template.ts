/**
 * Prebuilt embedded stores for test servers: the bundled data of a set of sports imported ONCE per
 * test run into a PGlite directory (a template), then copied into each test server's fresh
 * DATA_DIR — instead of every server start importing the same seasons again (tens of seconds each,
 * minutes for all sports; most of the suite's time was these imports).
 *
 * The template is made by the server's own code (`openStore` + `importBundledData`, the very
 * function a first start runs; test/helpers/store-template-build.ts) in a separate process, so the
 * copied store holds what a first start would have imported. A server started on it finds its
 * competitions and skips the import, exactly like a restart; everything after the import (API
 * keys, secrets, replay, sandbox) runs as on a first start. The first start itself stays covered
 * by the tests that ask for `freshImport` (test/integration/restart.test.ts).
 *
 * Templates live in os.tmpdir() under a name that hashes the sports and the content of server/,
 * lib/, drizzle/ and datasets/: any change to the importers, the engine, the schema or the data
 * makes a new one. Test files running in parallel share one: the first builds it under a lock
 * directory, the others wait.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './server';

/** What the template depends on: every file's path and content under these folders (tests excluded). */
const INPUTS = ['server', 'lib', 'drizzle', 'datasets'];

let inputsHash: string | undefined;

/** SHA-256 over the paths and contents of INPUTS (symlinks followed), computed once per process. */
function hashInputs(): string {
  if (inputsHash) return inputsHash;
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      const st = fs.statSync(p);
      if (st.isDirectory()) walk(p);
      else if (!name.endsWith('.test.ts'))
        h.update(path.relative(ROOT, p)).update('\0').update(fs.readFileSync(p)).update('\0');
    }
  };
  for (const d of INPUTS) walk(path.join(ROOT, d));
  return (inputsHash = h.digest('hex').slice(0, 16));
}

/** `all`, or the comma list sorted and without repeats: one template per set of sports. */
function sportsKey(sports: string): string {
  const list = [...new Set(sports.split(',').map((s) => s.trim()))].sort();
  return list.includes('all') ? 'all' : list.join(',');
}

/** True when the process that took `lock` (its pid file) no longer exists. */
function holderGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    return false; // just taken, the pid not written yet
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The template directory for `sports` (`BOOTSTRAP_SPORTS` syntax), built when missing; its `pg`
 * folder is a closed PGlite store with the bundled data imported. Errors: rejects with the build's
 * output when it fails, or after 15 min waiting for another process's build.
 */
export async function storeTemplate(sports: string): Promise<string> {
  const key = sportsKey(sports);
  const dir = path.join(os.tmpdir(), `scoreline-store-${hashInputs()}-${key.replace(/,/g, '+')}`);
  const ready = path.join(dir, 'READY');
  const lock = `${dir}.lock`;
  const until = Date.now() + 900_000;
  while (!fs.existsSync(ready)) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    } catch {
      if (holderGone(lock)) {
        fs.rmSync(lock, { recursive: true, force: true }); // its builder was killed before it could clean up
        continue;
      }
      if (Date.now() > until)
        throw new Error(`waited 15 min for another build of the store template ${dir} (lock ${lock})`);
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      if (fs.existsSync(ready)) break;
      fs.rmSync(dir, { recursive: true, force: true });
      const r = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const p = spawn(
          process.execPath,
          ['--import', 'tsx', path.join(ROOT, 'test/helpers/store-template-build.ts'), dir, key],
          { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let out = '';
        p.stdout!.on('data', (d) => (out += d));
        p.stderr!.on('data', (d) => (out += d));
        p.on('close', (code) => resolve({ code, out }));
      });
      if (r.code !== 0) throw new Error(`building the store template for ${key} failed (exit ${r.code}):\n${r.out}`);
      fs.writeFileSync(ready, new Date().toISOString());
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

/** Copies the template store of `sports` into `dataDir` (as its `pg` folder), building it first when needed. */
export async function seedDataDir(dataDir: string, sports: string): Promise<void> {
  const template = await storeTemplate(sports);
  fs.cpSync(path.join(template, 'pg'), path.join(dataDir, 'pg'), { recursive: true });
}
