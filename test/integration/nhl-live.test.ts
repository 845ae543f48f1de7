/**
 * The nhl adapter inside the real server, following the recorded game 2024030121 (FLA 6 @ TBL 2,
 * test/fixtures/upstream/nhl-api-web/) cut by cut from a local upstream on 127.0.0.1 at
 * api-web.nhle.com's paths (test/helpers/nhl-cuts.ts), discovery by /v1/score/{date}. Between
 * goals the upstream misbehaves: 500s, a hang past ADAPTER_TIMEOUT_MS, malformed JSON, a 429 with
 * Retry-After, a goal removed between two polls (a retraction on every channel, then back), a
 * second game postponed, and Scoreline restarted mid-game. Asserted: the WebSocket client gets
 * every event once, in order, with gap-free seq (resumed across the restart); the match shows the
 * right score at each cut; a webhook receiver gets the same events; the final result, shots and
 * player statistics equal the file's; /v1/ops/health says what happened each time. The box score
 * 404s for the first goals (the game followed from its play-by-play alone), fails once with a
 * 500 (skipped, the poll goes on), then answers: per-period snapshots and the final box score
 * (built by test/helpers/nhl-cuts.ts from the recorded play-by-play and shift chart — no box
 * score of this game was recorded) give the players' time on ice and the goalies' saves.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  nhlGoalCuts,
  nhlRoute,
  nhlScoreAt,
  readNhlRecording,
  readNhlShifts,
  type NhlCutOptions,
} from '../helpers/nhl-cuts';
import { startReceiver, type Receiver } from '../helpers/receivers';
import { getJson, makeTempDataDir, randomApiKey, startTestServer, waitFor, type TestServer } from '../helpers/server';
import { retryAfter, startUpstream, type LocalUpstream } from '../helpers/upstream-server';
import { openRecorder, type Recorder } from '../helpers/ws-recorder';

const rec = readNhlRecording();
const shifts = readNhlShifts();
const POSTPONED_ID = rec.id + 1;
const cuts = nhlGoalCuts(rec);
const goalPlays = [...rec.plays].sort((a, b) => a.sortOrder - b.sortOrder).filter((p) => p.typeDescKey === 'goal');
const dataDir = makeTempDataDir();
const apiKey = randomApiKey();
const operatorKey = randomApiKey();
let up: LocalUpstream;
let receiver: Receiver;
let server: TestServer | undefined;
const state = { cut: 0, opts: {} as NhlCutOptions, box: false };

beforeAll(async () => {
  // The box score 404s until `state.box` (built from the recorded play-by-play and shift chart).
  const game = nhlRoute(
    rec,
    () => state.cut,
    () => state.opts,
    () => (state.box ? shifts : null),
  );
  const postponed = { ...rec, id: POSTPONED_ID, startTimeUTC: '2025-04-24T23:00:00Z' };
  const other = nhlRoute(
    postponed,
    () => 0,
    () => ({ postponed: true }),
  );
  up = await startUpstream({
    route: (path, url) => {
      if (path.startsWith('/v1/score/')) {
        const a = nhlScoreAt(rec, state.cut, state.opts);
        const b = nhlScoreAt(postponed, 0, { postponed: true });
        return { body: { games: [...a.games, ...b.games] } };
      }
      return game(path, url) ?? other(path, url);
    },
  });
  receiver = await startReceiver();
});

afterAll(async () => {
  await server?.stop();
  await up?.close();
  await receiver?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () =>
  startTestServer(
    {
      SOURCES: 'nhl',
      NHL_API_URL: up.url,
      NHL_INTERVAL_SECONDS: '1',
      NHL_IDLE_INTERVAL_SECONDS: '1',
      ADAPTER_TIMEOUT_MS: '1500',
      OPERATOR_API_KEY: operatorKey,
      BOOTSTRAP_SPORTS: 'ice-hockey',
      REPLAY: 'off',
      PAGES: 'off',
      WEBHOOK_ALLOW_LOOPBACK: 'on',
    },
    { dataDir, apiKey },
  );

const health = async () => {
  const r = await getJson(server!, '/v1/ops/health', operatorKey);
  expect(r.status).toBe(200);
  return r.body.adapters.find((a: { name: string }) => a.name === 'nhl');
};
const fixtureOf = async (season: string, id: number) => {
  const r = await getJson(server!, `/v1/ice-hockey/fixtures?league=nhl&season=${season}&limit=50`);
  return (r.body.data ?? []).find((f: { fixture_id: number; kickoff: string }) =>
    id === rec.id
      ? f.kickoff === new Date(String(rec.startTimeUTC)).toISOString()
      : f.kickoff === '2025-04-24T23:00:00.000Z',
  );
};
const match = async (fixtureId: number) => (await getJson(server!, `/v1/ice-hockey/matches/${fixtureId}`)).body;
/** Waits until the match shows the score of the upstream's current cut. */
const scoreAtCut = async (fixtureId: number) => {
  const want = nhlScoreAt(rec, state.cut, state.opts).games[0];
  await waitFor(
    `score ${want.homeTeam.score}-${want.awayTeam.score} at cut ${state.cut}`,
    async () => {
      const m = await match(fixtureId);
      return m.match?.score?.home === want.homeTeam.score && m.match?.score?.away === want.awayTeam.score;
    },
    30_000,
    200,
  );
};
const updates = (ws: Recorder) => ws.messages.filter((m) => m.msg.type === 'update').map((m) => m.msg);

test('follows the recorded game cut by cut through faults and a restart: every channel, once, in order', async () => {
  server = await start();
  // Before the face-off: the fixture exists (discovery), teams are the bundled franchises.
  const fixture = await waitFor('the fixture', () => fixtureOf('2024-25', rec.id), 60_000, 250);
  const fixtureId = fixture.fixture_id as number;
  expect([fixture.home_team, fixture.away_team]).toEqual(['Tampa Bay Lightning', 'Florida Panthers']);
  const teams = (await getJson(server, '/v1/ice-hockey/teams?limit=100')).body.data as { name: string }[];
  expect(teams.filter((t) => t.name === 'Tampa Bay Lightning')).toHaveLength(1); // matched, not created again

  const hook = await fetch(`${server.baseUrl}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, events: ['match.*'], sports: ['ice-hockey'] }),
  });
  expect(hook.status).toBe(201);
  let ws = await openRecorder(server.wsUrl, apiKey);
  ws.send({ channel: 'ice-hockey.live', fixture_id: fixtureId });
  await ws.next((m) => m.type === 'subscribed');
  const seen: any[] = [];

  const faults: Record<number, () => Promise<void>> = {
    // 500 twice: failures, then recovery.
    1: async () => {
      up.inject({ kind: 'status', status: 500 }, { match: '/play-by-play', times: 2 });
      await waitFor('500 in health', async () => /HTTP 500/.test((await health()).last_error ?? ''), 20_000, 200);
    },
    // A hang past the timeout: cut at ADAPTER_TIMEOUT_MS and reported as a timeout.
    2: async () => {
      up.inject({ kind: 'hang' }, { match: '/play-by-play' });
      await waitFor('timeout in health', async () => (await health()).last_error_kind === 'timeout', 20_000, 200);
      expect((await health()).last_error).toMatch(/timed out/);
    },
    3: async () => {
      expect(up.requests.some((r) => r.path.endsWith('/boxscore') && r.answered === 404)).toBe(true);
      state.box = true;
      up.inject({ kind: 'status', status: 500 }, { match: '/boxscore', times: 1 });
      up.inject({ kind: 'malformed' }, { match: '/play-by-play' });
      await waitFor('malformed in health', async () => (await health()).last_error_kind === 'malformed', 20_000, 200);
    },
    4: async () => {
      const before = up.requests.length;
      up.inject(retryAfter(2), { match: '/v1/score/' });
      await waitFor('429 in health', async () => /429/.test((await health()).last_error ?? ''), 20_000, 200);
      const limited = up.requests.slice(before).find((r) => r.answered === 429)!;
      await waitFor('a request after Retry-After', async () => up.requests.some((r) => r.at > limited.at), 20_000, 100);
      expect(up.requests.find((r) => r.at > limited.at)!.at - limited.at).toBeGreaterThanOrEqual(1900);
    },
    // Restart Scoreline mid-game; the WebSocket client resumes from its last seq.
    5: async () => {
      const last = updates(ws).at(-1).seq;
      seen.push(...updates(ws));
      await server!.stop();
      server = await start();
      ws = await openRecorder(server.wsUrl, apiKey);
      ws.send({
        type: 'resume',
        last_seq: last,
        subscriptions: [{ channel: 'ice-hockey.live', fixture_id: fixtureId }],
      });
      await ws.next((m) => m.type === 'resumed' || m.type === 'resync' || m.type === 'error');
    },
  };

  for (const [i, cut] of cuts.entries()) {
    await faults[i]?.();
    state.cut = cut;
    await scoreAtCut(fixtureId);
    if (i === 6) {
      // The 7th goal is taken back upstream between two polls, then it is back.
      state.opts = { removed: [goalPlays[6].eventId] };
      await scoreAtCut(fixtureId);
      await ws.next((m) => m.type === 'update' && m.event.type === 'correction', 20_000);
      state.opts = {};
      await scoreAtCut(fixtureId);
    }
  }
  await waitFor('finished', async () => (await match(fixtureId)).match?.status === 'finished', 30_000, 200);
  const final = await match(fixtureId);
  expect(final.match).toMatchObject({
    status: 'finished',
    score: { home: rec.homeTeam.score, away: rec.awayTeam.score },
  });
  await waitFor('result on the socket', async () => updates(ws).some((u) => u.event.type === 'result'), 20_000, 200);
  const boxFinal = `nhl:${rec.id}:box:final`;
  await waitFor(
    'the final box score on the socket',
    async () => updates(ws).some((u) => u.event_id === boxFinal),
    20_000,
    200,
  );
  seen.push(...updates(ws));
  const boxes = seen.filter((u) => u.event.type === 'box_score').map((u) => u.event_id);
  expect(boxes.at(-1)).toBe(boxFinal);
  expect(boxes.length).toBeGreaterThan(1); // a period's snapshot before the final

  // WebSocket: each event once, seq gap-free across the restart, goals in the file's order.
  const ids = seen.map((u) => u.event_id);
  expect(new Set(ids).size).toBe(ids.length);
  const seqs = seen.map((u) => u.seq);
  expect(seqs).toEqual(seqs.map((_, k) => seqs[0] + k));
  const retracted = new Set(
    seen
      .filter((u) => u.event.type === 'correction' && u.event.detail.action === 'retract')
      .map((u) => u.event.detail.target_event_id),
  );
  const goals = seen.filter((u) => u.event.type === 'goal' && !retracted.has(u.event_id));
  expect(goals.map((u) => u.event.player)).toEqual(
    goalPlays.map((g) => {
      const r = (rec.rosterSpots as any[]).find((x) => x.playerId === g.details?.scoringPlayerId);
      return `${r.firstName.default} ${r.lastName.default}`;
    }),
  );
  expect(retracted).toEqual(
    new Set([`nhl:${rec.id}:${goalPlays[6].eventId}`, `nhl:${rec.id}:${goalPlays[6].eventId}:shot`]),
  );

  // The webhook receiver got the same events (after the registration), each once.
  await waitFor(
    'webhooks',
    async () => receiver.accepted().some((d) => (d.json as any)?.data?.event?.event_id === boxFinal),
    30_000,
    250,
  );
  const hooked = receiver.accepted().map((d) => (d.json as any).data.event.event_id as string);
  expect(new Set(hooked).size).toBe(hooked.length);
  expect(new Set(hooked)).toEqual(new Set(ids));

  // Shots and the final state equal the file's; player statistics from the followed game.
  const players = await getJson(server, '/v1/ice-hockey/statistics/players?league=nhl&season=2024-25&stage=playoffs');
  expect(players.status).toBe(200);
  const rows = players.body.categories[0].rows as { player: string; goals: number; points: number }[];
  const scorers = new Map<string, number>();
  for (const g of goalPlays) {
    const r = (rec.rosterSpots as any[]).find((x) => x.playerId === g.details?.scoringPlayerId);
    const n = `${r.firstName.default} ${r.lastName.default}`;
    scorers.set(n, (scorers.get(n) ?? 0) + 1);
  }
  for (const [player, n] of scorers)
    expect(
      rows.find((r) => r.player === player),
      player,
    ).toMatchObject({ goals: n });
  // From the final box score: time on ice (the shift chart's) and the goalies' saves (the plays').
  const toi = (playerId: number) =>
    shifts
      .filter((x) => x.playerId === playerId && x.typeCode === 517 && x.duration)
      .reduce((n, x) => n + Number(x.duration!.slice(0, 2)) * 60 + Number(x.duration!.slice(3)), 0);
  const spot = (last: string) => (rec.rosterSpots as any[]).find((r) => r.lastName.default === last);
  expect(rows.find((r) => r.player === 'Sam Bennett')).toMatchObject({
    toi_minutes: Math.round(toi(spot('Bennett').playerId) / 6) / 10,
  });
  const goalies = players.body.categories.find((c: { name: string }) => c.name === 'goalies').rows;
  for (const last of ['Bobrovsky', 'Vasilevskiy']) {
    const id = spot(last).playerId;
    const on = rec.plays.filter((p) => p.details?.goalieInNetId === id);
    const ga = on.filter((p) => p.typeDescKey === 'goal').length;
    const sa = on.filter((p) => p.typeDescKey === 'shot-on-goal').length + ga;
    expect(
      goalies.find((r: { player: string }) => r.player.endsWith(last)),
      last,
    ).toMatchObject({
      games: 1,
      shots_against: sa,
      saves: sa - ga,
      goals_against: ga,
      save_pct: Math.round(((sa - ga) / sa) * 1000) / 1000,
      toi_minutes: Math.round(toi(id) / 6) / 10,
    });
  }

  // The postponed game: its fixture and a postponed status.
  const ppd = await waitFor('postponed fixture', () => fixtureOf('2024-25', POSTPONED_ID), 20_000, 250);
  await waitFor('postponed', async () => (await match(ppd.fixture_id)).match?.status === 'postponed', 20_000, 250);

  // Health: enabled, budget figures, corrections counted, the last upstream change, lag. The
  // count of games followed comes from the last poll: the one after the final drops the game.
  await waitFor('the finished game dropped', async () => (await health()).games_followed === 1, 20_000, 250);
  expect(await health()).toMatchObject({
    enabled: true,
    running: true,
    games_followed: 1, // the finished game is no longer polled; the postponed one still is
    consecutive_failures: 0,
    request_budget_per_minute: 60,
    corrections_ingested: expect.any(Number),
    last_change_at: expect.any(String),
  });
  expect(server.proc.exitCode).toBeNull();
}, 600_000);
