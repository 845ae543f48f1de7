/**
 * One phase of bench/ws-fanout.ts: its server children (the real Scoreline server, or the bare
 * `ws` broadcast it is compared with), and a phase run against one of them — fresh client
 * connections in worker processes, events sent open loop, the receipts gathered into the figures
 * the bench prints (latency from the publish point, deliveries/s, the server's CPU per delivery,
 * RSS). See bench/ws-fanout.ts for the method.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchChild } from './lib/child';
import { now, sleep } from './lib/clock';
import type { MemorySample } from './lib/in-child';
import { MB, pct, summaryWithMean } from './lib/stats';
import type { Receipts } from './ws-fanout-client';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLIENT = path.join(HERE, 'ws-fanout-client.ts');

const memMb = (m: MemorySample) => ({
  rss: MB(m.rss),
  heap_used: MB(m.heap_used),
  external: MB(m.external),
  array_buffers: MB(m.array_buffers),
});
export interface Ack {
  i: number;
  seq: number | null;
  status: string;
  /** Scoreline: before engine.ingest; baseline: = t_publish. */
  t_ingest: number;
  /** The message in hand, before serialization and fan-out (the same point on both sides). */
  t_publish: number;
  t_fanout_done: number;
  t_resolved: number;
  /** Server CPU (user + system) spent from t_publish to t_fanout_done, µs. */
  cpu_us: number;
}

export interface PhaseOpts {
  clients: number;
  events: number;
  interval: number;
  workers: number;
  batch: number;
  /** Directory for a V8 CPU profile of the server child (`--cpu-prof`), or null. */
  profile: string | null;
}

/**
 * The server children: Scoreline; the naive `ws` broadcast; and (`--floor`) the same bare server
 * writing one pre-built frame to every socket (bench/ws-fanout-baseline.ts `FANOUT=frame-once`).
 */
export type Kind = 'scoreline' | 'baseline' | 'floor';

/** The printed name of a kind. */
export const LABEL: Record<Kind, string> = { scoreline: 'Scoreline', baseline: 'bare ws', floor: 'frame-once' };

/** A server child kept for every round: the real Scoreline server or the bare ws one. */
export interface ServerChild {
  kind: Kind;
  server: BenchChild;
  ready: { port: number; league?: string; match?: string; idle_ingest_ms?: number[] };
  key: string;
  tmp: string | null;
  /** Events ingested / sent so far (event indexes continue across rounds). */
  sent: number;
}

export async function startChild(kind: Kind, o: PhaseOpts): Promise<ServerChild> {
  // One directory per server child: each of its threads (main, tsx's loader) writes a CPU.*.cpuprofile there.
  const prof = (name: string): string[] =>
    o.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(o.profile, name)}`] : [];
  const key = randomBytes(24).toString('base64url');
  let tmp: string | null = null;
  let server: BenchChild;
  if (kind === 'scoreline') {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-bench-ws-'));
    server = new BenchChild(path.join(HERE, 'ws-fanout-server.ts'), {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: tmp,
        INITIAL_API_KEY: key,
        // Room for a phase's clients while the previous phase's are still being closed.
        PLAN_LIMITS: JSON.stringify({ enterprise: { websocket_connections: 2 * o.clients + 100 } }),
      },
      execArgv: ['--expose-gc', ...prof('scoreline')],
      serialization: 'advanced',
    });
  } else
    server = new BenchChild(path.join(HERE, 'ws-fanout-baseline.ts'), {
      env: { ...process.env, FANOUT: kind === 'floor' ? 'frame-once' : 'send' },
      execArgv: ['--expose-gc', ...prof(kind)],
      serialization: 'advanced',
    });
  const ready = await server.next<ServerChild['ready']>('ready');
  return { kind, server, ready, key, tmp, sent: 0 };
}

export async function stopChild(c: ServerChild): Promise<void> {
  await c.server.stop({ type: 'stop' }, 15_000);
  if (c.tmp) fs.rmSync(c.tmp, { recursive: true, force: true });
}

/** One phase: `--clients` fresh client connections, `--events` messages open loop, then the clients close. */
export async function runPhase(srv: ServerChild, o: PhaseOpts, payloads: Map<number, unknown> | null) {
  const { kind, server, ready, key } = srv;
  const label = LABEL[kind];
  const workers: BenchChild[] = [];
  try {
    const league = ready.league ?? 'world-cup';
    const memIdle = await server.request<MemorySample>({ type: 'mem' }, 'mem');

    const per = Array.from(
      { length: o.workers },
      (_, w) => Math.floor(o.clients / o.workers) + (w < o.clients % o.workers ? 1 : 0),
    );
    const progress = per.map(() => ({ open: 0, failed: 0 }));
    const t0 = now();
    const connected = await Promise.all(
      per.map((count, w) => {
        const p = new BenchChild(CLIENT, { env: { ...process.env }, serialization: 'advanced' });
        workers.push(p);
        p.on('progress', (m) => {
          progress[w] = m as unknown as { open: number; failed: number };
          const open = progress.reduce((a, x) => a + x.open, 0);
          const failed = progress.reduce((a, x) => a + x.failed, 0);
          // A progress line for a terminal; a log file (stderr redirected) would get thousands of them.
          if (process.stderr.isTTY)
            process.stderr.write(`\r  ${label}: ${open} subscribed, ${failed} failed of ${o.clients}   `);
        });
        return p.request<{ open: number; failed: number; errors: Record<string, number> }>(
          {
            type: 'connect',
            url: `ws://127.0.0.1:${ready.port}${kind === 'scoreline' ? '/v1/ws' : '/'}`,
            headers: kind === 'scoreline' ? { authorization: `Bearer ${key}` } : {},
            subscribe: JSON.stringify({ type: 'subscribe', channel: 'football.live', league }),
            count,
            batch: o.batch,
            capture: w === 0 && kind === 'scoreline',
          },
          'connected',
        );
      }),
    );
    const connectS = (now() - t0) / 1000;
    if (process.stderr.isTTY) process.stderr.write('\n');
    const open = connected.reduce((a, c) => a + c.open, 0);
    const connectErrors: Record<string, number> = {};
    for (const c of connected)
      for (const [e, k] of Object.entries(c.errors)) connectErrors[e] = (connectErrors[e] ?? 0) + k;
    await sleep(1000);
    const memClients = await server.request<MemorySample>({ type: 'mem' }, 'mem');

    // The events, open loop: one every `interval` ms whatever the server's progress.
    const acks: (Ack | undefined)[] = new Array(o.events);
    const tCmd = new Float64Array(o.events);
    let acked = 0;
    // Event indexes continue across rounds (the Scoreline child's event ids must be new).
    const base = srv.sent;
    srv.sent += o.events;
    server.on(kind === 'scoreline' ? 'ingested' : 'sent', (m) => {
      const a = m as unknown as Ack;
      a.i -= base;
      acks[a.i] = a;
      acked++;
    });
    const captured = payloads ? [...payloads.values()] : [];
    const scorelineSeqs = payloads ? [...payloads.keys()] : [];
    const start = now() + 100;
    for (let i = 0; i < o.events; i++) {
      await sleep(start + i * o.interval - now());
      tCmd[i] = now();
      if (kind === 'scoreline') server.send({ type: 'ingest', i: base + i });
      else {
        // The i-th captured Scoreline update (its own seq identifies it to the clients).
        const msg = captured.length
          ? (structuredClone(captured[i % captured.length]) as { seq: number })
          : { type: 'update', seq: 0 };
        if (i >= captured.length) msg.seq = (scorelineSeqs.at(-1) ?? 0) + 1 + i;
        server.send({ type: 'send', i: base + i, msg });
      }
    }
    const tLastCmd = now();
    while (acked < o.events && now() - tLastCmd < 120_000) await sleep(50);
    const tAcked = now();

    // Drain: wait until every subscribed client has every message, or nothing new arrives for 5 s.
    const expected = open * o.events;
    let got = 0;
    let lastProgress = now();
    for (;;) {
      const counts = await Promise.all(workers.map((w) => w.request<{ received: number }>({ type: 'count' }, 'count')));
      const total = counts.reduce((a, c) => a + c.received, 0);
      if (total > got) lastProgress = now();
      got = total;
      if (got >= expected || now() - lastProgress > 5000) break;
      await sleep(100);
    }
    const drainS = (now() - tAcked) / 1000;
    const memEnd = await server.request<MemorySample>({ type: 'mem' }, 'mem');
    const receipts = await Promise.all(workers.map((w) => w.request<Receipts>({ type: 'collect' }, 'receipts')));

    // Latency per (client, message); per message also the time until its last client had it.
    const lat = new Float64Array(expected);
    const latIngest = new Float64Array(expected);
    const latCmd = new Float64Array(expected);
    let firstPublish = Infinity;
    let lastAny = 0;
    const burst: number[] = [];
    let k = 0;
    let missing = 0;
    const lastReceipt: number[] = [];
    const perEvent: Record<string, number | null>[] = [];
    const t00 = tCmd[0];
    const rel = (t: number): number => Math.round((t - t00) * 10) / 10;
    for (const a of acks) {
      if (!a || a.seq == null) {
        missing += open;
        continue;
      }
      const k0 = k;
      let last = 0;
      for (const r of receipts) {
        const arr = r.arrays[r.seqs.indexOf(a.seq)];
        for (let j = 0; j < r.subscribed.length; j++) {
          if (!r.subscribed[j]) continue;
          const t = arr ? arr[j] : 0;
          if (t === 0) missing++;
          else {
            latCmd[k] = t - tCmd[a.i];
            latIngest[k] = t - a.t_ingest;
            lat[k++] = t - a.t_publish;
            if (t > last) last = t;
          }
        }
      }
      if (last) {
        lastReceipt.push(last - a.t_publish);
        burst.push((k - k0) / ((last - a.t_publish) / 1000));
        firstPublish = Math.min(firstPublish, a.t_publish);
        lastAny = Math.max(lastAny, last);
      }
      const mine = Float64Array.from(lat.subarray(k0, k)).sort();
      perEvent.push({
        i: a.i,
        seq: a.seq,
        command: rel(tCmd[a.i]),
        ingest_call: rel(a.t_ingest),
        publish: rel(a.t_publish),
        send_loop_done: rel(a.t_fanout_done),
        fanout_cpu_ms: Math.round(a.cpu_us / 100) / 10,
        p50_receipt: mine.length ? rel(a.t_publish + pct(mine, 0.5)) : null,
        last_receipt: last ? rel(last) : null,
      });
    }
    const done = acks.filter((a): a is Ack => !!a);
    const capturedOut = new Map<number, unknown>();
    for (const [seq, text] of receipts[0]?.captured ?? []) capturedOut.set(seq, JSON.parse(text));
    const payloadBytes = receipts[0]?.captured.length ? Buffer.byteLength(receipts[0].captured[0][1]) : null;

    return {
      captured: capturedOut,
      result: {
        server:
          kind === 'scoreline'
            ? `Scoreline /v1/ws (${ready.match}, league ${league})`
            : `bare ws WebSocketServer (${kind === 'floor' ? 'one pre-built frame written to every socket' : 'ws.send to every socket'})`,
        clients_requested: o.clients,
        clients_subscribed: open,
        connect_failures: o.clients - open,
        connect_errors: connectErrors,
        connect_s: Math.round(connectS * 10) / 10,
        events: o.events,
        events_acked: done.length,
        events_not_stored: done.filter((a) => a.seq == null).map((a) => a.status),
        deliveries_expected: expected,
        deliveries: k,
        missing,
        duplicates: receipts.reduce((a, r) => a + r.duplicates, 0),
        unexpected_messages: receipts.reduce((a, r) => a + r.unexpected, 0),
        closed_during_run: receipts.reduce((a, r) => a + r.closed_after_subscribe, 0),
        drain_s: Math.round(drainS * 10) / 10,
        latency_ms: summaryWithMean(lat.subarray(0, k)),
        latency_from_ingest_ms: summaryWithMean(latIngest.subarray(0, k)),
        latency_from_schedule_ms: summaryWithMean(latCmd.subarray(0, k)),
        last_client_ms: summaryWithMean(lastReceipt),
        deliveries_per_s: k && lastAny > firstPublish ? Math.round(k / ((lastAny - firstPublish) / 1000)) : 0,
        burst_deliveries_per_s: summaryWithMean(burst),
        fanout_cpu_us_per_delivery: summaryWithMean(
          done.filter((a) => a.seq != null).map((a) => a.cpu_us / Math.max(1, open)),
        ),
        send_loop_ms: summaryWithMean(done.map((a) => a.t_fanout_done - a.t_publish)),
        ingest_to_send_loop_done_ms: summaryWithMean(done.map((a) => a.t_fanout_done - a.t_ingest)),
        ingest_resolved_ms: summaryWithMean(done.map((a) => a.t_resolved - a.t_ingest)),
        command_to_ingest_ms: summaryWithMean(done.map((a) => a.t_ingest - tCmd[a.i])),
        idle_ingest_ms: ready.idle_ingest_ms ? summaryWithMean(ready.idle_ingest_ms) : null,
        rss_mb: {
          idle: MB(memIdle.rss),
          with_clients: MB(memClients.rss),
          end: MB(memEnd.rss),
          peak: MB(memEnd.peak_rss),
          peak_incl_startup: MB(memEnd.max_rss),
        },
        rss_kb_per_client: open ? Math.round(((memClients.rss - memIdle.rss) / 1024 / open) * 10) / 10 : null,
        heap_kb_per_client: open
          ? Math.round(((memClients.heap_used - memIdle.heap_used) / 1024 / open) * 10) / 10
          : null,
        memory_mb: { idle: memMb(memIdle), with_clients: memMb(memClients), end: memMb(memEnd) },
        per_event_ms_since_first_command: perEvent,
        client_rss_mb: receipts.map((r) => MB(r.rss)),
        payload_bytes: payloadBytes,
      },
    };
  } finally {
    await Promise.all(workers.map((w) => w.stop({ type: 'exit' }, 5000)));
  }
}

export type PhaseResult = Awaited<ReturnType<typeof runPhase>>['result'];
