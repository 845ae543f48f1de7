/**
 * Cluster fan-out (issue "Scale out"): 3 real server processes on one fresh PostgreSQL database
 * (DATABASE_URL, replay and bootstrap off, pages off), WebSocket clients spread evenly over them,
 * events ingested on instance 1 only. Prints ingest → receipt p50 / p99 / max for clients on the
 * ingesting instance and on the other two, in the same run, the difference, and each instance's
 * RSS (idle, with clients, at the end). Asserts nothing.
 *
 *   node --import tsx bench/cluster.ts [--clients=300] [--events=200] [--interval=200]
 *
 * Each event is one `POST /v1/ops/events` (a corner, every 25th a goal, of one football
 * fixture) to instance 1; its latency for a client = receipt of the `update` carrying its
 * event_id − the moment just before the POST was sent, both performance.now() in this process
 * (the clients run here too, so one clock). Same-instance clients get the message from
 * instance 1's bus right after its commit; cross-instance clients from their process's log
 * follower (NOTIFY wake-up, read of the log by seq: server/cluster/log-follower.ts). RSS is
 * VmRSS from /proc/<pid>/status. The database is dropped at the end; results go to
 * bench/results/cluster-<timestamp>.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import WebSocket from 'ws';
import { summaryWithCount } from './lib/stats';
import { serverArgs } from '../test/helpers/server-bundle';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '300' },
    events: { type: 'string', default: '200' },
    interval: { type: 'string', default: '200' },
  },
});
const CLIENTS = Number(args.clients);
const EVENTS = Number(args.events);
const INTERVAL = Number(args.interval);
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OPERATOR = `bench_operator_${randomBytes(12).toString('hex')}`;
const API_KEY = `bench_key_${randomBytes(12).toString('hex')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

/** One webhook-secret key for every instance of the bench's cluster. */
const SECRET_KEY = process.env.WEBHOOK_SECRET_KEY ?? randomBytes(32).toString('base64');

interface Instance {
  id: string;
  proc: ChildProcess;
  port: number;
}

/** Starts one server process and resolves with its port once it listens. */
function startInstance(id: string, databaseUrl: string): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-bench-cluster-'));
  const proc = spawn(process.execPath, serverArgs(ROOT), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      INSTANCE_ID: id,
      // Every process on one database shares the key that seals webhook secrets (docs/webhooks.md).
      WEBHOOK_SECRET_KEY: SECRET_KEY,
      BOOTSTRAP: 'off',
      REPLAY: 'off',
      PAGES: 'off',
      SANDBOX: 'off',
      WEBHOOKS: 'off',
      LOG_LEVEL: 'info',
      INITIAL_API_KEY: API_KEY,
      OPERATOR_API_KEY: OPERATOR,
      PLAN_LIMITS: JSON.stringify({ enterprise: { websocket_connections: 100_000, requests_per_minute: 1_000_000 } }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const orphan = () => proc.kill('SIGKILL');
  process.once('exit', orphan);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => process.exit(130));
  let out = '';
  proc.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /"port":(\d+),[^\n]*Scoreline listening/.exec(out);
      if (m) resolve({ id, proc, port: Number(m[1]) });
    });
    proc.once('exit', (code) => reject(new Error(`${id} exited (${code}):\n${out}`)));
  });
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

async function ops(inst: Instance, p: string, body: unknown): Promise<any> {
  const r = await fetch(`http://127.0.0.1:${inst.port}${p}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const j = await r.json();
  if (r.status >= 300) throw new Error(`${p}: ${r.status} ${JSON.stringify(j)}`);
  return j;
}

async function main(): Promise<void> {
  const dbName = `scoreline_bench_cluster_${randomBytes(4).toString('hex')}`;
  const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  await admin(`CREATE DATABASE ${dbName}`);
  const instances: Instance[] = [];
  const sockets: WebSocket[] = [];
  try {
    // Started together: migrations under the advisory lock.
    console.log('starting 3 instances …');
    instances.push(...(await Promise.all(['bench-1', 'bench-2', 'bench-3'].map((id) => startInstance(id, dbUrl)))));
    await sleep(1000);
    const rssIdle = instances.map((i) => rssMb(i.proc.pid!));
    const writer = instances[0];
    await ops(writer, '/v1/ops/competitions', {
      sport: 'football',
      league: 'bench-league',
      season: '2026',
      name: 'Bench League',
    });
    const fx = await ops(writer, '/v1/ops/fixtures', {
      sport: 'football',
      league: 'bench-league',
      season: '2026',
      home_team: 'Home',
      away_team: 'Away',
      kickoff: new Date().toISOString(),
    });
    const fixtureId = fx.id as number;
    await ops(writer, '/v1/ops/events', {
      events: [{ fixture_id: fixtureId, event_id: 'bench-ko', type: 'period_start', period: '1st_half' }],
    });

    // receipts[client][event index] = performance.now() at receipt
    const sentAt = new Float64Array(EVENTS);
    const receipts: { inst: number; at: Float64Array }[] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const inst = c % instances.length;
      const at = new Float64Array(EVENTS).fill(NaN);
      receipts.push({ inst, at });
      const ws = new WebSocket(`ws://127.0.0.1:${instances[inst].port}/v1/ws`, {
        headers: { authorization: `Bearer ${API_KEY}` },
      });
      sockets.push(ws);
      await new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.on('message', (data) => {
          const t = performance.now();
          const m = JSON.parse(data.toString());
          if (m.type === 'subscribed') resolve();
          else if (m.type === 'update' && typeof m.event_id === 'string' && m.event_id.startsWith('bench-e'))
            at[Number(m.event_id.slice(7))] = t;
        });
        ws.once('open', () =>
          ws.send(JSON.stringify({ type: 'subscribe', channel: 'football.live', league: 'bench-league' })),
        );
      });
    }
    await sleep(1000);
    const rssClients = instances.map((i) => rssMb(i.proc.pid!));

    const types = ['corner'];
    const start = performance.now();
    const posts: Promise<unknown>[] = [];
    for (let e = 0; e < EVENTS; e++) {
      const due = start + e * INTERVAL;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      sentAt[e] = performance.now();
      const type = e % 25 === 24 ? 'goal' : types[e % types.length];
      posts.push(
        ops(writer, '/v1/ops/events', {
          events: [
            {
              fixture_id: fixtureId,
              event_id: `bench-e${e}`,
              type,
              side: e % 2 ? 'away' : 'home',
              minute: 1 + Math.floor(e / 10),
              period: '1st_half',
            },
          ],
        }),
      );
    }
    const results = await Promise.all(posts);
    const rejected = results.flatMap((r: any) => r.results.filter((x: any) => x.status !== 'stored'));
    await sleep(2000);
    const rssEnd = instances.map((i) => rssMb(i.proc.pid!));

    const same: number[] = [];
    const cross: number[] = [];
    let missing = 0;
    for (const r of receipts) {
      for (let e = 0; e < EVENTS; e++) {
        if (Number.isNaN(r.at[e])) {
          missing += 1;
          continue;
        }
        (r.inst === 0 ? same : cross).push(r.at[e] - sentAt[e]);
      }
    }
    const round = (s: ReturnType<typeof summaryWithCount>) => ({
      n: s.n,
      p50: +s.p50.toFixed(1),
      p90: +s.p90.toFixed(1),
      p99: +s.p99.toFixed(1),
      max: +s.max.toFixed(1),
    });
    const sameS = round(summaryWithCount(same));
    const crossS = round(summaryWithCount(cross));
    const report = {
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, load: os.loadavg().map((x) => +x.toFixed(1)) },
      instances: instances.length,
      clients: CLIENTS,
      events: EVENTS,
      interval_ms: INTERVAL,
      rejected: rejected.length,
      missing_deliveries: missing,
      latency_ms: {
        same_instance: sameS,
        cross_instance: crossS,
        p99_difference: +(crossS.p99 - sameS.p99).toFixed(1),
        p50_difference: +(crossS.p50 - sameS.p50).toFixed(1),
      },
      rss_mb: Object.fromEntries(
        instances.map((i, k) => [
          i.id,
          {
            idle: rssIdle[k],
            with_clients: rssClients[k],
            end: rssEnd[k],
            clients: receipts.filter((r) => r.inst === k).length,
            ingests: k === 0,
          },
        ]),
      ),
    };
    console.log(
      `\nCluster fan-out: ${instances.length} instances, ${CLIENTS} clients, ${EVENTS} events every ${INTERVAL} ms, ingested on ${writer.id}`,
    );
    console.log('                      n       p50     p90     p99     max  (ms, ingest POST → update received)');
    for (const [name, s] of [
      ['same instance', sameS],
      ['cross instance', crossS],
    ] as const) {
      console.log(
        `${name.padEnd(16)} ${String(s.n).padStart(7)} ${String(s.p50).padStart(8)} ${String(s.p90).padStart(7)} ${String(s.p99).padStart(7)} ${String(s.max).padStart(7)}`,
      );
    }
    console.log(
      `cross − same: p50 ${report.latency_ms.p50_difference} ms, p99 ${report.latency_ms.p99_difference} ms (target: p99 within 50 ms); missing deliveries ${missing}, rejected ${rejected.length}`,
    );
    for (const [id, r] of Object.entries(report.rss_mb))
      console.log(
        `RSS ${id}: idle ${r.idle} MB, with ${r.clients} clients ${r.with_clients} MB, end ${r.end} MB${r.ingests ? ' (ingests)' : ''}`,
      );
    const dir = path.join(ROOT, 'bench/results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `cluster-${report.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(report, null, 2));
    console.log(`→ ${path.relative(ROOT, file)}`);
  } finally {
    for (const s of sockets) s.terminate();
    await Promise.all(
      instances.map(
        (i) =>
          new Promise<void>((resolve) => {
            if (i.proc.exitCode !== null) return resolve();
            i.proc.once('exit', () => resolve());
            i.proc.kill('SIGTERM');
            setTimeout(() => i.proc.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
