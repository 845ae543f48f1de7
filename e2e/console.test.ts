/**
 * The live scoring console (/ops/console) in real Chromium against the built app: an operator
 * creates a football competition and fixture, kicks off, scores, books, substitutes, plays both
 * halves, undoes a goal and blows the final whistle; the public side (the live scoreboard while
 * in play, the match page and GET /v1/football/matches/{id}) shows it. Then an MMA bout runs to a
 * finish, and axe-core checks the console.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ensureBuild, getJson, startTestServer, type TestServer } from '../test/helpers/server';
import { launchBrowser, newPage, screenshot, seriousA11yViolations, until } from './helpers/browser';

const OPERATOR_KEY = 'console-operator-key-0123456789a';
let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await ensureBuild();
  [server, browser] = await Promise.all([
    startTestServer({ OPERATOR_API_KEY: OPERATOR_KEY, REPLAY: 'off' }),
    launchBrowser(),
  ]);
  page = await newPage(browser);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const events = () => page.locator('[data-testid=console-event]').count();
const score = () => page.locator('[data-testid=console-score]').getAttribute('data-score');

/** Clicks button `id` (with side and player set first) and waits until the push is stored and in the timeline. */
async function press(
  id: string,
  opts: { side?: 'home' | 'away'; player?: string; fields?: Record<string, string> } = {},
): Promise<void> {
  const before = await events();
  if (opts.side) await page.check(`input[name=side][value=${opts.side}]`);
  if (opts.player !== undefined) await page.fill('input[name=player]', opts.player);
  await page.click(`[data-button="${id}"]`);
  if (opts.fields) {
    const form = page.locator('[data-testid=button-form]');
    for (const [name, value] of Object.entries(opts.fields)) await form.locator(`input[name="${name}"]`).fill(value);
    await form.locator('button[type=submit]').click();
  }
  await until(
    async () =>
      (await page.locator('[data-testid=push-result]').getAttribute('data-status')) === 'stored' &&
      (await events()) > before,
    10_000,
    `${id} stored`,
  );
}

/** Creates a competition and a fixture in the console for the sport selected; returns the fixture id. */
async function setUp(sport: string, league: string, home: string, away: string): Promise<number> {
  await page.selectOption('select[name=sport]', sport);
  await page.fill('input[name=league]', league);
  await page.fill('input[name=season]', '2026');
  await page.fill('input[name=competition-name]', `Console ${sport}`);
  await page.click('text=Create competition');
  await page.waitForSelector('form[aria-label="New fixture"]');
  await page.fill('input[name=home-team]', home);
  await page.fill('input[name=away-team]', away);
  await page.click('text=Create fixture');
  await page.waitForSelector('[data-testid=console-score]');
  return Number(await page.locator('select[name=fixture]').inputValue());
}

describe('live scoring console', () => {
  it('runs a football match that appears on the public scoreboard, match page and API', async () => {
    await page.goto(server.baseUrl + '/ops/console');
    await page.fill('input[name=operator-key]', OPERATOR_KEY);
    await page.click('text=Use key');
    expect(page.url()).not.toContain(OPERATOR_KEY);
    const id = await setUp('football', 'console-league', 'Console Home FC', 'Console Away FC');
    expect(id).toBeGreaterThan(0);

    await press('period-start');
    // While live, the public scoreboard lists it.
    const fan = await newPage(browser);
    await fan.goto(server.baseUrl + '/');
    await fan.waitForSelector(`[data-testid=match-card][data-fixture-id="${id}"]`, { timeout: 15_000 });
    const live = await getJson(server, '/v1/football/live');
    expect(live.body.data.map((m: { fixture_id: number }) => m.fixture_id)).toContain(id);

    await press('goal', { side: 'home', player: 'Ada Striker' });
    await press('card-yellow', { side: 'away', player: 'Bo Defender' });
    await press('substitution', { side: 'home', player: 'Cy Mid', fields: { replacement: 'Di Sub' } });
    await press('period-end');
    await press('period-start');
    await press('goal', { side: 'away', player: 'Ed Away' });
    expect(await score()).toBe('1-1');
    await fan.waitForSelector(`[data-testid=match-card][data-fixture-id="${id}"][data-score="1-1"]`, {
      timeout: 15_000,
    });

    await press('undo');
    await until(async () => (await score()) === '1-0', 10_000, 'score back to 1-0 after undo');
    const undone = page.locator('[data-testid=console-event][data-type=goal][data-retracted=true]');
    expect(await undone.count()).toBe(1);
    expect(await undone.locator('s').innerText()).toContain('Ed Away');

    await press('full-time');
    expect(await page.locator('[data-testid=console-score]').getAttribute('data-status')).toBe('finished');
    await screenshot(page, 'console-football');

    const api = await getJson(server, `/v1/football/matches/${id}`);
    expect(api.status).toBe(200);
    expect(api.body.match).toMatchObject({ status: 'finished', score: { home: 1, away: 0 } });
    const goals = (api.body.events as { type: string; player: string | null }[]).filter((e) => e.type === 'goal');
    expect(goals.map((g) => g.player)).toEqual(['Ada Striker']);

    await fan.goto(server.baseUrl + `/matches/${id}`);
    expect(await fan.locator('[data-testid=match-score]').innerText()).toMatch(/1\s*–\s*0/);
    expect(await fan.locator('[data-testid=timeline]').innerText()).toContain('Ada Striker');
    await fan.close();
  });

  it('runs an MMA bout to a finish', async () => {
    const id = await setUp('mma', 'console-mma', 'Red Fighter', 'Blue Fighter');
    await press('bout-start', { fields: { scheduled_rounds: '3' } });
    await press('round-start');
    await press('knockdown', { side: 'home' });
    await press('ko', { side: 'home', fields: { time: '2:05' } });
    expect(await page.locator('[data-testid=console-score]').getAttribute('data-status')).toBe('finished');
    const api = await getJson(server, `/v1/mma/matches/${id}`);
    expect(api.body.match.status).toBe('finished');
    expect(api.body.match.state.result).toMatchObject({ winner: 'home', method: 'TKO', round: 1, time_seconds: 125 });
  });

  it('has no serious accessibility violations (console with the scoring panel)', async () => {
    const v = await seriousA11yViolations(page);
    expect(v).toEqual([]);
    const dark = await newPage(browser, { colorScheme: 'dark' });
    await dark.goto(server.baseUrl + '/ops/console');
    expect(await seriousA11yViolations(dark)).toEqual([]);
    await dark.close();
  });
});
