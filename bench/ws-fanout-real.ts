/**
 * `node --import tsx bench/ws-fanout.ts --mode=real`: the server as users start it — `NODE_ENV=production
 * node .server-build/index.mjs` (the server bundle) with the defaults (pages, replay at real speed, every sport's
 * bundled data, sandbox on), a temp DATA_DIR and an enterprise INITIAL_API_KEY whose plan allows
 * `--clients` sockets — and its memory: RSS (VmRSS of /proc/<pid>/status) when /healthz first
 * answers 200, after `--settle` seconds idle, then with `--clients` WebSocket clients subscribed to
 * `football.live` (bench/ws-fanout-client.ts processes) for 30 s, and the high-water mark (VmHWM).
 * Prints figures only (issue 18 target 5 asks idle ≤ 600 MiB and ≤ 1 GiB with 10k clients).
 * Needs a production build (`npx next build`).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchChild } from './lib/child';
import { now, sleep } from './lib/clock';
import { serverArgs } from '../test/helpers/server-bundle';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');

/** VmRSS and VmHWM of `pid` in MiB (Linux /proc). */
function procMem(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number =>
    Number(/(\d+) kB/.exec(status.split('\n').find((l) => l.startsWith(field)) ?? '')?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS:') / 102.4) / 10, hwm: Math.round(kb('VmHWM:') / 102.4) / 10 };
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Runs the real-configuration memory mode and prints its figures (bench/README.md). */
export async function runReal(o: { clients: number; workers: number; batch: number; settleS: number }): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID')))
    throw new Error('no production build: run `npx next build` first');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-bench-ws-real-'));
  const key = randomBytes(24).toString('base64url');
  const port = await freePort();
  console.log(
    `WebSocket fan-out, real configuration (pages, replay, sandbox, all sports): ${o.clients.toLocaleString('en')} clients, node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const proc = spawn(process.execPath, serverArgs(ROOT), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tmp,
      INITIAL_API_KEY: key,
      INITIAL_API_KEY_PLAN: 'enterprise',
      PLAN_LIMITS: JSON.stringify({ enterprise: { websocket_connections: o.clients + 100 } }),
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const workers: BenchChild[] = [];
  const samples: Record<string, number | string> = {};
  try {
    const t0 = now();
    for (;;) {
      if (proc.exitCode != null) throw new Error(`server exited with ${proc.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (now() - t0 > 900_000) throw new Error('/healthz not 200 within 15 min');
      await sleep(250);
    }
    const healthzS = Math.round((now() - t0) / 100) / 10;
    const atHealthz = procMem(proc.pid!);
    console.log(`/healthz 200 after ${healthzS} s: RSS ${atHealthz.rss} MiB`);
    const idle: number[] = [];
    for (let s = 0; s < o.settleS; s++) {
      await sleep(1000);
      idle.push(procMem(proc.pid!).rss);
    }
    const idleRss = idle.slice(-5).sort((a, b) => a - b)[Math.min(2, idle.length - 1)];
    console.log(
      `idle ${o.settleS} s later: RSS ${idleRss} MiB (median of the last 5 s), high-water ${procMem(proc.pid!).hwm} MiB`,
    );

    const per = Array.from(
      { length: o.workers },
      (_, w) => Math.floor(o.clients / o.workers) + (w < o.clients % o.workers ? 1 : 0),
    );
    const tc = now();
    const connected = await Promise.all(
      per.map((count) => {
        const p = new BenchChild(path.join(HERE, 'ws-fanout-client.ts'), {
          env: { ...process.env },
          serialization: 'advanced',
        });
        workers.push(p);
        return p.request<{ open: number; failed: number; errors: Record<string, number> }>(
          {
            type: 'connect',
            url: `ws://127.0.0.1:${port}/v1/ws`,
            headers: { authorization: `Bearer ${key}` },
            subscribe: JSON.stringify({ type: 'subscribe', channel: 'football.live' }),
            count,
            batch: o.batch,
            capture: false,
          },
          'connected',
        );
      }),
    );
    const open = connected.reduce((a, c) => a + c.open, 0);
    const errors: Record<string, number> = {};
    for (const c of connected) for (const [e, k] of Object.entries(c.errors)) errors[e] = (errors[e] ?? 0) + k;
    console.log(
      `${open} clients subscribed to football.live in ${Math.round((now() - tc) / 100) / 10} s (${o.clients - open} failed; connection errors ${JSON.stringify(errors)})`,
    );
    const withClients: number[] = [];
    for (let s = 0; s < 30; s++) {
      await sleep(1000);
      withClients.push(procMem(proc.pid!).rss);
    }
    const counts = await Promise.all(workers.map((w) => w.request<{ received: number }>({ type: 'count' }, 'count')));
    const end = procMem(proc.pid!);
    const clientsRss = withClients.slice(-5).sort((a, b) => a - b)[2];
    console.log(
      `with ${open} clients for 30 s: RSS ${clientsRss} MiB (median of the last 5 s), max ${Math.max(...withClients)} MiB; high-water since start ${end.hwm} MiB; ${counts.reduce((a, c) => a + c.received, 0)} live updates delivered meanwhile`,
    );
    Object.assign(samples, {
      healthz_s: healthzS,
      rss_at_healthz_mib: atHealthz.rss,
      rss_idle_mib: idleRss,
      rss_with_clients_mib: clientsRss,
      rss_with_clients_max_mib: Math.max(...withClients),
      rss_high_water_mib: end.hwm,
      clients: open,
      connect_errors: errors,
    });
    fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
    const file = path.join(HERE, 'results', `ws-fanout-real-${Date.now()}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          node: process.version,
          load_average: os.loadavg(),
          options: o,
          ...samples,
          idle_rss_mib: idle,
          with_clients_rss_mib: withClients,
        },
        null,
        2,
      ),
    );
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await Promise.all(workers.map((w) => w.stop({ type: 'exit' }, 5000)));
    if (proc.exitCode == null) {
      proc.kill('SIGTERM');
      const killer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await new Promise((r) => proc.once('exit', r));
      clearTimeout(killer);
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
