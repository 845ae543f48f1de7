/**
 * Issue 34 item 8: the Python client is served after `npm start`'s build on a machine without
 * python3-hatchling. scripts/build-clients.mjs (what `npm start` runs) builds the packages with a
 * python3 that cannot see any installed package (`-S`: no site-packages, so no hatchling, whatever
 * this machine has); /clients/ (server/clients-route.ts, on a real HTTP socket) then lists the
 * wheel with its pip line, and a fresh venv installs the wheel and — pip building it offline with
 * the in-tree backend, nothing downloaded — the sdist, both from their URLs as the README says.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { handleClients } from '@/server/clients-route';
import { PYTHON, runCommand } from '../helpers/clients';
import { ROOT } from '../helpers/server';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-python-package-'));
const dir = path.join(work, 'clients');
let server: http.Server;
let base: string;

beforeAll(async () => {
  // A python3 with no site-packages: the standard library only, as on a fresh Debian machine.
  const bare = path.join(work, 'python3-bare');
  fs.writeFileSync(bare, `#!/bin/sh\nexec ${PYTHON} -S "$@"\n`, { mode: 0o755 });
  const noHatchling = await runCommand(bare, ['-c', 'import hatchling'], {});
  expect(noHatchling.code).not.toBe(0);
  const build = await runCommand(process.execPath, ['scripts/build-clients.mjs'], {
    cwd: ROOT,
    env: { ...process.env, CLIENTS_DIR: dir, SCORELINE_PYTHON: bare, SCORELINE_REQUIRE_PYTHON_CLIENT: '' },
    timeoutMs: 240_000,
  });
  expect(build.code, build.out + build.err).toBe(0);
  server = http.createServer((req, res) => handleClients(req, res, dir));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 300_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  fs.rmSync(work, { recursive: true, force: true });
});

test('/clients/ lists the wheel and the sdist with the pip line', async () => {
  const body = (await (await fetch(`${base}/clients/`)).json()) as {
    files: { name: string }[];
    install: { python: string | null };
  };
  expect(body.files.map((f) => f.name).sort()).toEqual([
    'scoreline-0.1.0-py3-none-any.whl',
    'scoreline-0.1.0.tar.gz',
    'scoreline-client-0.1.0.tgz',
  ]);
  expect(body.install.python).toBe(`pip install ${base}/clients/scoreline-0.1.0-py3-none-any.whl`);
});

test('a fresh venv pip-installs the served wheel, then the served sdist (built offline by pip)', async () => {
  const venv = path.join(work, 'venv');
  // Debian's python3-httpx and python3-websockets (the client's dependencies) stay visible.
  const made = await runCommand(PYTHON, ['-m', 'venv', '--system-site-packages', venv], { timeoutMs: 120_000 });
  expect(made.code, made.err).toBe(0);
  for (const file of ['scoreline-0.1.0-py3-none-any.whl', 'scoreline-0.1.0.tar.gz']) {
    const pip = await runCommand(
      path.join(venv, 'bin/pip'),
      ['install', '--no-index', '--no-deps', '--disable-pip-version-check', `${base}/clients/${file}`],
      { timeoutMs: 180_000 },
    );
    expect(pip.code, pip.out + pip.err).toBe(0);
    expect(pip.out).toMatch(/Successfully installed scoreline-0\.1\.0/);
    const where = await runCommand(
      path.join(venv, 'bin/python'),
      ['-c', 'import scoreline, scoreline.backoff; print(scoreline.__file__)'],
      { cwd: work },
    );
    expect(where.code, where.err).toBe(0);
    expect(where.out.trim().startsWith(venv)).toBe(true);
    // The console script from [project.scripts].
    const help = await runCommand(path.join(venv, 'bin/scoreline'), ['--help'], { cwd: work });
    expect(help.code, help.err).toBe(0);
    expect(help.out).toMatch(/live/);
    const removed = await runCommand(path.join(venv, 'bin/pip'), ['uninstall', '-y', 'scoreline'], { cwd: work });
    expect(removed.code, removed.err).toBe(0);
  }
}, 300_000);
