/**
 * The sandbox: `/sandbox/v1/...` answers without a key from a fixed sample of the real data, through
 * the same handlers and schemas as /v1 (DESIGN.md "sandbox"). It has its own in-memory store,
 * feed engine, bus and live cache, rebuilt on every start from the bundled files, plus a looping
 * replay, so it never shares state with production. docs/sandbox.md.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { IMPORT_FORMATS } from '@/lib/import/index';
import { sampleEsportsMatches } from '@/lib/sample/esports';
import { sampleGolfMatches } from '@/lib/sample/golf';
import { sampleMmaMatches } from '@/lib/sample/mma';
import { FeedBus } from '../engine/bus';
import { FeedEngine } from '../engine/engine';
import { LiveCache } from '../engine/live-cache';
import { DATASETS, REPLAY_CHANNELS } from '../replay/channels';
import { ReplayDriver } from '../replay/driver';
import { ModelOdds } from '../replay/model-odds';
import type { Services } from '../services';
import { openMemoryStore } from '../store/db';

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
 * Builds the sandbox beside the production `services` (sharing config, logger and limits, nothing
 * else): opens an in-memory store, imports SANDBOX_IMPORTS, starts the looping replay at
 * `replaySpeed` (× real time). Takes a few seconds (the import). Errors: import or store errors propagate.
 */
export async function startSandbox(production: Services, opts: { replaySpeed: number; leadMs: number }): Promise<Sandbox> {
  const t0 = Date.now();
  const log: Logger = production.log.child({ environment: 'sandbox' });
  const store = await openMemoryStore();
  const bus = new FeedBus();
  const engine = new FeedEngine(store, bus);
  for (const { format, file } of SANDBOX_IMPORTS) {
    await engine.importMatches(await IMPORT_FORMATS[format]([path.join(DATASETS, file)], {}));
  }
  await engine.importMatches(sampleMatches());
  const live = await LiveCache.start(store, bus);
  const replay = new ReplayDriver(engine, log, {
    speed: opts.replaySpeed,
    leadMs: opts.leadMs,
    channels: REPLAY_CHANNELS.filter((c) => SANDBOX_CHANNELS.includes(c.channel)),
  });
  const modelOdds = new ModelOdds(engine, live, log, { intervalMs: Math.max(2000, 60_000 / opts.replaySpeed) });
  modelOdds.start();
  await replay.start();
  log.info({ ms: Date.now() - t0, speed: opts.replaySpeed }, 'sandbox ready');
  return {
    services: { ...production, environment: 'sandbox', store, bus, engine, live, log, startedAt: Date.now(), webhooks: null, adapters: undefined, gatewayStats: undefined },
    async stop() {
      replay.stop();
      modelOdds.stop();
      await store.close();
    },
  };
}
