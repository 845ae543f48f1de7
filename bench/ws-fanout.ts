/**
 * WebSocket fan-out (issue: "up to 10,000 concurrent subscribed clients on this 2-core machine;
 * ingest-to-receipt latency p50/p99 and server RSS; in the same run, the same message broadcast
 * by a bare `ws` server as the baseline; the ratio"). Prints figures, asserts nothing.
 *
 *   node --import tsx bench/ws-fanout.ts [--clients=10000] [--events=200] [--interval=50] [--workers=2] [--batch=200] [--profile]
 *
 * `--profile` also writes V8 CPU profiles of each server child to
 * bench/results/ws-fanout-prof-<ts>/{scoreline,baseline}/ (`CPU.<date>.<time>.<pid>.0.*` is the main thread).
 *
 * Scoreline: the real server in a child process (bench/ws-fanout-server.ts: startServer with
 * pages off, PGlite in a temp data dir, an enterprise INITIAL_API_KEY whose plan allows
 * `--clients` sockets via PLAN_LIMITS) with one real World Cup 2022 fixture kicked off.
 * `--clients` WebSocket connections, spread over `--workers` client processes (bench/ws-fanout-client.ts),
 * open `--batch` at a time per process, each authenticating with the key (Authorization header)
 * and subscribing to `football.live` for the fixture's league. Then, every `--interval` ms, the
 * server child ingests one live event through `services.engine.ingest` (store transaction, seq,
 * bus, gateway fan-out), `--events` times.
 *
 * Baseline, same run, same clients / events / interval: a bare `ws` server in a child process
 * (bench/ws-fanout-baseline.ts) that JSON.stringifies the `update` payloads captured from the
 * Scoreline phase once each and sends them to every subscribed socket.
 *
 * Latency = receipt in a client's `message` handler − the server child's stamp just before
 * `engine.ingest` (baseline: before JSON.stringify), both `process.hrtime` (CLOCK_MONOTONIC, one
 * clock for every process on the machine); p50 / p99 / max over every (client, message) pair,
 * nearest rank, and the count of missing deliveries. Server RSS (process.memoryUsage().rss of the
 * server child, after full GCs): idle before clients, with clients subscribed, and the peak from
 * then to the end (sampled every 100 ms; the start-up peak, getrusage maxrss, is in the JSON). Ratios are
 * Scoreline ÷ baseline. Also printed: latency from the parent's schedule (the open-loop command
 * time, so it includes any wait behind earlier messages in the busy server process — the fair
 * figure once a message takes longer than `--interval`), the time until the last client has each
 * message, and the server's ingest-call → send-loop-returned time. Everything goes to
 * bench/results/ws-fanout-<timestamp>.json.
 *
 * The clients share the machine's cores with the server: the figures include their receive cost,
 * the same for both phases.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BenchChild } from './lib/child';
import { now, sleep } from './lib/clock';
import type { MemorySample } from './lib/in-child';
import { cell, MB, pct, summaryWithMean } from './lib/stats';
import type { Receipts } from './ws-fanout-client';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLIENT = path.join(HERE, 'ws-fanout-client.ts');

const memMb = (m: MemorySample) => ({ rss: MB(m.rss), heap_used: MB(m.heap_used), external: MB(m.external), array_buffers: MB(m.array_buffers) });
interface Ack {
  i: number;
  seq: number | null;
  status: string;
  t_ingest: number;
  t_fanout_done: number;
  t_resolved: number;
}

interface PhaseOpts {
  clients: number;
  events: number;
  interval: number;
  workers: number;
  batch: number;
  /** Directory for a V8 CPU profile of the server child (`--cpu-prof`), or null. */
  profile: string | null;
}

async function runPhase(kind: 'scoreline' | 'baseline', o: PhaseOpts, payloads: Map<number, unknown> | null) {
  const label = kind === 'scoreline' ? 'Scoreline' : 'bare ws';
  // One directory per server child: each of its threads (main, tsx's loader) writes a CPU.*.cpuprofile there.
  const prof = (name: string): string[] => (o.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(o.profile, name)}`] : []);
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
        PLAN_LIMITS: JSON.stringify({ enterprise: { websocket_connections: o.clients + 100 } }),
      },
      execArgv: ['--expose-gc', ...prof('scoreline')],
      serialization: 'advanced',
    });
  } else server = new BenchChild(path.join(HERE, 'ws-fanout-baseline.ts'), { env: { ...process.env }, execArgv: ['--expose-gc', ...prof('baseline')], serialization: 'advanced' });
  const workers: BenchChild[] = [];
  try {
    const ready = await server.next<{ port: number; league?: string; match?: string; idle_ingest_ms?: number[] }>('ready');
    const league = ready.league ?? 'world-cup';
    const memIdle = await server.request<MemorySample>({ type: 'mem' }, 'mem');

    const per = Array.from({ length: o.workers }, (_, w) => Math.floor(o.clients / o.workers) + (w < o.clients % o.workers ? 1 : 0));
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
    process.stderr.write('\n');
    const open = connected.reduce((a, c) => a + c.open, 0);
    const connectErrors: Record<string, number> = {};
    for (const c of connected) for (const [e, k] of Object.entries(c.errors)) connectErrors[e] = (connectErrors[e] ?? 0) + k;
    await sleep(1000);
    const memClients = await server.request<MemorySample>({ type: 'mem' }, 'mem');

    // The events, open loop: one every `interval` ms whatever the server's progress.
    const acks: (Ack | undefined)[] = new Array(o.events);
    const tCmd = new Float64Array(o.events);
    let acked = 0;
    server.on(kind === 'scoreline' ? 'ingested' : 'sent', (m) => {
      const a = m as unknown as Ack;
      acks[a.i] = a;
      acked++;
    });
    const captured = payloads ? [...payloads.values()] : [];
    const scorelineSeqs = payloads ? [...payloads.keys()] : [];
    const start = now() + 100;
    for (let i = 0; i < o.events; i++) {
      await sleep(start + i * o.interval - now());
      tCmd[i] = now();
      if (kind === 'scoreline') server.send({ type: 'ingest', i });
      else {
        // The i-th captured Scoreline update (its own seq identifies it to the clients).
        const msg = captured.length ? structuredClone(captured[i % captured.length]) as { seq: number } : { type: 'update', seq: 0 };
        if (i >= captured.length) msg.seq = (scorelineSeqs.at(-1) ?? 0) + 1 + i;
        server.send({ type: 'send', i, msg });
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
    const latCmd = new Float64Array(expected);
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
            lat[k++] = t - a.t_ingest;
            if (t > last) last = t;
          }
        }
      }
      if (last) lastReceipt.push(last - a.t_ingest);
      const mine = Float64Array.from(lat.subarray(k0, k)).sort();
      perEvent.push({
        i: a.i,
        seq: a.seq,
        command: rel(tCmd[a.i]),
        ingest_call: rel(a.t_ingest),
        send_loop_done: rel(a.t_fanout_done),
        p50_receipt: mine.length ? rel(a.t_ingest + pct(mine, 0.5)) : null,
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
        server: kind === 'scoreline' ? `Scoreline /v1/ws (${ready.match}, league ${league})` : 'bare ws WebSocketServer',
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
        latency_from_schedule_ms: summaryWithMean(latCmd.subarray(0, k)),
        last_client_ms: summaryWithMean(lastReceipt),
        ingest_to_send_loop_done_ms: summaryWithMean(done.map((a) => a.t_fanout_done - a.t_ingest)),
        ingest_resolved_ms: summaryWithMean(done.map((a) => a.t_resolved - a.t_ingest)),
        command_to_ingest_ms: summaryWithMean(done.map((a) => a.t_ingest - tCmd[a.i])),
        idle_ingest_ms: ready.idle_ingest_ms ? summaryWithMean(ready.idle_ingest_ms) : null,
        rss_mb: { idle: MB(memIdle.rss), with_clients: MB(memClients.rss), end: MB(memEnd.rss), peak: MB(memEnd.peak_rss), peak_incl_startup: MB(memEnd.max_rss) },
        rss_kb_per_client: open ? Math.round(((memClients.rss - memIdle.rss) / 1024 / open) * 10) / 10 : null,
        heap_kb_per_client: open ? Math.round(((memClients.heap_used - memIdle.heap_used) / 1024 / open) * 10) / 10 : null,
        memory_mb: { idle: memMb(memIdle), with_clients: memMb(memClients), end: memMb(memEnd) },
        per_event_ms_since_first_command: perEvent,
        client_rss_mb: receipts.map((r) => MB(r.rss)),
        payload_bytes: payloadBytes,
      },
    };
  } finally {
    await Promise.all(workers.map((w) => w.stop({ type: 'exit' }, 5000)));
    await server.stop({ type: 'stop' }, 15_000);
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '10000' },
      events: { type: 'string', default: '200' },
      interval: { type: 'string', default: '50' },
      workers: { type: 'string', default: '2' },
      batch: { type: 'string', default: '200' },
      profile: { type: 'boolean', default: false },
    },
  });
  const o: PhaseOpts = { clients: Number(values.clients), events: Number(values.events), interval: Number(values.interval), workers: Number(values.workers), batch: Number(values.batch), profile: null };
  for (const [k, v] of Object.entries(o)) if (v !== null && (!Number.isInteger(v) || (v as number) <= 0)) throw new Error(`--${k} must be a positive integer`);
  if (values.profile) fs.mkdirSync((o.profile = path.join(HERE, 'results', `ws-fanout-prof-${Date.now()}`)), { recursive: true });
  const load = (): string => os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const loadAtStart = load();
  console.log(`WebSocket fan-out: ${o.clients.toLocaleString('en')} clients over ${o.workers} client processes, ${o.events} events every ${o.interval} ms, node ${process.version}, ${os.cpus().length} cores, load average ${loadAtStart}`);

  const sl = await runPhase('scoreline', o, null);
  if (!sl.captured.size) throw new Error('the Scoreline phase delivered no update to the capturing client; nothing to replay for the baseline');
  const base = await runPhase('baseline', o, sl.captured);
  const s = sl.result;
  const b = base.result;
  const ratio = (x: number, y: number): number => Math.round((x / y) * 100) / 100;
  const ratios = {
    p50: ratio(s.latency_ms.p50, b.latency_ms.p50),
    p99: ratio(s.latency_ms.p99, b.latency_ms.p99),
    rss_with_clients: ratio(s.rss_mb.with_clients, b.rss_mb.with_clients),
    from_schedule_p50: ratio(s.latency_from_schedule_ms.p50, b.latency_from_schedule_ms.p50),
    from_schedule_p99: ratio(s.latency_from_schedule_ms.p99, b.latency_from_schedule_ms.p99),
  };

  console.log(`payload ${s.payload_bytes} bytes (update of ${s.server.replace(/^Scoreline \/v1\/ws /, '')})`);
  console.log('');
  console.log('                  clients  events  p50 ms  p99 ms  max ms  missing  RSS idle MB  RSS clients MB  RSS peak MB');
  for (const [name, r] of [['Scoreline', s], ['bare ws', b]] as const) {
    console.log(
      `${name.padEnd(16)}${String(r.clients_subscribed).padStart(9)}${String(r.events_acked).padStart(8)}${cell(r.latency_ms.p50, 8)}${cell(r.latency_ms.p99, 8)}${cell(r.latency_ms.max, 8)}${String(r.missing).padStart(9)}${cell(r.rss_mb.idle, 13)}${cell(r.rss_mb.with_clients, 16)}${cell(r.rss_mb.peak, 13)}`,
    );
  }
  console.log(`${'ratio SL ÷ ws'.padEnd(33)}${cell(ratios.p50, 8, 2)}${cell(ratios.p99, 8, 2)}${''.padStart(8 + 9 + 13)}${cell(ratios.rss_with_clients, 16, 2)}`);
  console.log('');
  console.log('latency from the schedule (the parent\'s command time: adds any wait behind earlier messages in the server process)');
  for (const [name, r] of [['Scoreline', s], ['bare ws', b]] as const) {
    console.log(`${name.padEnd(33)}${cell(r.latency_from_schedule_ms.p50, 8)}${cell(r.latency_from_schedule_ms.p99, 8)}${cell(r.latency_from_schedule_ms.max, 8)}`);
  }
  console.log(`${'ratio SL ÷ ws'.padEnd(33)}${cell(ratios.from_schedule_p50, 8, 2)}${cell(ratios.from_schedule_p99, 8, 2)}`);
  console.log('');
  for (const [name, r] of [['Scoreline', s], ['bare ws', b]] as const) {
    const saturated = r.command_to_ingest_ms.p50 > o.interval || r.last_client_ms.p50 > o.interval;
    console.log(
      `${name}: last client of a message p50 ${r.last_client_ms.p50} / max ${r.last_client_ms.max} ms; ingest call → send loop returned p50 ${r.ingest_to_send_loop_done_ms.p50} / max ${r.ingest_to_send_loop_done_ms.max} ms; ` +
        `command → ingest call p50 ${r.command_to_ingest_ms.p50} / max ${r.command_to_ingest_ms.max} ms${saturated ? ` (saturated: a message takes longer than the ${o.interval} ms interval)` : ''}; ` +
        `connect ${r.connect_s} s${r.connect_failures ? ` (${r.connect_failures} failed: ${JSON.stringify(r.connect_errors)})` : ''}; ` +
        `per client ${r.rss_kb_per_client} KB RSS, ${r.heap_kb_per_client} KB JS heap; RSS peak incl. start-up ${r.rss_mb.peak_incl_startup} MB${r.idle_ingest_ms ? `; ingest with no subscriber p50 ${r.idle_ingest_ms.p50} ms` : ''}`,
    );
  }
  if (o.profile) console.log(`CPU profiles of the server children: ${path.relative(process.cwd(), o.profile)}/`);

  fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
  const file = path.join(HERE, 'results', `ws-fanout-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, cores: os.cpus().length, load_average: { start: loadAtStart, end: load() }, options: o, scoreline: s, baseline: b, ratios }, null, 2));
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
