/**
 * The kit's upstream client against a local upstream on 127.0.0.1 (test/helpers/upstream-server.ts):
 * every hang cut at the bound under forced garbage collection (issue 32's defect), failures
 * classified, conditional requests, gzip, User-Agent, budget, Retry-After.
 */
import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { retryAfter, startUpstream, type LocalUpstream } from '@/test/helpers/upstream-server';
import { FeedBus } from '../../engine/bus';
import { FeedEngine } from '../../engine/engine';
import { openMemoryStore, type Store } from '../../store/db';
import { FootballDataOrgAdapter } from '../football-data-org';
import { AdapterRunner } from '../runner';
import { eq } from 'drizzle-orm';
import type { FeedEvent } from '@/lib/match/state';
import * as t from '../../store/schema';
import type { AdapterPacing, SourceAdapter } from '../types';
import { diffDelivered, readLedger } from './ledger';
import { USER_AGENT, UpstreamClient } from './http-client';
import { UpstreamError } from './upstream-error';

// What `node --expose-gc` gives: a real global.gc, here from the running process.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let up: LocalUpstream;
let store: Store;
const clients: UpstreamClient[] = [];
const client = (o: Partial<ConstructorParameters<typeof UpstreamClient>[0]> = {}) => {
  const c = new UpstreamClient({ source: 'test', timeouts: { deadlineMs: 600 }, ...o });
  clients.push(c);
  return c;
};
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e as UpstreamError,
  );

beforeAll(async () => {
  store = await openMemoryStore();
  up = await startUpstream({ route: (path) => (path.startsWith('/ok') ? { body: { ok: true, path } } : undefined) });
});
afterEach(async () => {
  up.clearFaults();
  up.requests.length = 0;
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await up?.close();
  await store?.close();
});

describe('every request is bounded, also under garbage collection (issue 32)', () => {
  it('the football-data.org adapter against an upstream that accepts and never answers: 5 of 5 hangs cut at the bound, reported as timeouts', async () => {
    {
      const engine = new FeedEngine(store, new FeedBus());
      const boundMs = 800;
      const runner = new AdapterRunner({
        engine,
        log: pino({ level: 'silent' }),
        adapter: new FootballDataOrgAdapter({ token: 't', competitions: ['PL'], baseUrl: up.url }),
        requestTimeoutMs: boundMs,
        now: () => new Date('2023-08-11T19:21:30Z'),
      });
      up.inject({ kind: 'hang' }, { times: 5 });
      const took: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = Date.now();
        // Collect garbage all through the wait, as a busy server's heap would.
        const collector = setInterval(gc, 50);
        const report = await runner.pollOnce();
        clearInterval(collector);
        took.push(Date.now() - t0);
        expect(report.ok).toBe(false);
        expect(report.error).toMatch(/timed out/);
        const s = runner.status();
        expect(s.last_error_kind).toBe('timeout');
        expect(s.consecutive_failures).toBe(i + 1);
      }
      expect(up.requests.filter((r) => r.answered === 'hang')).toHaveLength(5);
      // Cut at the bound: far below the 60 s and 300 s the reported hangs held (slack for a loaded machine).
      for (const ms of took) expect(ms).toBeLessThan(boundMs + 4_000);
      expect(runner.status().last_error).toMatch(/football-data-org GET \/v4\/competitions\/PL\/matches.*timed out/);
      await runner.stop();
    }
  });

  it("ctx.fetch (for adapters outside the client) is bounded under GC too: the runner's own deadline timer", async () => {
    {
      const adapter: SourceAdapter = {
        name: 'raw-fetch',
        intervalMs: 60_000,
        async poll(ctx) {
          await (await ctx.fetch(`${up.url}/ok/raw`)).text();
          return { fixtures: [], events: [], state: {} };
        },
      };
      const runner = new AdapterRunner({
        engine: new FeedEngine(store, new FeedBus()),
        log: pino({ level: 'silent' }),
        adapter,
        requestTimeoutMs: 1_500,
      });
      up.inject({ kind: 'hang' }, { times: 3 });
      for (let i = 0; i < 3; i++) {
        const collector = setInterval(gc, 50);
        const t0 = Date.now();
        const r = await runner.pollOnce();
        clearInterval(collector);
        expect(Date.now() - t0).toBeLessThan(5_500);
        expect(r.error).toMatch(/timed out after 1500 ms/);
      }
      expect((await runner.pollOnce()).ok).toBe(true);
      await runner.stop();
    }
  });

  it('a body that stops half-way is cut by the body timeout / deadline and named so', async () => {
    up.inject({ kind: 'hang-body' });
    const e = await failure(client({ timeouts: { deadlineMs: 5_000, bodyMs: 300 } }).getJson(`${up.url}/ok/slow`));
    expect(e).toBeInstanceOf(UpstreamError);
    expect(e.kind).toBe('timeout');
    expect(e.phase).toBe('body');
    expect(e.message).toMatch(/timed out reading the response body/);
  });
});

describe('errors are classified', () => {
  it('refused, DNS, HTTP status, malformed', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const refused = await failure(client().getJson(`http://127.0.0.1:${port}/x`));
    expect([refused.kind, refused.message]).toEqual(['refused', expect.stringMatching(/connection refused/)]);
    const dns = await failure(client({ timeouts: { deadlineMs: 5_000 } }).getJson('http://scoreline-test.invalid/x'));
    expect(dns.kind).toBe('dns');
    up.inject({ kind: 'status', status: 503 });
    const http = await failure(client().getJson(`${up.url}/ok/a`));
    expect([http.kind, http.status, http.message]).toEqual(['http', 503, expect.stringMatching(/HTTP 503/)]);
    up.inject({ kind: 'malformed' });
    const bad = await failure(client().getJson(`${up.url}/ok/b`));
    expect([bad.kind, bad.message]).toEqual(['malformed', expect.stringMatching(/not JSON/)]);
    // Another 4xx is an answer, not a failure: the adapter decides (an optional box score, …).
    expect(await client().getJson(`${up.url}/nope`)).toMatchObject({ status: 404, body: { message: 'Not Found' } });
  });

  it('a 429 with Retry-After holds the source back until then', async () => {
    const c = client();
    up.inject(retryAfter(30));
    const e = await failure(c.getJson(`${up.url}/ok/1`));
    expect([e.kind, e.status, e.retryAfterMs]).toEqual(['http', 429, 30_000]);
    const held = await failure(c.getJson(`${up.url}/ok/2`));
    expect(held.kind).toBe('budget');
    expect(held.retryAfterMs).toBeGreaterThan(25_000);
    expect(up.requests).toHaveLength(1);
  });

  it('the per-minute budget: the request past it fails with the wait, without reaching the upstream', async () => {
    const c = client({ requestsPerMinute: 2 });
    await c.getJson(`${up.url}/ok/1`);
    await c.getJson(`${up.url}/ok/2`);
    const e = await failure(c.getJson(`${up.url}/ok/3`));
    expect(e.kind).toBe('budget');
    expect(e.retryAfterMs).toBeGreaterThan(50_000);
    expect(up.requests).toHaveLength(2);
    expect(c.stats()).toMatchObject({ requests_total: 2, requests_last_minute: 2, request_budget_per_minute: 2 });
  });
});

describe('conditional requests, gzip, User-Agent', () => {
  it('sends If-None-Match after an ETag and answers a 304 with the remembered body; gzip on the wire', async () => {
    const c = client();
    const a = await c.getJson(`${up.url}/ok/same`);
    const b = await c.getJson(`${up.url}/ok/same`);
    expect(a).toMatchObject({ status: 200, unchanged: false, body: { ok: true, path: '/ok/same' } });
    expect(b).toMatchObject({ status: 304, unchanged: true, body: { ok: true, path: '/ok/same' } });
    expect(up.requests.map((r) => r.answered)).toEqual([200, 304]);
    expect(up.requests[1].headers['if-none-match']).toBe(a.headers.etag);
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(up.requests[0].headers['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^Scoreline\/\d+\.\d+\.\d+/);
    expect(c.stats()).toMatchObject({ requests_total: 2, not_modified_total: 1 });
  });
});

describe('the runner carries any sport: fixtures, events and corrections of ice hockey; pacing', () => {
  it('an ice-hockey fixture, its goals, a retraction from the ledger; live / idle / hinted intervals', async () => {
    const engine = new FeedEngine(store, new FeedBus());
    const key = 'kit-test/game/1';
    const fixture = {
      sport: 'ice-hockey' as const,
      source_key: key,
      competition: 'nhl',
      competition_name: 'NHL',
      season: '2024-25',
      round: null,
      group: null,
      venue: 'Amalie Arena',
      kickoff: '2025-04-22T23:00:00Z',
      home_team: 'Tampa Bay Lightning',
      away_team: 'Florida Panthers',
    };
    const base = { player: null, minute: null, stoppage: null, clock_seconds: null, detail: {} };
    const plays: FeedEvent[] = [
      { ...base, event_id: 'kit:1:start:p1', type: 'period_start', side: null, period: 'p1' },
      {
        ...base,
        event_id: 'kit:1:goal:a',
        type: 'goal',
        side: 'away',
        period: 'p1',
        player: 'Sam Bennett',
        clock_seconds: 900,
      },
      {
        ...base,
        event_id: 'kit:1:goal:b',
        type: 'goal',
        side: 'home',
        period: 'p1',
        player: 'Jake Guentzel',
        clock_seconds: 600,
      },
    ];
    let shown = plays;
    let pacing: AdapterPacing = { live: true };
    const adapter: SourceAdapter = {
      name: 'kit-test',
      intervalMs: 300_000,
      liveIntervalMs: 10_000,
      async poll(ctx) {
        const d = diffDelivered(readLedger(ctx.state.ledger), shown, { complete: true, source: 'kit-test' });
        return {
          fixtures: [fixture],
          events: d.events.map((event) => ({ source_key: key, event, occurred_at: new Date().toISOString() })),
          state: { ledger: d.ledger },
          pacing,
          followed: 1,
        };
      },
    };
    const runner = new AdapterRunner({ engine, log: pino({ level: 'silent' }), adapter });
    const r1 = await runner.pollOnce();
    expect(r1).toMatchObject({ ok: true, fixtures: 1, stored: 3, rejected: 0, skipped: 0, delayMs: 10_000 });
    const id = (await store.db.select().from(t.fixtureSources).where(eq(t.fixtureSources.sourceKey, key)))[0].fixtureId;
    expect((await engine.fixtureInfo(id))?.sport).toBe('ice-hockey');
    expect((await engine.stateOf(store.db, id)).state).toMatchObject({ score: { home: 1, away: 1 } });
    // The home goal vanishes upstream: a retraction, the score goes back.
    shown = plays.slice(0, 2);
    pacing = { live: true, nextPollHintMs: 25_000 };
    const r2 = await runner.pollOnce();
    expect(r2).toMatchObject({ ok: true, stored: 1, delayMs: 25_000 });
    expect((await engine.stateOf(store.db, id)).state).toMatchObject({ score: { home: 0, away: 1 } });
    pacing = {};
    expect(await runner.pollOnce()).toMatchObject({ ok: true, stored: 0, delayMs: 300_000 });
    // A football event type is refused by the ice-hockey vocabulary, as POST /v1/ops/events would.
    shown = [
      ...plays.slice(0, 2),
      { ...base, event_id: 'kit:1:card', type: 'yellow_card', side: 'home', period: 'p1' },
    ];
    expect(await runner.pollOnce()).toMatchObject({ ok: true, stored: 0, skipped: 1 });
    expect(runner.status()).toMatchObject({
      games_followed: 1,
      live: false,
      corrections_ingested: 1,
      items_skipped: 1,
      last_lag_ms: expect.any(Number),
    });
  });
});
