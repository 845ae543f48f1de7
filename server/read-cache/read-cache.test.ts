import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { conditionalAnswer, negotiateCoding, noneMatchHits } from './conditional';
import { ReadCache } from './read-cache';
import { Representation } from './representation';

const rep = (json: unknown) =>
  new Representation(Buffer.from(JSON.stringify(json)), 'application/json; charset=utf-8', 'private, no-cache');
const big = {
  data: Array.from({ length: 200 }, (_, i) => ({ fixture_id: i, home_team: 'Arsenal', away_team: 'Chelsea' })),
};

describe('ReadCache', () => {
  test('a version or validity change misses; the same version hits', async () => {
    const c = new ReadCache();
    let built = 0;
    const build = async () => ({ rep: rep({ n: ++built }), validUntil: 1_000 });
    await c.getOrBuild('/live', 'v1', 0, build);
    expect(c.peek('/live', 'v1', 10)).toBeDefined();
    expect(c.peek('/live', 'v2', 10)).toBeUndefined();
    expect(c.peek('/live', 'v1', 1_000)).toBeUndefined();
    await c.getOrBuild('/live', 'v2', 10, build);
    expect(built).toBe(2);
  });

  test('concurrent misses share one cacheable build, but never an uncacheable one (an error is per request)', async () => {
    const c = new ReadCache();
    let builds = 0;
    const slow = async () => {
      builds += 1;
      await new Promise((r) => setTimeout(r, 10));
      return { rep: rep({ ok: true }), validUntil: Infinity };
    };
    const [a, b] = await Promise.all([c.getOrBuild('/x', 'v', 0, slow), c.getOrBuild('/x', 'v', 0, slow)]);
    expect(builds).toBe(1);
    expect(a.rep).toBe(b.rep);
    let failing = 0;
    const error = async () => ({ rep: null, validUntil: Infinity, other: ++failing });
    const [e1, e2] = await Promise.all([c.getOrBuild('/y', 'v', 0, error), c.getOrBuild('/y', 'v', 0, error)]);
    expect([e1.other, e2.other].sort()).toEqual([1, 2]);
    expect(c.peek('/y', 'v', 0)).toBeUndefined();
  });

  test('bounded by entries and by bytes, least recently used out first', async () => {
    const c = new ReadCache(2, 10_000);
    for (const k of ['a', 'b']) await c.getOrBuild(k, 'v', 0, async () => ({ rep: rep({ k }), validUntil: Infinity }));
    c.peek('a', 'v', 0); // a is now the most recent
    await c.getOrBuild('c', 'v', 0, async () => ({ rep: rep({ k: 'c' }), validUntil: Infinity }));
    expect(c.peek('b', 'v', 0)).toBeUndefined();
    expect(c.peek('a', 'v', 0)).toBeDefined();
    const huge = new ReadCache(10, 100);
    await huge.getOrBuild('h', 'v', 0, async () => ({ rep: rep(big), validUntil: Infinity }));
    expect(huge.size).toBe(0);
  });
});

describe('conditional answers', () => {
  test('Accept-Encoding: br first, then gzip; q=0 refuses; identity otherwise', () => {
    expect(negotiateCoding('gzip, deflate, br')).toBe('br');
    expect(negotiateCoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(negotiateCoding('*')).toBe('br');
    expect(negotiateCoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateCoding('identity')).toBe('identity');
    expect(negotiateCoding('deflate')).toBe('identity');
    expect(negotiateCoding(undefined)).toBe('identity');
  });

  test('If-None-Match: weak comparison, lists and *', () => {
    const tag = 'W/"abc"';
    expect(noneMatchHits('W/"abc"', tag)).toBe(true);
    expect(noneMatchHits('"abc"', tag)).toBe(true);
    expect(noneMatchHits('"x", W/"abc"', tag)).toBe(true);
    expect(noneMatchHits('*', tag)).toBe(true);
    expect(noneMatchHits('"abcd"', tag)).toBe(false);
    expect(noneMatchHits(null, tag)).toBe(false);
  });

  test('200 in the negotiated coding decodes to the same bytes; 304 has no body; HEAD keeps the length', async () => {
    const r = rep(big);
    const br = await conditionalAnswer(r, null, 'br', false);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(r.body)).toBe(true);
    const gz = await conditionalAnswer(r, null, 'gzip', false);
    expect(zlib.gunzipSync(gz.body).equals(r.body)).toBe(true);
    expect(await conditionalAnswer(r, null, 'gzip', false)).toMatchObject({ body: gz.body }); // compressed once, reused
    const head = await conditionalAnswer(r, null, 'gzip', true);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(gz.body.length));
    const nm = await conditionalAnswer(r, r.etag, 'br', false);
    expect(nm.status).toBe(304);
    expect(nm.body.length).toBe(0);
    expect(nm.headers).toMatchObject({ etag: r.etag, vary: 'Accept-Encoding' });
    // Small bodies stay identity whatever is asked.
    expect((await conditionalAnswer(rep({ a: 1 }), null, 'br', false)).headers['content-encoding']).toBeUndefined();
  });
});
