/**
 * Child processes of bench/webhooks.ts; not meant to be run by hand. The first argument picks the role.
 *
 *   fork('bench/webhooks-server.ts', ['server'], { execArgv: ['--import', 'tsx'], env: { DATA_DIR, INITIAL_API_KEY, PLAN_LIMITS, … } })
 *   fork('bench/webhooks-server.ts', ['baseline'], { execArgv: ['--import', 'tsx'] })
 *
 * `server`: the real Scoreline (bench/lib/scoreline-child.ts), alone in its process (its RSS and event loop are the server's):
 * `startServer(loadConfig(env), { pages: false })` on 127.0.0.1 and a free port with replay,
 * bootstrap and sandbox off, WEBHOOK_ALLOW_LOOPBACK=on, the store PGlite in the DATA_DIR the
 * parent made. Imports ONE real match — World Cup 2022 Qatar v Ecuador from the bundled
 * openfootball file, without its goals and result so it is still to be played — and kicks it off
 * through `engine.ingest` (`period_start` 1st_half) before any endpoint exists, so that event is
 * never delivered. Reports `{type:'ready', port, fixture_id, league, match}` over IPC. Commands:
 * - `{type:'ingest', i}`: ingests live event i through `services.engine.ingest` (alternately a
 *   `corner`, home/away in turn, and a running `clock` correction: lib/football/rules.ts applies
 *   both to any match), stamping the clock just before the call; answers
 *   `{type:'ingested', i, seq, status, t_ingest, t_resolved}`.
 * - `{type:'stats'}`: `{type:'stats', errors (failed attempts so far by error text, top 10), rss, max_rss, heap_used, elu, delivered, failed_attempts,
 *   transactions, wasm_calls, wasm_ms, sync_ms}` — the dispatcher's counters, top-level drizzle
 *   transactions started, and the calls to / time inside PGlite's wasm (`execProtocolRawSync`)
 *   and its file sync (`syncToFs`), wrapped on the instance here; no server code is changed.
 *   `elu` is the event loop utilization since the previous `stats`.
 * - `{type:'analyze', i}`: a what-if, not Scoreline's behaviour — runs `ANALYZE` on the webhook
 *   tables now and every i ms (PGlite has no autovacuum daemon, so the planner otherwise keeps
 *   the statistics of empty tables).
 * - `{type:'stop'}`: stops the server (in-flight attempts finish) and exits.
 *
 * `baseline`: the floor the dispatcher is compared with — a bare loop that POSTs the given body to
 * every target URL, at most `concurrency` requests in flight over all targets, FIFO, nothing else
 * (no store, no signing, no SSRF lookup), with `mode` `agent-false` (node:http, a new connection
 * per POST, as server/webhooks/send.ts did before the pools) or `undici` (an undici Agent with
 * keep-alive pools per origin, as the dispatcher now has, without its SSRF connector).
 * Commands: `{type:'targets', urls, concurrency, mode}` → `{type:'targets'}`;
 * `{type:'fire', i, id, body, headers}` stamps the clock, answers `{type:'fired', i, t}` and
 * queues one POST per target with `webhook-id: id`; `{type:'stats'}` → `{type:'stats', rss, max_rss,
 * elu, ok, failed}`; `{type:'stop'}` exits once nothing is in flight.
 *
 * Times are `process.hrtime` (CLOCK_MONOTONIC) in ms: one clock for every process on the machine.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { Agent } from 'undici';
import { now } from './lib/clock';
import { toParent as send } from './lib/in-child';
import { importKickedOffFixture, liveEvent, startBenchServer } from './lib/scoreline-child';

function memory(): { rss: number; max_rss: number; heap_used: number } {
  const u = process.memoryUsage();
  return { rss: u.rss, max_rss: process.resourceUsage().maxRSS * 1024, heap_used: u.heapUsed };
}

/** Event loop utilization since the previous call. */
function eluSince(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const cur = performance.eventLoopUtilization();
    const d = performance.eventLoopUtilization(cur, last);
    last = cur;
    return d.utilization;
  };
}

async function serverMain(): Promise<void> {
  const running = await startBenchServer({ WEBHOOK_ALLOW_LOOPBACK: 'on' });
  const { engine, store } = running.services;

  // Instrumentation on instances only (the dispatcher and engine use these same objects).
  const counters = { transactions: 0, wasm_calls: 0, wasm_ms: 0, sync_ms: 0 };
  /** PGlite wasm time per SQL text (first 110 characters). */
  const statements = new Map<string, { n: number; ms: number }>();
  const db = store.db as unknown as { transaction: (...a: unknown[]) => unknown; $client?: Record<string, unknown> };
  const tx = db.transaction.bind(db);
  db.transaction = (...a: unknown[]) => {
    counters.transactions++;
    return tx(...a);
  };
  const client = db.$client as
    | { execProtocolRawSync?: (m: Uint8Array) => Uint8Array; syncToFs?: (...a: unknown[]) => Promise<unknown> }
    | undefined;
  if (client?.execProtocolRawSync && client.syncToFs) {
    const raw = client.execProtocolRawSync.bind(client);
    const latin1 = new TextDecoder('latin1');
    let current: { n: number; ms: number } | undefined;
    client.execProtocolRawSync = (m) => {
      // A Parse ('P': name, text) or simple Query ('Q': text) message starts a statement; the
      // describe / bind / execute / sync calls after it are charged to it.
      if (m[0] === 0x50 || m[0] === 0x51) {
        let at = 5;
        if (m[0] === 0x50) {
          while (at < m.length && m[at] !== 0) at++; // skip the statement name
          at++;
        }
        let end = at;
        while (end < m.length && m[end] !== 0) end++;
        const text = latin1
          .decode(m.subarray(at, Math.min(end, at + 400)))
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 110);
        current = statements.get(text) ?? { n: 0, ms: 0 };
        statements.set(text, current);
        current.n++;
      }
      const t0 = performance.now();
      try {
        return raw(m);
      } finally {
        const dt = performance.now() - t0;
        counters.wasm_calls++;
        counters.wasm_ms += dt;
        if (current) current.ms += dt;
      }
    };
    const sync = client.syncToFs.bind(client);
    client.syncToFs = async (...a) => {
      const t0 = performance.now();
      try {
        return await sync(...a);
      } finally {
        counters.sync_ms += performance.now() - t0;
      }
    };
  }

  const { fixtureId, info, runId } = await importKickedOffFixture(engine, 'bench-webhooks');

  const elu = eluSince();
  process.on('message', async (m: { type: string; i?: number }) => {
    if (m.type === 'ingest') {
      const i = m.i!;
      const t_ingest = now();
      engine.ingest([{ fixture_id: fixtureId, event: liveEvent('bench-webhooks', runId, i) }], 'bench').then(
        ([o]) =>
          send({
            type: 'ingested',
            i,
            seq: o.status === 'stored' ? o.seq : null,
            status: o.status,
            t_ingest,
            t_resolved: now(),
          }),
        (err) =>
          send({
            type: 'ingested',
            i,
            seq: null,
            status: `error: ${(err as Error).message}`,
            t_ingest,
            t_resolved: now(),
          }),
      );
    } else if (m.type === 'stats') {
      const errors = (
        (await store.db.execute(
          sql`SELECT coalesce(error, 'HTTP ' || status_code) AS error, count(*)::int AS n FROM webhook_attempts WHERE error IS NOT NULL OR status_code NOT BETWEEN 200 AND 299 GROUP BY 1 ORDER BY 2 DESC LIMIT 10`,
        )) as unknown as { rows: { error: string; n: number }[] }
      ).rows;
      send({
        type: 'stats',
        errors,
        ...memory(),
        elu: elu(),
        // Read now: on PostgreSQL the dispatcher is created when this process takes leadership, after start.
        ...(running.services.webhooks?.counters ?? { delivered: 0, failed_attempts: 0 }),
        ...counters,
        statements: [...statements].map(([sql, x]) => ({ sql, ...x })),
        pglite_instrumented: Boolean(client?.execProtocolRawSync),
      });
    } else if (m.type === 'analyze') {
      // What-if (--analyze): planner statistics for the webhook tables, which PGlite (no autovacuum daemon) never collects.
      const run = () =>
        store.db.execute(sql`ANALYZE webhook_deliveries, webhook_endpoints, webhook_messages`).catch(() => undefined);
      void run();
      setInterval(run, m.i ?? 1000).unref();
    } else if (m.type === 'stop') {
      void running.stop().finally(() => process.exit(0));
    }
  });
  process.on('disconnect', () => process.exit(0));
  send({
    type: 'ready',
    port: running.port,
    fixture_id: fixtureId,
    league: info.competition.slug,
    match: `${info.home_team} v ${info.away_team}`,
  });
}

function baselineMain(): void {
  let urls: URL[] = [];
  let concurrency = 64;
  let pool: Agent | null = null;
  const queue: { url: URL; body: string; headers: Record<string, string> }[] = [];
  let head = 0;
  let inFlight = 0;
  let ok = 0;
  let failed = 0;
  let stopping = false;
  const elu = eluSince();

  const postUndici = (job: (typeof queue)[number]): Promise<void> =>
    pool!
      .request({
        origin: job.url.origin,
        path: job.url.pathname,
        method: 'POST',
        headers: { ...job.headers, 'content-length': String(Buffer.byteLength(job.body)) },
        body: job.body,
      })
      .then(
        async (res) => {
          await res.body.dump();
          if (res.statusCode >= 200 && res.statusCode < 300) ok++;
          else failed++;
        },
        () => void failed++,
      );

  const postAgentFalse = (job: (typeof queue)[number]): Promise<void> =>
    new Promise((resolve) => {
      const req = http.request(
        job.url,
        {
          method: 'POST',
          headers: { ...job.headers, 'content-length': String(Buffer.byteLength(job.body)) },
          agent: false,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode && res.statusCode >= 200 && res.statusCode < 300) ok++;
            else failed++;
            resolve();
          });
          res.on('error', () => (failed++, resolve()));
        },
      );
      req.on('error', () => (failed++, resolve()));
      req.end(job.body);
    });

  const post = (job: (typeof queue)[number]): Promise<void> => (pool ? postUndici(job) : postAgentFalse(job));

  const pump = (): void => {
    while (inFlight < concurrency && head < queue.length) {
      const job = queue[head];
      queue[head++] = undefined as never;
      inFlight++;
      void post(job).then(() => {
        inFlight--;
        pump();
      });
    }
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
    }
    if (stopping && inFlight === 0) process.exit(0);
  };

  process.on(
    'message',
    (m: {
      type: string;
      urls?: string[];
      concurrency?: number;
      mode?: string;
      i?: number;
      id?: string;
      body?: string;
      headers?: Record<string, string>;
    }) => {
      if (m.type === 'targets') {
        urls = m.urls!.map((u) => new URL(u));
        concurrency = m.concurrency ?? 64;
        pool = m.mode === 'undici' ? new Agent({ connections: 32, pipelining: 1 }) : null;
        send({ type: 'targets' });
      } else if (m.type === 'fire') {
        const t = now();
        send({ type: 'fired', i: m.i, t });
        const headers = { ...m.headers!, 'webhook-id': m.id! };
        for (const url of urls) queue.push({ url, body: m.body!, headers });
        pump();
      } else if (m.type === 'stats') {
        send({ type: 'stats', ...memory(), elu: elu(), ok, failed });
      } else if (m.type === 'stop') {
        stopping = true;
        pump();
      }
    },
  );
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}

if (process.argv[2] === 'baseline') baselineMain();
else
  serverMain().catch((err) => {
    console.error(err);
    process.exit(1);
  });
