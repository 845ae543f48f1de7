/**
 * Dashboard page-load bench: how fast the live scoreboard (`/`) paints and goes live, and how much
 * it ships, next to a mostly static page of the same app (`/about`) as a baseline.
 *
 * Run: `node --import tsx bench/dashboard.ts [--runs=10] [--url=http://host:port]`
 *
 * How:
 * 1. ensureBuild() (runs `next build` only when `.next/BUILD_ID` is missing), then starts the built
 *    server the way users run it — `NODE_ENV=production node .server-build/index.mjs`, replay
 *    on at real speed — on a free port with a temp data dir, and waits until football matches are
 *    in play. With `--url` an already running server is measured instead. All loads come from one
 *    IP, so the bench raises VIEWER_SESSIONS_PER_IP_PER_MIN (every fresh context is a new viewer
 *    session); nothing else differs from the defaults.
 * 2. Headless Debian chromium through playwright-core. Each load uses a fresh browser context
 *    (empty cache, no cookies: a first visit). `/` and `/about` are loaded alternately, `--runs`
 *    times each; the first load of each page is a warm-up and is discarded.
 * 3. Per load, from the page's own timeline (ms since navigation start, performance.timeOrigin):
 *    - TTFB: the navigation entry's responseStart (server render time shows here).
 *    - FCP: the `first-contentful-paint` paint entry.
 *    - DOMContentLoaded, load: the navigation entry's domContentLoadedEventEnd / loadEventEnd.
 *    - live open ("time to interactive" here): performance.now() at the moment the page sets
 *      `document.documentElement.dataset.live = 'open'` (its WebSocket to /v1/ws connected),
 *      caught by a MutationObserver installed before any page script runs, so no polling delay.
 *      Both pages have it: the live connection lives in the root layout.
 *    After live open and the load event, the bench waits for network idle (≤ 5 s) and then reads:
 *    - JS decoded / encoded: sum of decodedBodySize / encodedBodySize of the `.js` resources in
 *      Resource Timing (encoded = the body as served, compressed or not).
 *    - JS wire, total wire, requests: CDP Network.loadingFinished encodedDataLength (bytes received
 *      including headers) per HTTP request, summed for scripts and for everything; requests =
 *      HTTP requests finished or failed (the WebSocket is not counted; its frames are not bytes here).
 *    - JS gzip: each script's decoded body gzipped at zlib level 6 in Node (what gzip would ship,
 *      whatever encoding the server uses), fetched once per distinct URL after the runs.
 * 4. Prints p50 / p90 (nearest rank) per metric and page, the ratios `/` ÷ `/about` for FCP and
 *    JS bytes, and writes everything (samples included) to bench/results/dashboard-<timestamp>.json.
 *
 * No assertions: the figures are for comparison between commits on the same machine.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { ensureBuild, getJson, ROOT, startTestServer, waitFor, type TestServer } from '../test/helpers/server';
import { launchBrowser } from '../e2e/helpers/browser';
import { gzipSizes, measure, type Sample } from './dashboard-measure';
import { pct } from './lib/stats';

const PAGES = ['/', '/about'] as const;
type PagePath = (typeof PAGES)[number];

type Metric = Exclude<keyof Sample, 'jsEncoding' | 'requestTypes' | 'scripts'>;
const METRICS: { key: Metric; label: string; unit: 'ms' | 'KiB' | '#' }[] = [
  { key: 'ttfb', label: 'time to first byte', unit: 'ms' },
  { key: 'fcp', label: 'first contentful paint', unit: 'ms' },
  { key: 'dcl', label: 'DOMContentLoaded', unit: 'ms' },
  { key: 'load', label: 'load', unit: 'ms' },
  { key: 'liveOpen', label: 'live open (TTI)', unit: 'ms' },
  { key: 'jsDecoded', label: 'JS decoded', unit: 'KiB' },
  { key: 'jsEncoded', label: 'JS encoded body', unit: 'KiB' },
  { key: 'jsWire', label: 'JS on the wire', unit: 'KiB' },
  { key: 'jsGzip', label: 'JS gzip -6', unit: 'KiB' },
  { key: 'totalWire', label: 'total on the wire', unit: 'KiB' },
  { key: 'requests', label: 'requests', unit: '#' },
  { key: 'scriptRequests', label: 'script requests', unit: '#' },
];

export interface Stat {
  n: number;
  p50: number | null;
  p90: number | null;
  min: number | null;
  max: number | null;
}

/** n, p50, p90 (nearest rank, bench/lib/stats.ts pct), min and max of `key` over the samples that have it; null figures when none has. */
function stat(samples: Sample[], key: Metric): Stat {
  const v = samples
    .map((s) => s[key])
    .filter((x): x is number => typeof x === 'number')
    .sort((a, b) => a - b);
  return {
    n: v.length,
    p50: v.length ? pct(v, 0.5) : null,
    p90: v.length ? pct(v, 0.9) : null,
    min: v.length ? Math.min(...v) : null,
    max: v.length ? Math.max(...v) : null,
  };
}

function fmt(v: number | null, unit: 'ms' | 'KiB' | '#'): string {
  if (v == null) return '—';
  if (unit === 'KiB') return (v / 1024).toFixed(1);
  if (unit === 'ms') return v.toFixed(0);
  return String(Math.round(v));
}

function ratio(a: number | null, b: number | null): number | null {
  return a != null && b ? a / b : null;
}

function gitCommit(): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head}-dirty` : head;
  } catch {
    return null;
  }
}

export interface DashboardBenchOptions {
  /** Loads per page, including the discarded warm-up (default 10). */
  runs?: number;
  /** Measure this running server instead of starting one. */
  url?: string;
  /** Write the JSON copy here (default bench/results). */
  resultsDir?: string;
}

/** Runs the bench, prints the table, writes the JSON copy; resolves with the JSON document. */
export async function runDashboardBench(opts: DashboardBenchOptions = {}) {
  const runs = Math.max(2, opts.runs ?? 10);
  const startedAt = new Date();
  let server: TestServer | null = null;
  let browser: Browser | null = null;
  const onSignal = () => {
    void Promise.allSettled([browser?.close(), server?.stop()]).then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    let base = opts.url?.replace(/\/+$/, '');
    let liveAtStart: number | null = null;
    if (!base) {
      console.log('building (if needed) and starting the production server, replay on …');
      await ensureBuild();
      server = await startTestServer({ REPLAY: 'on', VIEWER_SESSIONS_PER_IP_PER_MIN: '100000' });
      base = server.baseUrl;
      const s = server;
      liveAtStart = await waitFor(
        'football matches in play',
        async () => {
          const r = await getJson(s, '/v1/football/live');
          return r.status === 200 && r.body.data.length > 0 ? (r.body.data.length as number) : null;
        },
        60_000,
        250,
      );
      console.log(`server pid ${server.proc.pid} at ${base}; ${liveAtStart} football matches in play`);
    }

    browser = await launchBrowser(); // Debian's Chromium, e2e's flags
    const samples: Record<PagePath, Sample[]> = { '/': [], '/about': [] };
    for (let i = 0; i < runs; i++) {
      for (const p of PAGES) {
        const sm = await measure(browser, base + p);
        samples[p].push(sm);
        process.stdout.write(
          `  run ${i + 1}/${runs} ${p.padEnd(6)} fcp ${fmt(sm.fcp, 'ms')} ms, live ${fmt(sm.liveOpen, 'ms')} ms${i === 0 ? ' (warm-up, discarded)' : ''}\n`,
        );
      }
    }
    const gz = await gzipSizes(PAGES.flatMap((p) => samples[p].flatMap((s) => s.scripts)));
    for (const p of PAGES) for (const s of samples[p]) s.jsGzip = s.scripts.reduce((a, u) => a + (gz.get(u) ?? 0), 0);

    const kept = Object.fromEntries(PAGES.map((p) => [p, samples[p].slice(1)])) as Record<PagePath, Sample[]>;
    const summary = Object.fromEntries(
      PAGES.map((p) => [p, Object.fromEntries(METRICS.map((m) => [m.key, stat(kept[p], m.key)]))]),
    ) as Record<PagePath, Record<Metric, Stat>>;
    const ratios = {
      fcp_p50: ratio(summary['/'].fcp.p50, summary['/about'].fcp.p50),
      js_decoded_p50: ratio(summary['/'].jsDecoded.p50, summary['/about'].jsDecoded.p50),
      js_gzip_p50: ratio(summary['/'].jsGzip.p50, summary['/about'].jsGzip.p50),
    };

    // Table.
    const head = ['metric', 'unit', '/ p50', '/ p90', '/about p50', '/about p90', '/ ÷ /about (p50)'];
    const rows = METRICS.map((m) => {
      const a = summary['/'][m.key];
      const b = summary['/about'][m.key];
      const r = ratio(a.p50, b.p50);
      return [
        m.label,
        m.unit,
        fmt(a.p50, m.unit),
        fmt(a.p90, m.unit),
        fmt(b.p50, m.unit),
        fmt(b.p90, m.unit),
        r == null ? '—' : `${r.toFixed(2)}×`,
      ];
    });
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    const browserVersion = browser.version();
    const enc = [...new Set(PAGES.flatMap((p) => kept[p].map((s) => s.jsEncoding)))].join(' / ');
    console.log(
      `\nDashboard page load — ${runs - 1} measured loads per page (+1 warm-up), fresh context each, chromium ${browserVersion}, ${os.cpus().length} CPUs`,
    );
    console.log(line(head));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const r of rows) console.log(line(r));
    console.log(`\nscripts served with content-encoding: ${enc}`);
    for (const p of PAGES) {
      const types = kept[p].at(-1)?.requestTypes ?? {};
      console.log(
        `requests of the last ${p} load by type: ${Object.entries(types)
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    }
    console.log(
      `live ÷ about: FCP ${ratios.fcp_p50?.toFixed(2) ?? '—'}×, JS decoded ${ratios.js_decoded_p50?.toFixed(2) ?? '—'}×, JS gzip ${ratios.js_gzip_p50?.toFixed(2) ?? '—'}×`,
    );
    const missing = PAGES.flatMap((p) =>
      summary[p].liveOpen.n < kept[p].length
        ? [`${p}: ${kept[p].length - summary[p].liveOpen.n} loads never went live`]
        : [],
    );
    if (missing.length) console.log(`note: ${missing.join('; ')}`);

    const doc = {
      bench: 'dashboard',
      at: startedAt.toISOString(),
      commit: gitCommit(),
      environment: {
        node: process.version,
        chromium: browserVersion,
        platform: `${os.platform()} ${os.release()}`,
        cpus: os.cpus().length,
        cpu_model: os.cpus()[0]?.model ?? null,
      },
      config: {
        runs,
        warmup: 1,
        url: opts.url ?? null,
        started_server: !opts.url,
        server_env: opts.url
          ? null
          : { NODE_ENV: 'production', REPLAY: 'on', VIEWER_SESSIONS_PER_IP_PER_MIN: '100000' },
        football_live_at_start: liveAtStart,
      },
      units: Object.fromEntries(
        METRICS.map((m) => [m.key, m.unit === 'KiB' ? 'bytes' : m.unit === '#' ? 'count' : 'ms']),
      ),
      summary,
      ratios,
      samples: Object.fromEntries(PAGES.map((p) => [p, samples[p].map((s, i) => ({ ...s, warmup: i === 0 }))])),
      script_gzip_bytes: Object.fromEntries(gz),
    };
    const dir = opts.resultsDir ?? path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `dashboard-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
    console.log(`JSON: ${path.relative(process.cwd(), file)}`);
    return doc;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await browser?.close();
    await server?.stop();
  }
}

function arg(name: string): string | undefined {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a?.slice(name.length + 3);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const runs = arg('runs') ? Number(arg('runs')) : undefined;
  if (runs !== undefined && (!Number.isInteger(runs) || runs < 2)) {
    console.error('--runs must be an integer ≥ 2 (the first load of each page is a warm-up)');
    process.exit(2);
  }
  runDashboardBench({ runs, url: arg('url') }).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
