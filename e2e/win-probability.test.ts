/**
 * The match page's win-probability chart in real Chromium against the built app (football store,
 * replay off): the bundled World Cup 2022 final shows the chart server-rendered with its biggest
 * swings marked and labelled with their goals, ending on Argentina, on a 390 px phone without
 * sideways overflow; and an operator's live match moves the chart without a reload when a goal is
 * ingested (the `football.win-probability` WebSocket channel), its last point equal to the REST
 * series' last point. The fixtures, results and scoreboard rows show the pre-match probability
 * (figures and words) equal to the REST rows' `win_probability`; a scoreboard card of a match in
 * play shows its in-play probability ("now …", GET /v1/{sport}/live's `win_probability_in_play`)
 * and takes the next `win_probability` message without a reload.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { requestJson } from '../test/helpers/http';
import { ensureBuild, getJson, startTestServer, type TestServer } from '../test/helpers/server';
import { launchBrowser, newPage, screenshot, until, waitForLive } from './helpers/browser';

const OPERATOR = 'e2e_winprob_operator_key_0123456789';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  await ensureBuild();
  [server, browser] = await Promise.all([
    startTestServer({ REPLAY: 'off', OPERATOR_API_KEY: OPERATOR }),
    launchBrowser(),
  ]);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** POST to the operator API. */
const op = (path: string, body: unknown) => requestJson(server.baseUrl, 'POST', path, body, OPERATOR);

/** An operator's football fixture kicking off now in a new league of its own; returns its id. */
async function operatorFixture(slug: string, name: string, home: string, away: string): Promise<number> {
  const league = { sport: 'football', league: slug, season: '2026', name };
  expect((await op('/v1/ops/competitions', league)).status).toBe(201);
  const created = await op('/v1/ops/fixtures', {
    ...league,
    name: undefined,
    home_team: home,
    away_team: away,
    kickoff: new Date().toISOString(),
    venue: null,
    external_id: `${slug}-1`,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as number;
}

it('the World Cup 2022 final: chart with its swings marked by goal, ending on Argentina, no overflow at 390 px', async () => {
  const r = await getJson(server, '/v1/football/results?league=world-cup&season=2022&limit=1');
  const final = r.body.data[0];
  expect(final).toMatchObject({ home_team: 'Argentina', away_team: 'France', round: 'Final' });
  const page = await newPage(browser, PHONE);
  try {
    const res = await page.goto(`${server.baseUrl}/matches/${final.fixture_id}`, {
      waitUntil: 'load',
      timeout: 120_000,
    });
    expect(res?.status()).toBe(200);
    const chart = page.getByTestId('win-probability-chart');
    await chart.waitFor({ timeout: 30_000 });
    const d = await chart.evaluate((el) => ({ ...(el as HTMLElement).dataset }));
    expect(Number(d.points)).toBeGreaterThan(6);
    expect(Number(d.swings)).toBeGreaterThanOrEqual(2);
    expect(Number(d.lastHome)).toBeGreaterThan(0.99);
    const swings = await page.getByTestId('win-probability-swing').allInnerTexts();
    expect(swings.length).toBe(Number(d.swings));
    // Each swing names its event: the goals, and the shoot-out's decision (the result event after 120').
    for (const s of swings) expect(s).toMatch(/Goal|Penalt|Shoot-out|Result/i);
    expect(swings.filter((s) => /Goal/.test(s)).length).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid=win-probability-chart] svg g[data-swing]').count()).toBe(swings.length);
    // 390 px: the page is not wider than the screen and the chart fits in it.
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      chart: document.querySelector('[data-testid=win-probability-chart]')!.getBoundingClientRect().right,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.chart).toBeLessThanOrEqual(widths.client);
    await screenshot(page, 'win-probability-final-phone');
  } finally {
    await page.context().close();
  }
}, 240_000);

it('fixtures and results rows show the pre-match probability (home · draw · away) with words, as the REST rows say', async () => {
  const rest = await getJson(server, '/v1/football/results?league=premier-league&season=2023-24&limit=200');
  const byId = new Map<number, { home: number; draw: number; away: number }>(
    rest.body.data.map((r: any) => [r.fixture_id, r.win_probability]),
  );
  const page = await newPage(browser);
  try {
    for (const path of [
      '/football/fixtures?date=2024-05-19&league=premier-league',
      '/football/results?league=premier-league&season=2023-24',
    ]) {
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'load', timeout: 120_000 });
      const rows = page.locator('[data-fixture-id]:has([data-testid=row-win-probability])');
      await rows.first().waitFor({ timeout: 30_000 });
      const seen = await rows.evaluateAll((els) =>
        els.slice(0, 10).map((el) => {
          const p = el.querySelector('[data-testid=row-win-probability]') as HTMLElement;
          return {
            id: Number(el.getAttribute('data-fixture-id')),
            text: p.textContent ?? '',
            home: Number(p.dataset.home),
            label: el.querySelector('.sr-only')?.textContent ?? '',
          };
        }),
      );
      expect(seen.length, path).toBeGreaterThan(0);
      for (const r of seen) {
        // Three figures (football has draws), in text: not colour alone; the label says it in words.
        expect(r.text, path).toMatch(/^\d{1,2}% · \d{1,2}% · \d{1,2}%$/);
        expect(r.label, path).toMatch(/pre-match win probability .+ \d+%, draw \d+%, .+ \d+%/);
        const want = byId.get(r.id);
        if (want) expect(r.home, path).toBe(want.home);
      }
    }
  } finally {
    await page.context().close();
  }
}, 240_000);

it('a live match: an ingested goal moves the chart without a reload, as the REST series says', async () => {
  const id = await operatorFixture('wp-e2e-league', 'WP E2E League', 'Chart Rovers', 'Swing Town');
  const ev = (event_id: string, type: string, extra: Record<string, unknown> = {}) => ({
    fixture_id: id,
    event_id,
    type,
    ...extra,
  });
  expect((await op('/v1/ops/events', { events: [ev('e2e-ko', 'period_start', { period: '1st_half' })] })).status).toBe(
    200,
  );
  // The scoreboard's card of the match in play shows its pre-match probability (new teams: level ratings, home advantage).
  const board = await newPage(browser);
  try {
    await board.goto(`${server.baseUrl}/?sport=football`, { waitUntil: 'load', timeout: 120_000 });
    const p = board.locator(`[data-testid=match-card][data-fixture-id="${id}"] [data-testid=row-win-probability]`);
    await p.waitFor({ timeout: 30_000 });
    expect(await p.textContent()).toMatch(/^\d{1,2}% · \d{1,2}% · \d{1,2}%$/);
    const home = Number(await p.getAttribute('data-home'));
    expect(home).toBeGreaterThan(Number(await p.getAttribute('data-away')));
    const fixtures = await getJson(server, `/v1/football/fixtures?league=wp-e2e-league&season=2026&limit=5`);
    expect(home).toBe(fixtures.body.data.find((f: any) => f.fixture_id === id).win_probability.home);
  } finally {
    await board.context().close();
  }
  const page = await newPage(browser);
  try {
    await page.goto(`${server.baseUrl}/matches/${id}`, { waitUntil: 'load', timeout: 120_000 });
    const chart = page.getByTestId('win-probability-chart');
    await chart.waitFor({ timeout: 30_000 });
    const before = Number(await chart.getAttribute('data-last-home'));
    // The page's live connection must be subscribed before the goal is sent.
    await waitForLive(page);
    await page.waitForTimeout(1500);
    const goal = ev('e2e-g1', 'goal', { side: 'home', player: 'A. Striker', minute: 10, period: '1st_half' });
    expect((await op('/v1/ops/events', { events: [goal] })).status).toBe(200);
    await until(
      async () => Number(await chart.getAttribute('data-last-home')) > before,
      45_000,
      'the chart to take the goal',
    );
    const rest = await getJson(server, `/v1/football/matches/${id}/win-probability`);
    const last = rest.body.points.at(-1);
    expect(last.event.event_id).toBe('e2e-g1');
    expect(Number(await chart.getAttribute('data-last-home'))).toBe(last.home);
    expect(Number(await chart.getAttribute('data-points'))).toBe(rest.body.points.length);
  } finally {
    await page.context().close();
  }
}, 240_000);

it('a live card shows the in-play probability and moves it on a win_probability message, without a reload', async () => {
  const id = await operatorFixture('wp-card-league', 'WP Card League', 'Card Rovers', 'Board Town');
  const kickoff = { fixture_id: id, event_id: 'card-ko', type: 'period_start', period: '1st_half' };
  expect((await op('/v1/ops/events', { events: [kickoff] })).status).toBe(200);
  const liveRow = async () =>
    (await getJson(server, '/v1/football/live')).body.data.find((m: any) => m.fixture_id === id);
  await until(async () => !!(await liveRow())?.win_probability_in_play, 30_000, 'the in-play point of the kickoff');
  const page = await newPage(browser);
  try {
    await page.goto(`${server.baseUrl}/?sport=football`, { waitUntil: 'load', timeout: 120_000 });
    const card = page.locator(`[data-testid=match-card][data-fixture-id="${id}"]`);
    const now = card.getByTestId('in-play-win-probability');
    await now.waitFor({ timeout: 30_000 });
    // Figures in text ("now 48% · 27% · 25%"), the pre-match figures beside them, the words for screen readers.
    expect(await now.textContent()).toMatch(/^now \d{1,2}% · \d{1,2}% · \d{1,2}%$/);
    const row = await liveRow();
    expect(Number(await now.getAttribute('data-home'))).toBe(row.win_probability_in_play.home);
    const pre = card.getByTestId('row-win-probability');
    expect(Number(await pre.getAttribute('data-home'))).toBe(row.win_probability.home);
    expect(await card.locator('.sr-only').allTextContents()).toContainEqual(
      expect.stringMatching(/^win probability now Card Rovers \d+%, draw \d+%, Board Town \d+%$/),
    );
    const before = Number(await now.getAttribute('data-home'));
    await waitForLive(page);
    await page.waitForTimeout(1500); // the board's football.win-probability subscription is sent after the first render
    const goal = {
      fixture_id: id,
      event_id: 'card-g1',
      type: 'goal',
      side: 'home',
      player: 'B. Board',
      minute: 9,
      period: '1st_half',
    };
    expect((await op('/v1/ops/events', { events: [goal] })).status).toBe(200);
    await until(
      async () => Number(await now.getAttribute('data-home')) > before,
      45_000,
      "the card to take the goal's win_probability message",
    );
    const rest = await getJson(server, `/v1/football/matches/${id}/win-probability`);
    expect(rest.body.points.at(-1).event.event_id).toBe('card-g1');
    expect(Number(await now.getAttribute('data-home'))).toBe(rest.body.points.at(-1).home);
    expect(Number(await pre.getAttribute('data-home'))).toBe(row.win_probability.home); // pre-match unchanged
    await screenshot(page, 'live-card-in-play-probability');
  } finally {
    await page.context().close();
  }
}, 240_000);
