/**
 * The `mlb` and `nba` sources inside the real server through faults, a restart and the odds feed
 * (one server, SOURCES=mlb,nba, NBA_ODDS=on, restarted once on the same data directory), from a
 * local upstream (test/helpers/upstream-server.ts) at the upstreams' real paths, with discovery by
 * date only (no MLB_GAME_PKS / NBA_GAME_IDS) and the team filters:
 *
 * - MLB: the recorded schedule of 2024-07-01 (3 games) with MLB_TEAMS = Houston Astros, Milwaukee
 *   Brewers: HOU @ TOR followed cut by cut (recorded GUMBO feed), MIL @ COL postponed (its feed
 *   built from the recorded one: no plays, detailedState Postponed), NYM @ WSH never read.
 * - NBA: a scoreboard built in the CDN's shape (not recorded) with GSW @ BKN (recorded
 *   play-by-play and box score), LAC @ UTA (filtered out by NBA_TEAMS = BKN, DEN) and
 *   LAL @ DEN postponed; the odds feed (never recorded) built in swar/nba_api's documented shape.
 *
 * Faults: a hang past ADAPTER_TIMEOUT_MS, 500s, a malformed body, a 429 with Retry-After (MLB and
 * NBA); Scoreline restarted between two cuts. Asserted: /v1/ops/health says what happened each
 * time; every scoring event reaches the WebSocket client once (resumed across the restart), in
 * increasing seq; the final scores and results are the files'; /v1/basketball/odds answers the
 * named bookmakers' moneyline, spread and total.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getJson, makeTempDataDir, randomApiKey, startTestServer, waitFor, type TestServer } from '../helpers/server';
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
const MLB_CUTS = [29, 62, PLAYS.length];
const NBA_CUTS = [200, 400, ACTIONS.length];
const LIVE = { abstractGameState: 'Live', codedGameState: 'I', detailedState: 'In Progress' };
const POSTPONED = { abstractGameState: 'Final', codedGameState: 'D', detailedState: 'Postponed' };
/** `i`: the cut served (−1: started, no play yet — until the WebSocket client subscribed); `odds`: the price version. */
const cut = { i: -1, odds: 0 };
const finalCut = () => cut.i === MLB_CUTS.length - 1;

function mlbSchedule(): any {
  const s = structuredClone(SCHEDULE);
  for (const g of s.dates[0].games) {
    if (g.gamePk === 746535) g.status = POSTPONED;
    else if (!finalCut()) g.status = LIVE;
  }
  return s;
}
function mlbFeed(): any {
  const f = structuredClone(FEED);
  f.metaData.wait = 1;
  if (finalCut()) return f;
  f.gameData.status = LIVE;
  f.liveData.plays.allPlays = PLAYS.slice(0, cut.i < 0 ? 0 : MLB_CUTS[cut.i]);
  return f;
}
/** MIL @ COL as a postponed game's feed: the recorded feed's shape, that game's teams and time, no plays. */
function postponedFeed(): any {
  const g = SCHEDULE.dates[0].games.find((x: any) => x.gamePk === 746535);
  const f = structuredClone(FEED);
  f.gamePk = 746535;
  f.gameData.game.pk = 746535;
  f.gameData.status = POSTPONED;
  f.gameData.datetime.dateTime = g.gameDate;
  f.gameData.teams.home = { ...f.gameData.teams.home, ...g.teams.home.team };
  f.gameData.teams.away = { ...f.gameData.teams.away, ...g.teams.away.team };
  f.gameData.venue = g.venue;
  f.liveData.plays = { allPlays: [], scoringPlays: [] };
  delete f.liveData.decisions;
  return f;
}
const team = (teamId: number, teamCity: string, teamName: string, teamTricode: string) => ({
  teamId,
  teamCity,
  teamName,
  teamTricode,
  score: 0,
});
function scoreboard(): any {
  const g = BOX.game;
  const t = (x: any) => team(x.teamId, x.teamCity, x.teamName, x.teamTricode);
  return {
    meta: { constructed: 'by this test in the CDN scoreboard shape, not recorded' },
    scoreboard: {
      gameDate: '2020-12-22',
      games: [
        {
          gameId: g.gameId,
          gameStatus: finalCut() ? 3 : 2,
          gameStatusText: finalCut() ? 'Final' : 'Q2',
          gameTimeUTC: g.gameTimeUTC,
          homeTeam: t(g.homeTeam),
          awayTeam: t(g.awayTeam),
        },
        {
          gameId: '0022000002',
          gameStatus: 2,
          gameStatusText: 'Q1',
          gameTimeUTC: '2020-12-23T03:00:00Z',
          homeTeam: team(1610612762, 'Utah', 'Jazz', 'UTA'),
          awayTeam: team(1610612746, 'LA', 'Clippers', 'LAC'),
        },
        {
          gameId: '0022000003',
          gameStatus: 1,
          gameStatusText: 'PPD',
          gameTimeUTC: '2020-12-23T02:00:00Z',
          homeTeam: team(1610612743, 'Denver', 'Nuggets', 'DEN'),
          awayTeam: team(1610612747, 'Los Angeles', 'Lakers', 'LAL'),
        },
      ],
    },
  };
}
function nbaPbp(): any {
  const n = cut.i < 0 ? 0 : NBA_CUTS[cut.i];
  return n === ACTIONS.length ? PBP : { ...PBP, game: { ...PBP.game, actions: ACTIONS.slice(0, n) } };
}
/** odds_todaysGames.json in swar/nba_api's shape (never recorded): two books, a book listed twice, a game not followed. */
function odds(): any {
  const book = (name: string, country: string, outcomes: any[]) => ({ id: name, name, countryCode: country, outcomes });
  const ml = cut.odds ? '1.300' : '1.250';
  const markets = [
    {
      name: '2way',
      books: [
        book('FanDuel', 'US', [
          { type: 'home', odds: ml },
          { type: 'away', odds: '4.100' },
        ]),
        book('BetMGM', 'US', [
          { type: 'home', odds: '1.280' },
          { type: 'away', odds: '3.900' },
        ]),
        book('FanDuel', 'CA', [
          { type: 'home', odds: '9.000' },
          { type: 'away', odds: '9.000' },
        ]),
      ],
    },
    {
      name: 'spread',
      books: [
        book('FanDuel', 'US', [
          { type: 'home', odds: '1.910', spread: '-9.5' },
          { type: 'away', odds: '1.910', spread: '9.5' },
        ]),
      ],
    },
    {
      name: 'total',
      books: [
        book('BetMGM', 'US', [
          { type: 'over', odds: '1.870', total: '221.5' },
          { type: 'under', odds: '1.950', total: '221.5' },
        ]),
      ],
    },
  ];
  return {
    games: [
      { gameId: '0022000001', homeTeamId: BOX.game.homeTeam.teamId, awayTeamId: BOX.game.awayTeam.teamId, markets },
      { gameId: '0022000002', markets },
    ],
  };
}

const dataDir = makeTempDataDir();
const apiKey = randomApiKey();
const operatorKey = randomApiKey();
let up: LocalUpstream;
let server: TestServer | undefined;

beforeAll(async () => {
  up = await startUpstream({
    route: (path) => {
      if (path.startsWith('/api/v1/schedule?sportId=1&date=')) return { body: mlbSchedule() };
      if (path === '/api/v1.1/game/744914/feed/live') return { body: mlbFeed() };
      if (path === '/api/v1.1/game/746535/feed/live') return { body: postponedFeed() };
      if (path === '/static/json/liveData/scoreboard/todaysScoreboard_00.json') return { body: scoreboard() };
      if (path === '/static/json/liveData/playbyplay/playbyplay_0022000001.json') return { body: nbaPbp() };
      if (path === '/static/json/liveData/boxscore/boxscore_0022000001.json' && finalCut()) return { body: BOX };
      if (path === '/static/json/liveData/odds/odds_todaysGames.json') return { body: odds() };
      return undefined;
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await up?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () =>
  startTestServer(
    {
      SOURCES: 'mlb,nba',
      MLB_STATSAPI_URL: up.url,
      NBA_CDN_URL: up.url,
      MLB_TEAMS: 'Houston Astros,Milwaukee Brewers',
      NBA_TEAMS: 'BKN,DEN',
      NBA_ODDS: 'on',
      MLB_INTERVAL_SECONDS: '1',
      MLB_IDLE_INTERVAL_SECONDS: '1',
      NBA_INTERVAL_SECONDS: '1',
      NBA_IDLE_INTERVAL_SECONDS: '1',
      MLB_REQUESTS_PER_MINUTE: '600',
      NBA_REQUESTS_PER_MINUTE: '600',
      ADAPTER_TIMEOUT_MS: '2500',
      OPERATOR_API_KEY: operatorKey,
      BOOTSTRAP: 'off',
      REPLAY: 'off',
      PAGES: 'off',
      WEBHOOKS: 'off',
    },
    { dataDir, apiKey },
  );
const health = async (name: string) => {
  const r = await getJson(server!, '/v1/ops/health', operatorKey);
  expect(r.status).toBe(200);
  return r.body.adapters.find((a: { name: string }) => a.name === name);
};
const read = async (path: string) => (await getJson(server!, path)).body;
const fixtureBy = (sport: string, season: string, home: string) =>
  waitFor(
    `${sport} fixture of ${home}`,
    async () =>
      (
        (await read(`/v1/${sport}/fixtures?league=${sport === 'baseball' ? 'mlb' : 'nba'}&season=${season}&limit=50`))
          .data ?? []
      ).find((f: { home_team: string }) => f.home_team === home) ?? null,
    60_000,
    250,
  );
const scoreIs = (sport: string, id: number, want: { home: number; away: number }, what: string) =>
  waitFor(
    what,
    async () => {
      const m = (await read(`/v1/${sport}/matches/${id}`)).match;
      return m?.score?.home === want.home && m?.score?.away === want.away;
    },
    60_000,
    250,
  );
const mlbScoreAt = (c: number) => {
  const p = PLAYS[MLB_CUTS[c] - 1];
  return { home: p.result.homeScore, away: p.result.awayScore };
};
const nbaScoreAt = (c: number) => {
  const a = ACTIONS[NBA_CUTS[c] - 1];
  return { home: Number(a.scoreHome), away: Number(a.scoreAway) };
};
/** Waits until the source's health shows `pred`; returns that status. */
const healthShows = (name: string, what: string, pred: (h: any) => boolean) =>
  waitFor(
    what,
    async () => {
      const h = await health(name);
      return pred(h) ? h : null;
    },
    30_000,
    200,
  );

test('mlb and nba through hangs, 500s, malformed bodies, 429s, postponed games, team filters, a restart and the odds feed', async () => {
  server = await start();
  const mlb = await fixtureBy('baseball', '2024', 'Toronto Blue Jays');
  const nba = await fixtureBy('basketball', '2020-21', 'Brooklyn Nets');
  let ws: Recorder = await openRecorder(server.wsUrl, apiKey);
  const subs = [{ channel: 'baseball.live' }, { channel: 'basketball.live' }, { channel: 'basketball.odds' }];
  for (const sub of subs) {
    ws.send(sub);
    await ws.next((m) => m.type === 'subscribed' && m.channel === sub.channel);
  }
  const seen: any[] = [];

  // Discovery by date with the team filters: postponed games get their fixture and status; others are never read.
  const ppdMlb = await fixtureBy('baseball', '2024', 'Colorado Rockies');
  const ppdNba = await fixtureBy('basketball', '2020-21', 'Denver Nuggets');
  await waitFor(
    'MLB postponed',
    async () => (await read(`/v1/baseball/matches/${ppdMlb.fixture_id}`)).match?.status === 'postponed',
    30_000,
    250,
  );
  await waitFor(
    'NBA postponed',
    async () => (await read(`/v1/basketball/matches/${ppdNba.fixture_id}`)).match?.status === 'postponed',
    30_000,
    250,
  );
  expect(up.requests.some((r) => r.path.includes('/game/744840/'))).toBe(false);
  expect(up.requests.some((r) => r.path.includes('0022000002') || r.path.includes('playbyplay_0022000003'))).toBe(
    false,
  );
  const mlbTeams = ((await read('/v1/baseball/teams?limit=100')).data ?? []).map((t: { name: string }) => t.name);
  expect(mlbTeams).not.toContain('Washington Nationals');
  const nbaTeams = ((await read('/v1/basketball/teams?limit=100')).data ?? []).map((t: { name: string }) => t.name);
  expect(nbaTeams).not.toContain('Utah Jazz');

  cut.i = 0;
  await scoreIs('baseball', mlb.fixture_id, mlbScoreAt(0), 'MLB cut 0');
  await scoreIs('basketball', nba.fixture_id, nbaScoreAt(0), 'NBA cut 0');

  // The odds feed: named bookmakers' (slugs of the books' names) moneyline, spread and total; a book listed twice (per country) counted once.
  const o = await read(`/v1/basketball/odds?match_id=${nba.fixture_id}`);
  const lines = (
    (o.bookmakers ?? []) as { bookmaker: string; market: string; current: Record<string, number>; is_model?: boolean }[]
  ).filter((l) => !l.is_model); // the scoreline-model line is listed beside them (issue 37), never a bookmaker
  const line = (b: string, m: string) => lines.find((l) => l.bookmaker === b && l.market === m);
  expect(line('fanduel', 'moneyline')?.current).toMatchObject({ home: 1.25, away: 4.1 });
  expect(line('betmgm', 'moneyline')?.current).toMatchObject({ home: 1.28, away: 3.9 });
  expect(line('fanduel', 'spread')).toMatchObject({ line: -9.5, current: { home: 1.91, away: 1.91 } });
  expect(o).toMatchObject({ market: 'moneyline', draw: null, consensus_bookmakers: 2 });
  expect(new Set(lines.map((l) => l.bookmaker))).toEqual(new Set(['fanduel', 'betmgm']));
  expect(line('betmgm', 'over_under')).toMatchObject({ line: 221.5, current: { over: 1.87, under: 1.95 } });
  // A changed price: a new tick on the socket (the first ticks were stored before the subscription), the REST line's current price.
  const fromOdds = ws.messages.length;
  cut.odds = 1;
  const tick = await ws.next((m) => m.type === 'odds', 30_000, fromOdds);
  expect(tick).toMatchObject({ channel: 'basketball.odds', fixture_id: nba.fixture_id });
  expect(tick.ticks).toEqual([
    expect.objectContaining({ bookmaker: 'fanduel', market: 'moneyline', selection: 'home', price: 1.3 }),
  ]);
  await waitFor(
    'a changed price is a new tick',
    async () => {
      const l = (await read(`/v1/basketball/odds?match_id=${nba.fixture_id}`)).bookmakers?.find(
        (x: any) => x.bookmaker === 'fanduel' && x.market === 'moneyline',
      );
      return l?.current?.home === 1.3 && l?.opening?.home === 1.25;
    },
    30_000,
    250,
  );

  // MLB feed: 500 twice, a hang past the timeout, a malformed body, a 429 with Retry-After.
  const feed = '/game/744914/feed/live';
  up.inject({ kind: 'status', status: 500 }, { match: feed, times: 2 });
  await healthShows(
    'mlb',
    'MLB 500 in health',
    (h) => /HTTP 500/.test(h.last_error ?? '') && h.consecutive_failures > 0,
  );
  up.inject({ kind: 'hang' }, { match: feed });
  const hung = await healthShows('mlb', 'MLB timeout in health', (h) => h.last_error_kind === 'timeout');
  expect(hung.last_error).toMatch(/timed out/);
  up.inject({ kind: 'malformed' }, { match: feed });
  await healthShows(
    'mlb',
    'MLB malformed body in health',
    (h) => /744914 feed\/live/.test(h.last_skipped ?? '') && /JSON|malformed/i.test(h.last_skipped),
  );
  const before = up.requests.length;
  up.inject(retryAfter(2), { match: '/api/v1/schedule' });
  await healthShows('mlb', 'MLB 429 in health', (h) => /429/.test(h.last_error ?? ''));
  const limited = up.requests.slice(before).find((r) => r.answered === 429)!;
  const afterLimit = () => up.requests.find((r) => r.at > limited.at && r.path.startsWith('/api/'));
  await waitFor('an MLB request after Retry-After', async () => afterLimit() ?? null, 20_000, 100);
  expect(afterLimit()!.at - limited.at).toBeGreaterThanOrEqual(1900);
  // NBA: a hung play-by-play, a 500 on the scoreboard, a malformed play-by-play, a 429 with Retry-After.
  up.inject({ kind: 'hang' }, { match: 'playbyplay_0022000001' });
  await healthShows(
    'nba',
    'NBA timeout in health',
    (h) => h.last_error_kind === 'timeout' && /timed out/.test(h.last_error),
  );
  up.inject({ kind: 'status', status: 500 }, { match: 'todaysScoreboard' });
  await healthShows('nba', 'NBA 500 in health', (h) => /HTTP 500/.test(h.last_error ?? ''));
  up.inject({ kind: 'malformed' }, { match: 'playbyplay_0022000001' });
  await healthShows('nba', 'NBA malformed body in health', (h) => /0022000001 playbyplay/.test(h.last_skipped ?? ''));
  up.inject(retryAfter(2), { match: 'todaysScoreboard' });
  await healthShows('nba', 'NBA 429 in health', (h) => /429/.test(h.last_error ?? ''));

  cut.i = 1;
  await scoreIs('baseball', mlb.fixture_id, mlbScoreAt(1), 'MLB cut 1');
  await scoreIs('basketball', nba.fixture_id, nbaScoreAt(1), 'NBA cut 1');

  // Restart mid-game; the WebSocket client resumes from the last seq it saw.
  seen.push(...ws.messages.map((m) => m.msg));
  const lastSeq = Math.max(...seen.filter((m) => m.seq != null && m.type !== 'subscribed').map((m) => m.seq));
  ws.ws.close();
  await server.stop();
  server = await start();
  ws = await openRecorder(server.wsUrl, apiKey);
  ws.send({ type: 'resume', last_seq: lastSeq, subscriptions: subs });
  const resumed = await ws.next((m) => m.type === 'resumed' || m.type === 'resync' || m.type === 'error', 30_000);
  expect(resumed.type).toBe('resumed');

  cut.i = 2;
  for (const [sport, id] of [
    ['baseball', mlb.fixture_id],
    ['basketball', nba.fixture_id],
  ] as const)
    await waitFor(
      `${sport} finished`,
      async () => (await read(`/v1/${sport}/matches/${id}`)).match?.status === 'finished',
      60_000,
      250,
    );
  await waitFor(
    'the results on the socket',
    async () => ws.messages.filter((m) => m.msg.type === 'update' && m.msg.event.type === 'result').length >= 2,
    30_000,
    250,
  );
  seen.push(...ws.messages.map((m) => m.msg));

  const mMatch = (await read(`/v1/baseball/matches/${mlb.fixture_id}`)).match;
  const nMatch = (await read(`/v1/basketball/matches/${nba.fixture_id}`)).match;
  const lastPlay = PLAYS.at(-1);
  expect(mMatch.score).toEqual({ home: lastPlay.result.homeScore, away: lastPlay.result.awayScore });
  expect(nMatch.score).toEqual({ home: Number(ACTIONS.at(-1).scoreHome), away: Number(ACTIONS.at(-1).scoreAway) });

  // Nothing missed, nothing doubled: each event once across the restart, seq increasing; every scoring event of the files.
  const ups = seen.filter((m) => m.type === 'update');
  const ids = ups.map((u) => u.event_id);
  expect(new Set(ids).size).toBe(ids.length);
  const seqs = ups.map((u) => u.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  const scoringPlays = FEED.liveData.plays.scoringPlays.map((i: number) => `mlb/744914/play/${i}`);
  expect(ids.filter((id: string) => scoringPlays.includes(id))).toEqual(scoringPlays);
  const made = [...ACTIONS]
    .sort((a, b) => a.orderNumber - b.orderNumber)
    .filter((a) => a.shotResult === 'Made' && ['2pt', '3pt', 'freethrow'].includes(a.actionType))
    .map((a) => `nba/0022000001/${a.actionNumber}`);
  const madeSeen = ups
    .filter(
      (u) =>
        u.data.fixture_id === nba.fixture_id &&
        ['field_goal', 'free_throw'].includes(u.event.type) &&
        u.event.detail.made,
    )
    .map((u) => u.event_id);
  expect(madeSeen).toEqual(made);
  expect(ws.invalid).toEqual([]);

  // Health after the final: both running, no failure pending, what was skipped counted and named.
  for (const name of ['mlb', 'nba']) {
    const h = await healthShows(
      name,
      `${name} recovered`,
      (x) => x.consecutive_failures === 0 && x.last_success_at != null,
    );
    expect(h).toMatchObject({ enabled: true, running: true, request_budget_per_minute: 600 });
  }
  expect(server.proc.exitCode).toBeNull();
}, 600_000);
