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
 *   t_ingest, t_fanout_done, t_resolved}` (t_fanout_done: a bus listener registered after the
 *   gateway's, i.e. when the gateway's send loop has returned).
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

  // Registered after the gateway's listener (startServer made the gateway): runs once its send loop returned.
  const fanoutDone = new Map<number, number>();
  bus.subscribe((m) => void fanoutDone.set(m.seq, now()));

  const warmup = Number(process.env.WARMUP ?? 20);
  const idleIngestMs: number[] = [];
  let next = 0;
  async function ingest(i: number): Promise<{ seq: number | null; t_ingest: number; t_fanout_done: number; t_resolved: number; status: string }> {
    const t_ingest = now();
    const [o] = await engine.ingest([{ fixture_id: fixtureId, event: liveEvent('bench-ws', runId, i) }], 'bench');
    const t_resolved = now();
    const seq = o.status === 'stored' ? o.seq : null;
    const t_fanout_done = seq == null ? t_resolved : (fanoutDone.get(seq) ?? t_resolved);
    if (seq != null) fanoutDone.delete(seq);
    return { seq, t_ingest, t_fanout_done, t_resolved, status: o.status };
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
  send({ type: 'ready', port: running.port, league: info.competition.slug, fixture_id: fixtureId, match: `${info.home_team} v ${info.away_team}`, idle_ingest_ms: idleIngestMs });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
