/**
 * The operators' feed-health page (/ops/health) in real Chromium against the built app, replay at
 * 120×: a data key is refused with a clear message; the operator key (kept in sessionStorage,
 * never in the URL) shows the sources table with the replay source and the per-minute charts;
 * the page passes axe-core (no serious or critical violations) in light and dark themes and on a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ensureBuild, startTestServer, type TestServer } from '../test/helpers/server';
import {
  A11Y_VARIANTS,
  launchBrowser,
  newPage,
  screenshot,
  seriousA11yViolations,
  switchColorScheme,
} from './helpers/browser';

const OPERATOR_KEY = 'e2e_health_operator_key_0123456789';
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  await ensureBuild();
  [server, browser] = await Promise.all([
    startTestServer({ OPERATOR_API_KEY: OPERATOR_KEY, REPLAY_SPEED: '120', REPLAY_LEAD_SECONDS: '1' }),
    launchBrowser(),
  ]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Enters `key` in the page's operator-key form. */
async function enterKey(page: Page, key: string): Promise<void> {
  await page.getByTestId('operator-key-input').fill(key);
  await page.getByTestId('operator-key-submit').click();
}

describe('/ops/health', () => {
  it('refuses a data key, then shows sources and charts for the operator key (kept out of the URL)', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.baseUrl}/ops/health`);
    await enterKey(page, server.apiKey);
    const refused = page.getByTestId('health-error');
    await refused.waitFor();
    expect(await refused.getAttribute('data-kind')).toBe('forbidden');
    expect(await refused.innerText()).toMatch(/operator key/);

    await enterKey(page, OPERATOR_KEY);
    await page.waitForSelector('[data-testid=sources-table] [data-testid=source-row][data-source=replay]', {
      timeout: 30_000,
    });
    // The replay kicks off a second after start: its row soon counts events in the last minute.
    await page.waitForSelector('[data-testid=source-row][data-source=replay]:not([data-events-last-minute="0"])', {
      timeout: 60_000,
    });
    await page.waitForSelector('[data-testid=events-chart] svg.recharts-surface', { timeout: 15_000 });
    await page.waitForSelector('[data-testid=api-chart] svg.recharts-surface', { timeout: 15_000 });
    expect(await page.locator('[data-testid=events-chart]').getAttribute('aria-label')).toMatch(/replay now \d+/);
    expect(Number(await page.getByTestId('ws-connections').innerText())).toBeGreaterThanOrEqual(1); // this page's own live connection
    expect(await page.getByTestId('store-size').innerText()).toMatch(/\d (kB|MB|GB)/);
    expect(page.url()).not.toContain(OPERATOR_KEY);
    expect(await page.evaluate(() => window.sessionStorage.getItem('scoreline.operatorKey'))).toBe(OPERATOR_KEY);
    await screenshot(page, 'ops-health');

    // A reload in the same tab keeps the key; "Forget key" drops it.
    await page.reload();
    await page.waitForSelector('[data-testid=sources-table]', { timeout: 15_000 });
    await page.getByTestId('operator-key-forget').click();
    await page.getByTestId('operator-key-input').waitFor();
    expect(await page.evaluate(() => window.sessionStorage.getItem('scoreline.operatorKey'))).toBeNull();
    await page.context().close();
  }, 120_000);

  it('no serious or critical accessibility violations (light, dark, phone)', async () => {
    for (const { context, checks } of A11Y_VARIANTS) {
      const page = await newPage(browser, context);
      await page.goto(`${server.baseUrl}/ops/health`);
      await page.waitForSelector('[data-testid=connection][data-state=open]');
      for (const { name: variant, scheme } of checks) {
        await switchColorScheme(page, scheme);
        expect(await seriousA11yViolations(page), `key form (${variant})`).toEqual([]);
      }
      await enterKey(page, OPERATOR_KEY);
      await page.waitForSelector('[data-testid=events-chart] svg.recharts-surface', { timeout: 30_000 });
      for (const { name: variant, scheme } of checks) {
        await switchColorScheme(page, scheme);
        const v = await seriousA11yViolations(page);
        expect(v, `ops-health (${variant}): ${JSON.stringify(v, null, 1)}`).toEqual([]);
        await screenshot(page, `ops-health-${variant}`);
      }
      await page.context().close();
    }
  }, 120_000);
});
