import { describe, expect, test } from 'vitest';
import { ApiError } from './problem';
import { matchRoute, type RouteMatch } from './router';
import { ROUTES } from './routes';
import { getLive } from './handlers/live';

/** The problem a routing error's handler throws (code, detail, headers). */
async function refusal(m: RouteMatch): Promise<{ code: string; detail: string; headers: Record<string, string> }> {
  try {
    await m.handler(new Request('http://localhost/'), {} as never);
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, detail: e.detail, headers: e.headers };
    throw e;
  }
  throw new Error('the handler answered');
}

describe('matchRoute (server/api/router.ts)', () => {
  test('a cached read resolves to its route, its parameters and the cache policy it declares', () => {
    const m = matchRoute('GET', '/v1/football/live/', false);
    expect(m.params).toEqual({ sport: 'football' });
    expect(m.cache).toBe(ROUTES.find((r) => r.handler === getLive)!.cache);
    expect(m.auth).toBe('feed');
    expect(m.viewer).toBe(true);
    expect(matchRoute('HEAD', '/v1/football/live', false).cache).toBe(m.cache);
    expect(matchRoute('GET', '/sandbox/v1/football/live', true).cache).toBe(m.cache);
    // The same match each time (matched once per path, not per request).
    expect(matchRoute('GET', '/v1/football/live/', false)).toBe(m);
  });

  test('a read without a policy is not cached; the operators come before the feed', () => {
    expect(matchRoute('GET', '/v1/football/matches/12', false)).toMatchObject({
      params: { sport: 'football', id: '12' },
      cache: null,
    });
    expect(matchRoute('GET', '/v1/ops/fixtures', false)).toMatchObject({ auth: 'operator', cache: null });
  });

  test('documents are public, GET and HEAD only', async () => {
    expect(matchRoute('HEAD', '/v1/openapi.json', false)).toMatchObject({ auth: 'public', cache: null });
    const post = matchRoute('POST', '/sandbox/v1/openapi.json', true);
    expect(post.auth).toBe('any');
    expect(await refusal(post)).toEqual({
      code: 'method_not_allowed',
      detail: 'POST is not allowed here (allowed: GET, HEAD).',
      headers: { allow: 'GET, HEAD' },
    });
  });

  test('routing errors: 405 with Allow, 404 (with the sandbox hint), unknown sport, bad percent-encoding', async () => {
    expect(await refusal(matchRoute('DELETE', '/v1/football/live', false))).toEqual({
      code: 'method_not_allowed',
      detail: 'DELETE is not allowed here (allowed: GET, HEAD); the feed is read-only.',
      headers: { allow: 'GET, HEAD' },
    });
    expect((await refusal(matchRoute('HEAD', '/v1/keys', false))).detail).toMatch(/^HEAD is not allowed here/);
    expect((await refusal(matchRoute('GET', '/v1/nope', false))).detail).toBe('No endpoint at /v1/nope.');
    expect((await refusal(matchRoute('GET', '/sandbox/v1/keys/current', true))).detail).toBe(
      'No endpoint at /sandbox/v1/keys/current. The sandbox serves the read feed only; manage keys at /v1.',
    );
    expect((await refusal(matchRoute('GET', '/v1/curling/live', false))).code).toBe('unknown_sport');
    const bad = matchRoute('GET', '/v1/football/matches/%E0%A4%A', false);
    expect(bad.cache).toBeNull();
    expect((await refusal(bad)).detail).toBe('The path is not valid percent-encoding.');
  });
});
