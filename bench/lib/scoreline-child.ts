/**
 * The real Scoreline server inside a benchmark child (bench/ws-fanout-server.ts,
 * bench/webhooks-server.ts): started on 127.0.0.1 and a free port, and ONE real match imported and
 * kicked off for the benchmark's live events.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SourceEvent } from '@/lib/match/events';
import { IMPORT_FORMATS } from '@/lib/import/index';
import { loadConfig } from '@/server/config';
import type { FeedEngine } from '@/server/engine/engine';
import type { FixtureInfo } from '@/lib/match/types';
import { startServer, type RunningServer } from '@/server/start';

/** The bundled openfootball World Cup 2022 file; its first match is Qatar v Ecuador. */
const WORLD_CUP_2022 = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../datasets/football/openfootball-worldcup.json/2022/worldcup.json',
);

/**
 * `startServer(loadConfig(env), { pages: false })` on 127.0.0.1 and a free port with replay,
 * bootstrap and sandbox off, LOG_LEVEL `warn` unless set, the INITIAL_API_KEY on the enterprise
 * plan; the rest of the configuration (DATA_DIR, INITIAL_API_KEY, PLAN_LIMITS, …) comes from this
 * process's environment, then `extraEnv`.
 */
export function startBenchServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    REPLAY: 'off',
    BOOTSTRAP: 'off',
    SANDBOX: 'off',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    INITIAL_API_KEY_PLAN: 'enterprise',
    ...extraEnv,
  });
  return startServer(config, { pages: false });
}

/** The imported match: its fixture id, catalogue info and the run id its event ids carry. */
export interface BenchFixture {
  fixtureId: number;
  info: FixtureInfo;
  runId: string;
}

/**
 * Imports ONE real match — World Cup 2022 Qatar v Ecuador from the bundled openfootball file,
 * without its goals and result so it is a fixture still to be played — and kicks it off through
 * `engine.ingest` (`period_start` 1st_half, event id `<prefix>-<runId>-kickoff`, source `bench`).
 * Throws when the kickoff is not stored.
 */
export async function importKickedOffFixture(engine: FeedEngine, prefix: string): Promise<BenchFixture> {
  const [match] = await IMPORT_FORMATS.openfootball([WORLD_CUP_2022], {});
  const {
    fixture_ids: [fixtureId],
  } = await engine.importMatches([{ ...match, status: 'scheduled', result: null, events: [] }]);
  const info = await engine.fixtureInfo(fixtureId);
  const runId = `${process.pid}-${Date.now()}`;
  const kickoff: SourceEvent = {
    event_id: `${prefix}-${runId}-kickoff`,
    type: 'period_start',
    side: null,
    player: null,
    minute: 1,
    stoppage: null,
    period: '1st_half',
    clock_seconds: 0,
    detail: {},
  };
  const [k] = await engine.ingest([{ fixture_id: fixtureId, event: kickoff }], 'bench');
  if (k.status !== 'stored') throw new Error(`kickoff not stored: ${JSON.stringify(k)}`);
  return { fixtureId, info: info!, runId };
}

/**
 * Live event i of a run (event id `<prefix>-<runId>-<i>`): corners (home, away in turn) and
 * running clock corrections, both valid on any live match (lib/football/rules.ts).
 */
export function liveEvent(prefix: string, runId: string, i: number): SourceEvent {
  const clock = Math.min(60 + i * 10, 45 * 60 - 1);
  const minute = Math.floor(clock / 60) + 1;
  const base = {
    event_id: `${prefix}-${runId}-${i}`,
    player: null,
    minute,
    stoppage: null,
    period: '1st_half' as const,
    clock_seconds: clock,
  };
  if (i % 2 === 0) return { ...base, type: 'corner', side: i % 4 === 0 ? 'home' : 'away', detail: {} };
  return { ...base, type: 'clock', side: null, detail: { clock_seconds: clock, running: true } };
}
