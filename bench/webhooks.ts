/**
 * Webhook delivery (issue "Webhooks: 100 subscribed endpoints on loopback; ingest-to-delivery
 * p50/p99"). Prints figures, asserts nothing.
 *
 *   node --import tsx bench/webhooks.ts [--endpoints=100] [--rates=200,1000,2000,max] [--seconds=10] [--burst=100] [--store=memory|dir|postgres] [--warmup=5] [--baselines=agent-false,undici] [--profile] [--analyze]
 *
 * Phases: one per entry of `--rates` (deliveries/s offered over all endpoints), each `--seconds`
 * long: one event every endpoints × 1000 / rate ms, open loop; `max` offers `--burst` events at
 * once and measures capacity (deliveries ÷ first trigger → last arrival). Every phase waits until
 * everything arrived before the next starts.
 *
 * Scoreline: the real server in a child process (bench/webhooks-server.ts `server`: startServer
 * with pages off, WEBHOOK_ALLOW_LOOPBACK=on, default WEBHOOK_CONCURRENCY 64, WEBHOOK_SENDER from
 * this process's environment (default `thread`; `WEBHOOK_SENDER=inline` for an A/B), one real World Cup
 * 2022 fixture kicked off). `--store=memory` puts its PGlite data dir on tmpfs (/dev/shm),
 * `--store=dir` in os.tmpdir() on disk, `--store=postgres` uses a throwaway database on the
 * machine's PostgreSQL (test/helpers/postgres.ts: TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * created for the run, dropped after) as a multi-process deployment does. This process starts `--endpoints` receivers, each its own
 * node:http server on its own 127.0.0.1 port, and registers one endpoint per receiver through
 * `POST /v1/webhooks` {url, events: ["match.*"], sports: ["football"], leagues: [<the fixture's>]}
 * with an enterprise key (PLAN_LIMITS raises the endpoint cap past 100 when asked for more). After
 * `--warmup` events that are delivered and left out, it asks the child, phase by phase, to ingest
 * one live event through `services.engine.ingest` at the phase's interval, and waits until every
 * endpoint has every event (or nothing new arrived for 15 s).
 *
 * Baselines, same run, same receivers / phases: a second child per `--baselines` mode
 * (bench/webhooks-server.ts `baseline`) POSTs the bodies Scoreline delivered (captured per event)
 * to every receiver with a bare loop — at most 64 in flight like WEBHOOK_CONCURRENCY, no store, no
 * signing — right after each trigger: `agent-false` is node:http with a new connection per POST
 * (what every delivery attempt did before the keep-alive pools), `undici` an undici Agent with
 * keep-alive pools per origin (the floor for the pooled dispatcher).
 *
 * Latency = arrival (the receiver's request `end`) − the child's stamp just before
 * `engine.ingest` (baseline: just before queueing the POSTs), both `process.hrtime`
 * (CLOCK_MONOTONIC, one clock for all processes); p50 / p90 / p99 / max over every (endpoint,
 * event) pair, nearest rank. Also: the same from the parent's schedule (the open-loop command
 * time), each event's first and last arrival, deliveries/s (deliveries ÷ first trigger → last
 * arrival), duplicates (a webhook-id arriving twice at one receiver), and ratios Scoreline ÷
 * baseline. Every Scoreline delivery's signature is checked afterwards (off the clock) with the
 * `standardwebhooks` package and the endpoint's secret, and its body's `data.seq` against its
 * webhook-id. Server: RSS idle / end / peak (getrusage), event loop utilization during the run,
 * top-level transactions and time inside PGlite (wasm and file sync) per delivery, and PGlite
 * wasm time per SQL statement (heaviest first) — where the server's time goes.
 * `--profile` writes a V8 CPU profile of the server child and prints its heaviest functions.
 * `--analyze` is a what-if, not how Scoreline runs: the server child runs `ANALYZE` on the webhook
 * tables every second (PGlite has no autovacuum daemon, so the planner otherwise plans the claim
 * query for empty tables and sorts the whole backlog on every claim).
 * Everything goes to bench/results/webhooks-<timestamp>.json.
 *
 * The receivers share the machine's cores with the children: the figures include their cost, the
 * same for both phases.
 *
 * Here: options, the Scoreline run and the JSON file; a phase's driver and figures are in
 * bench/webhooks-phase.ts, the baselines' runs in bench/webhooks-baselines.ts, the printed report
 * in bench/webhooks-report.ts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { BenchChild, type Msg } from './lib/child';
import { sleep } from './lib/clock';
import { topFunctions } from './lib/cpu-profile';
import { MB, summaryWithCount } from './lib/stats';
import { BenchReceiver } from './lib/webhook-receiver';
import { runBaselines } from './webhooks-baselines';
import { printReport } from './webhooks-report';
import { drain, measure, openLoop, type Phase } from './webhooks-phase';
import { createTestDatabase } from '../test/helpers/postgres';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CHILD = path.join(HERE, 'webhooks-server.ts');
/** Forks bench/webhooks-server.ts in `role` (`server` or `baseline`). */
const child = (role: string, env: NodeJS.ProcessEnv, execArgv: string[] = []): BenchChild =>
  new BenchChild(CHILD, { args: [role], env, execArgv, label: (pid) => `child pid ${pid}` });

const { values } = parseArgs({
  options: {
    endpoints: { type: 'string', default: '100' },
    rates: { type: 'string', default: '200,1000,2000,max' },
    seconds: { type: 'string', default: '10' },
    burst: { type: 'string', default: '100' },
    baselines: { type: 'string', default: 'agent-false,undici' },
    store: { type: 'string', default: 'memory' },
    warmup: { type: 'string', default: '5' },
    profile: { type: 'boolean', default: false },
    analyze: { type: 'boolean', default: false },
  },
});
const ENDPOINTS = Number(values.endpoints);
/** One phase per offered rate: `interval` ms between events (0: all at once), `events` events. */
const PHASES = values.rates.split(',').map((r) => {
  if (r === 'max') return { label: 'max', rate: null as number | null, interval: 0, events: Number(values.burst) };
  const rate = Number(r);
  const interval = (ENDPOINTS * 1000) / rate;
  return {
    label: `${rate}/s`,
    rate,
    interval,
    events: Math.max(5, Math.round((Number(values.seconds) * 1000) / interval)),
  };
});
const EVENTS = PHASES.reduce((a, p) => a + p.events, 0);
const BASELINES = values.baselines.split(',').filter(Boolean);
const WARMUP = Number(values.warmup);
const CONCURRENCY = 64;
if (!['memory', 'dir', 'postgres'].includes(values.store)) throw new Error('--store must be memory, dir or postgres');

// ───────────────────────────── run ─────────────────────────────

async function main(): Promise<void> {
  const stamp = Date.now();
  const shm = values.store === 'memory' && fs.existsSync('/dev/shm');
  const dataDir = fs.mkdtempSync(path.join(shm ? '/dev/shm' : os.tmpdir(), 'scoreline-bench-webhooks-'));
  const pgDb = values.store === 'postgres' ? await createTestDatabase('scoreline_bench_webhooks') : null;
  const storeLabel = pgDb
    ? `PostgreSQL (database ${pgDb.name})`
    : `PGlite ${shm ? 'data dir on tmpfs (/dev/shm)' : `data dir in ${os.tmpdir()}`}`;
  const profDir = values.profile ? path.resolve(`bench/results/webhooks-prof-${stamp}`) : null;
  const key = randomBytes(24).toString('base64url');
  const bodies = new Map<string, string>();
  const receivers = Array.from({ length: ENDPOINTS }, () => new BenchReceiver(bodies));
  await Promise.all(receivers.map((r) => r.listen()));

  console.log(
    `webhook delivery${values.analyze ? ' (what-if: ANALYZE every 1 s)' : ''}: ${ENDPOINTS} endpoints; phases ${PHASES.map((p) => `${p.label} (${p.events} events${p.interval ? ` every ${p.interval} ms` : ' at once'})`).join(', ')}; ${WARMUP} warm-up events, store: ${storeLabel}, node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
  );

  // ── Scoreline ──
  const server = child(
    'server',
    {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...(pgDb
        ? {
            DATABASE_URL: pgDb.url,
            WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
          }
        : {}),
      INITIAL_API_KEY: key,
      ...(ENDPOINTS > 100 ? { PLAN_LIMITS: JSON.stringify({ enterprise: { webhook_endpoints: ENDPOINTS } }) } : {}),
    },
    profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
  );
  let result: Record<string, unknown> = {};
  try {
    const ready = await server.next<{ port: number; league: string; match: string }>('ready');
    const base = `http://127.0.0.1:${ready.port}`;
    for (const r of receivers) {
      const res = await fetch(`${base}/v1/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: r.url, events: ['match.*'], sports: ['football'], leagues: [ready.league] }),
      });
      const body = (await res.json()) as { secret?: string };
      if (res.status !== 201 || !body.secret)
        throw new Error(`POST /v1/webhooks answered ${res.status}: ${JSON.stringify(body)}`);
      r.secret = body.secret;
    }
    if (values.analyze) server.send({ type: 'analyze', i: 1000 });
    console.log(
      `  ${ready.match} (${ready.league}), ${ENDPOINTS} endpoints registered on ports ${receivers[0].port}…${receivers.at(-1)!.port}`,
    );

    const acks: { i: number; seq: number | null; status: string; t_ingest: number; t_resolved: number }[] = [];
    server.on('ingested', (m) => void (acks[m.i as number] = m as unknown as (typeof acks)[number]));
    const total = WARMUP + EVENTS;
    const cmd: number[] = new Array(total);
    const drive = (from: number, to: number, interval: number) =>
      openLoop(
        from,
        to,
        interval,
        cmd,
        (i) => server.send({ type: 'ingest', i }),
        () => acks.filter((a, k) => a && k >= from && k < to).length,
      );
    const idsOf = (from: number, to: number): string[] =>
      acks.slice(from, to).map((a) => {
        if (a.seq == null) throw new Error(`event ${a.i} not stored: ${a.status}`);
        return `msg_${a.seq}`;
      });
    /** [from, to) event indexes of each phase, after the warm-up. */
    const spans = PHASES.map((_, k) => {
      const from = WARMUP + PHASES.slice(0, k).reduce((a, p) => a + p.events, 0);
      return [from, from + PHASES[k].events] as const;
    });

    await drive(0, WARMUP, 50);
    await drain(receivers, idsOf(0, WARMUP), 15_000);
    const memIdle = await server.request<Msg>({ type: 'stats' }, 'stats'); // also resets the ELU window
    const scorelinePhases: Phase[] = [];
    for (const [k, [from, to]] of spans.entries()) {
      await drive(from, to, PHASES[k].interval);
      await drain(receivers, idsOf(from, to), 15_000);
      scorelinePhases.push(
        measure(
          `Scoreline ${PHASES[k].label}`,
          receivers,
          idsOf(from, to),
          acks.slice(from, to).map((a) => a.t_ingest),
          cmd.slice(from, to),
        ),
      );
      await sleep(500);
    }
    const ids = idsOf(WARMUP, total);
    const stats = await server.request<Msg>({ type: 'stats' }, 'stats');
    const ingestCall = summaryWithCount(acks.slice(WARMUP).map((a) => a.t_resolved - a.t_ingest));

    // Signatures (off the clock): every Scoreline delivery, with standardwebhooks and the endpoint's secret.
    let verified = 0;
    let badSig = 0;
    let badBody = 0;
    for (const r of receivers) {
      const wh = new Webhook(r.secret);
      for (const id of [...idsOf(0, WARMUP), ...ids]) {
        const a = r.arrivals.get(id);
        if (!a) continue;
        const body = a.body ?? bodies.get(id)!;
        try {
          wh.verify(body, { 'webhook-id': id, 'webhook-timestamp': a.timestamp, 'webhook-signature': a.signature });
          verified++;
        } catch {
          badSig++;
        }
        const env = JSON.parse(body) as { type: string; data: { seq: number } };
        if (`msg_${env.data.seq}` !== id || !env.type.startsWith('match.')) badBody++;
      }
    }
    const delivered = Number(stats.delivered) - Number(memIdle.delivered);
    const perDelivery = (k: string) => (Number(stats[k]) - Number(memIdle[k])) / Math.max(1, delivered);
    const runS =
      (Math.max(...receivers.flatMap((r) => ids.map((id) => r.arrivals.get(id)?.t ?? 0))) - acks[WARMUP].t_ingest) /
      1000;
    // Counters are cumulative; the run's share is stats − memIdle.
    const serverFig = {
      rss_idle_mb: MB(Number(memIdle.rss)),
      rss_end_mb: MB(Number(stats.rss)),
      rss_peak_mb: MB(Number(stats.max_rss)),
      event_loop_utilization: Math.round(Number(stats.elu) * 100) / 100,
      dispatcher_delivered: delivered,
      dispatcher_failed_attempts: Number(stats.failed_attempts) - Number(memIdle.failed_attempts),
      transactions_per_delivery: Math.round(perDelivery('transactions') * 100) / 100,
      pglite_calls_per_delivery: Math.round(perDelivery('wasm_calls') * 10) / 10,
      pglite_wasm_ms_per_delivery: Math.round(perDelivery('wasm_ms') * 1000) / 1000,
      pglite_sync_ms_per_delivery: Math.round(perDelivery('sync_ms') * 1000) / 1000,
      pglite_ms_total: Math.round(
        Number(stats.wasm_ms) - Number(memIdle.wasm_ms) + Number(stats.sync_ms) - Number(memIdle.sync_ms),
      ),
      ingest_call_ms: ingestCall,
    };
    // PGlite wasm time per SQL statement during the run (cumulative counters: end − before).
    type Stmt = { sql: string; n: number; ms: number };
    const before = new Map(((memIdle.statements ?? []) as Stmt[]).map((x) => [x.sql, x]));
    const statements = ((stats.statements ?? []) as Stmt[])
      .map((x) => ({ sql: x.sql, n: x.n - (before.get(x.sql)?.n ?? 0), ms: x.ms - (before.get(x.sql)?.ms ?? 0) }))
      .filter((x) => x.n > 0)
      .sort((a, b) => b.ms - a.ms)
      .map((x) => ({
        ...x,
        ms: Math.round(x.ms),
        ms_per_delivery: Math.round((x.ms / Math.max(1, delivered)) * 1000) / 1000,
        ms_per_call: Math.round((x.ms / x.n) * 1000) / 1000,
      }));
    const sample = bodies.get(ids[0])!;
    const capturedBodies = ids.map((id) => bodies.get(id)!);
    const sampleHeaders = receivers[0].arrivals.get(ids[0])!;
    await server.stop({ type: 'stop' }, 15_000);

    // ── Baselines ──
    const { baselinePhases, blStatsByMode } = await runBaselines({
      child,
      modes: BASELINES,
      receivers,
      concurrency: CONCURRENCY,
      warmup: WARMUP,
      phases: PHASES,
      spans,
      sample,
      bodies: capturedBodies,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Scoreline-Webhooks/1',
        'webhook-timestamp': sampleHeaders.timestamp,
        'webhook-signature': sampleHeaders.signature,
      },
    });

    printReport({
      endpoints: ENDPOINTS,
      phases: PHASES,
      baselines: BASELINES,
      scorelinePhases,
      baselinePhases,
      blStatsByMode,
      verified,
      badSig,
      badBody,
      runS,
      serverFig,
      ingestCall,
      errors: (stats.errors ?? []) as { error: string; n: number }[],
      statements,
    });

    result = {
      at: new Date().toISOString(),
      analyze_what_if: values.analyze,
      endpoints: ENDPOINTS,
      phases: PHASES,
      warmup: WARMUP,
      store: values.store,
      data_dir_on_tmpfs: shm,
      concurrency: CONCURRENCY,
      cores: os.cpus().length,
      node: process.version,
      load: os.loadavg(),
      scoreline: scorelinePhases,
      baselines: Object.fromEntries(baselinePhases),
      signatures: { verified, failed: badSig, bad_bodies: badBody },
      server: serverFig,
      failed_attempt_errors: stats.errors,
      pglite_statements: statements,
      baseline_children: blStatsByMode,
      body_bytes: Buffer.byteLength(sample),
      sample_body: sample,
    };
  } finally {
    await server.stop({ type: 'stop' }, 15_000);
    await Promise.all(receivers.map((r) => r.close()));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }

  if (profDir) {
    // One profile per thread (tsx's module loader runs in a worker): the main thread's is the largest.
    const files = fs.existsSync(profDir)
      ? fs
          .readdirSync(profDir)
          .filter((f) => f.endsWith('.cpuprofile'))
          .map((f) => path.join(profDir, f))
      : [];
    const file = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    if (file) {
      const { top, shares } = topFunctions(file);
      result.profile = { file, top, shares };
      const byWhere = Object.entries(shares)
        .sort((a, b) => b[1] - a[1])
        .filter(([, v]) => v >= 0.5)
        .map(([k, v]) => `${k} ${v}%`)
        .join(', ');
      console.log(
        `\nserver CPU profile ${path.relative(process.cwd(), file)} (whole child lifetime, startup included)\n  self time by code: ${byWhere}\n  heaviest functions:`,
      );
      for (const x of top) console.log(`  ${String(x.pct).padStart(5)}%  ${String(x.self_ms).padStart(6)} ms  ${x.fn}`);
    }
  }
  fs.mkdirSync('bench/results', { recursive: true });
  const out = `bench/results/webhooks-${stamp}.json`;
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
  console.log(`\n→ ${out}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
