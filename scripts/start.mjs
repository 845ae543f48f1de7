#!/usr/bin/env node
// npm start: build the Next.js pages when there is no build yet, then run the custom server (its bundle) in production.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

if (!fs.existsSync(`${process.env.NEXT_DIST_DIR || '.next'}/BUILD_ID`) || process.env.FORCE_BUILD === '1') {
  console.log('No production build yet: running next build…');
  const r = spawnSync('npx', ['next', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The client packages served at /clients/ (docs/clients.md): built once, like the pages.
if (!fs.existsSync(`${process.env.CLIENTS_DIR || '.clients'}`) || process.env.FORCE_BUILD === '1') {
  const r = spawnSync(process.execPath, ['scripts/build-clients.mjs'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The store seed (server/seed): a first start copies it instead of importing the bundled data. Only
// needed while the data directory has no store yet; build-seed itself skips a seed that is ready.
const hasStore = fs.existsSync(`${process.env.DATA_DIR || './.data'}/pg`);
if (process.env.BOOTSTRAP !== 'off' && !process.env.DATABASE_URL && !hasStore) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-seed.ts'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The server bundle (scripts/build-server.mjs): rebuilt when a source is newer than it (~1 s), then run by plain Node.
const bundle = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { stdio: 'inherit' });
if (bundle.status !== 0) process.exit(bundle.status ?? 1);
// MALLOC_ARENA_MAX=2 (glibc, read when the process starts; unless set already): the server's worker
// threads (pre-match passes, series recompute) and V8's compile threads each got a malloc arena that
// keeps its freed memory; two arenas measured 651 against 713 MiB idle RSS (bench/README.md).
const child = spawn(process.execPath, ['.server-build/index.mjs'], {
  stdio: 'inherit',
  env: { MALLOC_ARENA_MAX: '2', ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
