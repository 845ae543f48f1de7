#!/usr/bin/env node
// Builds the server bundle: server/index.ts and everything it imports from server/ and lib/, as one
// ES module (.server-build/index.mjs, with its source map and esbuild's metafile), npm packages left
// as imports; and the webhook sender thread's script (server/webhooks/send-worker.ts) the same way,
// as .server-build/webhook-sender.mjs, and the win-probability recompute thread's
// (server/win-probability/recompute-worker.ts) as .server-build/win-probability-recompute.mjs and the
// rows' pre-match pass thread's (server/win-probability/prematch-worker.ts) as win-probability-prematch.mjs. `npm start`, `npm run serve` and the test servers run it with plain Node: no TypeScript
// loader resolving and transforming ~500 modules at every start (a test server's start-up CPU 9.2 →
// 5.8 s, medians of bench/server-start.ts; bench/README.md "Server start-up"). `npm run dev` keeps running the sources under tsx.
//
//   node scripts/build-server.mjs             build (esbuild, ~1 s)
//   node scripts/build-server.mjs --if-stale  build only when the bundle is missing or one of its
//                                             inputs (listed in its metafile) is newer than it
//
// The bundle is written beside its final name and renamed into place, so processes building at the
// same time (a cluster's `npm start`, parallel test workers) never run a half-written file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The bundle's folder (git-ignored). */
export const SERVER_BUILD_DIR = path.join(root, '.server-build');
/** The bundle: run it with `node .server-build/index.mjs` (its stack traces name the sources: server/stack-traces.ts). */
export const SERVER_BUNDLE = path.join(SERVER_BUILD_DIR, 'index.mjs');
const META = path.join(SERVER_BUILD_DIR, 'meta.json');

/**
 * True when the bundle exists and none of its inputs (the metafile's, relative to the checkout) was
 * changed, added under a new name it imports, or removed since it was built.
 */
export function bundleFresh() {
  let built;
  let meta;
  try {
    built = fs.statSync(SERVER_BUNDLE).mtimeMs;
    meta = JSON.parse(fs.readFileSync(META, 'utf8'));
  } catch {
    return false;
  }
  for (const input of Object.keys(meta.inputs ?? {})) {
    try {
      if (fs.statSync(path.join(root, input)).mtimeMs > built) return false;
    } catch {
      return false; // an input is gone
    }
  }
  return true;
}

/**
 * Bundles server/index.ts into SERVER_BUNDLE and the webhook sender thread's script
 * (server/webhooks/send-worker.ts) beside it as `webhook-sender.mjs`, atomically: each file is
 * renamed into place, the server bundle last (its mtime is what bundleFresh compares). Errors:
 * rejects with esbuild's errors.
 */
export async function buildServer() {
  fs.mkdirSync(SERVER_BUILD_DIR, { recursive: true });
  const tag = `${process.pid}-${Date.now()}`;
  const names = ['webhook-sender', 'win-probability-recompute', 'win-probability-prematch', 'index']; // renamed into place in this order
  const tmp = (name) => path.join(SERVER_BUILD_DIR, `.${name}-${tag}.mjs`);
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: {
        index: 'server/index.ts',
        'webhook-sender': 'server/webhooks/send-worker.ts',
        'win-probability-recompute': 'server/win-probability/recompute-worker.ts',
        'win-probability-prematch': 'server/win-probability/prematch-worker.ts',
      },
      outdir: SERVER_BUILD_DIR, // written beside their final names (the maps' relative paths hold)
      entryNames: `.[name]-${tag}`,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external', // node_modules stay imports, resolved by Node as under tsx
      sourcemap: 'linked',
      sourcesContent: false,
      metafile: true,
      logLevel: 'warning',
    });
    fs.writeFileSync(`${META}.${tag}`, JSON.stringify(result.metafile));
    for (const name of names) {
      const built = tmp(name);
      const final = path.join(SERVER_BUILD_DIR, `${name}.mjs`);
      // The map names its bundle: point both at the final name before moving them into place.
      const map = JSON.parse(fs.readFileSync(`${built}.map`, 'utf8'));
      map.file = path.basename(final);
      fs.writeFileSync(`${final}.map.${tag}`, JSON.stringify(map));
      fs.rmSync(`${built}.map`);
      const code = fs
        .readFileSync(built, 'utf8')
        .replace(/\/\/# sourceMappingURL=\S+\s*$/, `//# sourceMappingURL=${path.basename(final)}.map\n`);
      fs.writeFileSync(built, code);
      fs.renameSync(`${final}.map.${tag}`, `${final}.map`);
      if (name === 'index') fs.renameSync(`${META}.${tag}`, META);
      fs.renameSync(built, final);
    }
  } finally {
    for (const name of names) for (const f of [tmp(name), `${tmp(name)}.map`]) fs.rmSync(f, { force: true });
    fs.rmSync(`${META}.${tag}`, { force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale') && bundleFresh()) process.exit(0);
  try {
    await buildServer();
  } catch (e) {
    console.error(`build-server: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
