import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { FeedBus } from '../engine/bus';
import { FeedEngine } from '../engine/engine';
import { openMemoryStore, type Store } from '../store/db';
import * as t from '../store/schema';
import { FootballDataOrgAdapter } from './football-data-org';
import { NhlAdapter } from './nhl/nhl';
import { buildAdapters, loadAdapterState, saveAdapterState, startAdapters, stopAdapters } from './start-adapters';
import type { SourceAdapter } from './types';

const silent = pino({ level: 'silent' });
/** loadConfig over exactly these variables (not the test process's environment). */
const config = (env: Record<string, string> = {}) => loadConfig(env as NodeJS.ProcessEnv);

describe('adapter configuration', () => {
  it('runs no adapter without FOOTBALL_DATA_ORG_TOKEN', () => {
    expect(buildAdapters(config({}))).toEqual([]);
  });

  it('builds football-data.org from the token, URL (with or without /v4), competitions and interval', () => {
    const [a] = buildAdapters(
      config({
        FOOTBALL_DATA_ORG_TOKEN: 'tok',
        FOOTBALL_DATA_ORG_URL: 'http://127.0.0.1:9/v4/',
        FOOTBALL_DATA_ORG_COMPETITIONS: 'pl, wc',
        FOOTBALL_DATA_ORG_INTERVAL_SECONDS: '90',
      }),
    );
    expect(a.adapter).toBeInstanceOf(FootballDataOrgAdapter);
    expect(a.adapter).toMatchObject({ name: 'football-data-org', intervalMs: 90_000 });
    expect(a.describe).toEqual({ base_url: 'http://127.0.0.1:9/v4', competitions: ['PL', 'WC'] });
    const [d] = buildAdapters(config({ FOOTBALL_DATA_ORG_TOKEN: 'tok' }));
    expect(d.adapter.intervalMs).toBe(60_000);
    expect(d.describe).toEqual({
      base_url: 'https://api.football-data.org/v4',
      competitions: ['PL', 'BL1', 'PD', 'SA', 'FL1', 'WC', 'EC'],
    });
    expect(
      buildAdapters(config({ FOOTBALL_DATA_ORG_TOKEN: 'tok', FOOTBALL_DATA_ORG_URL: 'https://proxy.example' }))[0]
        .describe.base_url,
    ).toBe('https://proxy.example/v4');
  });

  it('builds the live sources of SOURCES from the registry, with their settings; a source without an entry stops the start', () => {
    const [a] = buildAdapters(
      config({
        SOURCES: 'nhl',
        NHL_API_URL: 'http://127.0.0.1:9',
        NHL_INTERVAL_SECONDS: '5',
        NHL_REQUESTS_PER_MINUTE: '20',
      }),
    );
    expect(a.adapter).toBeInstanceOf(NhlAdapter);
    expect(a.adapter).toMatchObject({ name: 'nhl', intervalMs: 300_000, liveIntervalMs: 5_000, requestsPerMinute: 20 });
    expect(a.describe).toMatchObject({ base_url: 'http://127.0.0.1:9', game_ids: [], teams: [] });
    expect(() => buildAdapters(config({ SOURCES: 'mlb' }), {})).toThrow(/no adapter is registered for source mlb/);
  });

  it.each([
    [{ FOOTBALL_DATA_ORG_URL: 'ftp://example.org/v4' }, 'FOOTBALL_DATA_ORG_URL'],
    [{ FOOTBALL_DATA_ORG_COMPETITIONS: 'PL,CL' }, 'FOOTBALL_DATA_ORG_COMPETITIONS'],
    [{ FOOTBALL_DATA_ORG_INTERVAL_SECONDS: '0' }, 'FOOTBALL_DATA_ORG_INTERVAL_SECONDS'],
  ])('refuses %o', (env, name) => {
    expect(() => config(env)).toThrow(ConfigError);
    expect(() => config(env)).toThrow(name);
  });
});

describe('adapter state persistence and runners', () => {
  let store: Store;
  let engine: FeedEngine;
  beforeAll(async () => {
    store = await openMemoryStore();
    engine = new FeedEngine(store, new FeedBus());
  });
  afterAll(async () => {
    await store?.close();
  });

  it('saves (upserts) and loads a state; {} when none or unreadable', async () => {
    expect(await loadAdapterState(store, 'a')).toEqual({});
    await saveAdapterState(store, 'a', { v: 1, n: 1 });
    await saveAdapterState(store, 'a', { v: 1, n: 2 });
    expect(await loadAdapterState(store, 'a')).toEqual({ v: 1, n: 2 });
    await store.db.insert(t.adapterStates).values({ name: 'b', state: [1, 2] as unknown as Record<string, unknown> });
    expect(await loadAdapterState(store, 'b')).toEqual({});
  });

  it('starts a runner from the saved state and persists each committed state; a failing adapter does not throw', async () => {
    await saveAdapterState(store, 'counter', { polls: 4 });
    const seen: unknown[] = [];
    const counter: SourceAdapter = {
      name: 'counter',
      intervalMs: 60_000,
      async poll({ state }) {
        seen.push(state);
        return { fixtures: [], events: [], state: { polls: Number(state.polls ?? 0) + 1 } };
      },
    };
    const broken: SourceAdapter = {
      name: 'broken',
      intervalMs: 60_000,
      poll: () => Promise.reject(new Error('upstream down')),
    };
    const runners = await startAdapters({
      config: config(),
      engine,
      log: silent,
      adapters: [
        { adapter: counter, describe: {} },
        { adapter: broken, describe: {} },
      ],
    });
    expect(runners.map((r) => r.status().name)).toEqual(['counter', 'broken']);
    await Promise.all(runners.map((r) => r.pollOnce()));
    await stopAdapters(runners, silent);
    expect(seen[0]).toEqual({ polls: 4 });
    expect(await loadAdapterState(store, 'counter')).toEqual({ polls: 5 });
    expect(runners[1].status()).toMatchObject({ running: false, last_error: 'upstream down' });
    expect(await loadAdapterState(store, 'broken')).toEqual({});
  });
});
