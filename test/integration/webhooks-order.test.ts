/**
 * Webhook order per endpoint against the real server process (replay off, pages off) and real
 * receivers on 127.0.0.1: events pushed through the operator API in quick batches reach every
 * endpoint once each, first attempts in feed (seq) order at each endpoint, while the endpoints are
 * served in parallel. Receivers answer after a few ms, so attempts overlap and any reordering
 * (two first attempts of one endpoint in flight at once, or a later claim sent before an earlier
 * one) shows in the arrival order.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { requestJson } from '../helpers/http';
import { startReceiver, type Receiver, type ReceiverOptions } from '../helpers/receivers';
import { startTestServer, waitFor, type TestServer } from '../helpers/server';

const OPERATOR = 'test_operator_key_order_0123456789ab';
const ENDPOINTS = 4;
const BATCHES = 8;
const PER_BATCH = 25;
let s: TestServer;
const receivers: Receiver[] = [];

const call = (method: string, path: string, body?: unknown, key: string | null = OPERATOR) =>
  requestJson(s.baseUrl, method, path, body, key);

beforeAll(async () => {
  s = await startTestServer({
    REPLAY: 'off',
    PAGES: 'off',
    OPERATOR_API_KEY: OPERATOR,
    WEBHOOK_ALLOW_LOOPBACK: 'on',
    // Enough slots for several attempts per endpoint at once: order must come from the dispatcher.
    WEBHOOK_CONCURRENCY: '64',
  });
  for (let i = 0; i < ENDPOINTS; i++) {
    const o: ReceiverOptions = { delayMs: 1 + (i % 3) };
    const r = await startReceiver(o);
    receivers.push(r);
    const hook = await call(
      'POST',
      '/v1/webhooks',
      { url: r.url, events: ['match.*'], sports: ['football'] },
      s.apiKey,
    );
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    o.secret = hook.body.secret;
  }
}, 300_000);

afterAll(async () => {
  for (const r of receivers) await r.close();
  await s?.stop();
});

test('each endpoint receives its first attempts in seq order, every event once (sent from the sender thread)', async () => {
  const comp = { sport: 'football', league: 'order-league', season: '2026', name: 'Order League' };
  expect((await call('POST', '/v1/ops/competitions', comp)).status).toBe(201);
  const created = await call('POST', '/v1/ops/fixtures', {
    sport: 'football',
    league: 'order-league',
    season: '2026',
    home_team: 'Early Birds',
    away_team: 'Late Owls',
    kickoff: new Date().toISOString(),
    external_id: 'order-1',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const fixtureId: number = created.body.id;
  const ev = (event_id: string, type: string, extra: Record<string, unknown> = {}) => ({
    fixture_id: fixtureId,
    event_id,
    type,
    ...extra,
  });

  const seqs: number[] = [];
  const ko = await call('POST', '/v1/ops/events', { events: [ev('o-ko', 'period_start', { period: '1st_half' })] });
  seqs.push(ko.body.results[0].seq);
  // Batches one after another without waiting for deliveries: the outbox holds a backlog that is
  // claimed in several statements while earlier claims are still being sent.
  for (let b = 0; b < BATCHES; b++) {
    const r = await call('POST', '/v1/ops/events', {
      events: Array.from({ length: PER_BATCH }, (_, i) =>
        ev(`o-c${b}-${i}`, 'corner', { side: i % 2 ? 'away' : 'home', minute: 1 + b, period: '1st_half' }),
      ),
    });
    expect(r.status).toBe(200);
    for (const x of r.body.results) {
      expect(x.status, JSON.stringify(x)).toBe('stored');
      seqs.push(x.seq);
    }
  }
  const total = seqs.length;

  await waitFor(
    'every event at every endpoint',
    async () => receivers.every((r) => r.accepted().filter((d) => ofFixture(d.json, fixtureId)).length >= total),
    60_000,
    100,
  );
  for (const [i, r] of receivers.entries()) {
    const got = r
      .accepted()
      .filter((d) => ofFixture(d.json, fixtureId))
      .map((d) => (d.json as { data: { seq: number } }).data.seq);
    expect(new Set(got).size, `endpoint ${i}: duplicates`).toBe(got.length);
    expect(got.toSorted((a, b) => a - b)).toEqual(seqs.toSorted((a, b) => a - b));
    // Every attempt here is a first attempt (all answered 200): arrival order is seq order.
    const firstOutOfOrder = got.findIndex((x, k) => k > 0 && x < got[k - 1]);
    expect(firstOutOfOrder, `endpoint ${i}: ${got.slice(Math.max(0, firstOutOfOrder - 2), firstOutOfOrder + 2)}`).toBe(
      -1,
    );
    expect(r.received.every((d) => d.verified === true)).toBe(true);
  }
  // The server (its bundle, as `npm start` runs it) sent them from its webhook sender thread.
  expect(s.logs()).toContain('webhook sender thread started');
}, 120_000);

function ofFixture(json: unknown, fixtureId: number): boolean {
  const b = json as { type?: string; data?: { fixture_id?: number } } | null;
  return !!b?.type?.startsWith('match.') && b.data?.fixture_id === fixtureId;
}
