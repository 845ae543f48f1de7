/**
 * Browser helpers for the e2e tests: Debian's Chromium driven by playwright-core (README.md
 * "Architecture"; the browser is the system's, never downloaded by `npx playwright install`),
 * axe-core accessibility checks, and screenshots kept as test artifacts in test-results/screenshots/
 * (the viewport; whole pages with E2E_FULL_PAGE_SCREENSHOTS=1).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ROOT } from '../../test/helpers/server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');
const require = createRequire(import.meta.url);

/** Launches headless Chromium with the flags this machine needs. Errors: rejects when /usr/bin/chromium is missing. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A new context (own cookies and storage), by default 1280×900 in Europe/London. */
export async function newContext(browser: Browser, opts: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: 'Europe/London',
    locale: 'en-GB',
    ...opts,
  });
}

/** A fresh page in a new context (own cookies), by default 1280×900 in Europe/London. */
export async function newPage(browser: Browser, opts: BrowserContextOptions = {}): Promise<Page> {
  return (await newContext(browser, opts)).newPage();
}

/**
 * One browser context per variant (light, dark, phone…), kept for a whole file: a route check
 * opens a page in its variant's context, so the app's scripts come from that context's cache
 * (a page load took ~0.8 s instead of ~1.4 s with a new context each). Only for checks that need
 * no fresh cookies or storage; `close()` closes every context.
 */
export class ContextPool {
  private readonly contexts = new Map<string, Promise<BrowserContext>>();
  constructor(private readonly browser: Browser) {}

  /** A new page in the context of `variant` (created by {@link newContext} with `opts` on first use). */
  async page(variant: string, opts: BrowserContextOptions = {}): Promise<Page> {
    let ctx = this.contexts.get(variant);
    if (!ctx) {
      ctx = newContext(this.browser, opts);
      this.contexts.set(variant, ctx);
    }
    return (await ctx).newPage();
  }

  async close(): Promise<void> {
    await Promise.all([...this.contexts.values()].map(async (c) => (await c).close()));
    this.contexts.clear();
  }
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core (WCAG 2.x A/AA rules) on the page; returns violations of impact serious or critical. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Whole pages in the screenshots (E2E_FULL_PAGE_SCREENSHOTS=1) instead of what the viewport shows:
 * a full-page capture of a long page (the 906 KB /docs/api) took 6 s of software rasterising on a
 * 2-core machine, against ~0.1 s for the viewport, for an artefact nobody reads in CI.
 */
const FULL_PAGE = process.env.E2E_FULL_PAGE_SCREENSHOTS === '1';

/** Saves a screenshot (the viewport, or the whole page — see FULL_PAGE) as test-results/screenshots/<name>.png; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: FULL_PAGE });
  return file;
}

/**
 * Waits until the page's live WebSocket is open (the header's connection indicator). Under 2 s on
 * an idle machine; the default allows 45 s because a full CI run on 2 cores once took over 15 s
 * for a cricket match page (hydration and the socket behind three other test files' servers).
 */
export async function waitForLive(page: Page, timeoutMs = 45_000): Promise<void> {
  await page.waitForSelector('[data-testid=connection][data-state=open]', { timeout: timeoutMs });
}

/** Polls `f` every 100 ms until it returns a truthy value. Errors: throws naming `what` after `timeoutMs`. */
export async function until<T>(
  f: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The `--bg` colour token of each scheme (app/globals.css). */
const BG_TOKEN = { light: '#f4f5f7', dark: '#0e1116' } as const;

/**
 * Switches a loaded page to `scheme` and waits two animation frames. The dashboard's default theme
 * ("system", app/globals.css) follows `prefers-color-scheme` in CSS alone, so one page load serves
 * both the light and the dark checks instead of loading, hydrating and connecting the page twice.
 * Errors: throws when the page's `--bg` token is not the scheme's afterwards (the switch did not
 * take effect, so a "dark" check would have checked light).
 */
export async function switchColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  const bg = await page.evaluate(
    () =>
      new Promise<string>((r) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => r(getComputedStyle(document.documentElement).getPropertyValue('--bg').trim())),
        ),
      ),
  );
  if (bg !== BG_TOKEN[scheme]) throw new Error(`${scheme} colour scheme not applied: --bg is ${bg}`);
}

/** One check of an {@link A11Y_VARIANTS} page: its name (axe messages, screenshots) and colour scheme. */
export interface A11yCheck {
  name: 'light' | 'dark' | 'phone';
  scheme: 'light' | 'dark';
}

/**
 * The ways every page is checked with axe: on a desktop in the light and the dark colour scheme
 * (one page load, switched with {@link switchColorScheme}), and on a phone.
 */
export const A11Y_VARIANTS: { context: BrowserContextOptions; checks: A11yCheck[] }[] = [
  {
    context: {},
    checks: [
      { name: 'light', scheme: 'light' },
      { name: 'dark', scheme: 'dark' },
    ],
  },
  {
    context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    checks: [{ name: 'phone', scheme: 'light' }],
  },
];
