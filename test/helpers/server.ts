/**
 * Integration-test helpers: run the real Scoreline server as `npm start` runs it (the server bundle,
 * `node .server-build/index.mjs`, rebuilt first when a source changed)
 * as a child process on a free port with its own temp data directory and API key, and stop it
 * by PID (SIGTERM, then SIGKILL after 10 s). Never kills anything it did not start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BoundedLog } from './bounded-log';
import { ensureServerBundle, SERVER_BUNDLE } from './server-bundle';
import { seedDataDir } from './store-template';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How long to wait for a server to listen; TEST_LISTEN_TIMEOUT_MS raises it on a loaded machine. */
const LISTEN_TIMEOUT_MS = Number(process.env.TEST_LISTEN_TIMEOUT_MS) || 120_000;
const KILL_AFTER_MS = 10_000;
/** Preloaded into each server: it exits when the test process that started it is gone (die-with-parent.mjs). */
const DIE_WITH_PARENT = pathToFileURL(path.join(ROOT, 'test/helpers/die-with-parent.mjs')).href;

export interface TestServer {
  port: number;
  baseUrl: string;
  wsUrl: string;
  apiKey: string;
  dataDir: string;
  proc: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr, in arrival order). */
  logs(): string;
  /** SIGTERM, wait for exit (SIGKILL after 10 s), then remove the data dir unless it was kept. Idempotent. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** How long to wait for the server to listen (default 120 s; the all-sports bootstrap needs more). */
  listenTimeoutMs?: number;
  /** Use this data directory instead of a fresh temp one (it is then never removed by stop()). */
  dataDir?: string;
  /** Keep the data directory on stop() even when the helper created it. */
  keepDataDir?: boolean;
  /** Use this API key instead of a random one (INITIAL_API_KEY). */
  apiKey?: string;
  /**
   * Import the bundled data at this start, as a real first start does. By default a data dir with
   * no store yet (`pg`) is seeded with a store template instead (test/helpers/store-template.ts: the same import, run
   * once per test run), and the server finds its data already there.
   */
  freshImport?: boolean;
  /** Node options for the server process (e.g. `--cpu-prof` for a bench's profile). */
  nodeArgs?: string[];
  /** What Node runs instead of the server bundle, e.g. `['--import', 'tsx', 'server/index.ts']` (the sources, bench/server-start.ts). */
  command?: string[];
}

/**
 * One sandbox sample directory for every test server of this checkout (SANDBOX_SAMPLE_DIR): the
 * sample is built once per version by whichever server needs it first, and copied by the others.
 */
export const SHARED_SANDBOX_SAMPLES = path.join(
  os.tmpdir(),
  `scoreline-sandbox-samples-${Buffer.from(ROOT).toString('base64url').slice(-32)}`,
);

/** A random INITIAL_API_KEY: 32 characters of [A-Za-z0-9_-]. */
export function randomApiKey(): string {
  return `test_${randomBytes(24).toString('base64url')}`;
}

/** A fresh, empty temp directory for a server's DATA_DIR. */
export function makeTempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-test-'));
}

/**
 * Runs `npx next build` once when there is no production build (`.next/BUILD_ID`). Test files
 * running in parallel share one build: the first takes a lock directory, the others wait for it.
 * Errors: rejects with the build output when the build fails or another build does not finish in 5 min.
 */
export async function ensureBuild(): Promise<void> {
  const buildId = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
  const lock = path.join(
    os.tmpdir(),
    `scoreline-next-build-${Buffer.from(ROOT).toString('base64url').slice(-32)}.lock`,
  );
  const until = Date.now() + 300_000;
  while (!fs.existsSync(buildId)) {
    try {
      fs.mkdirSync(lock);
    } catch {
      if (Date.now() > until) throw new Error(`waited 5 min for another next build (lock ${lock})`);
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      if (fs.existsSync(buildId)) return;
      const r = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const p = spawn('npx', ['next', 'build'], {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
        });
        let out = '';
        p.stdout!.on('data', (d) => (out += d));
        p.stderr!.on('data', (d) => (out += d));
        p.on('close', (code) => resolve({ code, out }));
      });
      if (r.code !== 0) throw new Error(`next build failed (exit ${r.code}):\n${r.out}`);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

export interface SpawnedServer {
  proc: ChildProcess;
  logs(): string;
  /** Resolves with the exit code (or null after a signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns the server process (the bundle, {@link ensureServerBundle}, or `command`) with `env` over
 * the current environment and `nodeArgs` before it; does not wait for anything.
 */
export function spawnServer(env: Record<string, string>, nodeArgs: string[] = [], command?: string[]): SpawnedServer {
  if (!command) ensureServerBundle();
  // With DATABASE_URL the server needs WEBHOOK_SECRET_KEY, the same in every process on that database
  // (derived from the URL unless the test sets one, or sets it to '' to see the start refused).
  const dbUrl = env.DATABASE_URL ?? process.env.DATABASE_URL;
  const secretKey =
    dbUrl && !('WEBHOOK_SECRET_KEY' in env) && process.env.WEBHOOK_SECRET_KEY === undefined
      ? { WEBHOOK_SECRET_KEY: createHash('sha256').update(`scoreline-test:${dbUrl}`).digest('base64') }
      : {};
  const proc = spawn(process.execPath, ['--import', DIE_WITH_PARENT, ...nodeArgs, ...(command ?? [SERVER_BUNDLE])], {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...secretKey, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = new BoundedLog();
  proc.stdout!.setEncoding('utf8').on('data', (d: string) => out.append(d));
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => out.append(d));
  // Safety net: if this test process exits without stop(), do not leave the server running.
  const orphan = () => proc.kill('SIGKILL');
  process.once('exit', orphan);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.once('exit', (code, signal) => {
      process.off('exit', orphan);
      resolve({ code, signal });
    });
  });
  return { proc, logs: () => out.text(), exited };
}

/** Finds the port in the "Scoreline listening on …" log line, if it has been written. */
function listeningPort(logs: string): number | null {
  for (const line of logs.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const j = JSON.parse(line) as { msg?: string; port?: number };
      if (
        typeof j.msg === 'string' &&
        j.msg.startsWith('Scoreline listening on http://localhost:') &&
        typeof j.port === 'number'
      )
        return j.port;
    } catch {
      /* a partial line: not yet complete */
    }
  }
  return null;
}

/** Sends SIGTERM to the process, waits for its exit, SIGKILL after 10 s. */
async function terminate(s: SpawnedServer): Promise<void> {
  if (s.proc.exitCode !== null || s.proc.signalCode !== null) return;
  s.proc.kill('SIGTERM');
  const killer = setTimeout(() => s.proc.kill('SIGKILL'), KILL_AFTER_MS);
  await s.exited;
  clearTimeout(killer);
}

/**
 * Starts the real server on PORT=0 with a fresh temp DATA_DIR or `opts.dataDir` (when it has no
 * store yet, seeded with the bundled data of BOOTSTRAP_SPORTS from a store template unless `opts.freshImport`), a random INITIAL_API_KEY and
 * NODE_ENV=production, SANDBOX=off, BOOTSTRAP_SPORTS=football, WIN_PROBABILITY_RECOMPUTE=off and the shared sandbox sample
 * directory (`env` overrides or adds variables). Resolves once it logs that it is listening. Errors: rejects (with the captured logs) on exit before listening or after 120 s.
 */
export async function startTestServer(env: Record<string, string> = {}, opts: StartOptions = {}): Promise<TestServer> {
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? makeTempDataDir();
  const apiKey = opts.apiKey ?? randomApiKey();
  const merged: Record<string, string | undefined> = {
    ...process.env,
    SANDBOX: 'off',
    BOOTSTRAP_SPORTS: 'football',
    ...env,
  };
  // A data dir with no store yet (the helper's own or the caller's) is seeded; a restart's is not.
  const empty = !fs.existsSync(path.join(dataDir, 'pg'));
  if (empty && !opts.freshImport && merged.BOOTSTRAP !== 'off' && !merged.DATABASE_URL)
    await seedDataDir(dataDir, merged.BOOTSTRAP_SPORTS!);
  const s = spawnServer(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      INITIAL_API_KEY: apiKey,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SANDBOX: 'off',
      BOOTSTRAP_SPORTS: 'football',
      // The start-up recompute of every finished series is minutes of CPU on the shared 2 cores:
      // off unless a test asks for it (test/integration/win-probability-recompute.test.ts).
      WIN_PROBABILITY_RECOMPUTE: 'off',
      SANDBOX_SAMPLE_DIR: SHARED_SANDBOX_SAMPLES,
      // No seeding by the server itself (server/seed; store-seed.test asks for it): a data dir the
      // helper did not seed — a fresh import, or the caller's own — is imported at start.
      STORE_SEED_DIR: path.join(dataDir, 'no-seeds'),
      ...env,
    },
    opts.nodeArgs,
    opts.command,
  );
  const cleanup = () => {
    if (ownDir && !opts.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const poll = setInterval(() => {
        const p = listeningPort(s.logs());
        if (p != null) return done(() => resolve(p));
        const limit = opts.listenTimeoutMs ?? LISTEN_TIMEOUT_MS;
        if (Date.now() - started > limit)
          done(() => reject(new Error(`server did not start listening within ${limit / 1000} s; logs:\n${s.logs()}`)));
      }, 50);
      const onExit = (code: number | null, signal: string | null) =>
        done(() =>
          reject(new Error(`server exited (code ${code}, signal ${signal}) before listening; logs:\n${s.logs()}`)),
        );
      s.proc.once('exit', onExit);
      function done(f: () => void) {
        clearInterval(poll);
        s.proc.off('exit', onExit);
        f();
      }
    });
  } catch (e) {
    await terminate(s);
    cleanup();
    throw e;
  }

  let stopped: Promise<void> | null = null;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/v1/ws`,
    apiKey,
    dataDir,
    proc: s.proc,
    logs: s.logs,
    stop: () =>
      (stopped ??= (async () => {
        await terminate(s);
        cleanup();
      })()),
  };
}

/** GET `path` on the server with the test key (or `key`), returning status, headers and parsed JSON body. */
export async function getJson(
  server: Pick<TestServer, 'baseUrl' | 'apiKey'>,
  path: string,
  key: string | null = server.apiKey,
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(server.baseUrl + path, { headers: key == null ? {} : { authorization: `Bearer ${key}` } });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body };
}

/** Polls `fn` every `everyMs` until it returns a truthy value; throws after `timeoutMs` with `what`. */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  everyMs = 500,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Waits until the server's sandbox answers (it loads its sample in the background after the port
 * listens; 503 until then). Connection errors while it loads are retried: the import keeps the
 * event loop busy, so a pooled keep-alive connection can be reset. The first sandbox of a test run
 * builds the shared sample in a child process (minutes of CPU on a loaded 2-core machine), hence
 * the default of 420 s. Errors: rejects after `ms`.
 */
export async function waitForSandbox(
  server: Pick<TestServer, 'baseUrl' | 'logs'>,
  ms = 420_000,
): Promise<{ status: number; body: any } | null> {
  const until = Date.now() + ms;
  let first: { status: number; body: any } | null = null;
  for (;;) {
    try {
      const res = await fetch(`${server.baseUrl}/sandbox/v1/football/live`, { headers: { connection: 'close' } });
      const body = await res.json();
      first ??= { status: res.status, body: { ...body, retry_after: res.headers.get('retry-after') } };
      if (res.status !== 503) return first;
    } catch {
      /* reset while the sample loads: retry */
    }
    if (Date.now() > until) throw new Error(`sandbox not ready in ${ms / 1000} s:\n${server.logs()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
