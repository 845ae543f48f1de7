#!/usr/bin/env node
// Builds the server bundle: server/index.ts and everything it imports from server/ and lib/, as one
// ES module (.server-build/index.mjs, with its source map and esbuild's metafile), npm packages left
// as imports. `npm start`, `npm run serve` and the test servers run it with plain Node: no TypeScript
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

/** Bundles server/index.ts into SERVER_BUNDLE (atomically). Errors: rejects with esbuild's errors. */
export async function buildServer() {
  fs.mkdirSync(SERVER_BUILD_DIR, { recursive: true });
  const tag = `${process.pid}-${Date.now()}`;
  const tmp = path.join(SERVER_BUILD_DIR, `.index-${tag}.mjs`);
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['server/index.ts'],
    outfile: tmp,
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
  // The map names its bundle: point it at the final name before moving both into place.
  const map = JSON.parse(fs.readFileSync(`${tmp}.map`, 'utf8'));
  map.file = path.basename(SERVER_BUNDLE);
  fs.writeFileSync(`${SERVER_BUNDLE}.map.${tag}`, JSON.stringify(map));
  fs.rmSync(`${tmp}.map`);
  const code = fs
    .readFileSync(tmp, 'utf8')
    .replace(/\/\/# sourceMappingURL=\S+\s*$/, '//# sourceMappingURL=index.mjs.map\n');
  fs.writeFileSync(tmp, code);
  fs.writeFileSync(`${META}.${tag}`, JSON.stringify(result.metafile));
  fs.renameSync(`${SERVER_BUNDLE}.map.${tag}`, `${SERVER_BUNDLE}.map`);
  fs.renameSync(`${META}.${tag}`, META);
  fs.renameSync(tmp, SERVER_BUNDLE);
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
