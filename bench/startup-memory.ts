/**
 * Start-up and idle memory of the default server (issue 18, target 5).
 *
 * Run: `node --import tsx bench/startup-memory.ts [--data-dir=DIR] [--seconds=30] [--rps=20] [--env=K=V ...]`
 *
 * Starts the server the way `npm start` runs it — `NODE_ENV=production node
 * .server-build/index.mjs` (the server bundle), every default (all sports bootstrapped, pages, replay, sandbox) — on a free
 * port, with a fresh temp data dir (first start: the bundled data is imported) or `--data-dir`
 * (kept; a second start on the same dir skips the import). `--env=K=V` adds or overrides a variable
 * (repeatable, e.g. `--env=SANDBOX=off` or `--env=NODE_OPTIONS=--max-semi-space-size=4`).
 *
 * It prints, in ms from spawn: the port listening, `/healthz` 200, the first real-data answer
 * (`/v1/football/standings?league=premier-league&season=2023-24` with rows), the first live
 * football match on `/v1/football/live` and the sandbox ready (`/sandbox/v1/football/live` 200).
 * From `/healthz` 200 for `--seconds` (30) it sends a light steady load — `--rps` (20) requests a
 * second, open loop, round robin over `/healthz`, `/v1/football/live`, standings and
 * `/v1/basketball/live`, plus `/sandbox/v1/football/live` every 2 s (under its per-IP limit) — and reports their p50 / p99 / max latency (measured here, from
 * send to full body) and the server's event-loop delay: `scoreline_nodejs_eventloop_lag_max_seconds`
 * scraped from `/metrics` every second (prom-client's monitorEventLoopDelay, reset per scrape).
 * Then it waits until the sandbox answers (up to 3 min) and 10 s more without requests, and reads
 * the idle memory: RSS (VmRSS), its high-water mark (VmHWM) and the breakdown from `/metrics` (V8 heap
 * used / total, external incl. PGlite's wasm memory) and where the RSS is by mapping (bench/lib/rss-breakdown.ts:
 * PGlite's wasm heaps one by one, other anonymous memory, file-backed code, threads). Every figure is absolute: compare runs made
 * at the same machine load (or interleave two configurations with `--env`).
 * Writes everything to bench/results/startup-memory-<timestamp>.json. Asserts nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDataDir, randomApiKey, ROOT, spawnServer } from '../test/helpers/server';
import { now, sleep } from './lib/clock';
import { rssBreakdown } from './lib/rss-breakdown';
import { MB, summaryWithCount } from './lib/stats';

/** Options of one run. */
export interface StartupBenchOptions {
  dataDir?: string;
  seconds?: number;
  rps?: number;
  env?: Record<string, string>;
}

/** VmRSS and VmHWM of `pid` in bytes (Linux /proc). */
function procMemory(pid: number): { rss: number; hwm: number } {
  const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(s)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** The value of an unlabelled metric `name` in a Prometheus text exposition, NaN when absent. */
function metric(text: string, name: string): number {
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

/** GET `url` and read the body; resolves with status, body text and ms taken (fetch errors: status 0). */
async function timedGet(url: string, key?: string): Promise<{ status: number; body: string; ms: number }> {
  const t0 = now();
  try {
    const r = await fetch(url, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    const body = await r.text();
    return { status: r.status, body, ms: now() - t0 };
  } catch {
    return { status: 0, body: '', ms: now() - t0 };
  }
}

/** Starts the default server and measures it; resolves with every figure (also printed). */
export async function runStartupBench(opts: StartupBenchOptions = {}) {
  const seconds = opts.seconds ?? 30;
  const rps = opts.rps ?? 20;
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? makeTempDataDir();
  const apiKey = randomApiKey();
  const firstStart = !fs.existsSync(path.join(dataDir, 'pg'));
  const t0 = now();
  const s = spawnServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    INITIAL_API_KEY: apiKey,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    ...(opts.env ?? {}),
  });
  const pid = s.proc.pid!;
  let peakRss = 0;
  const rssTimer = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, procMemory(pid).rss);
    } catch {
      /* exited */
    }
  }, 100);
  try {
    let port = 0;
    while (!port) {
      if (s.proc.exitCode !== null) throw new Error(`server exited ${s.proc.exitCode}:\n${s.logs()}`);
      port = Number(/"port":(\d+)[^\n]*Scoreline listening/.exec(s.logs())?.[1] ?? 0);
      await sleep(20);
    }
    const tListen = now() - t0;
    const base = `http://127.0.0.1:${port}`;
    while ((await timedGet(`${base}/healthz`)).status !== 200) await sleep(20);
    const tHealth = now();
    await timedGet(`${base}/metrics`); // resets the event-loop histogram: what follows is after /healthz only
    const marks: Record<string, number | null> = {
      listening_ms: tListen,
      healthz_ms: tHealth - t0,
      first_real_data_ms: null,
      first_live_match_ms: null,
      sandbox_ready_ms: null,
    };

    const standings = '/v1/football/standings?league=premier-league&season=2023-24';
    const paths = ['/healthz', '/v1/football/live', standings, '/v1/basketball/live'];
    const sandboxPath = '/sandbox/v1/football/live';
    const latencies: number[] = [];
    const byPath = new Map<string, number[]>();
    const statuses: Record<string, number> = {};
    const lagMax: { t_s: number; lag_ms: number }[] = [];
    const mem: { t_s: number; rss: number; heap_used: number; heap_total: number; external: number }[] = [];
    const inflight: Promise<void>[] = [];
    const end = tHealth + seconds * 1000;
    let k = 0;
    // Scrape /metrics every second: event-loop delay max since the last scrape, memory breakdown.
    const scrape = (async () => {
      while (now() < end) {
        await sleep(1000);
        const r = await timedGet(`${base}/metrics`);
        if (r.status !== 200) continue;
        const t_s = Math.round((now() - tHealth) / 100) / 10;
        lagMax.push({ t_s, lag_ms: metric(r.body, 'scoreline_nodejs_eventloop_lag_max_seconds') * 1000 });
        mem.push({
          t_s,
          rss: procMemory(pid).rss,
          heap_used: metric(r.body, 'scoreline_nodejs_heap_size_used_bytes'),
          heap_total: metric(r.body, 'scoreline_nodejs_heap_size_total_bytes'),
          external: metric(r.body, 'scoreline_nodejs_external_memory_bytes'),
        });
      }
    })();
    for (let next = tHealth; next < end; next += 1000 / rps) {
      await sleep(next - now());
      // The sandbox every 2 s: below its default per-IP limit (SANDBOX_IP_RPM 60), so no 429s.
      const p =
        Math.floor((next - tHealth) / 2000) !== Math.floor((next - tHealth - 1000 / rps) / 2000)
          ? sandboxPath
          : paths[k++ % paths.length];
      inflight.push(
        timedGet(base + p, apiKey).then((r) => {
          latencies.push(r.ms);
          (byPath.get(p) ?? byPath.set(p, []).get(p)!).push(r.ms);
          statuses[`${p.split('?')[0]} ${r.status}`] = (statuses[`${p.split('?')[0]} ${r.status}`] ?? 0) + 1;
          const t = now() - t0;
          if (
            p === standings &&
            r.status === 200 &&
            marks.first_real_data_ms == null &&
            /"rows":\[\{|"standings":\[\{|"team/.test(r.body)
          )
            marks.first_real_data_ms = t;
          if (
            p === '/v1/football/live' &&
            r.status === 200 &&
            marks.first_live_match_ms == null &&
            /"fixture_id"|"match_id"/.test(r.body)
          )
            marks.first_live_match_ms = t;
          if (p.startsWith('/sandbox') && r.status === 200 && marks.sandbox_ready_ms == null)
            marks.sandbox_ready_ms = t;
        }),
      );
    }
    await Promise.all(inflight);
    await scrape;
    // Idle: wait (up to 3 min) until the sandbox answers, then 10 s without requests, then read the memory.
    for (const until = now() + 180_000; marks.sandbox_ready_ms == null && now() < until; await sleep(2000)) {
      if ((await timedGet(base + sandboxPath)).status === 200) marks.sandbox_ready_ms = now() - t0;
    }
    await sleep(10_000);
    const idle = await timedGet(`${base}/metrics`);
    if (idle.status === 200)
      mem.push({
        t_s: Math.round((now() - tHealth) / 100) / 10,
        rss: procMemory(pid).rss,
        heap_used: metric(idle.body, 'scoreline_nodejs_heap_size_used_bytes'),
        heap_total: metric(idle.body, 'scoreline_nodejs_heap_size_total_bytes'),
        external: metric(idle.body, 'scoreline_nodejs_external_memory_bytes'),
      });
    const last = mem.at(-1);
    const pm = procMemory(pid);
    const parts = rssBreakdown(pid);
    // The server's own readings at each stage of the start (server/monitoring/memory-mib.ts).
    const stages: Record<string, unknown> = {};
    for (const line of s.logs().split('\n')) {
      const m = /"memory_mib":(\{[^}]*\})[^\n]*"msg":"([^"]+)"/.exec(line);
      if (m) stages[m[2].replace(/ on http.*/, '')] = JSON.parse(m[1]);
    }
    const result = {
      at: new Date().toISOString(),
      env: opts.env ?? {},
      first_start: firstStart,
      seconds,
      rps,
      marks: Object.fromEntries(Object.entries(marks).map(([k2, v]) => [k2, v == null ? null : Math.round(v)])),
      requests: {
        ...summaryWithCount(latencies),
        by_path: Object.fromEntries([...byPath].map(([p, v]) => [p, summaryWithCount(v)])),
        statuses,
      },
      event_loop_lag_max_ms: {
        max: Math.round(Math.max(...lagMax.map((x) => x.lag_ms))),
        per_second: lagMax.map((x) => ({ ...x, lag_ms: Math.round(x.lag_ms) })),
      },
      memory_mib: {
        rss: MB(pm.rss),
        hwm: MB(pm.hwm),
        peak_sampled: MB(peakRss),
        heap_used: last ? MB(last.heap_used) : null,
        heap_total: last ? MB(last.heap_total) : null,
        external: last ? MB(last.external) : null,
      },
      stages_mib: stages,
      rss_breakdown_mib: {
        wasm: MB(parts.wasm),
        wasm_each: parts.wasm_each.map(MB),
        anon: MB(parts.anon),
        brk: MB(parts.brk),
        code: MB(parts.code),
        stack: MB(parts.stack),
        threads: parts.threads,
      },
      memory_series_mib: mem.map((x) => ({
        t_s: x.t_s,
        rss: MB(x.rss),
        heap_used: MB(x.heap_used),
        external: MB(x.external),
      })),
    };
    return result;
  } finally {
    clearInterval(rssTimer);
    s.proc.kill('SIGTERM');
    const killer = setTimeout(() => s.proc.kill('SIGKILL'), 10_000);
    await s.exited;
    clearTimeout(killer);
    if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function parseArgs(argv: string[]): StartupBenchOptions {
  const o: StartupBenchOptions = { env: {} };
  for (const a of argv) {
    const [k, ...rest] = a.replace(/^--/, '').split('=');
    const v = rest.join('=');
    if (k === 'data-dir') o.dataDir = path.resolve(v);
    else if (k === 'seconds') o.seconds = Number(v);
    else if (k === 'rps') o.rps = Number(v);
    else if (k === 'env') o.env![v.split('=')[0]] = v.split('=').slice(1).join('=');
    else throw new Error(`unknown option ${a}`);
  }
  return o;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'bench/startup-memory.ts')) {
  const r = await runStartupBench(parseArgs(process.argv.slice(2)));
  console.log(
    `start-up (${r.first_start ? 'first start, empty data dir' : 'existing data dir'}${Object.keys(r.env).length ? `, env ${JSON.stringify(r.env)}` : ''}):`,
  );
  for (const [k, v] of Object.entries(r.marks))
    console.log(`  ${k.padEnd(20)} ${v == null ? '—' : `${(v / 1000).toFixed(2)} s`}`);
  console.log(
    `${r.requests.n} requests in the first ${r.seconds} s after /healthz: p50 ${r.requests.p50} / p99 ${r.requests.p99} / max ${r.requests.max} ms`,
  );
  for (const [p, v] of Object.entries(r.requests.by_path))
    console.log(`  ${p.padEnd(60)} n ${v.n} p50 ${v.p50} p99 ${v.p99} max ${v.max} ms`);
  console.log(`  statuses ${JSON.stringify(r.requests.statuses)}`);
  console.log(
    `event-loop delay, max per second: max ${r.event_loop_lag_max_ms.max} ms; ${r.event_loop_lag_max_ms.per_second.map((x) => x.lag_ms).join(' ')}`,
  );
  console.log(
    `memory idle (sandbox ready + 10 s, at +${r.memory_series_mib.at(-1)?.t_s} s): RSS ${r.memory_mib.rss} MiB (VmHWM ${r.memory_mib.hwm}, sampled peak ${r.memory_mib.peak_sampled}); V8 heap used ${r.memory_mib.heap_used} / total ${r.memory_mib.heap_total}; external ${r.memory_mib.external}`,
  );
  for (const [k, v] of Object.entries(r.stages_mib)) console.log(`  at '${k}': ${JSON.stringify(v)} MiB`);
  const b = r.rss_breakdown_mib;
  console.log(
    `  RSS by mapping (/proc smaps): wasm ${b.wasm} (${b.wasm_each.join(' + ')}: PGlite heaps); other anonymous ${b.anon} (V8 heaps, JIT code, malloc arenas); [heap] ${b.brk}; file-backed ${b.code}; ${b.threads} threads`,
  );
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `startup-memory-${r.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(r, null, 2));
  console.log(`written ${path.relative(ROOT, file)}`);
}
