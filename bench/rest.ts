/**
 * REST read throughput (issue 18 target 1): Scoreline's /v1 reads against a bare node:http server
 * answering the very same bytes and headers, interleaved A/B, in the same run.
 *
 * Run: `node --import tsx bench/rest.ts [--runs=3] [--duration=5] [--connections=32] [--replay=on|off] [--encoding=br|gzip] [--only=live,odds] [--env=NAME=value] [--prof-dir=DIR]`
 * (`--only`: those reads; `--env`: extra server environment; `--prof-dir`: the server runs with --cpu-prof and writes its profile there when stopped, the bare server's to `DIR/bare`)
 *
 * How:
 * 1. Starts the production server as users run it (`NODE_ENV=production node
 *    .server-build/index.mjs`, the server bundle; pages off, replay on at real speed unless `--replay=off`, temp data dir,
 *    football bundled) with an enterprise key whose limits are raised out of the way, and (replay
 *    on) waits until football matches are in play.
 * 2. Captures each read's answer (status, headers, body bytes, with the bench's own request
 *    headers: the key, and `accept-encoding` when `--encoding` is given) and hands them to
 *    bench/rest-bare.ts, a bare node:http server in its own process that answers each path with them.
 * 3. For each run and each read, autocannon (in this process) loads Scoreline then the bare server
 *    for `--duration` s each (the order alternates run by run), after a 1 s warm-up of each.
 * 4. Prints per read min / median / max of req/s and p99 latency for both, the ratio Scoreline ÷
 *    bare of each run (min / median / max), non-2xx answers, the CPU time each server process
 *    spent per request (/proc/<pid>/stat; Scoreline's includes its background work, measured
 *    alone for 3 s before the runs and printed), and writes it all to
 *    bench/results/rest-<timestamp>.json.
 *
 * With replay on the log moves while the bench runs (events, model odds): answers are rebuilt as
 * their version changes, as in production. No assertions: figures for comparing commits.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { BenchChild } from './lib/child';
import { round } from './lib/stats';
import { ensureBuild, getJson, ROOT, startTestServer, waitFor, type TestServer } from '../test/helpers/server';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const RUNS = Number(args.runs ?? 3);
/** `--env=NAME=value` (repeatable): extra server environment. */
const extraEnv = Object.fromEntries(
  process.argv
    .filter((a) => a.startsWith('--env='))
    .map((a) => [a.slice(6, a.indexOf('=', 6)), a.slice(a.indexOf('=', 6) + 1)]),
);
const DURATION_S = Number(args.duration ?? 5);
const CONNECTIONS = Number(args.connections ?? 32);
const REPLAY = args.replay ?? 'on';
const ENCODING = args.encoding;

/** Headers a server adds per connection or per moment: not part of the captured answer. */
const HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Captured {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** GETs `p` with `headers` and returns status, headers and body bytes exactly as sent. */
function capture(base: string, p: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(base + p, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers))
            if (!HOP.has(k) && v != null) h[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode!, headers: h, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

interface Load {
  rps: number;
  p99: number;
  non2xx: number;
  /** CPU time (user + system) the answering process spent per request, µs; of it in the kernel (system). */
  cpuUs: number;
  sysUs: number;
}

/** CPU seconds process `pid` has used so far, user and system (/proc/<pid>/stat fields 14 and 15, clock ticks of 10 ms). */
function cpuTimes(pid: number): { user: number; system: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(f[11]) / 100, system: Number(f[12]) / 100 };
}

/** CPU seconds (user + system) process `pid` has used so far. */
function cpuSeconds(pid: number): number {
  const t = cpuTimes(pid);
  return t.user + t.system;
}

/**
 * Loads `url` for `seconds` with CONNECTIONS connections; mean req/s, p99 latency (ms), non-2xx
 * answers, and the CPU time process `pid` (the server answering) spent per request.
 */
async function load(url: string, headers: Record<string, string>, seconds: number, pid: number): Promise<Load> {
  const t0 = cpuTimes(pid);
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const t1 = cpuTimes(pid);
  const per = (s: number) => Math.round((s * 1e6) / Math.max(1, r.requests.total));
  return {
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors + r.timeouts,
    cpuUs: per(t1.user + t1.system - t0.user - t0.system),
    sysUs: per(t1.system - t0.system),
  };
}

const spread = (xs: number[], d = 0) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: round(s[0], d), median: round(s[Math.floor((s.length - 1) / 2)], d), max: round(s[s.length - 1], d) };
};
const fmt = (x: { min: number; median: number; max: number }) => `${x.min} / ${x.median} / ${x.max}`;

async function main(): Promise<void> {
  await ensureBuild();
  const limits = JSON.stringify({
    enterprise: { requests_per_minute: 1_000_000_000, requests_per_day: 1_000_000_000 },
  });
  const s: TestServer = await startTestServer(
    { PAGES: 'off', REPLAY, INITIAL_API_KEY_PLAN: 'enterprise', PLAN_LIMITS: limits, ...extraEnv },
    {
      listenTimeoutMs: 240_000,
      nodeArgs: args['prof-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['prof-dir'])}`] : [],
    },
  );
  let bare: BenchChild | null = null;
  try {
    if (REPLAY !== 'off')
      await waitFor(
        'football matches in play',
        async () => (await getJson(s, '/v1/football/live')).body.data?.length > 0,
        180_000,
        1000,
      );
    // A finished match with 1X2 odds for the odds read.
    const results = (await getJson(s, '/v1/football/results?league=premier-league&season=2023-24&limit=50')).body
      .data as { fixture_id: number }[];
    let oddsId: number | null = null;
    for (const r of results)
      if ((await getJson(s, `/v1/football/odds?match_id=${r.fixture_id}`)).status === 200 && (oddsId = r.fixture_id))
        break;
    const reads: Record<string, string> = {
      live: '/v1/football/live',
      standings: '/v1/football/standings?league=premier-league&season=2023-24',
      fixtures: '/v1/football/fixtures',
      results: '/v1/football/results?league=premier-league&season=2023-24',
      ...(oddsId ? { odds: `/v1/football/odds?match_id=${oddsId}` } : {}),
      // --uncached: also a read that is never cached (the API app itself, through the bridge, on every request)
      ...('uncached' in args ? { leagues: '/v1/football/leagues' } : {}),
    };
    if (args.only) for (const k of Object.keys(reads)) if (!args.only.split(',').includes(k)) delete reads[k];
    const headers: Record<string, string> = {
      authorization: `Bearer ${s.apiKey}`,
      ...(ENCODING ? { 'accept-encoding': ENCODING } : {}),
    };
    const answers: Record<string, Captured> = {};
    for (const p of Object.values(reads)) answers[p] = await capture(s.baseUrl, p, headers);
    bare = new BenchChild(path.join(ROOT, 'bench/rest-bare.ts'), {
      env: process.env,
      execArgv: args['prof-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['prof-dir'], 'bare')}`] : [],
    });
    const { port } = await bare.request<{ port: number }>({ type: 'answers', answers }, 'listening');
    const bareBase = `http://127.0.0.1:${port}`;
    const serverPid = s.proc.pid!;
    const barePid = bare.proc.pid!;
    // The server's own background work (replay, model odds, webhooks) while nothing is asked of it.
    const idle0 = cpuSeconds(serverPid);
    await new Promise((r) => setTimeout(r, 3000));
    const backgroundCores = (cpuSeconds(serverPid) - idle0) / 3;

    const out: Record<
      string,
      { path: string; bytes: number; encoding: string | null; scoreline: Load[]; bare: Load[] }
    > = {};
    for (const [name, p] of Object.entries(reads)) {
      out[name] = {
        path: p,
        bytes: Buffer.from(answers[p].body, 'base64').length,
        encoding: answers[p].headers['content-encoding'] ?? null,
        scoreline: [],
        bare: [],
      };
      await load(s.baseUrl + p, headers, 1, serverPid); // warm-up
      await load(bareBase + p, headers, 1, barePid);
    }
    for (let run = 0; run < RUNS; run += 1) {
      for (const [name, p] of Object.entries(reads)) {
        const order = run % 2 === 0 ? (['scoreline', 'bare'] as const) : (['bare', 'scoreline'] as const);
        for (const who of order)
          out[name][who].push(
            await load(
              (who === 'bare' ? bareBase : s.baseUrl) + p,
              headers,
              DURATION_S,
              who === 'bare' ? barePid : serverPid,
            ),
          );
        process.stdout.write(
          `run ${run + 1}/${RUNS} ${name}: scoreline ${out[name].scoreline.at(-1)!.rps} req/s, bare ${out[name].bare.at(-1)!.rps} req/s\n`,
        );
      }
    }

    console.log(
      `\nREST reads, ${RUNS} runs × ${DURATION_S} s, ${CONNECTIONS} connections, replay ${REPLAY}, accept-encoding ${ENCODING ?? '(none)'}; server background CPU while idle ${(backgroundCores * 100).toFixed(1)} % of a core`,
    );
    console.log(
      '| read | bytes | Scoreline req/s min / median / max | p99 ms | bare req/s | p99 ms | ratio min / median / max | non-2xx | CPU µs/req Scoreline / bare, of it kernel (medians) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    const summary: Record<string, unknown> = {};
    for (const [name, o] of Object.entries(out)) {
      const ratio = spread(
        o.scoreline.map((x, i) => x.rps / o.bare[i].rps),
        3,
      );
      const row = {
        scoreline: spread(o.scoreline.map((x) => x.rps)),
        scoreline_p99: spread(o.scoreline.map((x) => x.p99)),
        bare: spread(o.bare.map((x) => x.rps)),
        bare_p99: spread(o.bare.map((x) => x.p99)),
        ratio,
        non2xx: o.scoreline.reduce((n, x) => n + x.non2xx, 0),
        cpu_us: spread(o.scoreline.map((x) => x.cpuUs)),
        bare_cpu_us: spread(o.bare.map((x) => x.cpuUs)),
        sys_us: spread(o.scoreline.map((x) => x.sysUs)),
        bare_sys_us: spread(o.bare.map((x) => x.sysUs)),
      };
      summary[name] = row;
      console.log(
        `| ${name} \`${o.path}\` | ${o.bytes}${o.encoding ? ` (${o.encoding})` : ''} | ${fmt(row.scoreline)} | ${fmt(row.scoreline_p99)} | ${fmt(row.bare)} | ${fmt(row.bare_p99)} | ${fmt(ratio)} | ${row.non2xx} | ${row.cpu_us.median} / ${row.bare_cpu_us.median}, ${row.sys_us.median} / ${row.bare_sys_us.median} |`,
      );
    }
    const metrics = await (await fetch(`${s.baseUrl}/metrics`)).text();
    const lookups = Object.fromEntries(
      [...metrics.matchAll(/^scoreline_read_cache_lookups_total\{outcome="(\w+)"\} (\d+)/gm)].map((m) => [
        m[1],
        Number(m[2]),
      ]),
    );
    console.log(
      `\nread cache: ${lookups.hit ?? 0} hits, ${lookups.miss ?? 0} misses (answers rebuilt as their version or validity changed)`,
    );
    summary.read_cache = lookups;
    const dir = path.join(ROOT, 'bench/results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `rest-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          runs: RUNS,
          duration_s: DURATION_S,
          connections: CONNECTIONS,
          replay: REPLAY,
          encoding: ENCODING ?? null,
          background_cores: backgroundCores,
          summary,
          samples: out,
        },
        null,
        2,
      ),
    );
    console.log(`\nwritten ${path.relative(ROOT, file)}`);
  } finally {
    await bare?.stop();
    await s.stop();
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
