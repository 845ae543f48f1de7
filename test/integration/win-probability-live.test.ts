/**
 * Live win probability on a started server (football store only, replay off): an operator's
 * fixture, a WebSocket client on `football.win-probability` (one fixture) and a webhook receiver
 * subscribed to `win_probability.updated` each get the point after an ingested goal — valid against
 * the wire schemas and equal to the REST series' last point — and, after the goal is retracted, the
 * point that moves it back (again the REST series' last point). A catch-all `*` endpoint gets no
 * win-probability message (opt-in), and a resume replays the missed points. The series' priced
 * `scoreline-model` line opens at the rating with the stated 5 % margin and moves with the goal.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pricesOf } from '@/lib/odds/model-line';
import { WinProbabilityEnvelope } from '@/lib/wire/webhooks';
import { WinProbabilityResponseSchema } from '@/lib/wire/win-probability';
import { WinProbabilityMessage } from '@/lib/wire/ws';
import { requestJson } from '../helpers/http';
import { startReceiver, type Receiver } from '../helpers/receivers';
import { startTestServer, waitFor, type TestServer } from '../helpers/server';
import { openRecorder, type Recorder } from '../helpers/ws-recorder';

const OPERATOR = 'test_operator_key_winprob_live_0123';
let s: TestServer;
let ws: Recorder;
let receiver: Receiver;
let catchAll: Receiver;
let fixtureId: number;

const call = (method: string, path: string, body?: unknown, key: string | null = OPERATOR) =>
  requestJson(s.baseUrl, method, path, body, key);
const ev = (event_id: string, type: string, extra: Record<string, unknown> = {}) => ({
  fixture_id: fixtureId,
  event_id,
  type,
  ...extra,
});
const restLast = async () => {
  const r = await call('GET', `/v1/football/matches/${fixtureId}/win-probability`, undefined, s.apiKey);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return WinProbabilityResponseSchema.parse(r.body).points.at(-1)!;
};
const hooks = () =>
  receiver
    .accepted()
    .map((d) => d.json as any)
    .filter((b) => b.type === 'win_probability.updated' && b.data.fixture_id === fixtureId);

beforeAll(async () => {
  s = await startTestServer({ REPLAY: 'off', PAGES: 'off', OPERATOR_API_KEY: OPERATOR, WEBHOOK_ALLOW_LOOPBACK: 'on' });
  receiver = await startReceiver();
  catchAll = await startReceiver();
  const league = { sport: 'football', league: 'wp-live-league', season: '2026', name: 'WP Live League' };
  expect((await call('POST', '/v1/ops/competitions', league)).status).toBe(201);
  const created = await call('POST', '/v1/ops/fixtures', {
    ...league,
    name: undefined,
    home_team: 'Live Rovers',
    away_team: 'Model Town',
    kickoff: new Date().toISOString(),
    venue: null,
    external_id: 'wp-live-1',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  fixtureId = created.body.id;
  for (const [url, events] of [
    [receiver.url, ['win_probability.updated']],
    [catchAll.url, ['*']],
  ] as const) {
    const hook = await call('POST', '/v1/webhooks', { url, events, sports: ['football'] }, s.apiKey);
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  }
  ws = await openRecorder(s.wsUrl, s.apiKey);
  ws.send({ type: 'subscribe', channel: 'football.win-probability', fixture_id: fixtureId });
  expect(await ws.next((m) => m.type === 'subscribed')).toMatchObject({
    channel: 'football.win-probability',
    fixture_id: fixtureId,
  });
}, 300_000);

afterAll(async () => {
  ws?.ws.close();
  await receiver?.close();
  await catchAll?.close();
  await s?.stop();
});

test('a goal: the WebSocket and the webhook carry the new point, equal to the REST series last point', async () => {
  const from = ws.messages.length;
  const r = await call('POST', '/v1/ops/events', {
    events: [
      ev('wp-ko', 'period_start', { period: '1st_half' }),
      ev('wp-g1', 'goal', { side: 'home', player: 'A. Striker', minute: 12, period: '1st_half' }),
    ],
  });
  expect(r.body.results.map((x: any) => x.status)).toEqual(['stored', 'stored']);
  const goalSeq = r.body.results[1].seq;
  const msg = WinProbabilityMessage.parse(
    await ws.next((m) => m.type === 'win_probability' && m.point.event?.event_id === 'wp-g1', 20_000, from),
  );
  expect(msg).toMatchObject({ channel: 'football.win-probability', fixture_id: fixtureId, seq: goalSeq });
  expect(msg.point.event).toMatchObject({ type: 'goal', side: 'home' });
  const rest = await restLast();
  expect(msg.point).toEqual(rest);
  // The goal raised the home side's probability above the point before it.
  const before = ws.messages
    .slice(from)
    .map((m) => m.msg)
    .filter((m) => m.type === 'win_probability' && m.seq < goalSeq);
  if (before.length) expect((msg.point as { home: number }).home).toBeGreaterThan(before.at(-1).point.home);

  // The scoreline-model line priced from it: rating opening with the stated 5 % margin, current from the last point.
  const { line } = (await call('GET', `/v1/football/matches/${fixtureId}/win-probability`, undefined, s.apiKey)).body;
  expect(line).toMatchObject({ bookmaker: 'scoreline-model', market: '1X2', started_from: 'rating', margin: 0.05 });
  expect(1 / line.opening.home + 1 / line.opening.draw + 1 / line.opening.away - 1).toBeCloseTo(0.05, 2);
  expect(line.current).toEqual(pricesOf(rest));
  expect(line.current.home).toBeLessThan(line.opening.home);

  await waitFor('the goal point webhook', async () => hooks().some((h) => h.data.seq === goalSeq), 20_000, 200);
  const hook = WinProbabilityEnvelope.parse(hooks().find((h) => h.data.seq === goalSeq));
  expect(hook.data.point).toEqual(rest);
  expect(receiver.accepted().every((d) => d.verified !== false)).toBe(true);
});

test('a retracted goal: the point moves back, on the WebSocket and the webhook, as REST says', async () => {
  const from = ws.messages.length;
  const before = await restLast();
  const r = await call('POST', '/v1/ops/corrections', {
    fixture_id: fixtureId,
    target_event_id: 'wp-g1',
    action: 'retract',
    reason: 'VAR: offside',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const msg = WinProbabilityMessage.parse(await ws.next((m) => m.type === 'win_probability', 20_000, from));
  const rest = await restLast();
  expect(msg.point).toEqual(rest);
  expect(rest.event?.event_id).not.toBe('wp-g1');
  expect(rest.home).toBeLessThan(before.home);
  await waitFor('the correction point webhook', async () => hooks().some((h) => h.data.seq === msg.seq), 20_000, 200);
  expect(hooks().find((h) => h.data.seq === msg.seq).data.point).toEqual(rest);
  // The catch-all endpoint got the match events but no win-probability message (opt-in).
  await waitFor(
    'the catch-all correction',
    async () => catchAll.accepted().some((d) => (d.json as any).type === 'match.correction'),
    20_000,
    200,
  );
  expect(catchAll.accepted().some((d) => (d.json as any).type === 'win_probability.updated')).toBe(false);
});

test('a resume replays the missed points, marked replayed', async () => {
  const last = ws.messages
    .map((m) => m.msg)
    .filter((m) => m.type === 'win_probability')
    .at(-1).seq;
  ws.ws.close();
  const r = await call('POST', '/v1/ops/events', {
    events: [ev('wp-g2', 'goal', { side: 'away', player: 'C. Poacher', minute: 30, period: '1st_half' })],
  });
  expect(r.body.results[0].status).toBe('stored');
  ws = await openRecorder(s.wsUrl, s.apiKey);
  ws.send({
    type: 'resume',
    last_seq: last,
    subscriptions: [{ channel: 'football.win-probability', fixture_id: fixtureId }],
  });
  const resumed = await ws.next((m) => m.type === 'resumed', 20_000);
  const replayed = ws.messages.map((m) => m.msg).filter((m) => m.type === 'win_probability');
  expect(resumed.replayed).toBe(replayed.length);
  const goal = replayed.find((m) => m.point.event?.event_id === 'wp-g2');
  expect(goal, JSON.stringify(replayed)).toBeTruthy();
  expect(goal.replayed).toBe(true);
  expect(goal.point).toEqual(await restLast());
});
