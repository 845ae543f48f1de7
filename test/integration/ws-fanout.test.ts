/**
 * WebSocket fan-out against the real server (replay at 120×: World Cup, Euro and La Liga matches
 * in play at once). Each live message is framed once and the same bytes are written to every
 * subscriber (server/ws/frame.ts); this checks what that must not break: many connections on
 * different filters (whole sport, one league, one fixture, an overlapping league + fixture pair)
 * each get exactly the stored events their filter covers — none missing, none twice, in seq order,
 * byte for byte the text every other subscriber got — and a client that stops reading does not
 * hold the others back.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ensureBuild, getJson, startTestServer, waitFor, type TestServer } from '../helpers/server';
import { storedEventSeqs } from '../helpers/feed';
import { openRecorder, type Recorder } from '../helpers/ws-recorder';

let s: TestServer;
const open: Recorder[] = [];

beforeAll(async () => {
  await ensureBuild();
  s = await startTestServer({ REPLAY_SPEED: '120', REPLAY_LEAD_SECONDS: '1' });
}, 900_000);

afterAll(async () => {
  for (const r of open) r.ws.terminate();
  await s?.stop();
});

interface Sub {
  channel: string;
  league?: string;
  fixture_id?: number;
}

/** A connection subscribed to `subs` (one after another); `since` is the `seq` of its last `subscribed` answer. */
async function subscriber(subs: Sub[]): Promise<{ r: Recorder; subs: Sub[]; since: number }> {
  const r = await openRecorder(s.wsUrl, s.apiKey);
  open.push(r);
  await r.next((m) => m.type === 'welcome');
  let since = 0;
  for (const sub of subs) {
    const from = r.messages.length;
    r.send(sub);
    since = (await r.next((m) => m.type === 'subscribed' || m.type === 'error', 15_000, from)).seq;
  }
  return { r, subs, since };
}

const updates = (r: Recorder) => r.messages.filter((m) => m.msg.type === 'update');
const covers = (subs: Sub[], m: { channel: string; league: string; data: { fixture_id: number } }) =>
  subs.some(
    (x) =>
      x.channel === m.channel &&
      (x.league == null || x.league === m.league) &&
      (x.fixture_id == null || x.fixture_id === m.data.fixture_id),
  );

test('subscribers on different filters each get exactly their messages, byte-identical and in seq order; a stalled reader holds nobody back', async () => {
  // Wait until matches of at least two leagues are in play, and pick one of them as the single fixture.
  let live: { fixture_id: number; league: string }[] = [];
  await waitFor(
    'matches of two leagues in play',
    async () => {
      live = (await getJson(s, '/v1/football/live')).body.data.map(
        (m: { fixture_id: number; league_slug: string }) => ({ fixture_id: m.fixture_id, league: m.league_slug }),
      );
      return new Set(live.map((m) => m.league)).size >= 2;
    },
    60_000,
    250,
  );
  const wcFixture = live.find((m) => m.league === 'world-cup')?.fixture_id ?? live[0].fixture_id;
  const otherFixture = live.find((m) => m.fixture_id !== wcFixture)!.fixture_id;

  // The whole sport first: its stream is the reference for everyone subscribed after it.
  const all = await subscriber([{ channel: 'football.live' }]);
  const stalled = await subscriber([{ channel: 'football.live' }]);
  stalled.r.ws.pause(); // stops reading its socket: the server's buffer for it fills while the others go on
  const others = await Promise.all([
    subscriber([{ channel: 'football.live' }]),
    subscriber([{ channel: 'football.live', league: 'world-cup' }]),
    subscriber([{ channel: 'football.live', league: 'world-cup' }]),
    subscriber([{ channel: 'football.live', league: 'euro' }]),
    subscriber([{ channel: 'football.live', fixture_id: otherFixture }]),
    // Overlapping subscriptions: a message both cover still comes once.
    subscriber([
      { channel: 'football.live', league: 'world-cup' },
      { channel: 'football.live', fixture_id: wcFixture },
    ]),
    subscriber([
      { channel: 'football.live', league: 'laliga' },
      { channel: 'football.live', fixture_id: otherFixture },
    ]),
    subscriber([{ channel: 'basketball.live' }]), // no basketball in this run: nothing at all
    subscriber([{ channel: 'football.odds' }]), // odds only, never an update
  ]);

  await waitFor(
    '30 updates of two leagues on the whole-sport connection',
    async () => {
      const u = updates(all.r).filter((m) => m.msg.seq > Math.max(...others.map((o) => o.since)));
      return u.length >= 30 && new Set(u.map((m) => m.msg.league)).size >= 2;
    },
    120_000,
    100,
  );
  const reference = updates(all.r);
  const upTo = reference.at(-1)!.msg.seq;
  expect(reference.map((m) => m.msg.seq)).toEqual(await storedEventSeqs(s, all.since, upTo)); // none lost, none twice, in order
  const bySeq = new Map(reference.map((m) => [m.msg.seq, m.raw]));

  const check = (c: { r: Recorder; subs: Sub[]; since: number }) => {
    const want = reference.filter((m) => m.msg.seq > c.since && covers(c.subs, m.msg)).map((m) => m.msg.seq);
    const got = updates(c.r).filter((m) => m.msg.seq <= upTo);
    expect(got.map((m) => m.msg.seq)).toEqual(want);
    for (const m of got) expect(m.raw).toBe(bySeq.get(m.msg.seq)); // the same bytes as every other subscriber
    return want.length;
  };
  // Everyone else gets theirs while the stalled client still reads nothing.
  await waitFor(
    'every subscriber up to the reference seq',
    async () =>
      others.every((o) => {
        const want = reference.filter((m) => m.msg.seq > o.since && covers(o.subs, m.msg));
        return !want.length || updates(o.r).some((m) => m.msg.seq >= want.at(-1)!.msg.seq);
      }),
    30_000,
    100,
  );
  const counts = others.map(check);
  expect(counts[0]).toBeGreaterThanOrEqual(30);
  expect(counts[1]).toBeGreaterThan(0); // world-cup
  expect(counts.slice(-2)).toEqual([0, 0]); // basketball, odds
  for (const o of others) expect(o.r.invalid).toEqual([]);

  // The stalled reader, once it reads again, has everything in order too (nothing was dropped for it).
  stalled.r.ws.resume();
  await waitFor(
    'the stalled reader catches up',
    async () => updates(stalled.r).some((m) => m.msg.seq >= upTo),
    30_000,
    100,
  );
  check(stalled);
}, 900_000);
