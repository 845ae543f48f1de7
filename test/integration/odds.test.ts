/**
 * Odds against the real server: a real match's consensus, best prices and margins checked by hand
 * from football-data.co.uk's closing columns; the line history paged to the end; and live model odds
 * during the replay — pushed over the WebSocket `football.odds` channel, stored in the history and
 * shown as the top level of /odds for a match no bookmaker quotes.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import WebSocket from 'ws';
import { OddsHistoryResponseSchema, OddsResponseSchema } from '@/lib/wire/schemas';
import { requestJson } from '../helpers/http';
import { ensureBuild, getJson, startTestServer, type TestServer } from '../helpers/server';

const OPERATOR = 'test_operator_key_odds_0123456789';

let s: TestServer;

beforeAll(async () => {
  await ensureBuild();
  s = await startTestServer({
    REPLAY_SPEED: '120',
    REPLAY_LEAD_SECONDS: '1',
    PAGES: 'off',
    OPERATOR_API_KEY: OPERATOR,
  });
}, 480_000);

afterAll(async () => {
  await s?.stop();
});

async function burnleyCity(): Promise<number> {
  const r = await getJson(s, '/v1/football/results?league=premier-league&season=2023-24&team=Burnley&limit=200');
  const m = r.body.data.find((x: any) => x.home_team === 'Burnley' && x.away_team === 'Manchester City');
  return m.fixture_id;
}

test('Burnley v Manchester City 2023-08-11: consensus, best price and margins as computed by hand', async () => {
  const id = await burnleyCity();
  const r = await getJson(s, `/v1/football/odds?match_id=${id}`);
  expect(r.status).toBe(200);
  const o = OddsResponseSchema.parse(r.body);
  // Closing 1X2 of the six books (B365 9/5.25/1.33, BW 8.75/5.25/1.33, IW 8.5/5.25/1.35, PS 9.62/5.81/1.33,
  // WH 7.5/4.6/1.29, VC 10.5/5.25/1.3): medians (8.75+9)/2 = 8.875, 5.25, 1.33.
  expect([o.home, o.draw, o.away]).toEqual([8.875, 5.25, 1.33]);
  expect(o.consensus_bookmakers).toBe(6);
  // 1/8.875 + 1/5.25 + 1/1.33 − 1 = 0.0550
  expect(o.margin).toBeCloseTo(0.055, 4);
  expect(o.fair.home + o.fair.draw! + o.fair.away).toBeCloseTo(1, 3);
  expect(o.fair.home).toBeCloseTo(0.11268 / 1.05503, 3);
  expect(o.best.home).toEqual({ price: 10.5, bookmakers: ['vc-bet'] });
  expect(o.best.draw).toEqual({ price: 5.81, bookmakers: ['pinnacle'] });
  expect(o.best.away.price).toBe(1.35);
  const b365 = o.bookmakers.find((b) => b.bookmaker === 'bet365' && b.market === '1X2')!;
  expect(b365).toMatchObject({
    opening: { home: 8, draw: 5.5, away: 1.33 },
    current: { home: 9, draw: 5.25, away: 1.33 },
    closing: { home: 9, draw: 5.25, away: 1.33 },
    is_model: false,
  });
  // 1/9 + 1/5.25 + 1/1.33 − 1 = 0.0535
  expect(b365.margin).toBeCloseTo(0.0535, 4);
  const ou = o.bookmakers.find((b) => b.bookmaker === 'bet365' && b.market === 'over_under');
  expect(ou?.line).toBe(2.5);
  // The scoreline-model line of the main market: a labelled model line beside the books, its
  // opening and closing the pre-match rating line (the same as the win-probability endpoint's), its
  // current the finished match's last in-play point; the consensus above is the six books' alone.
  const model = o.bookmakers.filter((b) => b.bookmaker === 'scoreline-model');
  expect(model.map((b) => [b.market, b.is_model, b.started_from])).toEqual([['1X2', true, 'rating']]);
  const wp = (await getJson(s, `/v1/football/matches/${id}/win-probability`)).body;
  expect(model[0]).toMatchObject({ opening: wp.line.opening, closing: wp.line.opening, current: wp.line.current });
  // Burnley lost 0-3: the current line prices City as all but certain, the clamp's 1.01.
  expect(model[0].current.away).toBe(1.01);
  expect(model[0].opening?.away).toBeGreaterThan(1.01);
  expect(o.bookmakers.filter((b) => b.bookmaker !== 'scoreline-model').every((b) => b.started_from === null)).toBe(
    true,
  );
  // Filters.
  const only = OddsResponseSchema.parse(
    (await getJson(s, `/v1/football/odds?match_id=${id}&market=asian_handicap&bookmaker=pinnacle`)).body,
  );
  expect(only.bookmakers.length).toBeGreaterThan(0);
  expect(only.bookmakers.every((b) => b.market === 'asian_handicap' && b.bookmaker === 'pinnacle')).toBe(true);
  expect((await getJson(s, `/v1/football/odds?match_id=${id}&market=exotic`)).status).toBe(400);
});

test('the history pages through every tick, oldest first, with stable cursors', async () => {
  const id = await burnleyCity();
  const all = OddsHistoryResponseSchema.parse(
    (await getJson(s, `/v1/football/odds/history?match_id=${id}&limit=1000`)).body,
  );
  expect(all.next_cursor).toBeNull();
  expect(all.data.length).toBeGreaterThan(60);
  const paged: unknown[] = [];
  let cursor: string | null = null;
  do {
    const page = OddsHistoryResponseSchema.parse(
      (await getJson(s, `/v1/football/odds/history?match_id=${id}&limit=17${cursor ? `&cursor=${cursor}` : ''}`)).body,
    );
    paged.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  expect(paged).toEqual(all.data);
  const times = all.data.map((x) => Date.parse(x.observed_at));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  // Imported history: opening the day before kickoff, closing at kickoff, no seq.
  const b365home = all.data.filter((x) => x.bookmaker === 'bet365' && x.market === '1X2' && x.selection === 'home');
  expect(b365home).toEqual([
    {
      bookmaker: 'bet365',
      market: '1X2',
      selection: 'home',
      line: null,
      price: 8,
      observed_at: '2023-08-10T19:00:00.000Z',
      seq: null,
    },
    {
      bookmaker: 'bet365',
      market: '1X2',
      selection: 'home',
      line: null,
      price: 9,
      observed_at: '2023-08-11T19:00:00.000Z',
      seq: null,
    },
  ]);
  const filtered = OddsHistoryResponseSchema.parse(
    (await getJson(s, `/v1/football/odds/history?match_id=${id}&bookmaker=bet365&market=1X2&selection=home`)).body,
  );
  expect(filtered.data).toEqual(b365home);
  expect((await getJson(s, `/v1/football/odds/history?match_id=${id}&cursor=nonsense`)).status).toBe(400);
  expect((await getJson(s, '/v1/football/odds/history?match_id=999999999')).status).toBe(404);
});

test('during the replay the in-play model publishes odds over the WebSocket, into the history and the top level', async () => {
  const ws = new WebSocket(s.wsUrl, { headers: { authorization: `Bearer ${s.apiKey}` } });
  const got: any[] = [];
  ws.on('message', (d) => got.push(JSON.parse(String(d))));
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  ws.send(JSON.stringify({ channel: 'football.odds' }));
  const until = Date.now() + 60_000;
  while (!got.some((m) => m.type === 'odds') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  ws.close();
  expect(got.find((m) => m.type === 'subscribed')).toMatchObject({ channel: 'football.odds' });
  const msg = got.find((m) => m.type === 'odds');
  expect(msg, 'an odds message within 60 s').toBeTruthy();
  expect(msg.ticks.every((x: any) => x.bookmaker === 'scoreline-model' && x.seq > 0 && x.price > 1)).toBe(true);
  expect(got.some((m) => m.type === 'update')).toBe(false); // odds only: the live channel was not subscribed

  const history = OddsHistoryResponseSchema.parse(
    (await getJson(s, `/v1/football/odds/history?match_id=${msg.fixture_id}&bookmaker=scoreline-model`)).body,
  );
  expect(history.data.map((x) => x.seq)).toEqual(expect.arrayContaining(msg.ticks.map((x: any) => x.seq)));
  const top = OddsResponseSchema.parse((await getJson(s, `/v1/football/odds?match_id=${msg.fixture_id}`)).body);
  expect(top.source).toMatch(/model/);
  expect(top.bookmakers.every((b) => b.is_model)).toBe(true);
  // One model entry per market: the live Poisson ticks of 1X2 are the model line's current prices,
  // started from its neutral prior (no bookmaker quotes a replayed match).
  const x12 = top.bookmakers.filter((b) => b.market === '1X2');
  expect(x12.map((b) => [b.bookmaker, b.started_from])).toEqual([['scoreline-model', 'neutral-prior']]);
  // The model's book carries its documented 5 % margin.
  expect(top.margin).toBeCloseTo(0.05, 2);
});

test('a sport without a draw answers a two-way moneyline (draw null); a match no bookmaker quotes answers the model line alone', async () => {
  const op = (path: string, body: unknown) => requestJson(s.baseUrl, 'POST', path, body, OPERATOR);
  const league = { sport: 'tennis', league: 'odds-test-open', season: '2026', name: 'Odds Test Open' };
  expect((await op('/v1/ops/competitions', league)).status).toBe(201);
  const created = await op('/v1/ops/fixtures', {
    ...league,
    name: undefined,
    home_team: 'Player One',
    away_team: 'Player Two',
    kickoff: '2026-01-02T10:00:00Z',
    venue: null,
    external_id: 'moneyline-1',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const m = { fixture_id: created.body.id as number };
  const tick = (id: string, selection: string, price: number | string, observed_at: string) => ({
    tick_id: `moneyline-test-${id}`,
    fixture_id: m.fixture_id,
    bookmaker: 'test-book',
    market: 'moneyline',
    selection,
    price,
    observed_at,
  });
  const posted = await requestJson(
    s.baseUrl,
    'POST',
    '/v1/ops/odds',
    {
      ticks: [
        tick('h1', 'home', '-150', '2024-01-01T00:00:00Z'),
        tick('a1', 'away', '+125', '2024-01-01T00:00:00Z'),
        tick('h2', 'home', 1.8, '2024-01-01T01:00:00Z'),
      ],
    },
    OPERATOR,
  );
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  const r = await getJson(s, `/v1/tennis/odds?match_id=${m.fixture_id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const o = OddsResponseSchema.parse(r.body);
  expect(o).toMatchObject({ market: 'moneyline', draw: null, fair: { draw: null }, best: { draw: null } });
  const line = o.bookmakers.find((b) => b.bookmaker === 'test-book' && b.market === 'moneyline')!;
  // American −150 → 1 + 100/150 = 1.667 opening, then 1.8; +125 → 2.25 (docs/odds.md's one rule).
  expect(line).toMatchObject({ opening: { home: 1.667, away: 2.25 }, current: { home: 1.8, away: 2.25 } });
  const other = await op('/v1/ops/fixtures', {
    ...league,
    name: undefined,
    home_team: 'Player Three',
    away_team: 'Player Four',
    kickoff: '2026-01-02T12:00:00Z',
    venue: null,
    external_id: 'moneyline-2',
  });
  expect(line.started_from).toBeNull();
  // The model line beside the book, not in its consensus: two new players (no results) rate alike.
  expect(o.consensus_bookmakers).toBe(1);
  const ml = o.bookmakers.find((b) => b.bookmaker === 'scoreline-model')!;
  expect(ml).toMatchObject({ market: 'moneyline', is_model: true, started_from: 'rating' });
  // P = ½ each with the 5 % margin applied proportionally: 1 / (0.5 × 1.05) = 1.905.
  expect(ml.opening).toEqual({ home: 1.905, away: 1.905 });
  const none = await getJson(s, `/v1/tennis/odds?match_id=${other.body.id}`);
  expect(none.status, JSON.stringify(none.body)).toBe(200);
  const alone = OddsResponseSchema.parse(none.body);
  expect(alone).toMatchObject({ market: 'moneyline', home: 1.905, away: 1.905, draw: null, consensus_bookmakers: 1 });
  expect(alone.source).toMatch(/scoreline-model \(model, not a bookmaker\)/);
  expect(alone.bookmakers.map((b) => [b.bookmaker, b.is_model])).toEqual([['scoreline-model', true]]);
  expect(alone.margin).toBeCloseTo(0.05, 2);
  // Golf has a field, not two sides: still no main-market line.
  const golf = await getJson(s, '/v1/golf/odds?match_id=999999999');
  expect(golf.status).toBe(404);
});
