/**
 * Viewer sessions against the real server process (its own, replay off, tiny limits): the page
 * load issues the `sl_viewer` cookie; /v1 accepts it only with `x-scoreline-viewer: 1`, rate
 * limited with IETF RateLimit headers and a 429 problem+json past VIEWER_RPM (API keys unaffected);
 * /v1/ws accepts it only with a same-origin `Origin`, capped at VIEWER_WS_PER_SESSION sockets.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { ProblemSchema } from '@/lib/wire/schemas';
import { VIEWER_COOKIE, ViewerSessions } from '@/server/auth/viewer-session';
import { ensureBuild, getJson, startTestServer, waitFor, type TestServer } from '../helpers/server';
import { refusedUpgrade } from '../helpers/ws';

const VIEWER_RPM = 3;
const Welcome = z.object({ type: z.literal('welcome'), protocol: z.string(), seq: z.number().int().nonnegative() });

let s: TestServer;
const sockets: WebSocket[] = [];

/** Loads `/` as a browser would and returns its Set-Cookie header for `sl_viewer`. */
async function loadPage(path = '/'): Promise<string> {
  const res = await fetch(s.baseUrl + path, { headers: { accept: 'text/html,application/xhtml+xml' } });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${VIEWER_COOKIE}=`));
  expect(cookie, `Set-Cookie on ${path}: ${JSON.stringify(res.headers.getSetCookie())}`).toBeDefined();
  return cookie!;
}

/** A fresh viewer session: the `name=value` pair to send back in a Cookie header. */
async function newViewer(): Promise<string> {
  return (await loadPage()).split(';')[0];
}

/** GET /v1 as the dashboard does: the cookie plus (unless `header` is false) `x-scoreline-viewer: 1`. */
async function viewerGet(path: string, cookie: string, header = true): Promise<{ res: Response; text: string }> {
  const res = await fetch(s.baseUrl + path, { headers: { cookie, ...(header ? { 'x-scoreline-viewer': '1' } : {}) } });
  return { res, text: await res.text() };
}

/** Expects a problem+json response with `status` and `code`; returns the validated body. */
function expectProblem(r: { res: Response; text: string }, status: number, code: string) {
  expect(r.res.status, r.text).toBe(status);
  expect(r.res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = ProblemSchema.parse(JSON.parse(r.text));
  expect(body).toMatchObject({ status, code });
  return body;
}

/** Opens /v1/ws; resolves with the socket and its first message once open. Rejects on refusal. */
function openSocket(headers: Record<string, string>): Promise<{ ws: WebSocket; first: Promise<unknown> }> {
  const ws = new WebSocket(s.wsUrl, { headers });
  sockets.push(ws);
  const first = new Promise<unknown>((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()))));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, first }));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

beforeAll(async () => {
  await ensureBuild();
  s = await startTestServer({ REPLAY: 'off', VIEWER_RPM: String(VIEWER_RPM), VIEWER_WS_PER_SESSION: '1' });
}, 300_000);

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await s?.stop();
});

describe('issuing', () => {
  test('an HTML page load sets sl_viewer: HttpOnly, SameSite=Strict, Path=/, not Secure over http', async () => {
    const cookie = await loadPage();
    const [pair, ...attrs] = cookie.split(';').map((p) => p.trim());
    expect(pair).toMatch(new RegExp(`^${VIEWER_COOKIE}=[A-Za-z0-9_-]{22}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    const lower = attrs.map((a) => a.toLowerCase());
    expect(lower).toContain('httponly');
    expect(lower).toContain('samesite=strict');
    expect(lower).toContain('path=/');
    expect(lower).not.toContain('secure');
    expect(lower.some((a) => /^max-age=\d+$/.test(a))).toBe(true);
  });

  test('a page load that already carries a valid cookie gets no new one; JSON requests get none', async () => {
    const cookie = await newViewer();
    const again = await fetch(s.baseUrl + '/', { headers: { accept: 'text/html', cookie } });
    await again.arrayBuffer();
    expect(again.headers.getSetCookie().filter((c) => c.startsWith(`${VIEWER_COOKIE}=`))).toEqual([]);
    const api = await fetch(s.baseUrl + '/v1/football/live', { headers: { authorization: `Bearer ${s.apiKey}` } });
    await api.arrayBuffer();
    expect(api.headers.getSetCookie()).toEqual([]);
  });
});

describe('GET /session (renewal before a reconnect)', () => {
  test('issues a cookie when there is none, keeps a fresh one, renews one near expiry, refuses other methods', async () => {
    const none = await fetch(s.baseUrl + '/session');
    expect(none.status).toBe(204);
    const issued = none.headers.getSetCookie().find((c) => c.startsWith(`${VIEWER_COOKIE}=`));
    expect(issued).toMatch(/HttpOnly/);
    const fresh = await fetch(s.baseUrl + '/session', { headers: { cookie: issued!.split(';')[0] } });
    expect(fresh.status).toBe(204);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    // A cookie with less than half its lifetime left (signed by the server's own secret) is renewed.
    const secret = (await import('node:fs')).readFileSync(`${s.dataDir}/session.secret`);
    const old = new ViewerSessions(secret).issue(Date.now() - 8 * 3600 * 1000).value;
    const renewed = await fetch(s.baseUrl + '/session', { headers: { cookie: `${VIEWER_COOKIE}=${old}` } });
    expect(renewed.status).toBe(204);
    const next = renewed.headers.getSetCookie().find((c) => c.startsWith(`${VIEWER_COOKIE}=`));
    expect(next).toBeDefined();
    expect(next).not.toContain(old);
    const post = await fetch(s.baseUrl + '/session', { method: 'POST' });
    expect(post.status).toBe(405);
  });
});

describe('REST', () => {
  test('the cookie with x-scoreline-viewer: 1 reads /v1 with RateLimit headers', async () => {
    const cookie = await newViewer();
    const r = await viewerGet('/v1/football/live', cookie);
    expect(r.res.status, r.text).toBe(200);
    expect(JSON.parse(r.text)).toMatchObject({ data: expect.any(Array) });
    expect(r.res.headers.get('ratelimit-policy')).toBe(`"viewer-session";q=${VIEWER_RPM};w=60`);
    expect(r.res.headers.get('ratelimit')).toMatch(new RegExp(`^"viewer-session";r=${VIEWER_RPM - 1};t=\\d+$`));
  });

  test('the cookie without the header is 401', async () => {
    const cookie = await newViewer();
    const body = expectProblem(await viewerGet('/v1/football/live', cookie, false), 401, 'unauthorized');
    expect(body.instance).toBe('/v1/football/live');
  });

  test('a forged, edited or foreign-signed cookie is 401', async () => {
    const real = (await newViewer()).slice(VIEWER_COOKIE.length + 1);
    const [sid, exp, sig] = real.split('.');
    const foreign = new ViewerSessions(randomBytes(32)).issue().value; // well-formed, wrong secret
    for (const value of [
      foreign,
      `${sid}.${Number(exp) + 3600}.${sig}`,
      `${sid}.${exp}.${'A'.repeat(43)}`,
      'garbage',
    ]) {
      expectProblem(await viewerGet('/v1/football/live', `${VIEWER_COOKIE}=${value}`), 401, 'unauthorized');
    }
    // No cookie at all, header alone.
    expectProblem(await viewerGet('/v1/football/live', ''), 401, 'unauthorized');
  });

  test('past VIEWER_RPM: 429 problem+json rate_limited with Retry-After; an API key still works', async () => {
    const cookie = await newViewer();
    for (let i = 0; i < VIEWER_RPM; i++) {
      const r = await viewerGet('/v1/football/live', cookie);
      expect(r.res.status, `request ${i + 1}: ${r.text}`).toBe(200);
    }
    const limited = await viewerGet('/v1/football/live', cookie);
    const body = expectProblem(limited, 429, 'rate_limited');
    expect(body.type).toBe('/docs/errors#rate_limited');
    const retryAfter = Number(limited.res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.res.headers.get('ratelimit-policy')).toBe(`"viewer-session";q=${VIEWER_RPM};w=60`);
    expect(limited.res.headers.get('ratelimit')).toBe(`"viewer-session";r=0;t=${retryAfter}`);
    // Other endpoints share the session's quota.
    expectProblem(await viewerGet('/v1/football/standings?league=world-cup', cookie), 429, 'rate_limited');

    // Meanwhile: the API key is not limited by the viewer quota, and neither is another session.
    const keyed = await getJson(s, '/v1/football/live');
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get('ratelimit-policy')).toMatch(/^"enterprise-minute";q=\d+;w=60, "enterprise-day";/); // the key's own plan, not the viewer's quota
    const other = await viewerGet('/v1/football/live', await newViewer());
    expect(other.res.status, other.text).toBe(200);
  });
});

describe('WebSocket', () => {
  test('cookie + same-origin Origin is accepted and welcomed; no Origin or a foreign one is 401', async () => {
    const cookie = await newViewer();
    const { ws, first } = await openSocket({ cookie, origin: s.baseUrl });
    Welcome.parse(await first);
    const closed = new Promise((r) => ws.once('close', r));
    ws.close();
    await closed;

    const refusals: Record<string, string>[] = [
      { cookie },
      { cookie, origin: 'http://evil.example' },
      { cookie, origin: `http://localhost:${s.port + 1}` },
      { origin: s.baseUrl },
    ];
    for (const headers of refusals) {
      const r = await refusedUpgrade(s.wsUrl, headers);
      expect(r.status, JSON.stringify(headers)).toBe(401);
      expect(ProblemSchema.parse(JSON.parse(r.body))).toMatchObject({ status: 401, code: 'unauthorized' });
    }
  });

  test('beyond VIEWER_WS_PER_SESSION=1 a socket is refused with 429; after closing the first, a new one is accepted', async () => {
    const cookie = await newViewer();
    const headers = { cookie, origin: s.baseUrl };
    const a = await openSocket(headers);
    Welcome.parse(await a.first);

    const r = await refusedUpgrade(s.wsUrl, headers);
    expect(r.status).toBe(429);
    expect(ProblemSchema.parse(JSON.parse(r.body))).toMatchObject({ status: 429, code: 'rate_limited' });

    // Another session has its own slot; an API key is not capped by the viewer limits.
    const b = await openSocket({ cookie: await newViewer(), origin: s.baseUrl });
    Welcome.parse(await b.first);
    const k = await openSocket({ authorization: `Bearer ${s.apiKey}` });
    Welcome.parse(await k.first);

    const closed = new Promise((res) => a.ws.once('close', res));
    a.ws.close();
    await closed;
    // The server frees the slot when it sees the close; retry briefly in case that is a moment later.
    const c = await waitFor(
      'a viewer socket after closing the first',
      () => openSocket(headers).catch(() => null),
      5_000,
      100,
    );
    Welcome.parse(await c.first);
    expect((await refusedUpgrade(s.wsUrl, headers)).status).toBe(429);
    for (const x of [b, k, c]) x.ws.close();
  });
});
