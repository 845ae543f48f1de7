/**
 * Server wiring of the source adapters (docs/adapters.md): builds the adapters the configuration
 * enables — football-data.org by its token, the live sources of SOURCES through the source
 * registry below (one entry per source of server/config-sources.ts) — restores each one's committed state from the `adapter_states` table, runs an
 * AdapterRunner per adapter that persists every committed state there, and stops them.
 *
 * Upstream failures never reach the caller: the runners back off and keep polling. Only store
 * errors while reading the saved state (at start) propagate.
 */
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { SourceSettings } from '../config-sources';
import type { FeedEngine } from '../engine/engine';
import type { Store } from '../store/db';
import * as t from '../store/schema';
import { EspnAdapter } from './espn/espn-adapter';
import { FootballDataOrgAdapter } from './football-data-org';
import { mlbAdapter } from './mlb/mlb';
import { nbaAdapter } from './nba/nba';
import { NhlAdapter } from './nhl/nhl';
import { OddsApiAdapter } from './odds-api/odds-api';
import { OpenDotaAdapter } from './opendota/opendota';
import { AdapterRunner } from './runner';
import type { AdapterState, SourceAdapter } from './types';

/** An adapter the configuration enables, with what the start log line says about it (never secrets). */
export interface ConfiguredAdapter {
  adapter: SourceAdapter;
  /** Non-secret settings for the log (base URL, competitions, …). */
  describe: Record<string, unknown>;
}

/** Builds a live source's adapter from its settings (server/config-sources.ts SourceSettings). */
export type SourceFactory = (settings: SourceSettings, config: Config) => SourceAdapter;

/**
 * The source registry: SOURCES name → its adapter. Each source adds one entry (and its row in
 * server/config-sources.ts). A source of SOURCES without an entry stops the start.
 */
export const SOURCE_REGISTRY: Record<string, SourceFactory> = {
  nhl: (settings) => new NhlAdapter(settings),
  opendota: (settings) => new OpenDotaAdapter(settings),
  mlb: mlbAdapter,
  nba: nbaAdapter,
  espn: (s) =>
    new EspnAdapter({
      baseUrl: s.baseUrl,
      leagues: s.gameIds,
      teams: s.teams,
      intervalMs: s.idleIntervalMs,
      liveIntervalMs: s.liveIntervalMs,
      requestsPerMinute: s.requestsPerMinute,
    }),
  'odds-api': (s, config) => {
    if (!config.oddsApi) throw new Error('odds-api: its settings were not read (server/config-odds-api.ts)');
    return new OddsApiAdapter({
      ...config.oddsApi,
      baseUrl: s.baseUrl,
      sports: s.gameIds,
      intervalMs: s.idleIntervalMs,
      liveIntervalMs: s.liveIntervalMs,
      requestsPerMinute: s.requestsPerMinute,
    });
  },
};

/** What the start log line says about a live source's settings (never secrets). */
function describeSource(s: SourceSettings): Record<string, unknown> {
  return {
    base_url: s.baseUrl,
    game_ids: s.gameIds,
    teams: s.teams,
    live_interval_ms: s.liveIntervalMs,
    idle_interval_ms: s.idleIntervalMs,
    requests_per_minute: s.requestsPerMinute,
  };
}

/**
 * The adapters `config` enables: football-data.org when FOOTBALL_DATA_ORG_TOKEN is set, then each
 * source of SOURCES (config.sources) from the registry. `[]` when none is. Errors: Error naming a
 * source without a registry entry, or from an adapter's constructor on settings it refuses
 * (config.ts validates them first, so this means a programming error).
 */
export function buildAdapters(
  config: Config,
  registry: Record<string, SourceFactory> = SOURCE_REGISTRY,
): ConfiguredAdapter[] {
  const out: ConfiguredAdapter[] = [];
  if (config.FOOTBALL_DATA_ORG_TOKEN) {
    // The adapter appends /v4/… itself; the configured URL is the v4 root, with or without /v4.
    const baseUrl = config.FOOTBALL_DATA_ORG_URL.replace(/\/+$/, '').replace(/\/v4$/, '');
    const adapter = new FootballDataOrgAdapter({
      token: config.FOOTBALL_DATA_ORG_TOKEN,
      baseUrl,
      competitions: config.FOOTBALL_DATA_ORG_COMPETITIONS,
      ...(config.FOOTBALL_DATA_ORG_INTERVAL_SECONDS
        ? { intervalMs: config.FOOTBALL_DATA_ORG_INTERVAL_SECONDS * 1000 }
        : {}),
    });
    out.push({ adapter, describe: { base_url: `${baseUrl}/v4`, competitions: config.FOOTBALL_DATA_ORG_COMPETITIONS } });
  }
  for (const settings of config.sources ?? []) {
    const make = registry[settings.name];
    if (!make) throw new Error(`SOURCES: no adapter is registered for source ${settings.name}`);
    out.push({ adapter: make(settings, config), describe: describeSource(settings) });
  }
  return out;
}

/**
 * The committed state saved for adapter `name`, or `{}` when none is saved or the saved value is
 * not a JSON object. Errors: store errors propagate.
 */
export async function loadAdapterState(store: Store, name: string): Promise<AdapterState> {
  const [row] = await store.db
    .select({ state: t.adapterStates.state })
    .from(t.adapterStates)
    .where(eq(t.adapterStates.name, name));
  const state: unknown = row?.state;
  return state && typeof state === 'object' && !Array.isArray(state) ? (state as AdapterState) : {};
}

/** Saves (upserts) adapter `name`'s committed state with `updated_at` = now. Errors: store errors propagate. */
export async function saveAdapterState(store: Store, name: string, state: AdapterState): Promise<void> {
  const updatedAt = new Date().toISOString();
  await store.db
    .insert(t.adapterStates)
    .values({ name, state, updatedAt })
    .onConflictDoUpdate({ target: t.adapterStates.name, set: { state, updatedAt } });
}

/** What startAdapters needs: the configuration, the engine (and its store) and the logger. */
export interface StartAdaptersOptions {
  config: Config;
  engine: FeedEngine;
  log: Logger;
  /** Adapters to run instead of the configured ones (tests). */
  adapters?: ConfiguredAdapter[];
  /** fetch for upstream requests (default: global fetch). */
  fetch?: typeof fetch;
}

/**
 * Starts one AdapterRunner per configured adapter, each from its saved state, persisting every
 * committed state to `adapter_states` (a failed save is logged by the runner; the poll's data
 * stays stored and the next commit saves again). Resolves once all are started (their first
 * polls run in the background) with the runners, `[]` when no adapter is configured.
 * Errors: store errors while loading a saved state (the runners started so far are stopped).
 */
export async function startAdapters(opts: StartAdaptersOptions): Promise<AdapterRunner[]> {
  const { engine, log } = opts;
  const runners: AdapterRunner[] = [];
  try {
    for (const { adapter, describe } of opts.adapters ?? buildAdapters(opts.config)) {
      const state = await loadAdapterState(engine.store, adapter.name);
      const runner = new AdapterRunner({
        engine,
        adapter,
        log,
        state,
        requestTimeoutMs: opts.config.ADAPTER_TIMEOUT_MS,
        ...(opts.fetch ? { fetch: opts.fetch } : {}),
        onState: (s) => saveAdapterState(engine.store, adapter.name, s),
      });
      runner.start();
      runners.push(runner);
      log.info(
        {
          adapter: adapter.name,
          interval_ms: adapter.intervalMs,
          ...(adapter.liveIntervalMs ? { live_interval_ms: adapter.liveIntervalMs } : {}),
          state: Object.keys(state).length ? 'restored' : 'empty',
          ...describe,
        },
        'source adapter started',
      );
    }
  } catch (err) {
    await stopAdapters(runners, log);
    throw err;
  }
  return runners;
}

/** Stops the runners (aborting requests in flight, waiting for their polls) and logs each one's counters. Never throws. */
export async function stopAdapters(runners: readonly AdapterRunner[], log: Logger): Promise<void> {
  await Promise.all(
    runners.map(async (r) => {
      try {
        await r.stop();
        const s = r.status();
        log.info(
          {
            adapter: s.name,
            events_ingested: s.events_ingested,
            events_duplicate: s.events_duplicate,
            items_skipped: s.items_skipped,
            consecutive_failures: s.consecutive_failures,
          },
          'source adapter stopped',
        );
      } catch (err) {
        log.error({ err, adapter: r.status().name }, 'source adapter did not stop cleanly');
      }
    }),
  );
}
