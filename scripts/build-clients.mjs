#!/usr/bin/env node
// Builds the client packages the server serves under /clients/ (server/clients-route.ts) into
// CLIENTS_DIR (default .clients/): the Node tarball (`npm pack` of clients/node; its prepack runs
// tsup) and the Python wheel + sdist of clients/python (its in-tree PEP 517 backend
// clients/python/scoreline_build.py, the standard library only, run by /usr/bin/python3 ≥ 3.11: no
// network, no build dependency — a stock Debian python3 builds both). Run by `npm run build`, by
// `npm start` when they are missing and by `npm test`. Without a python3 ≥ 3.11 the Python
// packages are skipped with a notice (the service still starts and serves the Node one), unless
// SCORELINE_REQUIRE_PYTHON_CLIENT=1 (npm test sets it: the Python client's tests need them).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.resolve(root, process.env.CLIENTS_DIR || '.clients');
const python = process.env.SCORELINE_PYTHON || '/usr/bin/python3';

/** Runs a command, exits with its status on failure. */
function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(`build-clients: ${cmd} ${args.join(' ')} failed (exit ${r.status})\n${r.stdout ?? ''}`);
    process.exit(r.status ?? 1);
  }
  return r.stdout;
}

const tmp = `${out}.tmp-${process.pid}`;
fs.rmSync(tmp, { recursive: true, force: true });
fs.mkdirSync(tmp, { recursive: true });
run('npm', ['pack', '--silent', '--pack-destination', tmp], path.join(root, 'clients/node'));
// tomllib (the backend reads pyproject.toml with it) is in the standard library from Python 3.11.
const hasPython = spawnSync(python, ['-c', 'import tomllib, zipfile, tarfile'], { stdio: 'ignore' }).status === 0;
if (hasPython || process.env.SCORELINE_REQUIRE_PYTHON_CLIENT === '1') {
  run(
    python,
    ['-c', 'import sys, scoreline_build as b; b.build_wheel(sys.argv[1]); b.build_sdist(sys.argv[1])', tmp],
    path.join(root, 'clients/python'),
  );
} else {
  console.warn(
    `build-clients: ${python} is not a Python 3.11 or newer: the Python wheel and sdist are not built (apt-get install -y python3, then npm run build:clients)`,
  );
}
// Swap in the new set whole, so a running server never lists a half-built directory.
fs.rmSync(out, { recursive: true, force: true });
fs.renameSync(tmp, out);
console.log(`build-clients: ${fs.readdirSync(out).sort().join(', ')} in ${path.relative(root, out) || '.'}`);
