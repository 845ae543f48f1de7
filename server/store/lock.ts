import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True when no process `pid` exists (ESRCH): whatever it left behind (a lock, a temporary build,
 * a run copy) may be removed. False for a live process, one of another user, or a bad pid.
 */
export function processGone(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Locks an embedded-store data directory for this process (two PGlite instances on one
 * directory silently lose writes). Writes `<dir>/scoreline.pid`; a lock whose process is gone
 * (e.g. after kill -9) is taken over at once. Returns a release function (idempotent).
 * Errors: DataDirLockedError when a live process other than this one holds the lock.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'scoreline.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (holder && holder !== process.pid && alive(holder)) {
        throw new DataDirLockedError(
          `data directory ${dir} is in use by process ${holder}; stop it or set another DATA_DIR`,
        );
      }
      fs.rmSync(file, { force: true }); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`could not lock data directory ${dir}`);
}
