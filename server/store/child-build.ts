/**
 * Runs a store-building script (the sandbox sample, the store seed) in a child Node process, so
 * PGlite's initdb and a long import never run on the server's event loop.
 */
import { spawn } from 'node:child_process';

/**
 * Node flags for a child that runs a TypeScript script: this process's own flags (process.execArgv),
 * with `--import tsx` added when they do not load tsx already — the server bundle
 * (.server-build/index.mjs, scripts/build-server.mjs) runs without it, the sources under tsx.
 */
export function tsNodeArgs(execArgv: readonly string[] = process.execArgv): string[] {
  const loadsTsx = execArgv.some((a, i) => a === '--import=tsx' || (a === 'tsx' && execArgv[i - 1] === '--import'));
  return loadsTsx ? [...execArgv] : ['--import', 'tsx', ...execArgv];
}

/**
 * Runs `node <nodeArgs> <script> <args>` in `cwd` and resolves when it exits 0. `onStdoutLine`, when
 * given, hears each complete line of the child's stdout (e.g. its JSON log lines, to relay them).
 * Errors: rejects with "<what> failed (exit N)" and the last 4,000 characters of its output.
 */
export function runBuildScript(
  what: string,
  nodeArgs: readonly string[],
  script: string,
  args: readonly string[],
  cwd: string,
  onStdoutLine?: (line: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let partial = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (!onStdoutLine) return;
      const lines = (partial + d).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onStdoutLine(line);
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code}):\n${out.slice(-4000)}`)),
    );
  });
}
