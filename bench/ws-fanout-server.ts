/**
 * Child process of bench/ws-fanout.ts: the real Scoreline server, alone in its process so its RSS
 * is the server's. Not meant to be run by hand.
 *
 *   fork('bench/ws-fanout-server.ts', { execArgv: ['--import', 'tsx'], env: { INITIAL_API_KEY, PLAN_LIMITS, DATA_DIR, … } })
 *
 * Starts `startServer(loadConfig(env), { pages: false })` (bench/lib/scoreline-child.ts) on 127.0.0.1 and a free port (replay,
 * bootstrap and sandbox off; the store is PGlite in the DATA_DIR the parent made), imports ONE real
 * match — World Cup 2022 Qatar v Ecuador from the bundled openfootball file, without its goals and
 * result so it is a fixture still to be played — kicks it off through `engine.ingest`
 * (`period_start` 1st_half), then times `WARMUP` (default 20) ingests with nobody subscribed (the engine and
 * store cost alone) and reports `{type:'ready', port, league, …}` over IPC.
 *
 * IPC commands from the parent:
 * - `{type:'ingest', i}`: ingests live event i (alternately a `corner`, home/away, and a running
 *   `clock` correction, both always valid on a live match) through `services.engine.ingest`,
 *   stamping the monotonic clock just before the call; answers `{type:'ingested', i, seq,
 *   t_ingest, t_publish, t_fanout_done, t_resolved, cpu_us}`. `t_publish` is stamped when the
 *   engine hands the committed event to the bus, before the gateway serializes it (the point the
 *   bare baseline stamps: message in hand, before JSON.stringify); `t_fanout_done` when that
 *   publish returned (the gateway's send loop is synchronous); `cpu_us` the process's user +
 *   system CPU time spent in that publish.
 * - `{type:'mem'}`: answers `{type:'mem', rss, peak_rss, max_rss, heap_used, external, array_buffers}` (bytes,
 *   after full GCs when run with --expose-gc; peak_rss = highest RSS sampled every 100 ms since
 *   ready; max_rss = getrusage peak of the whole life, start-up included).
 * - `{type:'stop'}`: stops the server and exits.
 *
 * Times are `process.hrtime` (CLOCK_MONOTONIC) in ms: one clock for every process on the machine.
 */
import { now } from './lib/clock';
import { reportMemory, sampleRssPeak, toParent as send } from './lib/in-child';
import { importKickedOffFixture, liveEvent, startBenchServer } from './lib/scoreline-child';

async function main(): Promise<void> {
  const running = await startBenchServer();
  const { engine, bus } = running.services;
  const { fixtureId, info, runId } = await importKickedOffFixture(engine, 'bench-ws');

  // Stamps around the bus's publish: the gateway's fan-out runs inside it, synchronously.
  const published = new Map<number, { t_publish: number; t_fanout_done: number; cpu_us: number }>();
  const publish = bus.publish.bind(bus);
  bus.publish = (messages) => {
    const t_publish = now();
    const cpu = process.cpuUsage();
    publish(messages);
    const used = process.cpuUsage(cpu);
    const t_fanout_done = now();
    for (const m of messages) published.set(m.seq, { t_publish, t_fanout_done, cpu_us: used.user + used.system });
  };

  const warmup = Number(process.env.WARMUP ?? 20);
  const idleIngestMs: number[] = [];
  let next = 0;
  async function ingest(i: number) {
    const t_ingest = now();
    const [o] = await engine.ingest([{ fixture_id: fixtureId, event: liveEvent('bench-ws', runId, i) }], 'bench');
    const t_resolved = now();
    const seq = o.status === 'stored' ? o.seq : null;
    const p = (seq == null ? undefined : published.get(seq)) ?? {
      t_publish: t_resolved,
      t_fanout_done: t_resolved,
      cpu_us: 0,
    };
    if (seq != null) published.delete(seq);
    return { seq, t_ingest, ...p, t_resolved, status: o.status };
  }
  for (; next < warmup; next++) {
    const r = await ingest(next);
    idleIngestMs.push(r.t_resolved - r.t_ingest);
  }

  process.on('message', (m: { type: string; i?: number }) => {
    if (m.type === 'ingest') {
      void ingest(warmup + m.i!).then(
        (r) => send({ type: 'ingested', i: m.i, ...r }),
        (err) => send({ type: 'ingested', i: m.i, seq: null, status: `error: ${(err as Error).message}` }),
      );
    } else if (m.type === 'mem') {
      void reportMemory();
    } else if (m.type === 'stop') {
      void running.stop().finally(() => process.exit(0));
    }
  });
  process.on('disconnect', () => process.exit(0));
  sampleRssPeak();
  send({
    type: 'ready',
    port: running.port,
    league: info.competition.slug,
    fixture_id: fixtureId,
    match: `${info.home_team} v ${info.away_team}`,
    idle_ingest_ms: idleIngestMs,
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
