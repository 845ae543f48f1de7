/**
 * The `odds-api` source inside the real server (one server, SOURCES=odds-api, the bundled football
 * data), against a local upstream (test/helpers/upstream-server.ts) at The Odds API v4's real paths.
 *
 * The upstream's bodies are BUILT here in the v4 shape (shared/data/live-feeds/odds-api/ is a
 * format reference only: it has no licence) from a bundled fixture of the store — Manchester United
 * v Fulham, Premier League 2024-25, as the store has it — with made-up but well-formed decimal
 * prices of three bookmakers, and from two made-up SHL (Swedish ice hockey) games, a league no
 * other source follows, so its events become fixtures and its `/scores` their live and final scores.
 *
 * Checked: each bookmaker's 1X2, spread and total on the bundled match in /v1/football/odds
 * (opening, current, closing) and /odds/history (the line's movement), odds messages on the
 * WebSocket and odds.updated webhooks; the two unmatched events counted and listed in
 * /v1/ops/health, never attached; the SHL fixtures created, live 1-0 then 2-1, then final 3-1;
 * quota headers read; faults: 500, a hang past ADAPTER_TIMEOUT_MS, a malformed body, a 429 with
 * Retry-After (the next request waits), an event that disappears, quota exhausted (401 with the
 * API's error body: no request after it). The key is never in health, metrics or logs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestJson } from '../helpers/http';
import { startReceiver, type Receiver } from '../helpers/receivers';
import { getJson, startTestServer, waitFor, type TestServer } from '../helpers/server';
import { retryAfter, startUpstream, type LocalUpstream } from '../helpers/upstream-server';
import { openRecorder, type Recorder } from '../helpers/ws-recorder';

const KEY = 'oddsapiTestKey_9f3c1a7e5b2d';
const OPERATOR = 'op_oddsapi_operator_key_0123456789';
const EPL = 'soccer_epl';
const SHL = 'icehockey_sweden_hockey_league';
const BOOKS = [
  ['williamhill', 'William Hill'],
  ['betfair_ex_uk', 'Betfair'],
  ['unibet_eu', 'Unibet'],
] as const;
/** Made-up decimal prices per stage: a day before kickoff, an hour before, 30′ in. */
const H = [1.62, 1.55, 1.3];
const D = [4.2, 4.4, 5.5];
const A = [5.25, 5.75, 9.0];
const OVER = [1.9, 1.85, 1.7];
const UNDER = [1.95, 2.0, 2.15];
const STAGE_OFFSET_MS = [-86_400_000, -3_600_000, 1_800_000];

const T0 = Date.now();
const isoZ = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const state = {
  bundled: null as null | { id: number; kickoff: string },
  stage: 0,
  scoreCut: 0,
  dropUpcoming: false,
  requests: 0,
};

function market(key: string, at: string, outcomes: unknown[]) {
  return { key, last_update: at, outcomes };
}

/** The EPL odds body at the current stage: the bundled match, an event on a day with no such match, one 3 h off its kickoff. */
function eplOdds(): unknown[] {
  if (!state.bundled) return [];
  const k = Date.parse(state.bundled.kickoff);
  const s = state.stage;
  const at = isoZ(k + STAGE_OFFSET_MS[s]);
  const matched = {
    id: 'e0c3f1a2b4d5e6f7a8b9c0d1e2f3a4b5',
    sport_key: EPL,
    sport_title: 'EPL',
    commence_time: isoZ(k),
    home_team: 'Manchester United',
    away_team: 'Fulham',
    bookmakers: BOOKS.map(([key, title], i) => ({
      key,
      title,
      last_update: at,
      markets: [
        market('h2h', at, [
          { name: 'Manchester United', price: +(H[s] + i * 0.02).toFixed(2) },
          { name: 'Fulham', price: A[s] },
          { name: 'Draw', price: D[s] },
        ]),
        market('spreads', at, [
          { name: 'Manchester United', price: 1.95 - s * 0.05, point: -1 },
          { name: 'Fulham', price: 1.9 + s * 0.05, point: 1 },
        ]),
        market('totals', at, [
          { name: 'Over', price: OVER[s], point: 2.5 },
          { name: 'Under', price: UNDER[s], point: 2.5 },
        ]),
      ],
    })),
  };
  const h2h = (home: string, away: string) => [
    market('h2h', at, [
      { name: home, price: 2.1 },
      { name: away, price: 3.4 },
      { name: 'Draw', price: 3.3 },
    ]),
  ];
  return [
    matched,
    {
      id: 'unmatched-arsenal-sunderland',
      sport_key: EPL,
      sport_title: 'EPL',
      commence_time: isoZ(k),
      home_team: 'Arsenal',
      away_team: 'Sunderland',
      bookmakers: [
        { key: 'williamhill', title: 'William Hill', last_update: at, markets: h2h('Arsenal', 'Sunderland') },
      ],
    },
    {
      // Ipswich v Liverpool is bundled for 2024-08-17 11:30 UTC: 3 h off is outside the 30-minute tolerance.
      id: 'unmatched-ipswich-liverpool-3h-off',
      sport_key: EPL,
      sport_title: 'EPL',
      commence_time: '2024-08-17T14:30:00Z',
      home_team: 'Ipswich Town',
      away_team: 'Liverpool',
      bookmakers: [
        { key: 'williamhill', title: 'William Hill', last_update: at, markets: h2h('Ipswich Town', 'Liverpool') },
      ],
    },
  ];
}

const LIVE_KICKOFF = isoZ(Math.floor((T0 - 30 * 60_000) / 60_000) * 60_000);
const NEXT_KICKOFF = isoZ(Math.floor((T0 + 86_400_000) / 60_000) * 60_000);
function shlOdds(): unknown[] {
  const at = isoZ(T0 - 60_000);
  const ev = (id: string, home: string, away: string, commence: string) => ({
    id,
    sport_key: SHL,
    sport_title: 'SHL',
    commence_time: commence,
    home_team: home,
    away_team: away,
    bookmakers: [
      {
        key: 'unibet_eu',
        title: 'Unibet',
        last_update: at,
        markets: [
          market('h2h', at, [
            { name: home, price: 1.8 },
            { name: away, price: 2.05 },
          ]),
          market('totals', at, [
            { name: 'Over', price: 1.9, point: 5.5 },
            { name: 'Under', price: 1.9, point: 5.5 },
          ]),
        ],
      },
    ],
  });
  return [
    ev('shl-live-frolunda-farjestad', 'Frölunda HC', 'Färjestad BK', LIVE_KICKOFF),
    ...(state.dropUpcoming ? [] : [ev('shl-next-skelleftea-lulea', 'Skellefteå AIK', 'Luleå HF', NEXT_KICKOFF)]),
  ];
}
const SCORE_CUTS = [
  { home: 1, away: 0, completed: false },
  { home: 2, away: 1, completed: false },
  { home: 3, away: 1, completed: true },
];
function shlScores(): unknown[] {
  const c = SCORE_CUTS[state.scoreCut];
  return [
    {
      id: 'shl-live-frolunda-farjestad',
      sport_key: SHL,
      sport_title: 'SHL',
      commence_time: LIVE_KICKOFF,
      completed: c.completed,
      home_team: 'Frölunda HC',
      away_team: 'Färjestad BK',
      scores: [
        { name: 'Frölunda HC', score: String(c.home) },
        { name: 'Färjestad BK', score: String(c.away) },
      ],
      last_update: isoZ(Date.now() - 5_000),
    },
    {
      id: 'shl-next-skelleftea-lulea',
      sport_key: SHL,
      sport_title: 'SHL',
      commence_time: NEXT_KICKOFF,
      completed: false,
      home_team: 'Skellefteå AIK',
      away_team: 'Luleå HF',
      scores: null,
      last_update: null,
    },
  ];
}
const quotaHeaders = (cost: number) => {
  state.requests += cost;
  return {
    'x-requests-remaining': String(10_000_000 - state.requests),
    'x-requests-used': String(state.requests),
    'x-requests-last': String(cost),
  };
};

let up: LocalUpstream;
let s: TestServer;
let ws: Recorder;
let receiver: Receiver;
const health = async () => {
  const r = await getJson(s, '/v1/ops/health', OPERATOR);
  expect(r.status).toBe(200);
  return r.body.adapters.find((a: { name: string }) => a.name === 'odds-api');
};
const oddsPaths = () => up.requests.filter((r) => r.path.startsWith(`/v4/sports/${EPL}/odds`));

beforeAll(async () => {
  up = await startUpstream({
    route: (path, url) => {
      if (url.searchParams.get('apiKey') !== KEY)
        return { status: 401, body: { message: 'API key is not valid', error_code: 'INVALID_KEY' } };
      if (url.pathname === '/v4/sports')
        return {
          body: [
            {
              key: EPL,
              group: 'Soccer',
              title: 'EPL',
              description: 'English Premier League',
              active: true,
              has_outrights: false,
            },
            {
              key: SHL,
              group: 'Ice Hockey',
              title: 'SHL',
              description: 'Swedish Hockey League',
              active: true,
              has_outrights: false,
            },
          ],
        };
      if (url.pathname === `/v4/sports/${EPL}/odds`) return { body: eplOdds(), headers: quotaHeaders(6) };
      if (url.pathname === `/v4/sports/${SHL}/odds`) return { body: shlOdds(), headers: quotaHeaders(6) };
      if (url.pathname === `/v4/sports/${SHL}/scores`) return { body: shlScores(), headers: quotaHeaders(2) };
      return undefined;
    },
  });
  receiver = await startReceiver();
  s = await startTestServer({
    PAGES: 'off',
    REPLAY: 'off',
    OPERATOR_API_KEY: OPERATOR,
    WEBHOOK_ALLOW_LOOPBACK: 'on',
    SOURCES: 'odds-api',
    ODDS_API_URL: up.url,
    ODDS_API_KEY: KEY,
    ODDS_API_SPORTS: `${EPL},${SHL}`,
    ODDS_API_OWN_SPORTS: SHL,
    ODDS_API_REGIONS: 'uk,eu',
    ODDS_API_MONTHLY_BUDGET: '100000000',
    ODDS_API_INTERVAL_SECONDS: '1',
    ODDS_API_IDLE_INTERVAL_SECONDS: '1',
    ADAPTER_TIMEOUT_MS: '1500',
  });
  const hook = await requestJson(
    s.baseUrl,
    'POST',
    '/v1/webhooks',
    { url: receiver.url, events: ['odds.updated'], sports: ['football'] },
    s.apiKey,
  );
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  ws = await openRecorder(s.wsUrl, s.apiKey);
  ws.send({ type: 'subscribe', channel: 'football.odds' });
  await ws.next((m) => m.type === 'subscribed');
  // The bundled match, as the store has it.
  const r = await getJson(s, '/v1/football/results?league=premier-league&season=2024-25&from=2024-08-16&to=2024-08-16');
  const m = (r.body.data ?? []).find((x: any) => x.home_team === 'Manchester United' && x.away_team === 'Fulham');
  expect(m, JSON.stringify(r.body).slice(0, 400)).toBeTruthy();
  state.bundled = { id: m.fixture_id, kickoff: m.kickoff };
}, 300_000);

afterAll(async () => {
  ws?.ws.close();
  await s?.stop();
  await receiver?.close();
  await up?.close();
});

const odds = async () => (await getJson(s, `/v1/football/odds?match_id=${state.bundled!.id}`)).body;
/** Waits until every bookmaker's current 1X2 home price is the one of `stage`. */
async function stageShown(stage: number) {
  state.stage = stage;
  await waitFor(
    `stage ${stage} prices`,
    async () => {
      const o = await odds();
      const lines = (o.bookmakers ?? []).filter(
        (b: any) => b.market === '1X2' && !['bet365', 'pinnacle'].includes(b.bookmaker),
      );
      return BOOKS.every(([key], i) =>
        lines.some(
          (l: any) => l.bookmaker === key.replace(/_/g, '-') && l.current.home === +(H[stage] + i * 0.02).toFixed(2),
        ),
      );
    },
    30_000,
    250,
  );
}

describe('a bundled fixture matched: every bookmaker with its lines', () => {
  test('opening, current and closing per bookmaker; the movement in the history; WebSocket and webhooks carry the ticks', async () => {
    await stageShown(0);
    await stageShown(1);
    await stageShown(2);
    const o = await odds();
    const id = state.bundled!.id;
    expect(o.fixture_id).toBe(id);
    for (const [i, [key]] of BOOKS.entries()) {
      const slug = key.replace(/_/g, '-');
      const mine = o.bookmakers.filter((b: any) => b.bookmaker === slug);
      expect(mine.map((b: any) => `${b.market}:${b.line}`).sort()).toEqual(['1X2:null', 'over_under:2.5', 'spread:-1']);
      const x12 = mine.find((b: any) => b.market === '1X2');
      const h = (st: number) => +(H[st] + i * 0.02).toFixed(2);
      // Opening = the first price, current = the in-play one, closing = the last before kickoff.
      expect(x12.opening).toEqual({ home: h(0), draw: D[0], away: A[0] });
      expect(x12.current).toEqual({ home: h(2), draw: D[2], away: A[2] });
      expect(x12.closing).toEqual({ home: h(1), draw: D[1], away: A[1] });
      expect(mine.find((b: any) => b.market === 'over_under')).toMatchObject({
        opening: { over: OVER[0], under: UNDER[0] },
        current: { over: OVER[2], under: UNDER[2] },
      });
    }
    const hist = await getJson(
      s,
      `/v1/football/odds/history?match_id=${id}&bookmaker=williamhill&market=1X2&selection=home`,
    );
    expect(hist.status).toBe(200);
    expect(hist.body.data.map((t: any) => [t.price, t.observed_at])).toEqual(
      [0, 1, 2].map((st) => [H[st], new Date(Date.parse(state.bundled!.kickoff) + STAGE_OFFSET_MS[st]).toISOString()]),
    );
    // Every tick went out on the WebSocket's football.odds channel and as odds.updated webhooks.
    const wsTicks = ws.messages
      .map((m) => m.msg)
      .filter((m) => m.type === 'odds' && m.fixture_id === id)
      .flatMap((m) => m.ticks);
    expect(new Set(wsTicks.map((t: any) => t.bookmaker))).toEqual(
      new Set(['williamhill', 'betfair-ex-uk', 'unibet-eu']),
    );
    expect(
      wsTicks
        .filter((t: any) => t.bookmaker === 'williamhill' && t.market === '1X2' && t.selection === 'home')
        .map((t: any) => t.price),
    ).toEqual(H);
    await waitFor(
      'odds.updated webhooks for the match',
      async () =>
        receiver
          .accepted()
          .some((d) => (d.json as any)?.type === 'odds.updated' && (d.json as any)?.data?.fixture_id === id),
      20_000,
      250,
    );
    expect(ws.invalid).toEqual([]);
  });

  test('the events that match no fixture are counted and listed in feed health, never attached', async () => {
    const a = await waitFor(
      'health lists the unmatched',
      async () => ((await health())?.unmatched_events === 2 ? health() : null),
      20_000,
      250,
    );
    expect(a.unmatched.map((u: any) => [u.event_id, u.home_team, u.away_team]).sort()).toEqual([
      ['unmatched-arsenal-sunderland', 'Arsenal', 'Sunderland'],
      ['unmatched-ipswich-liverpool-3h-off', 'Ipswich Town', 'Liverpool'],
    ]);
    expect(a.unmatched.every((u: any) => /no football fixture with these teams within ±30 min/.test(u.reason))).toBe(
      true,
    );
    expect(a.events_matched).toBe(1);
    // The quota figures come from the answers' headers.
    expect(a.quota).toMatchObject({ budget: 100_000_000, status: 'ok' });
    expect(a.quota.remaining).toBeGreaterThan(9_000_000);
    expect(a.quota.spent).toBeGreaterThan(0);
    // The 3-hours-off Ipswich v Liverpool got no odds.
    const r = await getJson(
      s,
      '/v1/football/results?league=premier-league&season=2024-25&from=2024-08-17&to=2024-08-17',
    );
    const ipswich = r.body.data.find((x: any) => x.home_team === 'Ipswich Town');
    const io = await getJson(s, `/v1/football/odds?match_id=${ipswich.fixture_id}`);
    expect((io.body.bookmakers ?? []).some((b: any) => b.bookmaker === 'williamhill')).toBe(false);
  });
});

describe('a league no other source follows: its events become fixtures, /scores their scores', () => {
  test('SHL: fixtures created, live 1-0 then 2-1, final 3-1; its moneyline on /v1/ice-hockey/odds', async () => {
    const list = await waitFor(
      'SHL fixtures',
      async () => {
        const r = await getJson(s, '/v1/ice-hockey/fixtures?league=sweden-hockey-league&limit=10');
        return r.status === 200 && r.body.data?.length >= 1 ? r.body.data : null;
      },
      30_000,
      250,
    );
    expect(list.some((f: any) => f.home_team === 'Skellefteå AIK' && f.away_team === 'Luleå HF')).toBe(true);
    const liveId = await waitFor(
      'the live SHL game',
      async () =>
        ((await getJson(s, '/v1/ice-hockey/live')).body?.data ?? []).find((m: any) => m.home_team === 'Frölunda HC')
          ?.fixture_id,
      30_000,
      250,
    );
    const scoreIs = (home: number, away: number, status?: string) =>
      waitFor(
        `score ${home}-${away}${status ? ` ${status}` : ''}`,
        async () => {
          const m = (await getJson(s, `/v1/ice-hockey/matches/${liveId}`)).body?.match;
          return m?.score?.home === home && m?.score?.away === away && (!status || m.status === status) ? m : null;
        },
        30_000,
        250,
      );
    expect((await scoreIs(1, 0)).status).toBe('in_play');
    state.scoreCut = 1;
    await scoreIs(2, 1, 'in_play');
    state.scoreCut = 2;
    await scoreIs(3, 1, 'finished');
    const res = await getJson(s, '/v1/ice-hockey/results?league=sweden-hockey-league');
    expect(res.body.data.find((x: any) => x.fixture_id === liveId)).toMatchObject({
      home_team: 'Frölunda HC',
      away_team: 'Färjestad BK',
    });
    const o = await getJson(s, `/v1/ice-hockey/odds?match_id=${liveId}`);
    expect(o.status, JSON.stringify(o.body)).toBe(200);
    expect(o.body).toMatchObject({ market: 'moneyline', draw: null, home: 1.8, away: 2.05 });
    // Once final, /scores is no longer asked for.
    await new Promise((r) => setTimeout(r, 2_500));
    const n = up.requests.filter((r) => r.path.includes('/scores')).length;
    await new Promise((r) => setTimeout(r, 2_500));
    expect(up.requests.filter((r) => r.path.includes('/scores')).length).toBe(n);
  });
});

describe('faults', () => {
  test('500, a hang past the timeout, a malformed body: said in health, then followed again', async () => {
    for (const [fault, kind] of [
      [{ kind: 'status', status: 500, body: '{"message":"boom"}' }, 'http'],
      [{ kind: 'hang' }, 'timeout'],
    ] as const) {
      const before = (await health()).consecutive_failures;
      up.inject(fault, { match: `/v4/sports/${EPL}/odds` });
      const a = await waitFor(
        `${kind} in health`,
        async () => {
          const h = await health();
          return h.last_error_kind === kind && h.consecutive_failures > before ? h : null;
        },
        30_000,
        200,
      );
      expect(a.last_error).not.toContain(KEY);
      await waitFor('recovered', async () => (await health()).consecutive_failures === 0, 30_000, 200);
    }
    const skipped = (await health()).items_skipped;
    up.inject({ kind: 'malformed' }, { match: `/v4/sports/${EPL}/odds` });
    await waitFor('malformed body skipped', async () => (await health()).items_skipped > skipped, 30_000, 200);
  });

  test('a 429 with Retry-After: the next request waits for it', async () => {
    up.inject(retryAfter(2), { match: `/v4/sports/${EPL}/odds` });
    const at = await waitFor('the 429', async () => up.requests.find((r) => r.answered === 429)?.at, 30_000, 100);
    await waitFor(
      'a request after the 429',
      async () => up.requests.some((r) => r.at > at && r.path.startsWith('/v4/')),
      30_000,
      100,
    );
    const next = up.requests.find((r) => r.at > at && r.path.startsWith('/v4/'))!;
    expect(next.at - at).toBeGreaterThanOrEqual(1_900);
  });

  test('an event that disappears upstream: its fixture and lines stay, health says it is gone', async () => {
    state.dropUpcoming = true;
    const a = await waitFor(
      'the note',
      async () => {
        const h = await health();
        return h.notes?.some((n: string) => n.includes('shl-next-skelleftea-lulea') && /no longer listed/.test(n))
          ? h
          : null;
      },
      30_000,
      250,
    );
    expect(a.consecutive_failures).toBe(0);
    const r = await getJson(s, '/v1/ice-hockey/fixtures?league=sweden-hockey-league&limit=10');
    expect(r.body.data.some((f: any) => f.home_team === 'Skellefteå AIK')).toBe(true);
  });

  test('quota exhausted (401 with the API error body): polling stops until the month resets, health says so; the key is never shown', async () => {
    up.inject(
      {
        kind: 'status',
        status: 401,
        body: JSON.stringify({
          message: 'Usage quota has been reached. Upgrade your plan to continue.',
          error_code: 'OUT_OF_USAGE_CREDITS',
          details_url: 'https://the-odds-api.com/liveapi/guides/v4/api-error-codes.html#out-of-usage-credits',
        }),
      },
      { match: '/v4/sports/' },
    );
    const a = await waitFor(
      'exhausted in health',
      async () => {
        const h = await health();
        return h.quota?.status === 'exhausted' ? h : null;
      },
      30_000,
      200,
    );
    expect(a.quota.exhausted.message).toMatch(/OUT_OF_USAGE_CREDITS/);
    expect(Date.parse(a.quota.exhausted.until)).toBeGreaterThan(Date.now());
    expect(a.notes.some((n: string) => /quota exhausted upstream/.test(n))).toBe(true);
    const n = up.requests.length;
    await new Promise((r) => setTimeout(r, 3_000));
    expect(up.requests.length).toBe(n);
    const body = JSON.stringify((await getJson(s, '/v1/ops/health', OPERATOR)).body);
    const metrics = await (await fetch(`${s.baseUrl}/metrics`)).text();
    expect(body.includes(KEY) || metrics.includes(KEY) || s.logs().includes(KEY)).toBe(false);
    expect(up.requests.every((r) => new URL(r.path, 'http://x').searchParams.get('apiKey') === KEY)).toBe(true);
  });
});
