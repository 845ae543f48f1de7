/**
 * The `mlb` and `nba` sources inside the real server (one server, SOURCES=mlb,nba), following the
 * recorded games cut by cut from a local upstream (test/helpers/upstream-server.ts) at the
 * upstreams' real paths: HOU 3 @ TOR 1 (MLB GUMBO, test/fixtures/upstream/mlb-statsapi/) and
 * GSW 99 @ BKN 125 (cdn.nba.com, test/fixtures/upstream/nba-cdn/).
 *
 * Each cut serves the plays up to it with the game live, the last cut the recorded (final) file.
 * Checked: REST score at each cut equals the file's score of the last play served; a WebSocket
 * client gets every scoring event once, in order, with gap-free seq; a webhook receiver gets the
 * same scoring events; the final result and player statistics equal the files'. Faults through
 * the same upstream: an NBA scoring action removed and another edited between two polls (a
 * retract and an amend correction on WebSocket, webhooks and REST), a 500, a malformed body and
 * a 429 with Retry-After (the server keeps following; /v1/ops/health says what happened).
 *
 * The NBA scoreboard (todaysScoreboard_00.json) is not recorded: the upstream here builds it
 * from the recorded box score's header fields (game id, teams, status), in the shape
 * swar/nba_api's live scoreboard documents — constructed, not a recording.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestJson } from '../helpers/http';
import { startReceiver, type Receiver } from '../helpers/receivers';
import { startTestServer, waitFor, type TestServer } from '../helpers/server';
import { retryAfter, startUpstream, type LocalUpstream } from '../helpers/upstream-server';
import { openRecorder, type Recorder } from '../helpers/ws-recorder';

const fixture = (p: string): any =>
  JSON.parse(fs.readFileSync(new URL(`../fixtures/upstream/${p}`, import.meta.url), 'utf8'));
const FEED = fixture('mlb-statsapi/game_744914_feed_live.json');
const SCHEDULE = fixture('mlb-statsapi/schedule_sportId1_2024-07-01.json');
const PBP = fixture('nba-cdn/playbyplay_0022000001.json');
const BOX = fixture('nba-cdn/boxscore_0022000001.json');
const PLAYS: any[] = FEED.liveData.plays.allPlays;
const ACTIONS: any[] = PBP.game.actions;
const OPERATOR = 'op_mlbnba_operator_key_0123456789';

/** Cuts: plays (MLB) / actions (NBA) served; the last is the whole recorded file. */
const MLB_CUTS = [29, 62, PLAYS.length];
const NBA_CUTS = [200, 400, ACTIONS.length];
/**
 * `ready` stays false until the WebSocket client has subscribed: before that both games are
 * scheduled with no plays, so nothing is ingested before the client listens (in CI of 5c35686 the
 * first NBA cut was ingested while the server was still starting, and its made shots never reached
 * the recorder as updates).
 */
const state = { ready: false, mlb: 0, nba: 0, nbaChange: null as null | ((pbp: any) => any) };
const SCHEDULED = { abstractGameState: 'Preview', codedGameState: 'S', detailedState: 'Scheduled' };

function mlbFeed(): any {
  if (!state.ready) {
    const f = structuredClone(FEED);
    f.metaData.wait = 1;
    f.gameData.status = SCHEDULED;
    f.liveData.plays.allPlays = [];
    f.liveData.plays.scoringPlays = [];
    return f;
  }
  const n = MLB_CUTS[state.mlb];
  if (n === PLAYS.length) return { ...FEED, metaData: { ...FEED.metaData, wait: 1 } };
  const f = structuredClone(FEED);
  f.metaData.wait = 1;
  f.gameData.status = { abstractGameState: 'Live', codedGameState: 'I', detailedState: 'In Progress' };
  f.liveData.plays.allPlays = PLAYS.slice(0, n);
  return f;
}
function mlbSchedule(): any {
  const s = structuredClone(SCHEDULE);
  const g = s.dates[0].games.find((x: any) => x.gamePk === 744914);
  if (!state.ready) g.status = SCHEDULED;
  else if (state.mlb < MLB_CUTS.length - 1)
    g.status = { abstractGameState: 'Live', codedGameState: 'I', detailedState: 'In Progress' };
  s.dates[0].games = [g];
  return s;
}
function nbaPbp(): any {
  if (!state.ready) return { ...PBP, game: { ...PBP.game, actions: [] } };
  const n = NBA_CUTS[state.nba];
  const p = n === ACTIONS.length ? PBP : { ...PBP, game: { ...PBP.game, actions: ACTIONS.slice(0, n) } };
  return state.nbaChange ? state.nbaChange(structuredClone(p)) : p;
}
function scoreboard(): any {
  const g = BOX.game;
  const team = (t: any) => ({
    teamId: t.teamId,
    teamName: t.teamName,
    teamCity: t.teamCity,
    teamTricode: t.teamTricode,
    score: t.score,
  });
  const final = state.nba === NBA_CUTS.length - 1;
  return {
    meta: { constructed: 'by this test from boxscore_0022000001.json, not recorded' },
    scoreboard: {
      gameDate: '2020-12-22',
      games: [
        {
          gameId: g.gameId,
          gameStatus: !state.ready ? 1 : final ? 3 : 2,
          gameStatusText: !state.ready ? 'Scheduled' : final ? 'Final' : 'Q2',
          gameTimeUTC: g.gameTimeUTC,
          homeTeam: team(g.homeTeam),
          awayTeam: team(g.awayTeam),
        },
      ],
    },
  };
}

let up: LocalUpstream;
let s: TestServer;
let ws: Recorder;
let receiver: Receiver;
const ids: Record<'mlb' | 'nba', number> = { mlb: 0, nba: 0 };
const read = (path: string) => requestJson(s.baseUrl, 'GET', path, undefined, s.apiKey);
const health = async () => (await requestJson(s.baseUrl, 'GET', '/v1/ops/health', undefined, OPERATOR)).body;
const updates = (sport: string) =>
  ws.messages.map((m) => m.msg).filter((m) => m.type === 'update' && m.channel === `${sport}.live`);
const hooks = (fixtureId: number) =>
  receiver
    .accepted()
    .map((d) => d.json as any)
    .filter((b) => b?.data?.fixture_id === fixtureId || b?.data?.match?.fixture_id === fixtureId);

beforeAll(async () => {
  up = await startUpstream({
    route: (path) => {
      if (path.startsWith('/api/v1/schedule')) return { body: mlbSchedule() };
      if (path === '/api/v1.1/game/744914/feed/live') return { body: mlbFeed() };
      if (path === '/static/json/liveData/scoreboard/todaysScoreboard_00.json') return { body: scoreboard() };
      if (path === '/static/json/liveData/playbyplay/playbyplay_0022000001.json') return { body: nbaPbp() };
      if (path === '/static/json/liveData/boxscore/boxscore_0022000001.json')
        return state.nba === NBA_CUTS.length - 1 ? { body: BOX } : { status: 404, body: { message: 'not yet' } };
      return undefined;
    },
  });
  receiver = await startReceiver();
  s = await startTestServer({
    PAGES: 'off',
    REPLAY: 'off',
    OPERATOR_API_KEY: OPERATOR,
    WEBHOOK_ALLOW_LOOPBACK: 'on',
    SOURCES: 'mlb,nba',
    MLB_STATSAPI_URL: up.url,
    NBA_CDN_URL: up.url,
    MLB_GAME_PKS: '744914',
    NBA_GAME_IDS: '0022000001',
    MLB_INTERVAL_SECONDS: '1',
    MLB_IDLE_INTERVAL_SECONDS: '1',
    NBA_INTERVAL_SECONDS: '1',
    NBA_IDLE_INTERVAL_SECONDS: '1',
    ADAPTER_TIMEOUT_MS: '3000',
  });
  const hook = await requestJson(
    s.baseUrl,
    'POST',
    '/v1/webhooks',
    { url: receiver.url, events: ['match.*'], sports: ['baseball', 'basketball'] },
    s.apiKey,
  );
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  ws = await openRecorder(s.wsUrl, s.apiKey);
  ws.send({ type: 'subscribe', channel: 'baseball.live' });
  await ws.next((m) => m.type === 'subscribed');
  ws.send({ type: 'subscribe', channel: 'basketball.live' });
  await ws.next((m) => m.type === 'subscribed' && m.channel === 'basketball.live');
  state.ready = true;
}, 300_000);

afterAll(async () => {
  ws?.ws.close();
  await s?.stop();
  await receiver?.close();
  await up?.close();
});

/** The followed game's fixture id: the live match of `home` (the bundled seasons hold other, finished games of these teams). */
async function fixtureOf(sport: string, home: string): Promise<number> {
  return waitFor(
    `${sport} live fixture`,
    async () =>
      ((await read(`/v1/${sport}/live`)).body?.data ?? []).find((m: any) => m.home_team === home)?.fixture_id ?? null,
    60_000,
  );
}

async function scoreIs(fixtureId: number, sport: string, score: { home: number; away: number }, what: string) {
  await waitFor(
    what,
    async () => {
      const r = await read(`/v1/${sport}/matches/${fixtureId}`);
      const sc = r.body?.match?.score;
      return sc && sc.home === score.home && sc.away === score.away ? true : null;
    },
    60_000,
    250,
  );
}

/** The WS updates of a fixture: seq strictly increasing, each event id once. */
function checkOrder(sport: string, fixtureId: number) {
  const mine = updates(sport).filter((u) => u.data.fixture_id === fixtureId);
  const seqs = mine.map((u) => u.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  expect(new Set(mine.map((u) => u.event_id)).size).toBe(mine.length);
  return mine;
}

describe('mlb: HOU 3 @ TOR 1 followed cut by cut', () => {
  test('REST score at each cut, every run-scoring play once and in order on WS and webhooks, final with W/L/S and ER', async () => {
    ids.mlb = await fixtureOf('baseball', 'Toronto Blue Jays');
    for (let c = 0; c < MLB_CUTS.length; c++) {
      state.mlb = c;
      const last = PLAYS[MLB_CUTS[c] - 1];
      await scoreIs(ids.mlb, 'baseball', { home: last.result.homeScore, away: last.result.awayScore }, `MLB cut ${c}`);
    }
    await waitFor(
      'MLB final',
      async () => ((await read(`/v1/baseball/matches/${ids.mlb}`)).body?.match?.status === 'finished' ? true : null),
      30_000,
    );
    const mine = checkOrder('baseball', ids.mlb);
    const scoring = FEED.liveData.plays.scoringPlays.map((i: number) => `mlb/744914/play/${i}`);
    expect(mine.map((u) => u.event_id).filter((id: string) => scoring.includes(id))).toEqual(scoring);
    await waitFor(
      'MLB webhooks',
      async () =>
        scoring.every((id: string) => hooks(ids.mlb).some((h) => h.data?.event?.event_id === id)) ? true : null,
      30_000,
    );
    const detail = (await read(`/v1/baseball/matches/${ids.mlb}`)).body;
    const result = detail.match.state.result;
    const d = FEED.liveData.decisions;
    expect([result.winning_pitcher.name, result.losing_pitcher.name, result.save.name]).toEqual([
      d.winner.fullName,
      d.loser.fullName,
      d.save.fullName,
    ]);
    const stats = (await read('/v1/baseball/statistics/players?league=mlb&season=2024')).body;
    const hader = stats.categories
      .find((c: any) => c.name === 'pitching')
      .rows.find((r: any) => r.player === 'Josh Hader');
    const p = FEED.liveData.boxscore.teams.away.players.ID623352.stats.pitching;
    expect(hader).toMatchObject({
      outs: p.outs,
      er: p.earnedRuns,
      era: Math.round((2700 * p.earnedRuns) / p.outs) / 100,
    });
  }, 240_000);
});

describe('nba: GSW 99 @ BKN 125 followed cut by cut, with corrections and faults', () => {
  const madeUpTo = (n: number) =>
    ACTIONS.slice(0, n).filter((a) => a.shotResult === 'Made' && ['2pt', '3pt', 'freethrow'].includes(a.actionType));
  const scoreAt = (n: number) => ({ home: Number(ACTIONS[n - 1].scoreHome), away: Number(ACTIONS[n - 1].scoreAway) });

  test('followed from the play-by-play alone while the box score 404s; REST score at each cut', async () => {
    ids.nba = await fixtureOf('basketball', 'Brooklyn Nets');
    await scoreIs(ids.nba, 'basketball', scoreAt(NBA_CUTS[0]), 'NBA cut 0');
    state.nba = 1;
    await scoreIs(ids.nba, 'basketball', scoreAt(NBA_CUTS[1]), 'NBA cut 1');
    expect(up.requests.some((r) => r.path.includes('boxscore_') && r.answered === 404)).toBe(true);
  }, 120_000);

  test('a scoring action removed and another edited upstream → retract and amend corrections on WS, webhooks and REST', async () => {
    const made = madeUpTo(NBA_CUTS[1]);
    const removed = made.find((a) => a.actionType === '2pt')!;
    const edited = made.find((a) => a.actionType === '3pt')!;
    const side = removed.teamId === BOX.game.homeTeam.teamId ? 'home' : 'away';
    const from = ws.messages.length;
    state.nbaChange = (pbp) => {
      pbp.game.actions = pbp.game.actions.filter((a: any) => a.actionNumber !== removed.actionNumber);
      const e = pbp.game.actions.find((a: any) => a.actionNumber === edited.actionNumber);
      e.playerNameI = 'X. Recredited';
      e.edited = '2020-12-23T03:00:00Z';
      return pbp;
    };
    const retract = await ws.next(
      (m) => m.type === 'update' && m.event.type === 'correction' && m.event.detail.action === 'retract',
      30_000,
      from,
    );
    expect(retract.event.detail.target_event_id).toBe(`nba/0022000001/${removed.actionNumber}`);
    const amend = await ws.next(
      (m) => m.type === 'update' && m.event.type === 'correction' && m.event.detail.action === 'amend',
      30_000,
      from,
    );
    expect(amend.event.detail).toMatchObject({
      target_event_id: `nba/0022000001/${edited.actionNumber}`,
      changes: { player: 'X. Recredited' },
    });
    const expected = { ...scoreAt(NBA_CUTS[1]), [side]: scoreAt(NBA_CUTS[1])[side] - 2 };
    await scoreIs(ids.nba, 'basketball', expected, 'score after the retraction');
    await waitFor(
      'correction webhooks',
      async () => (hooks(ids.nba).filter((h) => h.type === 'match.correction').length >= 2 ? true : null),
      30_000,
    );
    const timeline = (await read(`/v1/basketball/matches/${ids.nba}`)).body.events;
    expect(timeline.some((e: any) => e.event_id === `nba/0022000001/${removed.actionNumber}`)).toBe(false);
    expect(timeline.find((e: any) => e.event_id === `nba/0022000001/${edited.actionNumber}`)).toMatchObject({
      player: 'X. Recredited',
      amended: true,
    });
  }, 120_000);

  test('500, malformed JSON and a 429 with Retry-After: the server keeps following and health says so', async () => {
    const pbp = /playbyplay_0022000001/;
    up.inject({ kind: 'status', status: 500, body: '{"message":"boom"}' }, { match: pbp, times: 1 });
    await waitFor(
      '500 seen in health',
      async () =>
        ((await health()).adapters.find((a: any) => a.name === 'nba')?.last_error ?? '').includes('500') || null,
      30_000,
      200,
    );
    up.inject({ kind: 'malformed' }, { match: pbp, times: 1 });
    await waitFor(
      'malformed counted',
      async () => up.requests.some((r) => pbp.test(r.path) && r.answered === 200) || null,
      30_000,
      200,
    );
    up.inject(retryAfter(2), { match: pbp, times: 1 });
    await waitFor(
      '429 seen in health',
      async () =>
        ((await health()).adapters.find((a: any) => a.name === 'nba')?.last_error ?? '').includes('429') || null,
      30_000,
      200,
    );
    const nba = (await health()).adapters.find((a: any) => a.name === 'nba');
    expect(nba).toMatchObject({ enabled: true, games_followed: 1 });
    expect(nba.items_skipped).toBeGreaterThan(0);
    expect(nba.corrections_ingested).toBeGreaterThanOrEqual(2);
  }, 120_000);

  test('final: the file’s result, every made shot once on WS (the removed one back as a new event), player lines from the box score', async () => {
    state.nbaChange = null;
    state.nba = NBA_CUTS.length - 1;
    await scoreIs(ids.nba, 'basketball', scoreAt(ACTIONS.length), 'NBA final score');
    await waitFor(
      'NBA final',
      async () => ((await read(`/v1/basketball/matches/${ids.nba}`)).body?.match?.status === 'finished' ? true : null),
      30_000,
    );
    expect(scoreAt(ACTIONS.length)).toEqual({ home: 125, away: 99 });
    const mine = checkOrder('basketball', ids.nba);
    const made = madeUpTo(ACTIONS.length).map((a) => `nba/0022000001/${a.actionNumber}`);
    const scored = mine
      .filter((u) => (u.event.type === 'field_goal' || u.event.type === 'free_throw') && u.event.detail.made)
      .map((u) => u.event_id.replace(/~\d+$/, ''));
    // Each made shot once — and the one removed upstream twice: first delivered, retracted, then back as `<id>~1`.
    expect(new Set(scored)).toEqual(new Set(made));
    expect(scored.length).toBe(made.length + 1);
    expect(mine.some((u) => /~1$/.test(u.event_id))).toBe(true);
    await waitFor(
      'box score stats',
      async () => {
        const st = (await read('/v1/basketball/statistics/players?league=nba&season=2020-21')).body;
        return st?.categories?.[0]?.rows?.[0]?.player === 'K. Irving' ? st : null;
      },
      30_000,
    );
    const st = (await read('/v1/basketball/statistics/players?league=nba&season=2020-21')).body;
    const irving = BOX.game.homeTeam.players.find((p: any) => p.nameI === 'K. Irving').statistics;
    expect(st.categories[0].rows[0]).toMatchObject({
      player: 'K. Irving',
      points: irving.points,
      rebounds: irving.reboundsTotal,
      assists: irving.assists,
    });
    expect(ws.invalid).toEqual([]);
  }, 120_000);
});
