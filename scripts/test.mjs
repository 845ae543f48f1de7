#!/usr/bin/env node
// npm test: check formatting and lint (Biome), type-check the whole repo, check the import rules (ARCHITECTURE.md), build the app and the client packages (integration tests
// start the real, built server), then run every test once. SKIP_BUILD=1 reuses an existing .next build.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

// The Python client's tests install the served wheel: building it is required here, not optional.
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', SCORELINE_REQUIRE_PYTHON_CLIENT: '1' };
// The whole suite: the test servers' store seeds and the sandbox sample are built in the background
// meanwhile (test/helpers/prebuild.ts), on the core the steps below leave idle.
const prebuild =
  process.argv.length > 2
    ? null
    : spawn(process.execPath, ['--import', 'tsx', 'test/helpers/prebuild.ts'], { stdio: 'inherit', env });
/** Exits with `code`, stopping the background prebuild first if it still runs. */
function exit(code) {
  if (prebuild && prebuild.exitCode == null && prebuild.signalCode == null) prebuild.kill();
  process.exit(code);
}
// Formatting and lint (biome.jsonc): a file out of format or a lint error fails the run.
const lint = spawnSync('npx', ['biome', 'check', '.'], { stdio: 'inherit', env });
if (lint.status !== 0) exit(lint.status ?? 1);
const tc = spawnSync('npx', ['tsc', '--noEmit', '-p', '.'], { stdio: 'inherit', env });
if (tc.status !== 0) exit(tc.status ?? 1);
// The import rules of ARCHITECTURE.md (.dependency-cruiser.cjs): a new violation fails the run.
const dc = spawnSync(
  'npx',
  ['depcruise', 'app', 'browser', 'components', 'lib', 'server', 'scripts', '--output-type', 'err'],
  { stdio: 'inherit', env },
);
if (dc.status !== 0) exit(dc.status ?? 1);
if (process.env.SKIP_BUILD !== '1' || !fs.existsSync(`${process.env.NEXT_DIST_DIR || '.next'}/BUILD_ID`)) {
  const b = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env });
  if (b.status !== 0) exit(b.status ?? 1);
}
// The packed Node client and the Python wheel/sdist: tested as installed packages and served at /clients/.
if (process.env.SKIP_BUILD !== '1' || !fs.existsSync(process.env.CLIENTS_DIR || '.clients')) {
  const c = spawnSync(process.execPath, ['scripts/build-clients.mjs'], { stdio: 'inherit', env });
  if (c.status !== 0) exit(c.status ?? 1);
}
// spawnSync would block this process's event loop: the prebuild's exit would go unnoticed.
const r = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env });
r.on('exit', (code) => exit(code ?? 1));
