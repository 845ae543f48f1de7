import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const fails = (env: Record<string, string>): string => {
  try {
    loadConfig(env as NodeJS.ProcessEnv);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('configuration is validated whole before anything starts', () => {
  it('names each bad variable, JSON and list ones included', () => {
    expect(fails({ PLAN_LIMITS: '{bad' })).toMatch(/PLAN_LIMITS: not valid JSON/);
    expect(fails({ PLAN_LIMITS: '{"gold":{}}' })).toMatch(/PLAN_LIMITS: /);
    expect(fails({ PLAN_LIMITS: '{"free":{"requests_per_minute":0}}' })).toMatch(
      /PLAN_LIMITS: free\.requests_per_minute/,
    );
    expect(fails({ WEBHOOK_RETRY_SCHEDULE: 'a,b' })).toMatch(/WEBHOOK_RETRY_SCHEDULE: retry schedule entry 1 "a"/);
    expect(fails({ WEBHOOK_RETRY_SCHEDULE: ' ' })).toMatch(/WEBHOOK_RETRY_SCHEDULE: retry schedule is empty/);
    expect(fails({ WEBHOOK_SECRET_KEY: 'too-short' })).toMatch(/WEBHOOK_SECRET_KEY: key 1 is not 32 bytes/);
    expect(fails({ PAGES: 'maybe' })).toMatch(/PAGES: /);
    expect(fails({ BODY_TIMEOUT_S: '0' })).toMatch(/BODY_TIMEOUT_S: /);
    // Every bad variable at once, one line each.
    const all = fails({ PLAN_LIMITS: '{bad', WEBHOOK_RETRY_SCHEDULE: 'x', PORT: 'http' });
    expect(all.split('\n').filter((l) => /^ {2}[A-Z_]+: /.test(l)).length).toBe(3);
  });

  it('requires WEBHOOK_SECRET_KEY with DATABASE_URL (processes share the database, not a key file)', () => {
    expect(fails({ DATABASE_URL: 'postgres://db/x' })).toMatch(/WEBHOOK_SECRET_KEY: required with DATABASE_URL/);
    const key = randomBytes(32).toString('base64');
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/x', WEBHOOK_SECRET_KEY: key } as unknown as NodeJS.ProcessEnv)
        .WEBHOOK_SECRET_KEY,
    ).toBe(key);
  });

  it('accepts good values', () => {
    const c = loadConfig({
      PLAN_LIMITS: '{"free":{"requests_per_minute":5}}',
      WEBHOOK_RETRY_SCHEDULE: '0,1.5,3',
      PAGES: 'off',
    } as unknown as NodeJS.ProcessEnv);
    expect(c).toMatchObject({ PAGES: 'off', BODY_TIMEOUT_S: 10 });
  });

  it('live sources: SOURCES enables rows of server/config-sources.ts; each <SOURCE>_ variable is checked and named', () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).sources).toEqual([]);
    const c = loadConfig({
      SOURCES: 'nhl, MLB',
      NHL_API_URL: 'http://127.0.0.1:9999/',
      NHL_GAME_IDS: '2024030121,2024030122',
      NHL_TEAMS: 'fla,tbl',
      NHL_INTERVAL_SECONDS: '2',
      MLB_REQUESTS_PER_MINUTE: '30',
    } as unknown as NodeJS.ProcessEnv);
    expect(c.sources).toEqual([
      {
        name: 'nhl',
        baseUrl: 'http://127.0.0.1:9999',
        gameIds: ['2024030121', '2024030122'],
        teams: ['FLA', 'TBL'],
        liveIntervalMs: 2000,
        idleIntervalMs: 300_000,
        requestsPerMinute: 60,
      },
      {
        name: 'mlb',
        baseUrl: 'https://statsapi.mlb.com',
        gameIds: [],
        teams: [],
        liveIntervalMs: 10_000,
        idleIntervalMs: 300_000,
        requestsPerMinute: 30,
      },
    ]);
    expect(fails({ SOURCES: 'nhl,cfl' })).toMatch(/SOURCES: unknown source cfl: must be a comma list of nhl, mlb, nba/);
    expect(fails({ NHL_API_URL: 'ftp://x' })).toMatch(/NHL_API_URL: must be an http/);
    expect(fails({ NHL_GAME_IDS: '2024030121,abc' })).toMatch(/NHL_GAME_IDS: abc: must be a comma list of 10-digit/);
    expect(fails({ NBA_INTERVAL_SECONDS: '0' })).toMatch(/NBA_INTERVAL_SECONDS: /);
    expect(fails({ MLB_REQUESTS_PER_MINUTE: 'lots' })).toMatch(/MLB_REQUESTS_PER_MINUTE: /);
    expect(fails({ ADAPTER_TIMEOUT_MS: '5' })).toMatch(/ADAPTER_TIMEOUT_MS: /);
  });
});
