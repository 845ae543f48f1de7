/**
 * The dispatcher's side of the webhook sender thread (send-worker.ts): hands claimed deliveries
 * to a worker_threads Worker that signs and POSTs them, so that HMAC, HTTP framing and response
 * parsing — about half of a delivery's CPU — run beside the dispatcher's store work instead of on
 * the event loop that also serves the API (bench/webhooks.ts). Jobs and results cross in batches,
 * one message per turn of each event loop.
 *
 * The thread is started on first use and again after it dies. An attempt in a thread that dies is
 * rejected (nothing recorded): its claim expires and it is sent again — at least once, as after a
 * crash of the whole process.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Claimed, Outcome } from './attempt';
import type { SendJob, SendJobResult, SenderData } from './send-worker';

/**
 * The sender thread's script: beside the server bundle (`.server-build/webhook-sender.mjs`, built
 * by scripts/build-server.mjs) when this code runs bundled; else (sources: `npm run dev`, tests) a
 * shim that registers tsx's loader in the thread and imports the TypeScript source (a Worker's
 * `execArgv` cannot carry `--import tsx`).
 */
export function senderScript(moduleUrl = import.meta.url): { file: string; eval: boolean } {
  const here = fileURLToPath(moduleUrl);
  if (here.endsWith('.mjs')) return { file: path.join(path.dirname(here), 'webhook-sender.mjs'), eval: false };
  // tsx's ESM API (package export "./esm/api", import condition), as a file URL the thread can import.
  const tsx = pathToFileURL(
    createRequire(moduleUrl)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const source = pathToFileURL(path.join(path.dirname(here), 'send-worker.ts')).href;
  return {
    file: `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); });`,
    eval: true,
  };
}

/** Thrown to the attempts of a thread that exited before answering them (they are not recorded). */
export class SenderGone extends Error {}

/**
 * One sender thread for a dispatcher: `send` hands it a claimed delivery and resolves with the
 * attempt's outcome; `close` stops it. Started lazily, restarted after it dies.
 */
export class SendThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<
    number,
    { c: Claimed; resolve: (o: Outcome) => void; reject: (e: Error) => void }
  >();
  private nextK = 1;
  private jobs: SendJob[] = [];
  private payloads = new Map<string, string>();
  private posting = false;
  private closed = false;

  /**
   * `events.onStart` is told each time a thread starts (its threadId), `events.onExit` when one
   * dies unexpectedly (a new one starts on the next send).
   */
  constructor(
    private readonly data: SenderData,
    private readonly events: { onStart?(threadId: number): void; onExit?(err: Error): void } = {},
  ) {}

  /**
   * Signs (with `secret`, opened) and POSTs `c` in the thread. Resolves with the outcome as
   * sendClaimed (attempt.ts) would (`at` / `done` from the thread's clock); rejects with SenderGone
   * when the thread exits first or the sender is closed.
   */
  send(c: Claimed, secret: string): Promise<Outcome> {
    if (this.closed) return Promise.reject(new SenderGone('webhook sender closed'));
    const k = this.nextK++;
    this.jobs.push({ k, url: c.url, secret, messageId: c.messageId });
    if (!this.payloads.has(c.messageId)) this.payloads.set(c.messageId, c.payload);
    if (!this.posting) {
      this.posting = true;
      setImmediate(() => this.post());
    }
    return new Promise((resolve, reject) => this.waiting.set(k, { c, resolve, reject }));
  }

  /** Jobs in the thread (or about to be). */
  get pending(): number {
    return this.waiting.size;
  }

  private post(): void {
    this.posting = false;
    if (!this.jobs.length) return;
    const jobs = this.jobs;
    const payloads = [...this.payloads];
    this.jobs = [];
    this.payloads = new Map();
    this.thread().postMessage({ type: 'send', jobs, payloads });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const script = senderScript();
    // No flags of the main thread (a `--input-type`, a loader): the thread needs none.
    const w = new Worker(script.file, {
      workerData: this.data,
      eval: script.eval,
      execArgv: [],
      stdout: false,
      stderr: false,
    });
    w.on('message', (m: { type: string; results?: SendJobResult[] }) => {
      if (m.type !== 'done') return;
      for (const x of m.results ?? []) {
        const w8 = this.waiting.get(x.k);
        if (!w8) continue;
        this.waiting.delete(x.k);
        w8.resolve({ c: w8.c, at: new Date(x.at), done: new Date(x.done), r: x.r });
      }
    });
    w.on('error', (err) => this.gone(w, err));
    w.on('exit', (code) => this.gone(w, new SenderGone(`webhook sender thread exited (code ${code})`)));
    this.worker = w;
    this.events.onStart?.(w.threadId);
    return w;
  }

  /** The thread `w` died: its attempts are rejected (claims expire, sent again), the next send starts a new one. */
  private gone(w: Worker, err: Error): void {
    if (this.worker !== w) return;
    this.worker = null;
    const e = err instanceof SenderGone ? err : new SenderGone(`webhook sender thread failed: ${err.message}`);
    for (const [k, w8] of this.waiting) {
      this.waiting.delete(k);
      w8.reject(e);
    }
    if (!this.closed) this.events.onExit?.(e);
  }

  /** Waits for nothing: closes the thread's pools and stops it. Attempts still in it are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const w = this.worker;
    if (!w) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, 2000);
      w.on('message', (m: { type: string }) => {
        if (m.type === 'closed') {
          clearTimeout(t);
          resolve();
        }
      });
      w.postMessage({ type: 'close' });
    });
    await w.terminate();
  }
}
