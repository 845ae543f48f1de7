/**
 * Client process of bench/ws-fanout.ts (forked, `--workers` of them): WebSocket clients of the
 * server child under test. Not meant to be run by hand.
 *
 * IPC commands from the parent:
 * - `{type:'connect', url, headers, subscribe, count, batch, capture}` (ConnectCmd): opens `count`
 *   connections, `batch` at a time (3 attempts each), sends `subscribe` on each and counts it open
 *   once `subscribed` arrives; reports `{type:'progress', open, failed}` per batch and then
 *   `{type:'connected', open, failed, errors}`. With `capture` the first client keeps the text of
 *   every update it receives.
 * - `{type:'count'}`: `{type:'count', received}` (updates received, duplicates left out).
 * - `{type:'collect'}`: `{type:'receipts', …Receipts}`: per seq the receipt time of each client
 *   (0 = never), which clients subscribed, the captured updates and the error counts.
 * - `{type:'exit'}`: terminates every socket and exits.
 *
 * Receipt times are `process.hrtime` (CLOCK_MONOTONIC) in ms, taken first thing in the `message`
 * handler: one clock for every process on the machine.
 */
import { WebSocket } from 'ws';
import type { Msg } from './lib/child';
import { now, sleep } from './lib/clock';

/** The reply to `{type:'collect'}` (typed arrays: the parent forks with `serialization: 'advanced'`). */
export interface Receipts {
  /** The seqs received; `arrays[k]` holds the receipt time of each client of `seqs[k]` (0 = never). */
  seqs: number[];
  arrays: Float64Array[];
  /** 1 for each client that subscribed. */
  subscribed: Uint8Array;
  /** [seq, text] of the updates the capturing client received. */
  captured: [number, string][];
  duplicates: number;
  unexpected: number;
  closed_after_subscribe: number;
  errors: Record<string, number>;
  rss: number;
}

/** `{type:'connect'}`: open `count` subscribed connections, `batch` at a time. */
export interface ConnectCmd {
  type: 'connect';
  url: string;
  headers: Record<string, string>;
  subscribe: string;
  count: number;
  batch: number;
  capture: boolean;
}

/** Serves the parent's commands until `exit` or a lost IPC channel. */
function clientMain(): void {
  const out = (m: unknown): void => void process.send!(m);
  const sockets: WebSocket[] = [];
  let subscribed = new Uint8Array(0);
  const receipts = new Map<number, Float64Array>();
  const captured = new Map<number, string>();
  const errors = new Map<string, number>();
  let received = 0;
  let duplicates = 0;
  let unexpected = 0;
  let closedAfterSubscribe = 0;
  let n = 0;
  let capture = false;
  const SEQ = /"seq":(\d+)/;
  const err = (e: string): void => void errors.set(e, (errors.get(e) ?? 0) + 1);

  function onUpdate(j: number, t: number, seq: number, data: Buffer): void {
    let arr = receipts.get(seq);
    if (!arr) receipts.set(seq, (arr = new Float64Array(n)));
    if (arr[j] !== 0) duplicates++;
    else received++;
    arr[j] = t;
    if (capture && j === 0 && !captured.has(seq)) captured.set(seq, data.toString());
  }

  /** One connection attempt: resolves true once `subscribed` arrives. */
  function open(cmd: ConnectCmd, j: number): Promise<boolean> {
    return new Promise((resolve) => {
      let settled = false;
      const finish = (ok: boolean): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (ok) subscribed[j] = 1;
        resolve(ok);
      };
      const ws = new WebSocket(cmd.url, { headers: cmd.headers, perMessageDeflate: false, skipUTF8Validation: true });
      const timer = setTimeout(() => {
        err('timeout');
        ws.terminate();
        finish(false);
      }, 30_000);
      sockets[j] = ws;
      ws.on('open', () => ws.send(cmd.subscribe));
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        const t = now();
        if (isBinary) return void unexpected++;
        const head = data.toString('latin1', 0, Math.min(160, data.length));
        if (head.startsWith('{"type":"update"')) {
          const m = SEQ.exec(head);
          if (m) return onUpdate(j, t, Number(m[1]), data);
        }
        let msg: { type?: string; seq?: number; code?: string };
        try {
          msg = JSON.parse(data.toString()) as typeof msg;
        } catch {
          return void unexpected++;
        }
        if (msg.type === 'update' && typeof msg.seq === 'number') onUpdate(j, t, msg.seq, data);
        else if (msg.type === 'subscribed') finish(true);
        else if (msg.type === 'error') err(`error message: ${msg.code}`);
        else if (msg.type !== 'welcome' && msg.type !== 'pong') unexpected++;
      });
      ws.on('unexpected-response', (_req, res) => {
        err(`HTTP ${res.statusCode}`);
        res.resume();
        ws.terminate();
        finish(false);
      });
      ws.on('error', (e: NodeJS.ErrnoException) => {
        err(e.code ?? e.message);
        finish(false);
      });
      ws.on('close', () => {
        if (subscribed[j] && settled) closedAfterSubscribe++;
        finish(false);
      });
    });
  }

  async function connect(cmd: ConnectCmd): Promise<void> {
    n = cmd.count;
    capture = cmd.capture;
    subscribed = new Uint8Array(n);
    let open_ = 0;
    let failed = 0;
    for (let start = 0; start < n; start += cmd.batch) {
      const ids = Array.from({ length: Math.min(cmd.batch, n - start) }, (_, k) => start + k);
      const oks = await Promise.all(
        ids.map(async (j) => {
          for (let attempt = 0; attempt < 3; attempt++) {
            if (attempt) await sleep(250 * attempt);
            if (await open(cmd, j)) return true;
          }
          return false;
        }),
      );
      for (const ok of oks) ok ? open_++ : failed++;
      out({ type: 'progress', open: open_, failed });
    }
    out({ type: 'connected', open: open_, failed, errors: Object.fromEntries(errors) });
  }

  process.on('message', (m: Msg) => {
    if (m.type === 'connect') void connect(m as unknown as ConnectCmd);
    else if (m.type === 'count') out({ type: 'count', received });
    else if (m.type === 'collect') {
      const seqs = [...receipts.keys()];
      out({
        type: 'receipts',
        seqs,
        arrays: seqs.map((s) => receipts.get(s)!),
        subscribed,
        captured: [...captured],
        duplicates,
        unexpected,
        closed_after_subscribe: closedAfterSubscribe,
        errors: Object.fromEntries(errors),
        rss: process.memoryUsage().rss,
      });
    } else if (m.type === 'exit') {
      for (const ws of sockets) ws?.terminate();
      setTimeout(() => process.exit(0), 100);
    }
  });
  process.on('disconnect', () => process.exit(0));
}

clientMain();
