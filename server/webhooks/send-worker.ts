/**
 * The webhook sender thread (a worker_threads Worker started by send-thread.ts): signs and POSTs
 * the attempts the dispatcher hands it, over its own keep-alive pools (pool.ts, SSRF-checked), and
 * posts the outcomes back. It holds no state the store does not: when it dies, the attempts in it
 * are not recorded, their claims expire and they are sent again (at least once).
 *
 * Messages (structured clone), batched per turn of each thread's event loop:
 * - in:  `{type: 'send', jobs: SendJob[], payloads: [messageId, body][]}` — `payloads` holds the
 *        body of each message the batch's jobs name, once;
 *        `{type: 'close'}` closes the pools and answers `{type: 'closed'}`.
 * - out: `{type: 'done', results: SendJobResult[]}`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { webhookPool } from './pool';
import type { SendResult } from './send';
import { signAndSend } from './sign-and-send';
import type { AddressPolicy } from './ssrf';

/** One attempt to make: `k` is the caller's handle for its result. */
export interface SendJob {
  k: number;
  url: string;
  /** The endpoint's signing secret, opened (`whsec_…`). */
  secret: string;
  messageId: string;
}

/** One attempt made: `at` / `done` epoch ms (signing time, end of the response or failure). */
export interface SendJobResult {
  k: number;
  at: number;
  done: number;
  r: SendResult;
}

/** What the thread is started with (`workerData`). */
export interface SenderData {
  policy: AddressPolicy;
  timeoutMs: number;
}

let out: SendJobResult[] = [];
let flushing = false;

if (parentPort) {
  const port = parentPort;
  const { policy, timeoutMs } = workerData as SenderData;
  const pool = webhookPool(policy);
  const flush = () => {
    flushing = false;
    const results = out;
    out = [];
    port.postMessage({ type: 'done', results });
  };
  const done = (x: SendJobResult) => {
    out.push(x);
    if (!flushing) {
      flushing = true;
      setImmediate(flush);
    }
  };
  port.on('message', (m: { type: string; jobs?: SendJob[]; payloads?: [string, string][] }) => {
    if (m.type === 'close') {
      void pool.close().finally(() => port.postMessage({ type: 'closed' }));
      return;
    }
    const bodies = new Map(m.payloads ?? []);
    for (const j of m.jobs ?? []) send(j, bodies.get(j.messageId) ?? '');
  });

  /** Signs and sends one job (sign-and-send.ts); its result goes back with the next batch. Never throws. */
  function send(j: SendJob, body: string): void {
    void signAndSend({ url: j.url, secret: j.secret, messageId: j.messageId, body }, { policy, timeoutMs, pool }).then(
      (x) => done({ k: j.k, at: x.at.getTime(), done: x.done.getTime(), r: x.r }),
    );
  }
}
