/**
 * The dashboard in each of its languages (docs/languages.md), in real Chromium against the built
 * app, one server for all (football, baseball and cricket — phone-layout.test.ts's seed —, replay off:
 * historical data, deterministic pages). For en, de, es, fr and pt — chosen by the browser's
 * Accept-Language (Playwright's `locale`) — the home, match, standings, fixtures, team, a baseball
 * match and the API keys pages on a 390 px phone (the last three also show a word of their own
 * catalogue: the team's "Next fixtures", the baseball line score's caption, the keys page's title): `<html lang>` is the language, the
 * header's words are its catalogue's (the phone's short ones, shell.navShort), no message is missing (no `[missing: …]` marker from
 * components/i18n/fallback.ts, no `[i18n]` console error), no element is wider than the screen,
 * and axe-core finds no serious or critical violation. Also: the `locale` cookie beats
 * Accept-Language, and the header's picker switches the language and keeps it in that cookie.
 * Wall time ≈ 2 min on an idle machine (35 page loads with an axe run each, the server's start).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../lib/i18n/locales';
import { ensureBuild, getJson, ROOT, startTestServer, type TestServer } from '../test/helpers/server';
import { ContextPool, launchBrowser, newPage, screenshot, seriousA11yViolations } from './helpers/browser';

let server: TestServer;
let browser: Browser;
let contexts: ContextPool;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
/** The Accept-Language each locale's context sends (Playwright sets it from `locale`). */
const BROWSER_LOCALE: Record<Locale, string> = { en: 'en-GB', de: 'de-DE', es: 'es-ES', fr: 'fr-FR', pt: 'pt-BR' };
const messages = (l: Locale) => JSON.parse(fs.readFileSync(path.join(ROOT, 'messages', `${l}.json`), 'utf8'));
/** The 2022 World Cup final's fixture id (Argentina v France, decided on penalties). */
let finalId: number;
/** A Cubs home game of 2016 (Retrosheet play by play: a line score by inning). */
let baseballId: number;

beforeAll(async () => {
  await ensureBuild();
  // Generous: the start (seeding the football store) took minutes on a loaded 2-core machine.
  [server, browser] = await Promise.all([
    startTestServer({ REPLAY: 'off', BOOTSTRAP_SPORTS: 'football,baseball,cricket' }, { listenTimeoutMs: 600_000 }),
    launchBrowser(),
  ]);
  contexts = new ContextPool(browser);
  const wc = await getJson(server, '/v1/football/results?league=world-cup&season=2022&team=Argentina&limit=50');
  finalId = wc.body.data.find((r: { away_team: string; home_team: string }) =>
    [r.home_team, r.away_team].includes('France'),
  ).fixture_id;
  baseballId = (await getJson(server, '/v1/baseball/results?team=Chicago%20Cubs&limit=1')).body.data[0].fixture_id;
}, 900_000);

afterAll(async () => {
  await contexts?.close();
  await browser?.close();
  await server?.stop();
});

/** What a page shows of a missing message or an overflowing element. */
async function inspect(
  page: Page,
): Promise<{ lang: string; missing: string[]; wide: string[]; scrollWidth: number; text: string }> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const scrolls = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (['auto', 'scroll', 'hidden', 'clip'].includes(s.overflowX)) return true;
      }
      return false;
    };
    const wide: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= vw + 1 || scrolls(el.parentElement)) continue;
      wide.push(
        `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" (${Math.round(r.right)} px)`,
      );
    }
    const text = `${document.title}\n${document.body.innerText}\n${Array.from(
      document.querySelectorAll('[aria-label],[title]'),
    )
      .map((e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''}`)
      .join('\n')}`;
    return {
      lang: document.documentElement.lang,
      missing: text.match(/\[missing: [^\]]+\]/g) ?? [],
      wide: wide.slice(0, 6),
      scrollWidth: document.documentElement.scrollWidth,
      text,
    };
  });
}

type Catalogue = ReturnType<typeof messages>;
/** Name, path and (optionally) a message of the locale's catalogue the page must show. */
const PAGES: [string, () => string, ((c: Catalogue) => string)?][] = [
  ['home', () => '/'],
  ['match', () => `/matches/${finalId}`],
  ['standings', () => '/football/standings?league=premier-league&season=2023-24'],
  ['fixtures', () => '/football/fixtures?date=2024-05-19&league=premier-league'],
  ['team', () => '/football/teams/Arsenal', (c) => c.team.nextFixtures],
  ['baseball-match', () => `/matches/${baseballId}`, (c) => c.display.board.baseball.lineScore],
  ['keys', () => '/keys', (c) => c.keys.title],
];

describe('the dashboard in five languages', () => {
  for (const locale of LOCALES) {
    it(`${locale}: home, match, standings, fixtures, team, baseball match and keys pages, on a phone`, async () => {
      const cat = messages(locale);
      for (const [name, url, word] of PAGES) {
        const page = await contexts.page(locale, { ...PHONE, locale: BROWSER_LOCALE[locale] });
        const errors: string[] = [];
        page.on('console', (m) => m.type() === 'error' && m.text().includes('[i18n]') && errors.push(m.text()));
        await page.goto(server.baseUrl + url());
        await page.waitForSelector('[data-testid=connection][data-state=open]');
        const seen = await inspect(page);
        expect(seen.lang, `${locale} ${name}: <html lang>`).toBe(locale);
        expect(seen.missing, `${locale} ${name}: missing messages`).toEqual([]);
        expect(errors, `${locale} ${name}: next-intl errors`).toEqual([]);
        expect(seen.wide, `${locale} ${name}: wider than 390 px`).toEqual([]);
        expect(seen.scrollWidth, `${locale} ${name}: page scroll width`).toBeLessThanOrEqual(390);
        if (word) expect(seen.text, `${locale} ${name}: its own words`).toContain(word(cat));
        const nav = page.getByRole('navigation', { name: cat.shell.mainNav });
        expect(await nav.getByRole('link').allInnerTexts()).toEqual([
          cat.shell.navShort.live,
          cat.shell.navShort.fixtures,
          cat.shell.navShort.results,
          cat.shell.navShort.standings,
          cat.shell.navShort.odds,
        ]);
        const v = await seriousA11yViolations(page);
        expect(v, `${locale} ${name}: ${JSON.stringify(v, null, 1)}`).toEqual([]);
        await screenshot(page, `lang-${locale}-${name}`);
        await page.close();
      }
    }, 300_000);
  }

  it('the locale cookie beats Accept-Language; the picker switches the language and keeps it', async () => {
    const page = await newPage(browser, { locale: 'de-DE' });
    await page.context().addCookies([{ name: 'locale', value: 'fr', url: server.baseUrl }]);
    await page.goto(`${server.baseUrl}/football/standings?league=premier-league&season=2023-24`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.waitForSelector('[data-testid=connection][data-state=open]');
    // Wide screen: the picker is in the header.
    await page.getByTestId('language-picker').first().selectOption('es');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    const es = messages('es');
    await page.getByRole('link', { name: es.shell.nav.standings, exact: true }).waitFor();
    const cookies = await page.context().cookies(server.baseUrl);
    expect(cookies.find((c) => c.name === 'locale')?.value).toBe('es');
    // The next request (a new page load) keeps the choice.
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.context().close();
  }, 120_000);
});
