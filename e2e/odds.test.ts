/**
 * Odds in real Chromium against the built app with the replay at 120× (the in-play model prices
 * every live replayed football match, docs/odds.md): a live odds change moves the match page's
 * line-movement chart without a reload, and its newest point is the newest tick of
 * GET /v1/football/odds/history; the odds page shows a result's bookmaker lines with the best price
 * and switches selection; the match page with its chart and /football/odds pass axe-core (light,
 * dark, phone), with screenshots kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ensureBuild, getJson, startTestServer, type TestServer } from '../test/helpers/server';
import {
  launchBrowser,
  newPage,
  screenshot,
  seriousA11yViolations,
  switchColorScheme,
  waitForLive,
  until,
  A11Y_VARIANTS,
} from './helpers/browser';

const REPLAY = { REPLAY: 'on', REPLAY_SPEED: '120', REPLAY_LEAD_SECONDS: '1' };
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  await ensureBuild();
  [server, browser] = await Promise.all([startTestServer(REPLAY), launchBrowser()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Tick {
  bookmaker: string;
  selection: string;
  price: number;
  observed_at: string;
  seq: number | null;
}

interface ChartState {
  points: number;
  lastObserved: string;
  lastPrice: number;
  mode: string;
  selection?: string;
  bookmaker?: string;
}

async function chartState(page: Page): Promise<ChartState> {
  return page.$eval('[data-testid=odds-chart]', (el) => {
    const d = (el as HTMLElement).dataset;
    return {
      points: Number(d.points),
      lastObserved: d.lastObserved!,
      lastPrice: Number(d.lastPrice),
      mode: d.mode!,
      selection: d.selection,
      bookmaker: d.bookmaker,
    };
  });
}

/** Every 1X2 tick of the match for the chart's line filter (all pages), oldest first. */
async function historyFor(fixtureId: number, c: ChartState): Promise<Tick[]> {
  const filter = c.mode === 'selection' ? `&bookmaker=${c.bookmaker}` : `&selection=${c.selection}`;
  const out: Tick[] = [];
  let cursor: string | null = null;
  do {
    const r = await getJson(
      server,
      `/v1/football/odds/history?match_id=${fixtureId}&market=1X2&limit=1000${filter}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(r.status).toBe(200);
    out.push(...(r.body.data as Tick[]));
    cursor = r.body.next_cursor;
  } while (cursor);
  return out.filter((t) => !t.bookmaker.startsWith('market-'));
}

/** An in-play football match early enough to be priced for a while (replays run at 120×). */
async function liveMatch(): Promise<{ fixture_id: number; minute: number }> {
  return until(
    async () => {
      const r = await getJson(server, '/v1/football/live');
      const live = (r.body.data as { fixture_id: number; minute: number; status: string }[]).filter(
        (m) => m.status === 'in_play' && m.minute < 60,
      );
      return live.sort((a, b) => a.minute - b.minute)[0];
    },
    90_000,
    'a football match in play before the hour',
  );
}

describe('odds', () => {
  it('a live odds change moves the match chart without reload; its newest point is the history’s newest tick', async () => {
    const m = await liveMatch();
    const page = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on(
      'console',
      (msg) =>
        void (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource') && errors.push(msg.text())),
    );
    page.on('response', (res) => void (res.status() >= 400 && console.log(`[e2e] HTTP ${res.status()} ${res.url()}`)));
    try {
      await page.goto(`${server.baseUrl}/matches/${m.fixture_id}`);
      await waitForLive(page);
      await page.waitForSelector('[data-testid=odds-chart]');
      await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
      const before = await chartState(page);
      const t0 = Date.now();
      const after = await until(
        async () => {
          const s = await chartState(page);
          return s.points !== before.points || s.lastObserved !== before.lastObserved ? s : null;
        },
        60_000,
        'the chart to get a new point',
      );
      console.log(
        `[e2e] match ${m.fixture_id} (minute ${m.minute}): chart ${before.points} → ${after.points} points, last ${before.lastObserved} → ${after.lastObserved} after ${Date.now() - t0} ms`,
      );
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42); // no reload, no navigation
      expect(after.points).toBeGreaterThan(before.points);
      if (before.lastObserved) expect(after.lastObserved > before.lastObserved).toBe(true);

      // The chart holds exactly the history up to its newest point, and that point is the history's tick.
      const shown = await chartState(page);
      const history = await historyFor(m.fixture_id, shown);
      const upTo = history.filter((t) => t.observed_at <= shown.lastObserved);
      expect(upTo.length).toBe(shown.points);
      expect(upTo.at(-1)).toMatchObject({ observed_at: shown.lastObserved, price: shown.lastPrice });
      // The newest tick the API had when the chart last moved is the one on the chart (or newer ones arrived since).
      const newest = history.at(-1)!;
      expect(newest.observed_at >= shown.lastObserved).toBe(true);
      await page.waitForSelector('[data-testid=odds-chart] svg[data-plot]');
      expect(errors, 'browser errors (e.g. hydration)').toEqual([]);
      await screenshot(page, 'odds-match-live-chart');
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('the odds page charts a result’s bookmakers with the best price and switches selection', async () => {
    const r = await getJson(server, '/v1/football/results?league=premier-league&season=2023-24&limit=1');
    const id = r.body.data[0].fixture_id as number;
    const odds = (await getJson(server, `/v1/football/odds?match_id=${id}`)).body;
    const page = await newPage(browser);
    try {
      await page.goto(`${server.baseUrl}/football/odds?league=premier-league&season=2023-24&match=${id}`);
      await page.waitForSelector('[data-testid=odds-chart][data-mode=bookmaker][data-selection=home]');
      expect(await page.locator(`[data-testid=odds-match][data-fixture-id="${id}"]`).getAttribute('aria-current')).toBe(
        'true',
      );
      const best = await page.$$eval('[data-testid=odds-chart-line][data-best]', (els) =>
        els.map((e) => (e as HTMLElement).dataset.line),
      );
      expect(best.sort()).toEqual([...odds.best.home.bookmakers].sort());
      // Hovering the plot's right edge shows each line's price holding there: the current prices of the table.
      const plot = (await page.locator('[data-testid=odds-chart] svg[data-plot]').boundingBox())!;
      await page.mouse.move(plot.x + plot.width - 4, plot.y + plot.height / 2);
      const hover = await page.getByTestId('odds-chart-hover').innerText();
      const current = await page.$$eval('[data-testid=odds-chart-line] td:nth-of-type(2)', (els) =>
        els.map((e) => (e as HTMLElement).innerText.trim().split('\n')[0]),
      );
      for (const price of current) expect(hover).toContain(price);
      await page.getByRole('button', { name: /^2\b/ }).click();
      await page.waitForSelector('[data-testid=odds-chart][data-selection=away]');
      const bestAway = await page.$$eval('[data-testid=odds-chart-line][data-best]', (els) =>
        els.map((e) => (e as HTMLElement).dataset.line),
      );
      expect(bestAway.sort()).toEqual([...odds.best.away.bookmakers].sort());
      await screenshot(page, 'odds-page-result');
    } finally {
      await page.context().close();
    }
  });

  it('match page with its chart and /football/odds: no serious or critical accessibility violations (light, dark, phone)', async () => {
    const m = await liveMatch();
    for (const [name, path] of [
      ['odds-match', `/matches/${m.fixture_id}`],
      ['odds', '/football/odds'],
    ] as const) {
      for (const { context, checks } of A11Y_VARIANTS) {
        const page = await newPage(browser, context);
        await page.goto(server.baseUrl + path);
        await waitForLive(page);
        await page.waitForSelector('[data-testid=odds-chart]');
        await page.waitForSelector('[data-testid=odds-chart] svg[data-plot]', { timeout: 5000 }).catch(() => undefined); // no svg before the first price
        for (const { name: variant, scheme } of checks) {
          await switchColorScheme(page, scheme);
          const v = await seriousA11yViolations(page);
          expect(v, `${name} (${variant}): ${JSON.stringify(v, null, 1)}`).toEqual([]);
          await screenshot(page, `${name}-${variant}`);
        }
        await page.context().close();
      }
    }
  }, 120_000);

  it('a sport without odds says so', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.baseUrl}/golf/odds`);
    expect(await page.getByTestId('odds-empty').innerText()).toMatch(/No golf odds yet/i);
    await page.context().close();
  });
});
