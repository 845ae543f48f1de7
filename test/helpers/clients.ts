/**
 * The built client packages (scripts/build-clients.mjs → .clients/): builds them once when
 * missing (test files in parallel share one build through a lock directory), and Debian's Python.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './server';
import { lockHolderGone } from './store-template';

/** Debian's interpreter with httpx, websockets and pytest (the pyenv python3 on PATH lacks them). */
export const PYTHON = '/usr/bin/python3';
export const CLIENTS_DIR = path.join(ROOT, '.clients');

/** Runs a command to completion, collecting stdout and stderr; never rejects. */
export function runCommand(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, {
      cwd: opts.cwd ?? ROOT,
      env: opts.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const timer = setTimeout(() => p.kill('SIGKILL'), opts.timeoutMs ?? 300_000);
    p.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

/** Builds .clients/ when it lacks a Node tarball or a wheel. Errors: rejects with the build output on failure. */
export async function ensureClientPackages(): Promise<{ tarball: string; wheel: string; sdist: string }> {
  const lock = path.join(
    os.tmpdir(),
    `scoreline-clients-build-${Buffer.from(ROOT).toString('base64url').slice(-32)}.lock`,
  );
  const find = () => {
    const names = fs.existsSync(CLIENTS_DIR) ? fs.readdirSync(CLIENTS_DIR) : [];
    const tarball = names.find((n) => n.endsWith('.tgz'));
    const wheel = names.find((n) => n.endsWith('.whl'));
    const sdist = names.find((n) => n.endsWith('.tar.gz'));
    return tarball && wheel && sdist ? { tarball, wheel, sdist } : null;
  };
  const until = Date.now() + 300_000;
  for (;;) {
    const found = find();
    if (found) return found;
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    } catch {
      if (lockHolderGone(lock)) {
        fs.rmSync(lock, { recursive: true, force: true }); // left by a run that was killed mid-build
        continue;
      }
      if (Date.now() > until) throw new Error(`waited 5 min for another client build (lock ${lock})`);
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      if (find()) continue;
      const r = await runCommand(process.execPath, ['scripts/build-clients.mjs']);
      if (r.code !== 0) throw new Error(`build-clients failed (exit ${r.code}):\n${r.out}\n${r.err}`);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Number of matches in a football-data.co.uk season file (rows after the header). */
export function csvMatchCount(file: string): number {
  return (
    fs
      .readFileSync(path.join(ROOT, file), 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '').length - 1
  );
}

/**
 * The documented one-liner in `file` (a line of a ```console block) whose command matches
 * `pattern`, without its leading `VAR=value` assignments (the test passes real values).
 * Errors: throws when the file has no such line.
 */
export function docOneLiner(file: string, pattern: RegExp): string {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  for (const block of text.matchAll(/```console\n([\s\S]*?)```/g)) {
    for (const line of block[1].split('\n')) {
      const command = line.trim().replace(/^(\w+=\S+\s+)+/, '');
      if (pattern.test(command)) return command;
    }
  }
  throw new Error(`${file}: no one-liner matching ${pattern}`);
}

/** Runs `command` with `sh -c`, resolves with its first stdout line and stops it (SIGTERM, by PID). Errors: rejects when it exits first or after `timeoutMs`. */
export function firstLineOf(
  command: string,
  opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn('sh', ['-c', `exec ${command}`], {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => finish(new Error(`no output in ${opts.timeoutMs} ms from: ${command}\n${err}`)),
      opts.timeoutMs,
    );
    const finish = (e: Error | null, line?: string) => {
      clearTimeout(timer);
      p.kill('SIGTERM');
      if (e) reject(e);
      else resolve(line!);
    };
    p.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) finish(null, out.slice(0, nl));
    });
    p.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    p.on('exit', (code) => finish(new Error(`exited (${code}) before printing: ${command}\n${err}`)));
  });
}
