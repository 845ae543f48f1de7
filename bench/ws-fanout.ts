/**
 * WebSocket fan-out (issue 18 target 3: "p99 at 10k clients ≤ 0.6 × a naive `ws` broadcast in the
 * same run"). Prints figures, asserts nothing.
 *
 *   node --import tsx bench/ws-fanout.ts [--clients=10000] [--events=30] [--interval=1000] [--rounds=3] [--workers=2] [--batch=200] [--floor] [--profile]
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
 * `--floor` adds a third child in every round: the bare server writing one pre-built frame to
 * every socket with Scoreline's own server/ws/frame.ts (bench/ws-fanout-baseline.ts
 * `FANOUT=frame-once`) — the least a Node `ws` server can do per delivery, so its ratio to the naive
 * broadcast is the best Scoreline's fan-out could reach on this machine.
 *
 * `--profile` also writes V8 CPU profiles of each server child to
 * bench/results/ws-fanout-prof-<ts>/{scoreline,baseline}/ (`CPU.<date>.<time>.<pid>.0.*` is the main thread).
 *
 * The clients share the machine's cores with the servers: the latencies include their receive
 * cost, the same for both sides; the CPU per delivery is the server's alone.
 *
 * Here: options, rounds and the printed table; the server children and a phase are in
 * bench/ws-fanout-phase.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cell } from './lib/stats';
import { LABEL, runPhase, startChild, stopChild, type Kind, type PhaseOpts, type PhaseResult } from './ws-fanout-phase';
import { runReal } from './ws-fanout-real';

const HERE = path.dirname(fileURLToPath(import.meta.url));

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
      floor: { type: 'boolean', default: false },
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

  const kinds: Kind[] = values.floor ? ['scoreline', 'baseline', 'floor'] : ['scoreline', 'baseline'];
  const children = {} as Record<Kind, Awaited<ReturnType<typeof startChild>>>;
  for (const k of kinds) children[k] = await startChild(k, o);
  const runs: { round: number; kind: Kind; result: PhaseResult }[] = [];
  let captured: Map<number, unknown> | null = null;
  console.log('');
  console.log(
    'round  server     clients  p50 ms  p99 ms  max ms missing  deliv./s  burst d./s  CPU µs/d  loop ms  RSS MB',
  );
  try {
    for (let round = 1; round <= rounds; round++) {
      // Scoreline first in odd rounds (the first one captures the payloads the baseline sends), last in even ones.
      const order: Kind[] = round % 2 ? kinds : [...kinds.slice(1), 'scoreline'];
      for (const kind of order) {
        const ph = await runPhase(children[kind], o, kind === 'scoreline' ? null : captured);
        if (kind === 'scoreline' && !captured) {
          if (!ph.captured.size)
            throw new Error(
              'the Scoreline phase delivered no update to the capturing client; nothing to replay for the baseline',
            );
          captured = ph.captured;
        }
        runs.push({ round, kind, result: ph.result });
        console.log(phaseLine(round, LABEL[kind], ph.result));
      }
    }
  } finally {
    await Promise.all(kinds.map((k) => stopChild(children[k])));
  }

  const of = (kind: Kind) => runs.filter((r) => r.kind === kind).map((r) => r.result);
  const sl = of('scoreline');
  const ws = of('baseline');
  /** Same-round ratios a ÷ b of p50, p99, deliveries/s within a broadcast and CPU per delivery. */
  const perRoundOf = (a: PhaseResult[], b: PhaseResult[]) =>
    Array.from({ length: rounds }, (_, k) => ({
      p50: ratio(a[k].latency_ms.p50, b[k].latency_ms.p50),
      p99: ratio(a[k].latency_ms.p99, b[k].latency_ms.p99),
      deliveries_per_s: ratio(a[k].burst_deliveries_per_s.p50, b[k].burst_deliveries_per_s.p50),
      cpu_per_delivery: ratio(a[k].fanout_cpu_us_per_delivery.p50, b[k].fanout_cpu_us_per_delivery.p50),
    }));
  const perRound = perRoundOf(sl, ws);
  const ratiosOf = (pr: ReturnType<typeof perRoundOf>) => ({
    p50: mmm(
      pr.map((r) => r.p50),
      2,
    ),
    p99: mmm(
      pr.map((r) => r.p99),
      2,
    ),
    burst_deliveries_per_s: mmm(
      pr.map((r) => r.deliveries_per_s),
      2,
    ),
    cpu_per_delivery: mmm(
      pr.map((r) => r.cpu_per_delivery),
      2,
    ),
  });
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
  const fl = values.floor ? of('floor') : null;
  const summary = {
    scoreline: fig(sl),
    baseline: fig(ws),
    ratio_per_round: perRound,
    ratio: ratiosOf(perRound),
    ...(fl
      ? {
          floor: fig(fl),
          floor_ratio: ratiosOf(perRoundOf(fl, ws)),
          scoreline_to_floor_ratio: ratiosOf(perRoundOf(sl, fl)),
        }
      : {}),
  };
  const show = (t: [number, number, number]): string => t.join(' / ');
  console.log('');
  console.log(
    `payload ${sl[0].payload_bytes} bytes (update of ${sl[0].server.replace(/^Scoreline \/v1\/ws /, '')}); latency = client receipt − the server's stamp with the message in hand, before serialization (Scoreline: the bus publish after commit; bare ws: before JSON.stringify)`,
  );
  console.log('min / median / max over the rounds:');
  const rows: [string, ReturnType<typeof fig>][] = [
    ['Scoreline', summary.scoreline],
    ['bare ws', summary.baseline],
  ];
  if (summary.floor) rows.push(['frame-once', summary.floor]);
  for (const [name, f] of rows) {
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
  if (summary.floor_ratio && summary.scoreline_to_floor_ratio) {
    const fr = summary.floor_ratio;
    const sf = summary.scoreline_to_floor_ratio;
    console.log(
      `  ratio frame-once ÷ bare ws, same round (the floor): p50 ${show(fr.p50)}; p99 ${show(fr.p99)}; deliveries/s within a broadcast ${show(fr.burst_deliveries_per_s)}; fan-out CPU per delivery ${show(fr.cpu_per_delivery)}`,
    );
    console.log(
      `  ratio Scoreline ÷ frame-once, same round: p50 ${show(sf.p50)}; p99 ${show(sf.p99)}; fan-out CPU per delivery ${show(sf.cpu_per_delivery)}`,
    );
  }
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
