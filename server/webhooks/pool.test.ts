import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '@/test/helpers/receivers';
import { webhookPool } from './pool';
import { postWebhook } from './send';
import type { AddressPolicy } from './ssrf';

const LOOPBACK: AddressPolicy = { allowLoopback: true, allowPrivate: false };
const STRICT: AddressPolicy = { allowLoopback: false, allowPrivate: false };
const body = JSON.stringify({ type: 'match.corner', data: { seq: 1 } });
const open: Receiver[] = [];
const loopbackPool = webhookPool(LOOPBACK, { connectionsPerOrigin: 4 });
const strictPool = webhookPool(STRICT);

afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await Promise.all([loopbackPool.close(), strictPool.close()]);
});

describe('webhook connection pools', () => {
  it('delivers many POSTs over a few kept-alive connections per endpoint', async () => {
    const receivers = await Promise.all([startReceiver(), startReceiver()]);
    open.push(...receivers);
    // 2 endpoints × 100 deliveries, 16 in flight at once (a new connection each, without the pool: 200).
    const jobs = receivers.flatMap((r) => Array.from({ length: 100 }, (_, i) => ({ url: r.url, id: `msg_${i}` })));
    const results: boolean[] = [];
    const worker = async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) {
        const res = await postWebhook({
          url: job.url,
          headers: { 'webhook-id': job.id },
          body,
          timeoutMs: 5000,
          policy: LOOPBACK,
          pool: loopbackPool,
        });
        results.push(res.ok);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(results.filter(Boolean)).toHaveLength(200);
    for (const r of receivers) {
      expect(r.accepted()).toHaveLength(100);
      expect(r.connections()).toBeGreaterThanOrEqual(1);
      expect(r.connections()).toBeLessThanOrEqual(4);
    }
  });

  it('opens a new connection after the receiver closed the pooled one, and still delivers', async () => {
    const r = await startReceiver();
    open.push(r);
    expect(
      await postWebhook({ url: r.url, headers: {}, body, timeoutMs: 2000, policy: LOOPBACK, pool: loopbackPool }),
    ).toMatchObject({ ok: true });
    await r.down();
    await r.up();
    // The pooled socket was closed by the receiver; the next attempt may fail on it (retried by the
    // schedule, at least once) but never reaches anything else, and a new connection delivers.
    let res = await postWebhook({
      url: r.url,
      headers: {},
      body,
      timeoutMs: 2000,
      policy: LOOPBACK,
      pool: loopbackPool,
    });
    if (!res.ok)
      res = await postWebhook({ url: r.url, headers: {}, body, timeoutMs: 2000, policy: LOOPBACK, pool: loopbackPool });
    expect(res).toMatchObject({ ok: true, status: 200 });
    expect(r.connections()).toBe(2);
  });

  it('refuses loopback through a strict pool: by name at lookup, by literal at the peer check', async () => {
    const r = await startReceiver();
    open.push(r);
    const byName = await postWebhook({
      url: `http://localhost:${r.port}/hooks`,
      headers: {},
      body,
      timeoutMs: 2000,
      policy: STRICT,
      pool: strictPool,
    });
    expect(byName).toMatchObject({
      ok: false,
      status: null,
      error: expect.stringMatching(/localhost resolves to 127\.0\.0\.1, a loopback address/),
    });
    // Straight through the pool, past postWebhook's literal check: the connector's peer check refuses.
    const direct = strictPool.request({ origin: `http://127.0.0.1:${r.port}`, path: '/hooks', method: 'POST', body });
    await expect(direct).rejects.toMatchObject({
      code: 'ESSRF',
      message: expect.stringMatching(/127\.0\.0\.1, a loopback address/),
    });
    // The name never connected; the literal's connection was closed before a byte of the request was sent.
    expect(r.received).toHaveLength(0);
    expect(r.connections()).toBe(1);
  });

  it('never lends a connection opened under one policy to a stricter one', async () => {
    const r = await startReceiver();
    open.push(r);
    // An idle kept-alive connection to the receiver now sits in the loopback pool…
    expect(
      await postWebhook({
        url: `http://localhost:${r.port}/hooks`,
        headers: {},
        body,
        timeoutMs: 2000,
        policy: LOOPBACK,
        pool: loopbackPool,
      }),
    ).toMatchObject({ ok: true });
    // …and the same URL under the strict policy is still refused, by the process-wide pool too.
    for (const pool of [strictPool, undefined]) {
      const res = await postWebhook({
        url: `http://localhost:${r.port}/hooks`,
        headers: {},
        body,
        timeoutMs: 2000,
        policy: STRICT,
        pool,
      });
      expect(res).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/loopback address/) });
    }
    expect(r.received).toHaveLength(1);
  });
});
