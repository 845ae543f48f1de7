/**
 * The server bundle the test servers run (scripts/build-server.mjs): `npm start`'s way of running the
 * server, rebuilt when one of its sources is newer. Kept apart from server.ts so the suite's global
 * setup (global-setup.ts) loads nothing of the server to build it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The bundle's path: `node <it>` runs the server. */
export const SERVER_BUNDLE = path.join(ROOT, '.server-build', 'index.mjs');
let bundleChecked = false;

/**
 * Builds the server bundle when it is missing or older than one of its sources
 * (`node scripts/build-server.mjs --if-stale`), once per process; the suite's global setup
 * (test/helpers/global-setup.ts) builds it before any test file and says so in
 * SCORELINE_SERVER_BUNDLE_FRESH. Errors: throws with the build's output when it fails.
 */
export function ensureServerBundle(): void {
  if (bundleChecked || process.env.SCORELINE_SERVER_BUNDLE_FRESH === '1') return;
  buildServerBundleIfStale();
  bundleChecked = true;
}

/** Runs `node scripts/build-server.mjs --if-stale` in the checkout at `root`. Errors: throws with its output when it fails. */
export function buildServerBundleIfStale(root: string = ROOT): void {
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building the server bundle failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
}

/**
 * Node arguments that run the server of the checkout at `root` the way `npm start` does: its bundle
 * (built first when stale) — or, for a checkout from before the bundle (a bench's A/B against an
 * older commit), its sources under tsx. Errors: throws when the build fails.
 */
export function serverArgs(root: string = ROOT): string[] {
  if (!fs.existsSync(path.join(root, 'scripts', 'build-server.mjs'))) return ['--import', 'tsx', 'server/index.ts'];
  buildServerBundleIfStale(root);
  return [path.join(root, '.server-build', 'index.mjs')];
}
