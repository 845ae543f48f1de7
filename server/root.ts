/**
 * The checkout's root directory (the one holding package.json, drizzle/ and datasets/), found from
 * this module's own location. Server code runs from its sources (`node --import tsx server/…`, the
 * tests' and tools' way) and from the server bundle (`.server-build/index.mjs`, scripts/build-server.mjs,
 * the way `npm start` runs it): a fixed `../..` from import.meta.url would be right in one and wrong
 * in the other, so every path the server reads is resolved from here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest directory at or above `from` that holds a package.json. Errors: throws when none does
 * (the module was copied out of its checkout).
 */
export function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir)
      throw new Error(`no package.json at or above ${from}: not inside a Scoreline checkout`);
  }
}

/** Absolute path of the checkout's root. */
export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The schema's migrations (drizzle-kit output), applied at every store open. */
export const MIGRATIONS_DIR = path.join(ROOT, 'drizzle');
