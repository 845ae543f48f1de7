/**
 * Golf's live win probability on a started server (football store, replay off): an operator's golf
 * tournament fed the first sample tournament's events (lib/sample/golf.ts: round starts, hole by
 * hole) through POST /v1/ops/events; a WebSocket client on `golf.win-probability` (one fixture)
 * and a webhook receiver subscribed to `win_probability.updated` each get golf's field point,
 * valid against the wire schemas and the served AsyncAPI document, equal to the last point of
 * GET /v1/golf/matches/{fixture_id}/win-probability; a correction (a hole's strokes amended)
 * moves it as REST says (the follower recomputes from the effective log), and a resume replays
 * the missed golf points. GET /v1/golf/live's row of the tournament carries the same field point
 * (`win_probability_in_play`, started_from 'rating'), valid against the served OpenAPI document.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sampleGolfMatches } from '@/lib/sample/golf';
import { GolfWinProbabilityResponseSchema } from '@/lib/wire/golf-win-probability';
import { WinProbabilityEnvelope } from '@/lib/wire/webhooks';
import { WinProbabilityMessage } from '@/lib/wire/ws';
import { asyncApiValidator, type AsyncApiValidator } from '../helpers/asyncapi';
import { LiveRowSchema } from '@/lib/wire/live-row';
import { requestJson } from '../helpers/http';
import { compileRef } from '../helpers/openapi';
import { startReceiver, type Receiver } from '../helpers/receivers';
import { startTestServer, waitFor, type TestServer } from '../helpers/server';
import { openRecorder, type Recorder } from '../helpers/ws-recorder';

const OPERATOR = 'test_operator_key_golf_live_0123456';
const sample = sampleGolfMatches()[0];
let s: TestServer;
let ws: Recorder;
let receiver: Receiver;
let asyncapi: AsyncApiValidator;
let fixtureId: number;

const call = (method: string, path: string, body?: unknown, key: string | null = OPERATOR) =>
  requestJson(s.baseUrl, method, path, body, key);
/** The sample's events `from`…`to` (exclusive) as operator events of this fixture. */
const events = (from: number, to: number) =>
  sample.events.slice(from, to).map(({ event_id, type, player, period, detail }) => ({
    fixture_id: fixtureId,
    event_id: event_id.replace('sample/golf', 'golf-live'),
    type,
    ...(player ? { player } : {}),
    ...(period ? { period } : {}),
    ...(detail ? { detail } : {}),
  }));
const ingest = async (from: number, to: number) => {
  const r = await call('POST', '/v1/ops/events', { events: events(from, to) });
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
  expect(
    r.body.results.every((x: any) => x.status === 'stored'),
    JSON.stringify(r.body).slice(0, 500),
  ).toBe(true);
  return r.body.results.at(-1).seq as number;
};
const restLast = async () => {
  const r = await call('GET', `/v1/golf/matches/${fixtureId}/win-probability`, undefined, s.apiKey);
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return GolfWinProbabilityResponseSchema.parse(r.body).points.at(-1)!;
};
const hooks = () =>
  receiver
    .accepted()
    .map((d) => d.json as any)
    .filter((b) => b.type === 'win_probability.updated' && b.data.fixture_id === fixtureId);
/** The tournament's GET /v1/golf/live row, once its in-play point is `point` (the follower keeps it after the event's commit). */
const liveRowWith = (point: unknown) =>
  waitFor(
    'the /live row with the field point',
    async () => {
      const r = await call('GET', '/v1/golf/live', undefined, s.apiKey);
      expect(r.status).toBe(200);
      const row = r.body.data.find((x: any) => x.fixture_id === fixtureId);
      if (!row?.win_probability_in_play) return null;
      const { started_from, ...p } = row.win_probability_in_play;
      return started_from === 'rating' && JSON.stringify(p) === JSON.stringify(point) ? { body: r.body, row } : null;
    },
    30_000,
    200,
  );
const wpAt = (seq: number, from = 0) => ws.next((m) => m.type === 'win_probability' && m.seq === seq, 30_000, from);

beforeAll(async () => {
  s = await startTestServer({ REPLAY: 'off', PAGES: 'off', OPERATOR_API_KEY: OPERATOR, WEBHOOK_ALLOW_LOOPBACK: 'on' });
  asyncapi = asyncApiValidator((await call('GET', '/v1/asyncapi.json', undefined, s.apiKey)).body);
  receiver = await startReceiver();
  const league = { sport: 'golf', league: 'golf-live-tour', season: '2026', name: 'Golf Live Tour' };
  expect((await call('POST', '/v1/ops/competitions', league)).status).toBe(201);
  const created = await call('POST', '/v1/ops/fixtures', {
    ...league,
    name: undefined,
    home_team: 'Live Classic',
    away_team: 'Field',
    kickoff: new Date().toISOString(),
    venue: null,
    external_id: 'golf-live-1',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  fixtureId = created.body.id;
  const hook = await call('POST', '/v1/webhooks', { url: receiver.url, events: ['win_probability.updated'] }, s.apiKey);
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  ws = await openRecorder(s.wsUrl, s.apiKey);
  ws.send({ type: 'subscribe', channel: 'golf.win-probability', fixture_id: fixtureId });
  await ws.next((m) => m.type === 'subscribed');
}, 300_000);

afterAll(async () => {
  ws?.ws.close();
  await receiver?.close();
  await s?.stop();
});

test('holes: the WebSocket and the webhook carry the field point, equal to the REST series last point', async () => {
  const from = ws.messages.length;
  await ingest(0, 60); // round 1's start and the first holes, in two batches (the fold goes on between them)
  const lastSeq = await ingest(60, 120);
  const msg = WinProbabilityMessage.parse(await wpAt(lastSeq, from));
  expect(asyncapi.wsMessage(msg)).toBeNull();
  expect(msg).toMatchObject({ channel: 'golf.win-probability', fixture_id: fixtureId, bookmaker: 'scoreline-model' });
  const rest = await restLast();
  expect(msg.point).toEqual(rest);
  expect(rest.event?.event_id).toBe(events(119, 120)[0].event_id);
  // One message per point of the series: the pre-match point once round 1's `round_start` names
  // the field, then every event that moved it, none that did not.
  const sent = ws.messages
    .slice(from)
    .filter((m) => m.msg.type === 'win_probability')
    .map((m) => m.msg.point);
  const series = GolfWinProbabilityResponseSchema.parse(
    (await call('GET', `/v1/golf/matches/${fixtureId}/win-probability`, undefined, s.apiKey)).body,
  ).points;
  expect(sent).toEqual(series);

  await waitFor('the last hole webhook', async () => hooks().some((h) => h.data.seq === lastSeq), 30_000, 200);
  const body = hooks().find((h) => h.data.seq === lastSeq);
  const hook = WinProbabilityEnvelope.parse(body);
  expect(hook.data).toMatchObject({ sport: 'golf', fixture_id: fixtureId });
  expect(hook.data.point).toEqual(rest);
  const d = receiver.accepted().find((x) => (x.json as any) === body)!;
  const headers = { 'webhook-id': d.id, 'webhook-timestamp': d.timestamp, 'webhook-signature': d.signature };
  expect(asyncapi.webhook(headers, body)).toBeNull();

  // GET /v1/golf/live: the tournament's row carries the same field point (top 10 and others).
  const live = await liveRowWith(rest);
  expect(LiveRowSchema.strict().parse(live.row).win_probability_in_play).toEqual({ ...rest, started_from: 'rating' });
  expect(live.row.win_probability_in_play.field.length).toBeLessThanOrEqual(10);
  const validate = compileRef(
    (await call('GET', '/v1/openapi.json', undefined, s.apiKey)).body,
    '#/components/schemas/LiveResponse',
  );
  expect(validate(live.body), JSON.stringify(validate.errors)).toBe(true);
}, 120_000);

test('an amended hole: the point moves as the REST series over the effective log says', async () => {
  const from = ws.messages.length;
  const before = await restLast();
  const target = events(119, 120)[0];
  const r = await call('POST', '/v1/ops/corrections', {
    fixture_id: fixtureId,
    target_event_id: target.event_id,
    action: 'amend',
    changes: { detail: { ...target.detail, strokes: (target.detail as { strokes: number }).strokes + 3 } },
    reason: 'scorecard: triple counted as par',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const msg = WinProbabilityMessage.parse(await ws.next((m) => m.type === 'win_probability', 30_000, from));
  const rest = await restLast();
  expect(msg.point).toEqual(rest);
  expect(msg.point).not.toEqual(before);
  // The fold goes on after the correction: the next holes' point is REST's again.
  const lastSeq = await ingest(120, 140);
  expect((await wpAt(lastSeq, from)).point).toEqual(await restLast());
  await liveRowWith(await restLast());
  await waitFor('the correction webhook', async () => hooks().some((h) => h.data.seq === msg.seq), 30_000, 200);
  expect(hooks().find((h) => h.data.seq === msg.seq).data.point).toEqual(rest);
}, 120_000);

test('a resume replays the missed golf points, marked replayed', async () => {
  const last = ws.messages
    .map((m) => m.msg)
    .filter((m) => m.type === 'win_probability')
    .at(-1).seq;
  ws.ws.close();
  const lastSeq = await ingest(140, 160);
  ws = await openRecorder(s.wsUrl, s.apiKey);
  ws.send({
    type: 'resume',
    last_seq: last,
    subscriptions: [{ channel: 'golf.win-probability', fixture_id: fixtureId }],
  });
  const resumed = await ws.next((m) => m.type === 'resumed', 30_000);
  const replayed = ws.messages.map((m) => m.msg).filter((m) => m.type === 'win_probability');
  expect(resumed.replayed).toBe(replayed.length);
  expect(replayed.every((m) => m.replayed === true)).toBe(true);
  const final = replayed.find((m) => m.seq === lastSeq) ?? replayed.at(-1);
  expect(final.point).toEqual(await restLast());
}, 120_000);
