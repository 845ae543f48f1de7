/**
 * Cached, conditional, compressed reads (issue 18, docs/api.md "Caching and conditional
 * requests") against the real server process over real HTTP: a weak ETag stable across identical
 * reads, 304 on If-None-Match (authenticated and counted like any request), br and gzip decoding
 * to the same JSON, Cache-Control of a finished season against a live resource, and a write
 * through the operator API changing the ETag and the body as soon as the write has returned.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ProblemSchema } from '@/lib/wire/schemas';
import { requestJson } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/server';

const OPERATOR = 'test_operator_key_rest_cache_0123456789';
const SEASON = '/v1/football/standings?league=premier-league&season=2023-24';
let s: TestServer;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/** A GET (or `method`) with exactly `headers` (no client-side decompression), the body's bytes as sent. */
function raw(path: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${s.baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject).end();
  });
}
const auth = (key = s.apiKey) => ({ authorization: `Bearer ${key}` });
const op = (method: string, path: string, body?: unknown) => requestJson(s.baseUrl, method, path, body, OPERATOR);

beforeAll(async () => {
  // The free plan's minute quota is small here so that 304s can be seen to count against it.
  s = await startTestServer({
    REPLAY: 'off',
    PAGES: 'off',
    OPERATOR_API_KEY: OPERATOR,
    INITIAL_API_KEY_PLAN: 'enterprise',
    PLAN_LIMITS: JSON.stringify({ free: { requests_per_minute: 3 } }),
  });
}, 300_000);

afterAll(async () => {
  await s?.stop();
});

describe('ETag, 304 and Cache-Control', () => {
  test('identical reads carry one weak ETag; If-None-Match gets 304 with no body; a finished season may be kept', async () => {
    const a = await raw(SEASON, auth());
    const b = await raw(SEASON, auth());
    expect(a.status).toBe(200);
    expect(a.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(b.bytes.equals(a.bytes)).toBe(true);
    expect(a.headers['cache-control']).toBe('private, max-age=3600');
    expect(a.headers.vary).toBe('Accept-Encoding');
    expect(a.headers['x-request-id']).toBeTruthy();

    const nm = await raw(SEASON, { ...auth(), 'if-none-match': a.headers.etag! });
    expect(nm.status).toBe(304);
    expect(nm.bytes.length).toBe(0);
    expect(nm.headers.etag).toBe(a.headers.etag);
    expect(nm.headers['cache-control']).toBe('private, max-age=3600');
    expect(nm.headers.ratelimit).toMatch(/enterprise-minute/);
    // A list of tags, one of them current, and the strong form of the same tag also match (weak comparison).
    expect((await raw(SEASON, { ...auth(), 'if-none-match': `"other", ${a.headers.etag!.slice(2)}` })).status).toBe(
      304,
    );
    expect((await raw(SEASON, { ...auth(), 'if-none-match': '"other"' })).status).toBe(200);

    const head = await raw(SEASON, auth(), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers.etag).toBe(a.headers.etag);
  });

  test('live resources are revalidated on every use', async () => {
    const live = await raw('/v1/football/live', auth());
    expect(live.status).toBe(200);
    expect(live.headers['cache-control']).toBe('private, no-cache');
    expect(live.headers.etag).toMatch(/^W\//);
    expect((await raw('/v1/football/live', { ...auth(), 'if-none-match': live.headers.etag! })).status).toBe(304);
    const current = await raw('/v1/football/standings', auth());
    expect(current.headers['cache-control']).toBe('private, no-cache');
  });

  test('bad input is the same problem+json every time, never cached or tagged', async () => {
    for (let i = 0; i < 2; i += 1) {
      const r = await raw('/v1/football/standings?league=no-such-league', auth());
      expect(r.status).toBe(404);
      expect(r.headers['content-type']).toBe('application/problem+json');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers.etag).toBeUndefined();
      expect(ProblemSchema.parse(JSON.parse(r.bytes.toString())).code).toBe('league_not_found');
      const bad = await raw('/v1/football/results?limit=0', auth());
      expect(bad.status).toBe(400);
      expect(bad.headers.etag).toBeUndefined();
    }
  });
});

describe('compression', () => {
  test('br and gzip are negotiated by Accept-Encoding and decode to the same JSON as identity', async () => {
    const plain = await raw(SEASON, { ...auth(), 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.bytes.length);
    const br = await raw(SEASON, { ...auth(), 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await raw(SEASON, { ...auth(), 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.bytes.length).toBeLessThan(plain.bytes.length);
    expect(gz.bytes.length).toBeLessThan(plain.bytes.length);
    const json = JSON.parse(plain.bytes.toString());
    expect(json.data.length).toBeGreaterThan(0);
    expect(JSON.parse(zlib.brotliDecompressSync(br.bytes).toString())).toEqual(json);
    expect(JSON.parse(zlib.gunzipSync(gz.bytes).toString())).toEqual(json);
    // One representation, one validator, whatever the coding.
    expect(new Set([plain, br, gz].map((r) => r.headers.etag)).size).toBe(1);
    expect(br.headers.vary).toBe('Accept-Encoding');
  });
});

describe('writes change what reads answer, at once', () => {
  test('events, odds ticks and a rename each give a new ETag and body as soon as the write returns', async () => {
    expect(
      (
        await op('POST', '/v1/ops/competitions', {
          sport: 'football',
          league: 'cache-cup',
          season: '2026',
          name: 'Cache Cup',
        })
      ).status,
    ).toBe(201);
    const created = await op('POST', '/v1/ops/fixtures', {
      sport: 'football',
      league: 'cache-cup',
      season: '2026',
      home_team: 'Etag Rovers',
      away_team: 'Vary Town',
      kickoff: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    const id: number = created.body.id;

    const fixtures = '/v1/football/fixtures?league=cache-cup&season=2026';
    const f0 = await raw(fixtures, auth());
    expect(JSON.parse(f0.bytes.toString()).data.map((f: any) => f.home_team)).toEqual(['Etag Rovers']);
    const live0 = await raw('/v1/football/live', auth());
    expect(JSON.parse(live0.bytes.toString()).data.map((m: any) => m.fixture_id)).not.toContain(id);

    const ko = await op('POST', '/v1/ops/events', {
      events: [{ fixture_id: id, event_id: 'cache-ko', type: 'period_start', period: '1st_half' }],
    });
    expect(ko.body.results[0].status).toBe('stored');
    const live1 = await raw('/v1/football/live', { ...auth(), 'if-none-match': live0.headers.etag! });
    expect(live1.status).toBe(200);
    expect(live1.headers.etag).not.toBe(live0.headers.etag);
    const m1 = JSON.parse(live1.bytes.toString()).data.find((m: any) => m.fixture_id === id);
    expect(m1).toMatchObject({ status: 'in_play', score: { home: 0, away: 0 } });

    await op('POST', '/v1/ops/events', {
      events: [
        {
          fixture_id: id,
          event_id: 'cache-g1',
          type: 'goal',
          side: 'home',
          player: 'A. Header',
          minute: 3,
          period: '1st_half',
        },
      ],
    });
    const live2 = await raw('/v1/football/live', { ...auth(), 'if-none-match': live1.headers.etag! });
    expect(live2.status).toBe(200);
    expect(JSON.parse(live2.bytes.toString()).data.find((m: any) => m.fixture_id === id).score).toEqual({
      home: 1,
      away: 0,
    });
    const f1 = await raw(fixtures, { ...auth(), 'if-none-match': f0.headers.etag! });
    expect(f1.status).toBe(200);
    expect(JSON.parse(f1.bytes.toString()).data[0].score).toEqual({ home: 1, away: 0 });

    // Odds: the fixture's ticks are its version.
    const odds = `/v1/football/odds?match_id=${id}`;
    const tick = (n: number, home: number) => ({
      tick_id: `cache-o${n}`,
      fixture_id: id,
      bookmaker: 'etag-book',
      market: '1X2',
      selection: 'home',
      price: home,
    });
    await op('POST', '/v1/ops/odds', {
      ticks: [tick(1, 2.1), { ...tick(2, 3.4), selection: 'draw' }, { ...tick(3, 3.2), selection: 'away' }],
    });
    const o1 = await raw(odds, auth());
    expect(o1.status).toBe(200);
    expect(JSON.parse(o1.bytes.toString()).home).toBe(2.1);
    await op('POST', '/v1/ops/odds', { ticks: [tick(4, 1.9)] });
    const o2 = await raw(odds, { ...auth(), 'if-none-match': o1.headers.etag! });
    expect(o2.status).toBe(200);
    expect(JSON.parse(o2.bytes.toString()).home).toBe(1.9);

    // A rename is reference data, with no seq of its own: it still changes the answers that show it.
    const team = (await op('POST', '/v1/ops/teams', { sport: 'football', name: 'Etag Rovers' })).body.id; // upsert: the existing team
    expect((await op('PATCH', `/v1/ops/teams/${team}`, { name: 'Etag Rovers United' })).status).toBe(200);
    const f2 = await raw(fixtures, { ...auth(), 'if-none-match': f1.headers.etag! });
    expect(f2.status).toBe(200);
    expect(JSON.parse(f2.bytes.toString()).data[0].home_team).toBe('Etag Rovers United');
  });
});

describe('304s are authenticated and counted', () => {
  test('a key past its quota gets 429, not 304; a revoked key gets 401, not 304', async () => {
    const k = (await requestJson(s.baseUrl, 'POST', '/v1/keys', { name: 'cache test' }, null)).body.key as string;
    const first = await raw(SEASON, auth(k)); // 1 of 3
    expect(first.status).toBe(200);
    const cond = { ...auth(k), 'if-none-match': first.headers.etag! };
    const second = await raw(SEASON, cond); // 2 of 3
    expect(second.status).toBe(304);
    expect(second.headers.ratelimit).toMatch(/^"free-minute";r=1;/);
    expect((await raw(SEASON, cond)).status).toBe(304); // 3 of 3
    const over = await raw(SEASON, cond);
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeTruthy();
    expect(over.headers.etag).toBeUndefined();

    const k2 = (await requestJson(s.baseUrl, 'POST', '/v1/keys', { name: 'cache test 2' }, null)).body.key as string;
    const seen = await raw(SEASON, auth(k2));
    expect((await requestJson(s.baseUrl, 'DELETE', '/v1/keys/current', undefined, k2)).status).toBe(204);
    const revoked = await raw(SEASON, { ...auth(k2), 'if-none-match': seen.headers.etag! });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.etag).toBeUndefined();
  });
});
