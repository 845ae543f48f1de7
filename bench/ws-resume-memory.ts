/**
 * WebSocket resume memory (issue 15 §12): how much the server's RSS grows when `--clients`
 * clients that do not read resume from seq 0 at once. Prints figures, asserts nothing.
 *
 *   node --import tsx bench/ws-resume-memory.ts [--clients=40] [--ticks=10000] [--events=2000] [--root=DIR]
 *
 * The real server (its bundle in `--root`, or its sources under tsx for a checkout from before the bundle, default this checkout; pages,
 * bootstrap and replay off, PGlite in a temp data dir, an enterprise INITIAL_API_KEY and an
 * OPERATOR_API_KEY) is fed through the operator API: one competition, two fixtures, `--events`
 * football events and `--ticks` odds ticks, alternating between the fixtures so each is its own
 * WebSocket message. Then `--clients` connections each send `resume` from seq 0 for
 * `football.live` + `football.odds` and stop reading (the socket is paused; WS_HEARTBEAT_S=600 so
 * the heartbeat does not close them while they stall). The server's RSS
 * (/proc/<pid>/status VmRSS) is sampled every 100 ms for `--hold` seconds: idle before the clients,
 * and the peak while they do not read. Then the clients read: each must receive every missed
 * message and `resumed`; the time until the last one has is printed with the per-client count.
 *
 * To compare with a checkout before the streaming resume:
 *   git archive <commit> | tar -x -C /tmp/before && ln -s $PWD/node_modules /tmp/before/node_modules
 *   node --import tsx bench/ws-resume-memory.ts --root=/tmp/before
 * Results also go to bench/results/ws-resume-memory-<timestamp>.json.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { serverArgs } from '../test/helpers/server-bundle';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '40' },
    ticks: { type: 'string', default: '10000' },
    events: { type: 'string', default: '2000' },
    hold: { type: 'string', default: '8' },
    root: { type: 'string', default: process.cwd() },
  },
});
const CLIENTS = Number(values.clients);
const TICKS = Number(values.ticks);
const EVENTS = Number(values.events);
const HOLD_S = Number(values.hold);
const ROOT = path.resolve(values.root!);
const OPERATOR = `bench_operator_${randomBytes(12).toString('hex')}`;
const KEY = `bench_data_${randomBytes(12).toString('hex')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kb: number) => (kb / 1024).toFixed(1);

/** VmRSS of `pid`, in kB. */
function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-bench-resume-'));
  const proc = spawn(process.execPath, serverArgs(ROOT), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      INITIAL_API_KEY: KEY,
      OPERATOR_API_KEY: OPERATOR,
      PAGES: 'off',
      BOOTSTRAP: 'off',
      REPLAY: 'off',
      SANDBOX: 'off',
      LOG_LEVEL: 'info',
      WS_HEARTBEAT_S: '600',
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  proc.stdout!.setEncoding('utf8').on('data', (d: string) => (logs += d));
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (logs += d));
  const stop = () => proc.exitCode === null && proc.kill('SIGTERM');
  process.once('exit', stop);
  try {
    const port = await listeningPort(() => logs);
    const base = `http://127.0.0.1:${port}`;
    const call = async (method: string, p: string, body: unknown) => {
      const r = await fetch(base + p, {
        method,
        headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${await r.text()}`);
      return r.json() as Promise<any>;
    };
    await call('POST', '/v1/ops/competitions', {
      sport: 'football',
      league: 'bench-league',
      season: '2026',
      name: 'Bench League',
    });
    const kickoff = new Date().toISOString();
    const ids: number[] = [];
    for (const i of [0, 1])
      ids.push(
        (
          await call('POST', '/v1/ops/fixtures', {
            sport: 'football',
            league: 'bench-league',
            season: '2026',
            home_team: `Home ${i}`,
            away_team: `Away ${i}`,
            kickoff,
          })
        ).id,
      );
    await call('POST', '/v1/ops/events', {
      events: ids.map((fixture_id) => ({
        fixture_id,
        event_id: `ko-${fixture_id}`,
        type: 'period_start',
        period: '1st_half',
        minute: 0,
      })),
    });
    for (let i = 0; i < EVENTS; i += 500) {
      const events = Array.from({ length: Math.min(500, EVENTS - i) }, (_, j) => ({
        fixture_id: ids[(i + j) % 2],
        event_id: `c-${i + j}`,
        type: 'corner',
        side: (i + j) % 4 < 2 ? 'home' : 'away',
        period: '1st_half',
        minute: 10,
      }));
      await call('POST', '/v1/ops/events', { events });
    }
    for (let i = 0; i < TICKS; i += 1000) {
      const ticks = Array.from({ length: Math.min(1000, TICKS - i) }, (_, j) => ({
        tick_id: `t-${i + j}`,
        fixture_id: ids[(i + j) % 2],
        bookmaker: 'bench-book',
        market: '1X2',
        selection: ['home', 'draw', 'away'][(i + j) % 3],
        price: 1.5 + ((i + j) % 50) / 10,
      }));
      await call('POST', '/v1/ops/odds', { ticks });
    }
    const last = await call('POST', '/v1/ops/events', {
      events: [{ fixture_id: ids[0], event_id: 'last', type: 'corner', side: 'home', period: '1st_half', minute: 11 }],
    });
    const head = Number(last.results[0].seq);
    await sleep(2000);
    const idle = rssKb(proc.pid!);

    type Client = { ws: WebSocket; got: number; resumed: boolean; closed: number | null };
    const clients: Client[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws`, { headers: { authorization: `Bearer ${KEY}` } });
      await new Promise((r, j) => ws.once('open', r).once('error', j));
      const c: Client = { ws, got: 0, resumed: false, closed: null };
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString());
        if (m.replayed) c.got++;
        if (m.type === 'resumed') c.resumed = true;
      });
      ws.on('close', (code) => (c.closed = code));
      ws.send(
        JSON.stringify({
          type: 'resume',
          last_seq: 0,
          subscriptions: [{ channel: 'football.live' }, { channel: 'football.odds' }],
        }),
      );
      (ws as unknown as { _socket: { pause(): void } })._socket.pause();
      clients.push(c);
    }
    let peak = idle;
    const t0 = Date.now();
    while (Date.now() - t0 < HOLD_S * 1000) {
      peak = Math.max(peak, rssKb(proc.pid!));
      await sleep(100);
    }
    const stalled = rssKb(proc.pid!);
    const t1 = Date.now();
    for (const c of clients) (c.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    while (Date.now() - t1 < 120_000 && clients.some((c) => !c.resumed && c.closed === null)) {
      peak = Math.max(peak, rssKb(proc.pid!));
      await sleep(100);
    }
    const drainS = (Date.now() - t1) / 1000;
    const counts = clients.map((c) => c.got);
    const out = {
      root: ROOT,
      clients: CLIENTS,
      seq_head: head,
      idle_rss_mb: Number(mb(idle)),
      stalled_rss_mb: Number(mb(stalled)),
      peak_rss_mb: Number(mb(peak)),
      growth_mb: Number(mb(peak - idle)),
      growth_per_client_mb: Number(mb((peak - idle) / CLIENTS)),
      resumed: clients.filter((c) => c.resumed).length,
      closed_codes: [...new Set(clients.map((c) => c.closed).filter((x) => x !== null))],
      replayed_min: Math.min(...counts),
      replayed_max: Math.max(...counts),
      drain_s: drainS,
    };
    console.log(
      `resume memory: ${CLIENTS} non-reading clients from seq 0 to ${head} (${EVENTS} events, ${TICKS} ticks), server ${ROOT}`,
    );
    console.log(
      `RSS idle ${out.idle_rss_mb} MB, while stalled ${out.stalled_rss_mb} MB, peak ${out.peak_rss_mb} MB: growth ${out.growth_mb} MB (${out.growth_per_client_mb} MB per client)`,
    );
    console.log(
      `after reading: ${out.resumed}/${CLIENTS} got 'resumed', replayed ${out.replayed_min}–${out.replayed_max} messages each, last done in ${drainS.toFixed(1)} s; close codes ${JSON.stringify(out.closed_codes)}`,
    );
    fs.mkdirSync(path.join(process.cwd(), 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(process.cwd(), `bench/results/ws-resume-memory-${Date.now()}.json`),
      JSON.stringify(out, null, 2),
    );
    for (const c of clients) c.ws.terminate();
    const warnings = logs.split('\n').filter((l) => l.includes('"level":40') || l.includes('"level":50'));
    if (warnings.length) console.log(`server warnings (${warnings.length}), first: ${warnings[0]}`);
  } finally {
    stop();
    await new Promise((r) => (proc.exitCode !== null ? r(null) : proc.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The port from the server's "Scoreline listening on …" log line, waiting up to 10 min (a loaded machine starts slowly). */
async function listeningPort(logs: () => string): Promise<number> {
  const until = Date.now() + 600_000;
  while (Date.now() < until) {
    for (const line of logs().split('\n')) {
      const m = line.includes('Scoreline listening on') ? /"port":(\d+)/.exec(line) : null;
      if (m) return Number(m[1]);
    }
    await sleep(100);
  }
  throw new Error(`the server did not listen within 10 min:\n${logs()}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
