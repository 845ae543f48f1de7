/**
 * /docs/api in real Chromium against the built app with the sandbox on: the interactive reference
 * (Scalar, served from this host at /docs/api/scalar/) renders the served OpenAPI document with its
 * table of contents and search; the reader finds GET /v1/{sport}/live, sees cURL, Node and Python
 * samples, and tries it against the sandbox from the page (sport football, no key), getting the
 * sandbox's 200 JSON answer shown; the AsyncAPI document renders its channels and messages; no
 * request of the page leaves the server's origin; axe finds no serious or critical violation
 * (light and dark on a desktop, and on a 390 px phone, where nothing is wider than the screen).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, getJson, startTestServer, type TestServer, waitForSandbox } from '../test/helpers/server';
import { launchBrowser, newPage, screenshot, seriousA11yViolations, switchColorScheme } from './helpers/browser';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  await ensureBuild();
  [server, browser] = await Promise.all([startTestServer({ REPLAY: 'off', SANDBOX: 'on' }), launchBrowser()]);
  await waitForSandbox(server);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Records every URL the page asks for (requests and WebSockets), for the same-origin check. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  page.on('websocket', (ws) => urls.push(ws.url()));
  return urls;
}

/** The URLs not on the test server's origin (http or ws); data: and blob: URLs stay in the page. */
function foreign(urls: string[]): string[] {
  const origins = [server.baseUrl, server.baseUrl.replace(/^http/, 'ws')];
  return urls.filter((u) => !origins.some((o) => u.startsWith(`${o}/`)) && !/^(data|blob):/.test(u));
}

/** Opens /docs/api (or `query` on it) and waits until Scalar has mounted and drawn the document titled `title`. */
async function openReference(page: Page, query = '', title = 'Scoreline API'): Promise<void> {
  page.setDefaultTimeout(120_000); // a 2-core machine under a full test run parses and renders slowly
  await page.goto(`${server.baseUrl}/docs/api${query}`);
  await page.waitForSelector('[data-testid=api-reference][data-state=ready]');
  await page.getByRole('heading', { name: title, exact: true }).first().waitFor();
}

describe('/docs/api', () => {
  it('finds GET /v1/football/live by search and tries it against the sandbox from the page', async () => {
    const page = await newPage(browser);
    const urls = recordUrls(page);
    await openReference(page);
    // Table of contents: every tag of the served document is an entry of the sidebar.
    const doc = (await getJson(server, '/v1/openapi.json', null)).body;
    const toc = await page.locator('.t-doc__sidebar, aside, nav').allInnerTexts();
    for (const tag of doc.tags as { name: string }[]) expect(toc.join('\n'), tag.name).toContain(tag.name);

    // The sandbox server (the document's second server), chosen once for the page.
    await page.locator('button[aria-haspopup=listbox]', { hasText: server.baseUrl }).first().click();
    await page.getByRole('option', { name: `${server.baseUrl}/sandbox` }).click();

    // Search finds the operation; choosing it opens its section.
    await page.getByRole('button', { name: 'Open Search' }).click();
    await page.keyboard.type('Live matches');
    await page
      .getByRole('option', { name: /Live matches \(spec 2\.1\)/ })
      .first()
      .click();
    const section = page.locator('section[id="rest/tag/live/GET/v1/{sport}/live"]');
    await section.waitFor();

    // Code samples: cURL first (against the chosen server), Node and Python offered.
    const sample = (await section.locator('pre code').first().textContent()) ?? '';
    expect(sample).toContain(`curl ${server.baseUrl}/sandbox/v1/football/live`);
    await section.getByTestId('client-picker').click();
    const clients = await page.getByRole('option').allInnerTexts();
    expect(clients.map((c) => c.trim())).toEqual(expect.arrayContaining(['Fetch', 'Requests', 'Curl']));
    await page.keyboard.press('Escape');

    // Try it: the request goes from the page to the sandbox (sport football, no key) and its answer is shown.
    await section.getByRole('button', { name: /^Test Request/ }).click();
    const send = page.getByRole('button', { name: 'Send' }).first();
    await send.waitFor();
    const answer = page.waitForResponse((r) => r.url() === `${server.baseUrl}/sandbox/v1/football/live`);
    await send.click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(res.request().headers().authorization ?? '', 'no key sent').not.toMatch(/Bearer \S/);
    const body = await res.json();
    expect(body.sandbox).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    const shown = page.locator('.scalar-client').last();
    await shown.getByText('200 OK').first().waitFor();
    await shown.getByText(`"${body.data[0].home_team}"`).first().waitFor();
    await screenshot(page, 'api-reference-try-it');
    // Scalar's "Open API Client" link is hidden (it would take the document to client.scalar.com).
    expect(await page.locator('a[href*="client.scalar.com"]').count()).toBe(0);
    expect(foreign(urls)).toEqual([]);
    await page.context().close();
  }, 300_000);

  it('renders the AsyncAPI document: the WebSocket channels and their messages', async () => {
    const page = await newPage(browser);
    const urls = recordUrls(page);
    const doc = (await getJson(server, '/v1/asyncapi.json', null)).body;
    await openReference(page, '?api=asyncapi', doc.info.title);
    // The channels (one per sport and kind), the connection's operations and the close codes.
    await page.getByText('football.live').first().waitFor();
    const text = (await page.locator('[data-testid=api-reference]').textContent()) ?? '';
    for (const m of ['The server sends welcome', 'The client sends resume', 'basketball.odds', '4003'])
      expect(text, m).toContain(m);
    await screenshot(page, 'api-reference-asyncapi');
    expect(foreign(urls)).toEqual([]);
    await page.context().close();
  }, 300_000);

  it('has no serious or critical accessibility violation, light and dark, and fits a 390 px phone', async () => {
    const page = await newPage(browser);
    await openReference(page);
    for (const scheme of ['light', 'dark'] as const) {
      await switchColorScheme(page, scheme);
      const v = await seriousA11yViolations(page);
      expect(v, `${scheme}: ${JSON.stringify(v, null, 1)}`).toEqual([]);
      await screenshot(page, `api-reference-${scheme}`);
    }
    await page.context().close();
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await openReference(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const v = await seriousA11yViolations(phone);
    expect(v, `phone: ${JSON.stringify(v, null, 1)}`).toEqual([]);
    await screenshot(phone, 'api-reference-phone');
    await phone.context().close();
  }, 300_000);
});
