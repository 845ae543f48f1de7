import { describe, expect, test } from 'vitest';
import { ScorelineApiError, ScorelineNetworkError } from './errors';
import { ScorelineRest } from './rest';

type Answer = Response | Error;

/** A fetch that records its calls and answers from `answers` in order (no network). */
function fakeFetch(answers: Answer[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, headers: init?.headers as Record<string, string> });
    const a = answers.shift();
    if (!a) throw new Error('no more answers');
    if (a instanceof Error) throw a;
    return a;
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 400 ? 'application/json' : 'application/problem+json', ...headers },
  });
const problem = (status: number, code: string, extra: Record<string, string> = {}) =>
  json(
    {
      type: `/docs/errors#${code}`,
      title: 'x',
      status,
      detail: `detail of ${code}`,
      instance: '/v1/x',
      code,
      request_id: 'req_123',
    },
    status,
    extra,
  );

/** The rejection reason of a failed call. */
const caught = (e: unknown): any => e;

const fast = { retryBackoff: { initialMs: 1, maxMs: 2 } };

describe('ScorelineRest.get', () => {
  test('sends the Bearer key to baseUrl + path with the defined params, returns the JSON', async () => {
    const f = fakeFetch([json({ data: [1] })]);
    const rest = new ScorelineRest({ baseUrl: 'http://127.0.0.1:3000/', apiKey: 'k_1', fetch: f.fetch });
    expect(await rest.get('/v1/football/live', { league: 'euro', limit: 5, cursor: undefined })).toEqual({ data: [1] });
    expect(f.calls[0].url).toBe('http://127.0.0.1:3000/v1/football/live?league=euro&limit=5');
    expect(f.calls[0].headers.authorization).toBe('Bearer k_1');
  });

  test('429 and 503 are retried after Retry-After; then success', async () => {
    const f = fakeFetch([
      problem(429, 'rate_limited', { 'retry-after': '0' }),
      problem(503, 'unavailable', { 'retry-after': '0' }),
      json({ ok: true }),
    ]);
    const rest = new ScorelineRest({ baseUrl: 'http://h', apiKey: 'k', fetch: f.fetch, ...fast });
    expect(await rest.get('/v1/x')).toEqual({ ok: true });
    expect(f.calls).toHaveLength(3);
  });

  test('Retry-After is honoured (seconds) and capped', async () => {
    const f = fakeFetch([problem(429, 'rate_limited', { 'retry-after': '1' }), json({ ok: 1 })]);
    let t0 = Date.now();
    await new ScorelineRest({ baseUrl: 'http://h', apiKey: 'k', fetch: f.fetch, ...fast }).get('/v1/x');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    const capped = fakeFetch([problem(503, 'unavailable', { 'retry-after': '3600' }), json({ ok: 2 })]);
    t0 = Date.now();
    await new ScorelineRest({ baseUrl: 'http://h', apiKey: 'k', fetch: capped.fetch, maxRetryAfterMs: 50 }).get(
      '/v1/x',
    );
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  test('network errors are retried with backoff; after maxRetries a ScorelineNetworkError', async () => {
    const ok = fakeFetch([new TypeError('fetch failed'), json({ ok: true })]);
    expect(
      await new ScorelineRest({ baseUrl: 'http://h', apiKey: 'k', fetch: ok.fetch, ...fast }).get('/v1/x'),
    ).toEqual({ ok: true });
    const down = fakeFetch(Array.from({ length: 4 }, () => new TypeError('fetch failed')));
    const err = await new ScorelineRest({ baseUrl: 'http://h', apiKey: 'k', fetch: down.fetch, ...fast })
      .get<never>('/v1/x')
      .catch(caught);
    expect(err).toBeInstanceOf(ScorelineNetworkError);
    expect(err.cause).toBeInstanceOf(TypeError);
    expect(down.calls).toHaveLength(4); // 1 + maxRetries (3)
  });

  test('other 4xx/5xx throw at once with the problem body; 429 after the last retry too', async () => {
    const f = fakeFetch([problem(404, 'not_found')]);
    const err = await new ScorelineRest({ baseUrl: 'http://h', apiKey: 'k', fetch: f.fetch })
      .get<never>('/v1/football/matches/1')
      .catch(caught);
    expect(err).toBeInstanceOf(ScorelineApiError);
    expect(err).toMatchObject({
      status: 404,
      code: 'not_found',
      detail: 'detail of not_found',
      requestId: 'req_123',
      request_id: 'req_123',
    });
    expect(f.calls).toHaveLength(1);

    const limited = fakeFetch([0, 1, 2].map(() => problem(429, 'rate_limited', { 'retry-after': '0' })));
    const e2 = await new ScorelineRest({ baseUrl: 'http://h', apiKey: 'k', fetch: limited.fetch, maxRetries: 2 })
      .get<never>('/v1/x')
      .catch(caught);
    expect(e2).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(limited.calls).toHaveLength(3);

    const e3 = await new ScorelineRest({
      baseUrl: 'http://h',
      apiKey: 'k',
      fetch: fakeFetch([new Response('oops', { status: 500, statusText: 'Internal Server Error' })]).fetch,
    })
      .get<never>('/v1/x')
      .catch(caught);
    expect(e3).toMatchObject({ status: 500, code: 'http_500', detail: 'Internal Server Error', requestId: null });
  });
});

describe('ScorelineRest.paginate', () => {
  test('yields every item, following next_cursor as `cursor` until null', async () => {
    const f = fakeFetch([
      json({ data: [1, 2], next_cursor: 'c1' }),
      json({ data: [3], next_cursor: 'c2' }),
      json({ data: [], next_cursor: null }),
    ]);
    const rest = new ScorelineRest({ baseUrl: 'http://h', apiKey: 'k', fetch: f.fetch });
    const items: number[] = [];
    for await (const x of rest.paginate<number>('/v1/football/results', { league: 'euro', limit: 2 })) items.push(x);
    expect(items).toEqual([1, 2, 3]);
    expect(f.calls.map((c) => new URL(c.url).search)).toEqual([
      '?league=euro&limit=2',
      '?league=euro&limit=2&cursor=c1',
      '?league=euro&limit=2&cursor=c2',
    ]);
  });
});
