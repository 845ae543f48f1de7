/**
 * The match page's win-probability chart in real Chromium against the built app (football store,
 * replay off): the bundled World Cup 2022 final shows the chart server-rendered with its biggest
 * swings marked and labelled with their goals, ending on Argentina, on a 390 px phone without
 * sideways overflow; and an operator's live match moves the chart without a reload when a goal is
 * ingested (the `football.win-probability` WebSocket channel), its last point equal to the REST
 * series' last point.
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

it('a live match: an ingested goal moves the chart without a reload, as the REST series says', async () => {
  const op = (path: string, body: unknown) => requestJson(server.baseUrl, 'POST', path, body, OPERATOR);
  const league = { sport: 'football', league: 'wp-e2e-league', season: '2026', name: 'WP E2E League' };
  expect((await op('/v1/ops/competitions', league)).status).toBe(201);
  const created = await op('/v1/ops/fixtures', {
    ...league,
    name: undefined,
    home_team: 'Chart Rovers',
    away_team: 'Swing Town',
    kickoff: new Date().toISOString(),
    venue: null,
    external_id: 'wp-e2e-1',
  });
  const id = created.body.id as number;
  const ev = (event_id: string, type: string, extra: Record<string, unknown> = {}) => ({
    fixture_id: id,
    event_id,
    type,
    ...extra,
  });
  expect((await op('/v1/ops/events', { events: [ev('e2e-ko', 'period_start', { period: '1st_half' })] })).status).toBe(
    200,
  );
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
