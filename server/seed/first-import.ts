/**
 * First start of an embedded store with no ready seed (server/seed/seed.ts): the bundled data is
 * imported by server/seed/build.ts in a child process, into a temporary directory inside the data
 * dir whose store is then moved into place — so the import's memory (PGlite's wasm heap at its
 * high-water, the malloc arenas and V8 heap it leaves behind: ~300 MiB measured in
 * bench/startup-memory.ts) leaves with the child instead of staying in the server for its life.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { runBuildScript, tsNodeArgs } from '../store/child-build';
import { lockDataDir, processGone } from '../store/lock';
import { ROOT } from '../root';
import { sportsKey } from './seed';

const PREFIX = '.first-import-';

/**
 * When `dataDir` has no store yet, imports the bundled data of `sports` (BOOTSTRAP_SPORTS after
 * parsing) into `dataDir/pg` from a child Node process and resolves true; resolves false (and does
 * nothing) when a store is there. The child's log lines ('imported bundled data' per file) are
 * relayed through `log`. Holds the data-dir lock meanwhile and removes temporaries of dead
 * processes. Errors: DataDirLockedError when another process holds `dataDir`; rejects with the
 * child's output when the import fails (nothing is left in `dataDir/pg`).
 */
export async function importInChild(
  dataDir: string,
  sports: readonly string[],
  log: Logger,
  nodeArgs: readonly string[] = tsNodeArgs(),
): Promise<boolean> {
  if (fs.existsSync(path.join(dataDir, 'pg'))) return false;
  const release = lockDataDir(dataDir);
  const tmp = path.join(dataDir, `${PREFIX}${process.pid}-${Date.now()}`);
  try {
    for (const old of fs.readdirSync(dataDir))
      if (old.startsWith(PREFIX) && processGone(Number(old.slice(PREFIX.length).split('-')[0])))
        fs.rmSync(path.join(dataDir, old), { recursive: true, force: true });
    const script = path.join(ROOT, 'server/seed/build.ts');
    await runBuildScript(
      'importing the bundled data',
      nodeArgs,
      script,
      [tmp, sportsKey(sports), 'info'],
      ROOT,
      (line) => relay(log, line),
    );
    fs.renameSync(path.join(tmp, 'pg'), path.join(dataDir, 'pg'));
    return true;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    release();
  }
}

/** Re-logs one JSON log line of the child (its level, message and fields) through `log`; other lines are dropped. */
function relay(log: Logger, line: string): void {
  if (!line.startsWith('{')) return;
  try {
    const { level, msg, time: _t, pid: _p, hostname: _h, ...fields } = JSON.parse(line) as Record<string, unknown>;
    const method = typeof level === 'number' && level >= 50 ? 'error' : level === 40 ? 'warn' : 'info';
    log[method]({ ...fields, child: 'first-import' }, String(msg ?? ''));
  } catch {
    /* not a log line */
  }
}
