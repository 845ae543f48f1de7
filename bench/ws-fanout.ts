/**
 * WebSocket fan-out (issue 18 target 3: "p99 at 10k clients ≤ 0.6 × a naive `ws` broadcast in the
 * same run"). Prints figures, asserts nothing.
 *
 *   node --import tsx bench/ws-fanout.ts [--clients=10000] [--events=30] [--interval=1000] [--rounds=3] [--workers=2] [--batch=200] [--profile]
 *   node --import tsx bench/ws-fanout.ts --mode=real [--clients=10000] [--settle=60]   # RSS of the default start (bench/ws-fanout-real.ts)
 *
 * Two server children run for the whole bench, and `--rounds` rounds interleave them: each round
 * is one phase of each (Scoreline first in odd rounds, the bare server first in even ones). A
 * phase opens `--clients` fresh WebSocket connections spread over `--workers` client processes
 * (bench/ws-fanout-client.ts, `--batch` at a time each), sends `--events` messages every
 * `--interval` ms (open loop), waits until every client has every message, and closes the clients.
 *
 * Scoreline: the real server (bench/ws-fanout-server.ts: startServer with pages, replay, bootstrap
 * and sandbox off, PGlite in a temp data dir, an enterprise INITIAL_API_KEY whose plan allows the
 * clients via PLAN_LIMITS) with one real World Cup 2022 fixture kicked off; the clients
 * authenticate with the key and subscribe to `football.live` for its league; each message is one
 * live event ingested through `services.engine.ingest` (store transaction, seq, bus, gateway
 * fan-out: serialized and framed once, the same frame written to every subscriber).
 * Baseline: a bare `ws` WebSocketServer (bench/ws-fanout-baseline.ts) doing the naive broadcast —
 * JSON.stringify the `update` captured from the first Scoreline phase (same bytes) once, then
 * `ws.send` to every subscriber.
 *
 * Both sides are stamped at the same point: the message in hand, before it is serialized —
 * Scoreline when the engine publishes the committed event to the bus (the gateway's fan-out runs
 * synchronously inside that publish), the bare server before JSON.stringify. Latency = receipt in a
 * client's `message` handler − that stamp (`process.hrtime`, CLOCK_MONOTONIC: one clock for every
 * process on the machine); p50 / p99 / max over every (client, message) pair, nearest rank, and
 * missing deliveries. Per phase also: deliveries/s (every delivery ÷ first stamp to last receipt;
 * at one message a second that is the offered rate), deliveries/s within a broadcast (clients ÷
 * stamp to the last client's receipt, median over the messages), the server's CPU time (user +
 * system) per delivery in the fan-out, the send loop's duration and the server's RSS with the
 * clients. Then min / median / max over the rounds of each and of the same-round ratios
 * Scoreline ÷ bare, and Scoreline's p99 from before `engine.ingest` (store transaction included)
 * and from the parent's schedule (includes any wait behind a busy server). Everything goes to
 * bench/results/ws-fanout-<timestamp>.json.
 *
 * `--profile` also writes V8 CPU profiles of each server child to
 * bench/results/ws-fanout-prof-<ts>/{scoreline,baseline}/ (`CPU.<date>.<time>.<pid>.0.*` is the main thread).
 *
 * The clients share the machine's cores with the servers: the latencies include their receive
 * cost, the same for both sides; the CPU per delivery is the server's alone.
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
import { runReal } from './ws-fanout-real';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLIENT = path.join(HERE, 'ws-fanout-client.ts');

const memMb = (m: MemorySample) => ({
  rss: MB(m.rss),
  heap_used: MB(m.heap_used),
  external: MB(m.external),
  array_buffers: MB(m.array_buffers),
});
interface Ack {
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

interface PhaseOpts {
  clients: number;
  events: number;
  interval: number;
  workers: number;
  batch: number;
  /** Directory for a V8 CPU profile of the server child (`--cpu-prof`), or null. */
  profile: string | null;
}

type Kind = 'scoreline' | 'baseline';

/** A server child kept for every round: the real Scoreline server or the bare ws one. */
interface ServerChild {
  kind: Kind;
  server: BenchChild;
  ready: { port: number; league?: string; match?: string; idle_ingest_ms?: number[] };
  key: string;
  tmp: string | null;
  /** Events ingested / sent so far (event indexes continue across rounds). */
  sent: number;
}

async function startChild(kind: Kind, o: PhaseOpts): Promise<ServerChild> {
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
      env: { ...process.env },
      execArgv: ['--expose-gc', ...prof('baseline')],
      serialization: 'advanced',
    });
  const ready = await server.next<ServerChild['ready']>('ready');
  return { kind, server, ready, key, tmp, sent: 0 };
}

async function stopChild(c: ServerChild): Promise<void> {
  await c.server.stop({ type: 'stop' }, 15_000);
  if (c.tmp) fs.rmSync(c.tmp, { recursive: true, force: true });
}

/** One phase: `--clients` fresh client connections, `--events` messages open loop, then the clients close. */
async function runPhase(srv: ServerChild, o: PhaseOpts, payloads: Map<number, unknown> | null) {
  const { kind, server, ready, key } = srv;
  const label = kind === 'scoreline' ? 'Scoreline' : 'bare ws';
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
          kind === 'scoreline' ? `Scoreline /v1/ws (${ready.match}, league ${league})` : 'bare ws WebSocketServer',
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

type PhaseResult = Awaited<ReturnType<typeof runPhase>>['result'];

/** min / median / max of `xs` (nearest rank), rounded. */
function mmm(xs: number[], d = 1): [number, number, number] {
  const v = [...xs].sort((a, b) => a - b);
  const r = (x: number): number => Math.round(x * 10 ** d) / 10 ** d;
  return [r(v[0]), r(v[Math.floor((v.length - 1) / 2)]), r(v[v.length - 1])];
}

const ratio = (x: number, y: number): number => Math.round((x / y) * 100) / 100;

/** One printed line per phase. */
function phaseLine(round: number, name: string, r: PhaseResult): string {
  return (
    `${String(round).padStart(5)}  ${name.padEnd(10)}${String(r.clients_subscribed).padStart(8)}${cell(r.latency_ms.p50, 8)}${cell(r.latency_ms.p99, 8)}${cell(r.latency_ms.max, 8)}` +
    `${String(r.missing).padStart(8)}${String(r.deliveries_per_s).padStart(12)}${String(Math.round(r.burst_deliveries_per_s.p50)).padStart(12)}${cell(r.fanout_cpu_us_per_delivery.p50, 10, 2)}${cell(r.send_loop_ms.p50, 9)}${cell(r.rss_mb.with_clients, 9)}`
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      mode: { type: 'string', default: 'compare' },
      clients: { type: 'string', default: '10000' },
      events: { type: 'string', default: '30' },
      interval: { type: 'string', default: '1000' },
      rounds: { type: 'string', default: '3' },
      workers: { type: 'string', default: '2' },
      batch: { type: 'string', default: '200' },
      settle: { type: 'string', default: '60' },
      profile: { type: 'boolean', default: false },
    },
  });
  const o: PhaseOpts = {
    clients: Number(values.clients),
    events: Number(values.events),
    interval: Number(values.interval),
    workers: Number(values.workers),
    batch: Number(values.batch),
    profile: null,
  };
  const rounds = Number(values.rounds);
  for (const [k, v] of Object.entries({ ...o, rounds, settle: Number(values.settle) }))
    if (v !== null && (!Number.isInteger(v) || (v as number) <= 0))
      throw new Error(`--${k} must be a positive integer`);
  if (values.mode === 'real')
    return runReal({ clients: o.clients, workers: o.workers, batch: o.batch, settleS: Number(values.settle) });
  if (values.mode !== 'compare') throw new Error('--mode is compare (default) or real');
  if (values.profile)
    fs.mkdirSync((o.profile = path.join(HERE, 'results', `ws-fanout-prof-${Date.now()}`)), { recursive: true });
  const load = (): string =>
    os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  const loadAtStart = load();
  console.log(
    `WebSocket fan-out: ${o.clients.toLocaleString('en')} clients over ${o.workers} client processes, ${o.events} events every ${o.interval} ms, ` +
      `${rounds} rounds of Scoreline and bare ws interleaved, node ${process.version}, ${os.cpus().length} cores, load average ${loadAtStart}`,
  );

  const children = { scoreline: await startChild('scoreline', o), baseline: await startChild('baseline', o) };
  const runs: { round: number; kind: Kind; result: PhaseResult }[] = [];
  let captured: Map<number, unknown> | null = null;
  console.log('');
  console.log(
    'round  server     clients  p50 ms  p99 ms  max ms missing  deliv./s  burst d./s  CPU µs/d  loop ms  RSS MB',
  );
  try {
    for (let round = 1; round <= rounds; round++) {
      // Scoreline first in odd rounds (the first one captures the payloads the baseline sends), last in even ones.
      const order: Kind[] = round % 2 ? ['scoreline', 'baseline'] : ['baseline', 'scoreline'];
      for (const kind of order) {
        const ph = await runPhase(children[kind], o, kind === 'baseline' ? captured : null);
        if (kind === 'scoreline' && !captured) {
          if (!ph.captured.size)
            throw new Error(
              'the Scoreline phase delivered no update to the capturing client; nothing to replay for the baseline',
            );
          captured = ph.captured;
        }
        runs.push({ round, kind, result: ph.result });
        console.log(phaseLine(round, kind === 'scoreline' ? 'Scoreline' : 'bare ws', ph.result));
      }
    }
  } finally {
    await Promise.all(Object.values(children).map(stopChild));
  }

  const of = (kind: Kind) => runs.filter((r) => r.kind === kind).map((r) => r.result);
  const sl = of('scoreline');
  const ws = of('baseline');
  const perRound = Array.from({ length: rounds }, (_, k) => ({
    p50: ratio(sl[k].latency_ms.p50, ws[k].latency_ms.p50),
    p99: ratio(sl[k].latency_ms.p99, ws[k].latency_ms.p99),
    deliveries_per_s: ratio(sl[k].burst_deliveries_per_s.p50, ws[k].burst_deliveries_per_s.p50),
    cpu_per_delivery: ratio(sl[k].fanout_cpu_us_per_delivery.p50, ws[k].fanout_cpu_us_per_delivery.p50),
  }));
  const fig = (rs: PhaseResult[]) => ({
    p50: mmm(rs.map((r) => r.latency_ms.p50)),
    p99: mmm(rs.map((r) => r.latency_ms.p99)),
    p99_from_ingest: mmm(rs.map((r) => r.latency_from_ingest_ms.p99)),
    p99_from_schedule: mmm(rs.map((r) => r.latency_from_schedule_ms.p99)),
    deliveries_per_s: mmm(
      rs.map((r) => r.deliveries_per_s),
      0,
    ),
    burst_deliveries_per_s: mmm(
      rs.map((r) => r.burst_deliveries_per_s.p50),
      0,
    ),
    fanout_cpu_us_per_delivery: mmm(
      rs.map((r) => r.fanout_cpu_us_per_delivery.p50),
      2,
    ),
    missing: rs.reduce((a, r) => a + r.missing, 0),
    duplicates: rs.reduce((a, r) => a + r.duplicates, 0),
  });
  const summary = {
    scoreline: fig(sl),
    baseline: fig(ws),
    ratio_per_round: perRound,
    ratio: {
      p50: mmm(
        perRound.map((r) => r.p50),
        2,
      ),
      p99: mmm(
        perRound.map((r) => r.p99),
        2,
      ),
      burst_deliveries_per_s: mmm(
        perRound.map((r) => r.deliveries_per_s),
        2,
      ),
      cpu_per_delivery: mmm(
        perRound.map((r) => r.cpu_per_delivery),
        2,
      ),
    },
  };
  const show = (t: [number, number, number]): string => t.join(' / ');
  console.log('');
  console.log(
    `payload ${sl[0].payload_bytes} bytes (update of ${sl[0].server.replace(/^Scoreline \/v1\/ws /, '')}); latency = client receipt − the server's stamp with the message in hand, before serialization (Scoreline: the bus publish after commit; bare ws: before JSON.stringify)`,
  );
  console.log('min / median / max over the rounds:');
  for (const [name, f] of [
    ['Scoreline', summary.scoreline],
    ['bare ws', summary.baseline],
  ] as const) {
    console.log(
      `  ${name.padEnd(10)} p50 ${show(f.p50)} ms; p99 ${show(f.p99)} ms; deliveries/s ${show(f.deliveries_per_s)} (within a broadcast ${show(f.burst_deliveries_per_s)}); fan-out CPU ${show(f.fanout_cpu_us_per_delivery)} µs per delivery; p99 from the schedule ${show(f.p99_from_schedule)} ms; missing ${f.missing}, duplicates ${f.duplicates}`,
    );
  }
  console.log(
    `  Scoreline p99 from before engine.ingest (store transaction included): ${show(summary.scoreline.p99_from_ingest)} ms`,
  );
  console.log(
    `  ratio Scoreline ÷ bare ws, same round: p50 ${show(summary.ratio.p50)}; p99 ${show(summary.ratio.p99)}; deliveries/s within a broadcast ${show(summary.ratio.burst_deliveries_per_s)}; fan-out CPU per delivery ${show(summary.ratio.cpu_per_delivery)}`,
  );
  console.log(`load average at the end ${load()}`);
  if (o.profile) console.log(`CPU profiles of the server children: ${path.relative(process.cwd(), o.profile)}/`);

  fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
  const file = path.join(HERE, 'results', `ws-fanout-${Date.now()}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        node: process.version,
        cores: os.cpus().length,
        load_average: { start: loadAtStart, end: load() },
        options: { ...o, rounds },
        summary,
        runs,
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
