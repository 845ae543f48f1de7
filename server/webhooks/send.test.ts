import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '@/test/helpers/receivers';
import { postWebhook } from './send';
import { newSigningSecret, webhookHeaders } from './signing';
import type { AddressPolicy } from './ssrf';

const LOOPBACK: AddressPolicy = { allowLoopback: true, allowPrivate: false };
const body = JSON.stringify({ type: 'fixture.goal', data: { fixture_id: 7, minute: 12 } });
const open: Receiver[] = [];
const receiver = async (opts: Parameters<typeof startReceiver>[0] = {}) => {
  const r = await startReceiver(opts);
  open.push(r);
  return r;
};
const post = (url: string, extra: Partial<Parameters<typeof postWebhook>[0]> = {}) =>
  postWebhook({ url, headers: {}, body, timeoutMs: 2000, policy: LOOPBACK, ...extra });

afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});

describe('postWebhook against real receivers', () => {
  it('delivers: 200 ok with latency, headers and body as sent', async () => {
    const r = await receiver();
    const res = await post(r.url, { headers: { 'webhook-id': 'msg_1' } });
    expect(res).toMatchObject({ ok: true, status: 200, error: null, retryAfterMs: null, responseExcerpt: 'ok' });
    expect(Number.isInteger(res.latencyMs) && res.latencyMs >= 0).toBe(true);
    expect(r.accepted()).toHaveLength(1);
    expect(r.received[0]).toMatchObject({ id: 'msg_1', body, json: JSON.parse(body), verified: null, status: 200 });
  });

  it('reports a failing status as ok:false with the status', async () => {
    const r = await receiver({ failTimes: 1 });
    expect(await post(r.url)).toMatchObject({ ok: false, status: 500, error: null, responseExcerpt: 'fail' });
    expect(await post(r.url)).toMatchObject({ ok: true, status: 200 });
    expect((await post((await receiver({ status: 410 })).url)).status).toBe(410);
  });

  it('times out a slow receiver within about timeoutMs', async () => {
    const r = await receiver({ delayMs: 5000 });
    const t0 = Date.now();
    const res = await post(r.url, { timeoutMs: 300 });
    expect(res).toMatchObject({ ok: false, status: null, error: 'timeout after 300 ms' });
    expect(Date.now() - t0).toBeLessThan(800);
    expect(res.latencyMs).toBeGreaterThanOrEqual(290);
  });

  it('does not follow redirects', async () => {
    const target = await receiver();
    const r = await receiver({ redirectTo: target.url });
    expect(await post(r.url)).toMatchObject({
      ok: false,
      status: 302,
      error: `redirect not followed (302 to ${target.url})`,
    });
    expect(target.received).toHaveLength(0);
  });

  it('reads Retry-After from a 429', async () => {
    const r = await receiver({ failTimes: 1, retryAfterS: 7 });
    expect(await post(r.url)).toMatchObject({ ok: false, status: 429, retryAfterMs: 7000 });
  });

  it('reports a refused connection while the receiver is down, and delivers once it is up', async () => {
    const r = await receiver();
    await r.down();
    const res = await post(r.url);
    expect(res).toMatchObject({ ok: false, status: null });
    expect(res.error).toMatch(/ECONNREFUSED/);
    await r.up();
    expect(await post(r.url)).toMatchObject({ ok: true, status: 200 });
  });

  it('refuses loopback when the policy disallows it, by literal and by name', async () => {
    const r = await receiver();
    const strict = { allowLoopback: false, allowPrivate: false };
    expect(await post(r.url, { policy: strict })).toMatchObject({
      ok: false,
      status: null,
      error: expect.stringMatching(/127\.0\.0\.1 is a loopback address/),
    });
    const byName = await post(`http://localhost:${r.port}/hooks`, { policy: strict });
    expect(byName).toMatchObject({
      ok: false,
      status: null,
      error: expect.stringMatching(/localhost resolves to 127\.0\.0\.1, a loopback address/),
    });
    expect(r.received).toHaveLength(0);
  });

  it('caps the response excerpt', async () => {
    const r = await receiver({ responseBody: 'é'.repeat(100_000) });
    const res = await post(r.url, { maxResponseBytes: 11 });
    expect(res).toMatchObject({ ok: true, status: 200, responseExcerpt: 'é'.repeat(5) });
    expect((await post(r.url)).responseExcerpt).toHaveLength(2048);
  });

  it('signs so that a verifying receiver accepts, and rejects a wrong secret', async () => {
    const secret = newSigningSecret();
    const r = await receiver({ secret });
    const good = await post(r.url, { headers: webhookHeaders(secret, 'msg_ok', new Date(), body) });
    expect(good).toMatchObject({ ok: true, status: 200 });
    const bad = await post(r.url, { headers: webhookHeaders(newSigningSecret(), 'msg_bad', new Date(), body) });
    expect(bad).toMatchObject({ ok: false, status: 400 });
    expect(r.received.map((d) => [d.id, d.verified, d.status])).toEqual([
      ['msg_ok', true, 200],
      ['msg_bad', false, 400],
    ]);
    expect(r.accepted().map((d) => d.id)).toEqual(['msg_ok']);
    await r.waitFor(1, 100);
    await expect(r.waitFor(2, 100)).rejects.toThrow(/1 of 2/);
  });
});
