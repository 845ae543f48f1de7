/**
 * The dashboard's pages in real Chromium against the built app (replay off: historical data only,
 * so the pages are deterministic): the 2023/24 Premier League standings page shows the published
 * final table; the fixture calendar filters by team; every page passes axe-core (no serious or
 * critical violations) in light and dark themes on a desktop, with screenshots kept (the same pages
 * on a phone, light and dark, are e2e/phone-layout.test.ts's, axe included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ensureBuild, getJson, startTestServer, type TestServer } from '../test/helpers/server';
import {
  ContextPool,
  launchBrowser,
  newPage,
  screenshot,
  seriousA11yViolations,
  switchColorScheme,
} from './helpers/browser';

let server: TestServer;
let browser: Browser;
/** The accessibility checks' light and dark contexts (scripts cached across pages). */
let contexts: ContextPool;

beforeAll(async () => {
  await ensureBuild();
  [server, browser] = await Promise.all([startTestServer({ REPLAY: 'off' }), launchBrowser()]);
  contexts = new ContextPool(browser);
}, 300_000);

afterAll(async () => {
  await contexts?.close();
  await browser?.close();
  await server?.stop();
});

/** Premier League 2023/24 final table as published (premierleague.com): position, team, points. */
const PL_2023_24: [number, string, number][] = [
  [1, 'Manchester City', 91],
  [2, 'Arsenal', 89],
  [3, 'Liverpool', 82],
  [4, 'Aston Villa', 68],
  [5, 'Tottenham Hotspur', 66],
  [6, 'Chelsea', 63],
  [7, 'Newcastle United', 60],
  [8, 'Manchester United', 60],
  [9, 'West Ham United', 52],
  [10, 'Crystal Palace', 49],
  [11, 'Brighton & Hove Albion', 48],
  [12, 'Bournemouth', 48],
  [13, 'Fulham', 47],
  [14, 'Wolverhampton Wanderers', 46],
  [15, 'Everton', 40],
  [16, 'Brentford', 39],
  [17, 'Nottingham Forest', 32],
  [18, 'Luton Town', 26],
  [19, 'Burnley', 24],
  [20, 'Sheffield United', 16],
];

describe('dashboard pages', () => {
  it('shows the published 2023/24 Premier League final table', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.baseUrl}/football/standings?league=premier-league&season=2023-24`);
    const rows = await page.$$eval('[data-testid=standings-row]', (els) =>
      els.map(
        (e) =>
          [
            Number((e as HTMLElement).dataset.position),
            (e as HTMLElement).dataset.team!,
            Number((e as HTMLElement).dataset.points),
          ] as [number, string, number],
      ),
    );
    expect(rows).toHaveLength(20);
    for (const [i, [pos, team, pts]] of PL_2023_24.entries()) {
      expect(rows[i][0]).toBe(pos);
      expect(rows[i][1]).toContain(team.replace(/^Bournemouth$/, 'Bournemouth'));
      expect(rows[i][2]).toBe(pts);
    }
    // Deductions are explained on the page (Everton −8, Nottingham Forest −4).
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/Everton/);
    expect(text).toMatch(/−8|-8/);
    expect(text).toMatch(/−4|-4/);
    // Form: the last five, e.g. Manchester City won their last five.
    const cityForm = await page.locator('[data-testid=standings-row][data-position="1"]').innerText();
    expect(cityForm).toMatch(/W.*W.*W.*W.*W/s);
    await screenshot(page, 'standings-premier-league-2023-24');
    await page.context().close();
  });

  it('filters the fixture calendar by team', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.baseUrl}/football/fixtures?view=week&date=2024-05-13&league=premier-league`);
    const all = await page.$$eval('[data-testid=calendar-fixture]', (els) =>
      els.map((e) => [(e as HTMLElement).dataset.home!, (e as HTMLElement).dataset.away!]),
    );
    expect(all.length).toBeGreaterThan(10); // matchday 38 (19 May) plus the week's rearranged games
    expect(all.flat()).toContain('Sheffield United');
    await page.selectOption('#calendar-team', 'Arsenal');
    await Promise.all([page.waitForURL(/team=Arsenal/), page.getByRole('button', { name: 'Show' }).click()]);
    const arsenal = await page.$$eval('[data-testid=calendar-fixture]', (els) =>
      els.map((e) => [(e as HTMLElement).dataset.home!, (e as HTMLElement).dataset.away!]),
    );
    expect(arsenal.length).toBeGreaterThan(0);
    expect(arsenal.length).toBeLessThan(all.length);
    for (const f of arsenal) expect(f).toContain('Arsenal');
    // The same filter through the API gives the same fixtures.
    const api = await getJson(
      server,
      '/v1/football/fixtures?league=premier-league&team=Arsenal&from=2024-05-13&to=2024-05-19',
    );
    expect(api.body.data.map((f: { home_team: string; away_team: string }) => [f.home_team, f.away_team])).toEqual(
      arsenal,
    );
    // Kickoff times are in the viewer's zone (Europe/London: the final day's 15:00 UTC kickoffs read 16:00).
    await page.goto(`${server.baseUrl}/football/fixtures?date=2024-05-19&league=premier-league`);
    await page.waitForSelector('footer >> text=Times shown in Europe/London');
    expect(await page.locator('[data-testid=calendar-fixture]').count()).toBe(10);
    expect(await page.locator('[data-testid=calendar-fixture]').first().innerText()).toContain('16:00');
    await screenshot(page, 'calendar-2024-05-19');
    await page.context().close();
  });

  const PAGES: [string, string][] = [
    ['live', '/'],
    ['calendar', '/football/fixtures?date=2024-05-19&league=premier-league'],
    ['results', '/football/results?league=premier-league&season=2023-24'],
    ['standings', '/football/standings?league=premier-league&season=2023-24'],
    ['about', '/about'],
    ['errors', '/docs/errors'],
    ['api-docs-static', '/docs/api/static'],
    ['keys', '/keys'],
  ];
  for (const [name, path] of PAGES) {
    it(`${name} page: no serious or critical accessibility violations (light, dark)`, async () => {
      // One page load, checked in light then in dark (switchColorScheme: the theme is CSS alone).
      const page = await contexts.page('desktop');
      await page.goto(server.baseUrl + path);
      await page.waitForSelector('[data-testid=connection][data-state=open]');
      for (const variant of ['light', 'dark'] as const) {
        await switchColorScheme(page, variant);
        const v = await seriousA11yViolations(page);
        expect(v, `${name} (${variant}): ${JSON.stringify(v, null, 1)}`).toEqual([]);
        await screenshot(page, `${name}-${variant}`);
      }
      await page.close();
      // Two full axe runs: /docs/api/static (every operation with its examples) takes most of a minute on 2 cores.
    }, 180_000);
  }

  it('the keys page creates a key shown once that works, then rotates and revokes it', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.baseUrl}/keys`);
    await page.getByTestId('new-key-name').fill('e2e bot');
    await page.getByTestId('new-key-submit').click();
    const key = (await page.getByTestId('new-key-value').innerText()).trim();
    expect(key).toMatch(/^sl_[0-9A-Za-z]{36}$/);
    expect(await page.getByTestId('shown-once').innerText()).toMatch(/shown only once/);
    expect((await getJson(server, '/v1/football/live', key)).status).toBe(200);

    // Manage it: its plan and last use (the request just made), then rotate.
    await page.getByTestId('manage-key-input').fill(key);
    await page.getByTestId('manage-key-show').click();
    const info = await page.getByTestId('manage-key-info').innerText();
    expect(info).toMatch(/e2e bot/);
    expect(info).toMatch(/free: 60\/minute/);
    expect(await page.getByTestId('manage-key-last-used').innerText()).not.toBe('never');
    await page.getByTestId('manage-key-rotate').click();
    // The rotated key appears in a second "shown once" box.
    await page.locator('[data-testid=shown-once]').nth(1).waitFor();
    const rotated = (
      await page.locator('[data-testid=shown-once]').nth(1).getByTestId('new-key-value').innerText()
    ).trim();
    expect(rotated).not.toBe(key);
    expect((await getJson(server, '/v1/football/live', key)).status).toBe(401);
    expect((await getJson(server, '/v1/football/live', rotated)).status).toBe(200);

    // Revoke the new key, after confirming.
    await page.getByTestId('manage-key-input').fill(rotated);
    await page.getByTestId('manage-key-revoke').click();
    await page.getByTestId('manage-key-revoke-confirm').click();
    await page.getByText('The key is revoked').waitFor();
    expect((await getJson(server, '/v1/football/live', rotated)).status).toBe(401);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'keys-after-revoke');
    await page.context().close();
  });

  it('a match page of a historical match shows its result and odds', async () => {
    const res = await getJson(
      server,
      '/v1/football/results?league=premier-league&season=2023-24&team=Burnley&limit=200',
    );
    const opener = res.body.data.at(-1); // Burnley 0–3 Manchester City, 11 Aug 2023
    const page = await newPage(browser);
    await page.goto(`${server.baseUrl}/matches/${opener.fixture_id}`);
    expect(await page.locator('[data-testid=match-score]').innerText()).toBe(
      `${opener.score.home} – ${opener.score.away}`,
    );
    expect(await page.locator('[data-testid=match-clock]').innerText()).toBe('FT');
    const odds = await getJson(server, `/v1/football/odds?match_id=${opener.fixture_id}`);
    expect(await page.locator('[data-testid=consensus-home]').innerText()).toBe(odds.body.home.toFixed(2));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'match-historical');
    await page.context().close();
  });
});
