/**
 * The sandbox: `/sandbox/v1/...` answers without a key from a fixed sample of the real data, through
 * the same handlers and schemas as /v1 (docs/sandbox.md). It has its own store, feed engine,
 * bus and live cache, plus a looping replay, so it never shares state with production: every start
 * opens a fresh copy of the sample store (built once per version in a child process and kept in
 * DATA_DIR/sandbox), never the production store. docs/sandbox.md.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { sampleEsportsMatches } from '@/lib/sample/esports';
import { sampleGolfMatches } from '@/lib/sample/golf';
import { sampleMmaMatches } from '@/lib/sample/mma';
import { FeedBus } from '../engine/bus';
import { FeedEngine } from '../engine/engine';
import { LiveCache } from '../engine/live-cache';
import { LivePoints } from '../read/live-points';
import { DATASETS } from '../bundled-data';
import { REPLAY_CHANNELS } from '../replay/channels';
import { memoryMiB } from '../monitoring/memory-mib';
import { ReplayDriver } from '../replay/driver';
import { ModelOdds } from '../replay/model-odds';
import type { Services } from '../services';
import { runBuildScript, tsNodeArgs } from '../store/child-build';
import { openScratchStore } from '../store/db';
import { processGone } from '../store/lock';
import { ROOT } from '../root';
import { prematchPassesOf } from '../read/prematch-passes';

/** The sample's historical part: the Premier League 2023/24 (results, tables, opening and closing odds). */
export const SANDBOX_IMPORTS: { format: 'openfootball' | 'football-data'; file: string }[] = [
  { format: 'openfootball', file: 'football/openfootball-football.json/2023-24/en.1.json' },
  { format: 'football-data', file: 'football/football-data.co.uk/2324/E0.csv' },
];

/** The sample's live part: the World Cup 2022, the two StatsBomb matches and the T20 World Cup 2022 final days, replayed in a loop. */
export const SANDBOX_CHANNELS = ['world-cup-2022', 'statsbomb', 'cricket-t20-world-cup-2022'];

/**
 * Golf, MMA and esports have no open dataset: the sandbox shows generated sample tournaments,
 * bouts and series (lib/sample/), every competition named "… (sample data)", source `sample`.
 */
export function sampleMatches() {
  return [...sampleGolfMatches(), ...sampleMmaMatches(), ...sampleEsportsMatches()];
}

export interface Sandbox {
  services: Services;
  stop(): Promise<void>;
}

/**
 * The sample's version: a hash of what its content depends on (the schema's migrations, the
 * importers, the generated samples, the engine, this folder and the sample files). A new version
 * builds a new sample store; older ones are removed.
 */
function sampleVersion(): string {
  const h = createHash('sha256');
  const add = (p: string) => {
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const n of fs.readdirSync(p).sort()) add(path.join(p, n));
    else if (!p.endsWith('.test.ts')) h.update(path.relative(ROOT, p)).update(fs.readFileSync(p));
  };
  for (const d of ['drizzle', 'lib/import', 'lib/sample', 'server/engine', 'server/sandbox']) add(path.join(ROOT, d));
  for (const { file } of SANDBOX_IMPORTS) add(path.join(DATASETS, file));
  return h.digest('hex').slice(0, 12);
}

/** Runs server/sandbox/build-sample.ts in a child process (this process's Node flags with tsx, {@link tsNodeArgs}). Errors: rejects with its output on failure. */
function buildSample(dir: string): Promise<void> {
  const script = path.join(ROOT, 'server/sandbox/build-sample.ts');
  return runBuildScript('building the sandbox sample', tsNodeArgs(), script, [dir], ROOT);
}

/**
 * The sample store of this version in `root` (`root`/sample-<version>), built in a child process
 * when missing: PGlite's initdb and the import never run on the server's event loop. Several
 * processes may share `root` (SANDBOX_SAMPLE_DIR): each builds into its own temporary directory
 * and renames it into place; the first rename wins and the others discard theirs. Completed
 * samples of other versions are removed; temporary builds of other processes are left alone.
 * Also called ahead of time by the test suite's prebuild (test/helpers/prebuild.ts).
 */
export async function sampleTemplate(root: string, log: Logger): Promise<string> {
  const version = sampleVersion();
  const dir = path.join(root, `sample-${version}`);
  if (fs.existsSync(path.join(dir, 'READY'))) return dir;
  fs.mkdirSync(root, { recursive: true });
  for (const old of fs.readdirSync(root))
    if (/^sample-[0-9a-f]+$/.test(old) && old !== `sample-${version}`)
      fs.rmSync(path.join(root, old), { recursive: true, force: true });
  const t0 = Date.now();
  const tmp = path.join(root, `.build-${version}-${process.pid}-${t0}`);
  try {
    await buildSample(path.join(tmp, 'pg'));
    fs.writeFileSync(path.join(tmp, 'READY'), new Date().toISOString());
    try {
      fs.renameSync(tmp, dir);
    } catch (e) {
      // Another process finished the same version first: use its sample.
      if (!fs.existsSync(path.join(dir, 'READY'))) throw e;
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  log.info({ ms: Date.now() - t0 }, 'sandbox sample built');
  return dir;
}

/** Removes the run copies (`run-<pid>`) left by processes that no longer exist (a crash, kill -9). */
function removeDeadRuns(dir: string): void {
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const pid = /^run-(\d+)$/.exec(name)?.[1];
    if (pid && processGone(Number(pid))) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/**
 * Builds the sandbox beside the production `services` (sharing config, logger and limits, nothing
 * else): opens a fresh copy (`dataDir`/sandbox/run-<pid>) of the sample store — built once per
 * version in a child process, in `sampleDir` (default `dataDir`/sandbox) — and starts the looping
 * replay at `replaySpeed` (× real time). Takes a few
 * seconds on the first start (the child's import), about one on later ones. Errors: build or store
 * errors propagate.
 */
export async function startSandbox(
  production: Services,
  opts: { replaySpeed: number; leadMs: number; dataDir: string; sampleDir?: string },
): Promise<Sandbox> {
  const t0 = Date.now();
  const log: Logger = production.log.child({ environment: 'sandbox' });
  const template = await sampleTemplate(opts.sampleDir ?? path.join(opts.dataDir, 'sandbox'), log);
  // This process's copy: processes sharing DATA_DIR (instances on one host) never share a run store.
  const run = path.join(opts.dataDir, 'sandbox', `run-${process.pid}`);
  removeDeadRuns(path.join(opts.dataDir, 'sandbox'));
  await fs.promises.rm(run, { recursive: true, force: true });
  await fs.promises.cp(path.join(template, 'pg'), run, { recursive: true });
  const store = await openScratchStore(run);
  const bus = new FeedBus();
  const engine = new FeedEngine(store, bus);
  const live = await LiveCache.start(store, bus);
  const livePoints = new LivePoints(store.db, bus, live, log);
  const prematch = prematchPassesOf(store.db, log);
  prematch.watch(
    (f) => bus.subscribe(f),
    () => engine.referenceVersion,
  );
  const replay = new ReplayDriver(engine, log, {
    speed: opts.replaySpeed,
    leadMs: opts.leadMs,
    channels: REPLAY_CHANNELS.filter((c) => SANDBOX_CHANNELS.includes(c.channel)),
  });
  const modelOdds = new ModelOdds(engine, live, log, { intervalMs: Math.max(2000, 60_000 / opts.replaySpeed) });
  modelOdds.start();
  await replay.start();
  log.info({ ms: Date.now() - t0, speed: opts.replaySpeed, memory_mib: memoryMiB() }, 'sandbox ready');
  return {
    services: {
      ...production,
      environment: 'sandbox',
      store,
      bus,
      engine,
      live,
      livePoints,
      prematch,
      log,
      startedAt: Date.now(),
      webhooks: null,
      adapters: undefined,
      gatewayStats: undefined,
    },
    async stop() {
      replay.stop();
      modelOdds.stop();
      livePoints.stop();
      await prematch.close();
      await livePoints.settled();
      await store.close();
      await fs.promises.rm(run, { recursive: true, force: true });
    },
  };
}
