/**
 * Runs a store-building script (the sandbox sample, the store seed) in a child Node process, so
 * PGlite's initdb and a long import never run on the server's event loop.
 */
import { spawn } from 'node:child_process';

/**
 * Runs `node <nodeArgs> <script> <args>` in `cwd` and resolves when it exits 0.
 * Errors: rejects with "<what> failed (exit N)" and the last 4,000 characters of its output.
 */
export function runBuildScript(
  what: string,
  nodeArgs: readonly string[],
  script: string,
  args: readonly string[],
  cwd: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code}):\n${out.slice(-4000)}`)),
    );
  });
}
