/**
 * The parent's side of a benchmark child: a forked `node --import tsx` process that talks JSON-ish
 * messages `{type, …}` over IPC, with request/response by reply type.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** A message over IPC: a `type` and any fields. */
export type Msg = { type: string } & Record<string, unknown>;

/** How to fork a BenchChild. */
export interface BenchChildOptions {
  /** Arguments after the script (default none). */
  args?: string[];
  /** The child's environment. */
  env: NodeJS.ProcessEnv;
  /** Node options after `--import tsx` (e.g. `--expose-gc`, `--cpu-prof`). */
  execArgv?: string[];
  /** IPC serialization (default Node's, `json`); `advanced` carries typed arrays. */
  serialization?: 'json' | 'advanced';
  /** Names the child in the error when it exits while a reply is awaited; default `<script> (pid N)`. */
  label?: (pid: number | undefined) => string;
}

/** A forked process with request/response over IPC (one outstanding request per reply type). */
export class BenchChild {
  readonly proc: ChildProcess;
  private readonly waiting = new Map<string, ((m: Msg) => void)[]>();
  private readonly listeners = new Map<string, (m: Msg) => void>();
  private readonly label: (pid: number | undefined) => string;
  readonly exited: Promise<number | null>;

  /** Forks `file` with `--import tsx`; its stdout and stderr go to this process's. */
  constructor(file: string, opts: BenchChildOptions) {
    this.proc = fork(file, opts.args ?? [], {
      execArgv: ['--import', 'tsx', ...(opts.execArgv ?? [])],
      env: opts.env,
      ...(opts.serialization ? { serialization: opts.serialization } : {}),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.label = opts.label ?? ((pid) => `${path.basename(file)} (pid ${pid})`);
    this.exited = new Promise((resolve) => this.proc.once('exit', (code) => resolve(code)));
    this.proc.on('message', (m: Msg) => {
      this.listeners.get(m.type)?.(m);
      this.waiting.get(m.type)?.shift()?.(m);
    });
  }

  /** Resolves with the next message of `type`; rejects when the process exits first. */
  next<T = Msg>(type: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const q = this.waiting.get(type) ?? [];
      this.waiting.set(type, q);
      q.push((m) => resolve(m as T));
      void this.exited.then((code) =>
        reject(new Error(`${this.label(this.proc.pid)} exited with ${code} while waiting for "${type}"`)),
      );
    });
  }

  /** Sends `msg` and resolves with the next message of type `reply`. */
  request<T = Msg>(msg: Msg, reply: string): Promise<T> {
    const p = this.next<T>(reply);
    this.proc.send(msg);
    return p;
  }

  /** Calls `fn` with every message of `type` (one listener per type; a new one replaces it). */
  on(type: string, fn: (m: Msg) => void): void {
    this.listeners.set(type, fn);
  }

  /** Sends `msg` without waiting for a reply. */
  send(msg: unknown): void {
    this.proc.send(msg as Msg);
  }

  /** Asks it to stop with `msg`, then SIGKILLs this PID after `ms`. */
  async stop(msg: Msg = { type: 'stop' }, ms = 10_000): Promise<void> {
    if (this.proc.exitCode != null || this.proc.signalCode != null) return;
    if (this.proc.connected) this.proc.send(msg);
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), ms);
    await this.exited;
    clearTimeout(timer);
  }
}
