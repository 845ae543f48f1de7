/**
 * Webhooks against the real server (replay at 120×) and real receivers on 127.0.0.1:
 * registration and validation (SSRF guard, plan limit, ownership), Standard Webhooks signatures
 * verified with the `standardwebhooks` package, first attempts typically (median) within a second of ingest,
 * retries after failures, an outage that ends, a slow receiver (timeouts), Retry-After, 410 and
 * auto-disable, test messages and manual redelivery, and the deliveries log.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  WebhookDeliveriesSchema,
  WebhookEndpointSchema,
  WebhookEnvelopeSchema,
  WebhookListSchema,
} from '@/lib/wire/webhooks';
import { expectTypicalLatencyUnderASecond } from '../helpers/latency';
import { startReceiver, type Receiver, type ReceiverOptions } from '../helpers/receivers';
import { ensureBuild, startTestServer, waitFor, type TestServer } from '../helpers/server';

let s: TestServer;
const receivers: Receiver[] = [];

async function call(method: string, path: string, body?: unknown, key: string | null = s.apiKey) {
  const res = await fetch(s.baseUrl + path, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** A receiver plus an endpoint pointing at it; the receiver verifies with the endpoint's secret. */
async function endpointWith(opts: ReceiverOptions, reg: Record<string, unknown> = {}) {
  const o: ReceiverOptions = { ...opts };
  const r = await startReceiver(o);
  receivers.push(r);
  const created = await call('POST', '/v1/webhooks', { url: r.url, ...reg });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  o.secret = created.body.secret;
  return { r, ep: WebhookEndpointSchema.parse(created.body) };
}

async function deliveries(id: string, query = '') {
  const d = await call('GET', `/v1/webhooks/${id}/deliveries?limit=200${query}`);
  expect(d.status).toBe(200);
  return WebhookDeliveriesSchema.parse(d.body).data;
}

beforeAll(async () => {
  await ensureBuild();
  s = await startTestServer({
    REPLAY_SPEED: '120',
    REPLAY_LEAD_SECONDS: '1',
    WEBHOOK_ALLOW_LOOPBACK: 'on',
    WEBHOOK_RETRY_SCHEDULE: '0,0.3,0.3,0.3,0.3,0.3,0.3,0.3',
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_DISABLE_AFTER_S: '4',
  });
}, 300_000);

afterAll(async () => {
  await s?.stop();
  for (const r of receivers) await r.close();
});

describe('registration', () => {
  test('validates the body and the URL, changes nothing on bad input', async () => {
    const bad = [
      [{ url: 'ftp://127.0.0.1/x' }, /url/],
      [{ url: 'http://10.1.2.3/hook' }, /private.*WEBHOOK_ALLOW_PRIVATE/],
      [{ url: 'http://user:pw@127.0.0.1:9/hook' }, /url/],
      [{ url: 'http://127.0.0.1:9/hook', events: ['goal'] }, /events/],
      [{ url: 'http://127.0.0.1:9/hook', sports: ['curling'] }, /sports/],
      [{ url: 'http://127.0.0.1:9/hook', extra: 1 }, /extra/],
    ] as const;
    for (const [body, detail] of bad) {
      const r = await call('POST', '/v1/webhooks', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.headers.get('content-type')).toContain('application/problem+json');
      expect(r.body.code).toBe('invalid_body');
      expect(r.body.detail).toMatch(detail);
    }
    expect(WebhookListSchema.parse((await call('GET', '/v1/webhooks')).body).data).toEqual([]);
    expect((await call('GET', '/v1/webhooks', undefined, null)).status).toBe(401);
  });

  test('create, list, get, update, delete; another key sees none of it; the plan limit holds', async () => {
    const created = await call('POST', '/v1/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['match.goal', 'odds.*'],
      sports: ['football'],
      leagues: ['world-cup'],
      description: 'goals',
    });
    expect(created.status).toBe(201);
    const ep = WebhookEndpointSchema.parse(created.body);
    expect(ep.secret).toMatch(/^whsec_/);
    expect(created.headers.get('location')).toBe(`/v1/webhooks/${ep.id}`);
    const list = WebhookListSchema.parse((await call('GET', '/v1/webhooks')).body).data;
    expect(list.map((e) => e.id)).toContain(ep.id);
    expect(list.find((e) => e.id === ep.id)!.secret).toBeUndefined();
    expect((await call('GET', `/v1/webhooks/${ep.id}`)).body.secret).toBe(ep.secret);
    const patched = await call('PATCH', `/v1/webhooks/${ep.id}`, { events: ['match.*'], status: 'disabled' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      events: ['match.*'],
      status: 'disabled',
      disabled_reason: 'disabled by its owner',
    });

    // A self-serve (free plan: one endpoint) key.
    const k = await call('POST', '/v1/keys', { name: 'webhook test' }, null);
    expect(k.status).toBe(201);
    expect((await call('GET', `/v1/webhooks/${ep.id}`, undefined, k.body.key)).status).toBe(404);
    expect((await call('DELETE', `/v1/webhooks/${ep.id}`, undefined, k.body.key)).status).toBe(404);
    expect((await call('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/a' }, k.body.key)).status).toBe(201);
    const over = await call('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/b' }, k.body.key);
    expect(over.status).toBe(403);
    expect(over.body.code).toBe('plan_limit_reached');

    expect((await call('DELETE', `/v1/webhooks/${ep.id}`)).status).toBe(204);
    expect((await call('GET', `/v1/webhooks/${ep.id}`)).status).toBe(404);
  });
});

describe('delivery', () => {
  test('signed match events arrive typically within a second of ingest (median) and verify with standardwebhooks', async () => {
    const { r, ep } = await endpointWith({}, { events: ['match.*'], sports: ['football'] });
    await r.waitFor(10, 60_000);
    const got = r.accepted().slice(0, 10);
    const lags: number[] = [];
    for (const d of got) {
      expect(d.verified).toBe(true);
      const env = WebhookEnvelopeSchema.parse(d.json);
      expect(env.type).toMatch(/^match\./);
      expect(d.id).toBe(`msg_${(env.data as { seq: number }).seq}`);
      lags.push(d.at - Date.parse(env.timestamp));
    }
    expectTypicalLatencyUnderASecond('webhook ingest→receipt', lags);
    const log = await waitFor(
      '10 recorded deliveries',
      async () => {
        const l = await deliveries(ep.id, '&status=delivered');
        return l.length >= 10 && l;
      },
      10_000,
      100,
    );
    expect(log[0].attempt_log[0]).toMatchObject({ status_code: 200, error: null });
    await call('DELETE', `/v1/webhooks/${ep.id}`);
  }, 90_000);

  test('odds ticks arrive as signed odds.updated messages', async () => {
    const { r, ep } = await endpointWith({}, { events: ['odds.*'], sports: ['football'] });
    await r.waitFor(1, 60_000); // the in-play model re-prices replayed matches
    const d = r.accepted()[0];
    expect(d.verified).toBe(true);
    const env = WebhookEnvelopeSchema.parse(d.json) as {
      type: string;
      data: { seq: number; ticks: { seq: number; bookmaker: string }[] };
    };
    expect(env.type).toBe('odds.updated');
    expect(d.id).toBe(`msg_${env.data.seq}`);
    expect(env.data.ticks.at(-1)!.seq).toBe(env.data.seq);
    expect(env.data.ticks[0].bookmaker).toBe('scoreline-model');
    await call('DELETE', `/v1/webhooks/${ep.id}`);
  }, 90_000);

  test('a receiver that fails 3 times then succeeds gets the message; every attempt is logged', async () => {
    const { r, ep } = await endpointWith({ failTimes: 3 }, { events: ['webhook.test'] });
    await call('POST', `/v1/webhooks/${ep.id}/test`);
    await r.waitFor(1, 30_000);
    const first = r.accepted()[0];
    expect(r.received.slice(0, 4).map((x) => x.status)).toEqual([500, 500, 500, 200]);
    expect(new Set(r.received.slice(0, 4).map((x) => x.id))).toEqual(new Set([first.id])); // same webhook-id each time
    // Outcomes are recorded in batches, a few ms after the receiver answered.
    const d = await waitFor(
      'the success recorded',
      async () => (await deliveries(ep.id)).find((x) => x.message_id === first.id && x.status === 'delivered'),
      10_000,
      100,
    );
    expect(d.attempts).toBe(4);
    expect(d.attempt_log.map((a) => a.status_code)).toEqual([500, 500, 500, 200]);
    for (const a of d.attempt_log) expect(a.latency_ms).toBeGreaterThanOrEqual(0);
    await call('DELETE', `/v1/webhooks/${ep.id}`);
  }, 60_000);

  test('a receiver that is down and comes back receives everything it missed', async () => {
    const { r, ep } = await endpointWith({}, { events: ['match.*'] });
    await r.waitFor(1, 30_000);
    await r.down();
    // Up again as soon as a delivery is waiting (well within WEBHOOK_DISABLE_AFTER_S).
    await waitFor(
      'a delivery waiting while the receiver is down',
      async () => (await deliveries(ep.id, '&status=pending')).length > 0,
      30_000,
      100,
    );
    const missed = await deliveries(ep.id); // everything queued so far, some of it while the receiver was down
    await r.up();
    // The replay goes on meanwhile; every delivery queued before the receiver came back must arrive and be recorded.
    await waitFor(
      'backlog delivered',
      async () => {
        const now = new Map((await deliveries(ep.id)).map((x) => [x.id, x.status]));
        return missed.every((x) => now.get(x.id) === 'delivered');
      },
      30_000,
      250,
    );
    const got = new Set(r.accepted().map((x) => x.id));
    for (const x of missed) expect(got.has(x.message_id), x.message_id).toBe(true);
    await call('DELETE', `/v1/webhooks/${ep.id}`);
  }, 90_000);

  test('a slow receiver times out and is retried, without holding up others', async () => {
    const slow = await endpointWith({ delayMs: 1_500 }, { events: ['match.*'] });
    const fast = await endpointWith({}, { events: ['match.*'] });
    await fast.r.waitFor(5, 30_000);
    const d = await waitFor(
      'a timed-out attempt',
      async () => (await deliveries(slow.ep.id)).find((x) => x.attempt_log.some((a) => /timeout/.test(a.error ?? ''))),
      30_000,
      250,
    );
    const a = d.attempt_log.find((x) => /timeout/.test(x.error ?? ''))!;
    expect(a.latency_ms).toBeGreaterThanOrEqual(900);
    expect(a.latency_ms).toBeLessThan(2_000);
    // Failing for longer than WEBHOOK_DISABLE_AFTER_S (4 s): disabled automatically.
    const off = await waitFor(
      'auto-disable',
      async () => {
        const g = await call('GET', `/v1/webhooks/${slow.ep.id}`);
        return g.body.status === 'disabled' && g.body;
      },
      30_000,
      250,
    );
    expect(off.disabled_reason).toMatch(/failed for more than 4 s/);
    await call('DELETE', `/v1/webhooks/${slow.ep.id}`);
    await call('DELETE', `/v1/webhooks/${fast.ep.id}`);
  }, 90_000);

  test("a slow receiver that always answers gets every event once and in feed order, past its claims' lease", async () => {
    // 600 ms per answer against a lease of WEBHOOK_TIMEOUT_MS + 5 s = 6 s: the dispatcher claims up
    // to 256 of an endpoint's new deliveries as it writes them, so most of this queue outlives its
    // lease, is given back unsent and claimed again — without a gap, a duplicate or a reordering.
    const givenBackSoFar = async () => {
      const m = /^scoreline_webhook_claims_given_back_total (\d+)$/m.exec(
        await (await fetch(`${s.baseUrl}/metrics`)).text(),
      );
      expect(m, 'scoreline_webhook_claims_given_back_total in /metrics').not.toBeNull();
      return Number(m![1]);
    };
    const before = await givenBackSoFar();
    const { r, ep } = await endpointWith({ delayMs: 600 }, { events: ['match.*', 'odds.*'] });
    // Match events and odds ticks of the 120× replay come faster than 1 per 600 ms: a queue builds.
    const givenBack = await waitFor(
      'claims given back',
      async () => {
        const n = (await givenBackSoFar()) - before;
        return n > 0 && n;
      },
      60_000,
      250,
    );
    await r.waitFor(24, 60_000);
    const got = r.accepted();
    const seqs = got.map((d) => (WebhookEnvelopeSchema.parse(d.json).data as { seq: number }).seq);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i], `delivery ${i}`).toBeGreaterThan(seqs[i - 1]);
    expect(new Set(got.map((d) => d.id)).size).toBe(got.length);
    const log = await waitFor(
      '24 recorded deliveries',
      async () => {
        const l = await deliveries(ep.id);
        return l.filter((d) => d.status === 'delivered').length >= 24 && l;
      },
      10_000,
      100,
    );
    const sent = log.filter((d) => d.status === 'delivered');
    // Every delivery recorded as delivered took one attempt: a lease that ran out is given back, never sent twice.
    for (const d of sent) expect(d.attempt_log, d.id).toHaveLength(1);
    console.log(`slow receiver: ${got.length} received in order, ${givenBack} claims given back meanwhile`);
    await call('DELETE', `/v1/webhooks/${ep.id}`);
  }, 90_000);

  test('Retry-After is honoured; 410 Gone disables the endpoint', async () => {
    const ra = await endpointWith({ failTimes: 1, retryAfterS: 2 }, { events: ['webhook.test'] });
    await call('POST', `/v1/webhooks/${ra.ep.id}/test`);
    await ra.r.waitFor(1, 15_000);
    const [first, second] = ra.r.received;
    expect(first.status).toBe(429);
    expect(second.at - first.at).toBeGreaterThanOrEqual(1_900);

    const gone = await endpointWith({ status: 410 }, { events: ['webhook.test'] });
    await call('POST', `/v1/webhooks/${gone.ep.id}/test`);
    const off = await waitFor(
      'disabled by 410',
      async () => {
        const g = await call('GET', `/v1/webhooks/${gone.ep.id}`);
        return g.body.status === 'disabled' && g.body;
      },
      15_000,
      200,
    );
    expect(off.disabled_reason).toMatch(/410/);
    for (const e of [ra, gone]) await call('DELETE', `/v1/webhooks/${e.ep.id}`);
  }, 60_000);

  test('a test message, then a manual redelivery with the same webhook-id', async () => {
    const { r, ep } = await endpointWith({}, { events: ['webhook.test'] });
    const q = await call('POST', `/v1/webhooks/${ep.id}/test`);
    expect(q.status).toBe(202);
    await r.waitFor(1, 10_000);
    expect(r.accepted()[0]).toMatchObject({ id: q.body.message_id, verified: true });
    expect(WebhookEnvelopeSchema.parse(r.accepted()[0].json).type).toBe('webhook.test');
    const again = await call('POST', `/v1/webhooks/${ep.id}/deliveries/${q.body.delivery_id}/retry`);
    expect(again.status).toBe(202);
    await r.waitFor(2, 10_000);
    expect(r.accepted()[1].id).toBe(q.body.message_id);
    expect((await call('POST', `/v1/webhooks/${ep.id}/deliveries/dlv_nope/retry`)).body.code).toBe(
      'delivery_not_found',
    );
    await call('DELETE', `/v1/webhooks/${ep.id}`);
  }, 30_000);
});
