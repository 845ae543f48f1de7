/**
 * The dashboard's ten sports in real Chromium against the built app, started with every sport's
 * bundled data (BOOTSTRAP_SPORTS=all) and the replay at 120×: a cricket replay match on the live
 * scoreboard with runs/wickets/overs that move without a reload; NBA 2022-23 conference tables
 * (W, L, PCT, GB); the NHL's Boston Bruins on 135 points; tennis results with set scores; every
 * sport's fixtures, results, standings and odds pages render; axe-core on the cricket match page
 * and a standings page (light, dark, phone). Screenshots in test-results/screenshots/sports-*.png.
 *
 * The server starts on a copy of the all-sports store seed (test/helpers/store-template.ts: the
 * same import, run once per version), not on an import of its own: that took a minute or more of
 * this file under a loaded CI run, and the first start's own import is restart.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SPORTS } from '@/lib/sports';
import { ensureBuild, getJson, startTestServer, type TestServer } from '../test/helpers/server';
import {
  A11Y_VARIANTS,
  launchBrowser,
  newPage,
  screenshot,
  seriousA11yViolations,
  switchColorScheme,
  until,
  waitForLive,
} from './helpers/browser';

const ALL = { BOOTSTRAP_SPORTS: 'all', SANDBOX: 'off', NODE_ENV: 'production', LOG_LEVEL: 'info' };
const REPLAY = { REPLAY: 'on', REPLAY_SPEED: '120', REPLAY_LEAD_SECONDS: '1' };
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  await ensureBuild();
  [server, browser] = await Promise.all([
    startTestServer({ ...ALL, ...REPLAY }, { listenTimeoutMs: 600_000 }),
    launchBrowser(),
  ]);
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Innings {
  team: 'home' | 'away';
  runs: number;
  wickets: number;
  overs: string;
}
interface CricketLive {
  fixture_id: number;
  status: string;
  state: { innings: Innings[]; batting: 'home' | 'away' | null } | null;
}

async function cricketLive(): Promise<CricketLive[]> {
  const r = await getJson(server, '/v1/cricket/live');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as CricketLive[];
}

/** "runs/wickets/overs" of a side's latest innings, from the API state or the page's card. */
const apiSide = (m: CricketLive | undefined, side: 'home' | 'away') => {
  const i = m?.state?.innings.filter((x) => x.team === side).at(-1);
  return i ? `${i.runs}/${i.wickets}/${i.overs}` : '';
};
const pageSide = (page: Page, id: number, side: 'home' | 'away') =>
  page
    .locator(`[data-testid=match-card][data-fixture-id="${id}"] [data-testid=cricket-${side}]`)
    .evaluate((e) =>
      (e as HTMLElement).dataset.runs
        ? `${(e as HTMLElement).dataset.runs}/${(e as HTMLElement).dataset.wickets}/${(e as HTMLElement).dataset.overs}`
        : '',
    )
    .catch(() => null);

describe('ten sports on the dashboard', () => {
  it('shows a cricket replay match on the live scoreboard, its runs, wickets and overs moving without reload', async () => {
    const first = await until(
      async () => (await cricketLive()).find((m) => m.status === 'in_play' && m.state?.innings.length),
      240_000,
      'a cricket match in play',
    );
    const id = first.fixture_id;
    const page = await newPage(browser);
    await page.goto(`${server.baseUrl}/?sport=cricket`);
    await waitForLive(page);
    await page.locator(`[data-testid=match-card][data-fixture-id="${id}"]`).waitFor({ timeout: 15_000 });
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));

    // The card shows what the API shows (read the API before and after the page: the replay moves fast).
    const side = first.state!.batting ?? 'home';
    const shown = await until(
      async () => {
        const before = apiSide(
          (await cricketLive()).find((m) => m.fixture_id === id),
          side,
        );
        const onPage = await pageSide(page, id, side);
        const after = apiSide(
          (await cricketLive()).find((m) => m.fixture_id === id),
          side,
        );
        return onPage && (onPage === before || onPage === after) ? onPage : null;
      },
      20_000,
      'the card to show the API innings',
    );
    const card = await page.locator(`[data-testid=match-card][data-fixture-id="${id}"]`).innerText();
    expect(card).toMatch(/\d+(\/\d+)?\s+\(\d+(\.\d)? ov\)/);

    // Runs, wickets or overs change on the card without a reload.
    const moved = await until(
      async () => {
        const now = await pageSide(page, id, side);
        return now && now !== shown ? now : null;
      },
      60_000,
      'the cricket card to move',
    );
    console.log(`[e2e] cricket ${id}: ${shown} → ${moved} (runs/wickets/overs) without reload`);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    await screenshot(page, 'sports-live-cricket');
    await page.context().close();
  }, 360_000);

  it('shows the NBA 2022-23 conference tables with W, L, PCT and GB', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.baseUrl}/basketball/standings?league=nba&season=2022-23`);
    const groups = await page.$$eval('[data-testid=standings-table]', (els) =>
      els.map((e) => (e as HTMLElement).dataset.group),
    );
    expect(groups).toEqual(expect.arrayContaining([expect.stringMatching(/East/), expect.stringMatching(/West/)]));
    const east = page.locator('[data-testid=standings-table][data-group*="East"]');
    expect(await east.locator('thead th[data-column]').allInnerTexts()).toEqual(
      expect.arrayContaining(['W', 'L', 'PCT', 'GB']),
    );
    const top = east.locator('[data-testid=standings-row]').first();
    expect(await top.getAttribute('data-team')).toBe('Milwaukee Bucks');
    expect([await top.getAttribute('data-won'), await top.getAttribute('data-lost')]).toEqual(['58', '24']);
    expect(await top.locator('td[data-column=PCT]').innerText()).toBe('.707');
    expect(await top.locator('td[data-column=GB]').innerText()).toBe('–');
    await screenshot(page, 'sports-standings-nba');
    await page.context().close();
  });

  it('shows the Boston Bruins on 135 points in the NHL 2022-23 standings', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.baseUrl}/ice-hockey/standings?league=nhl&season=2022-23`);
    const bruins = page.locator('[data-testid=standings-row][data-team="Boston Bruins"]');
    expect(await bruins.getAttribute('data-points')).toBe('135');
    expect(await bruins.locator('td[data-column=PTS]').innerText()).toBe('135');
    expect(await page.locator('thead th[data-column]').first().innerText()).toBe('GP');
    await page.context().close();
  });

  it('lists tennis results with their set scores', async () => {
    const api = await getJson(server, '/v1/tennis/results?limit=100');
    const withSets = (
      api.body.data as { league_slug: string; season: string; result: { sets?: number[][] } | null }[]
    ).find((r) => (r.result?.sets?.length ?? 0) >= 2 && !r.season.includes('replay'));
    expect(withSets, 'a tennis result with set scores in the API').toBeTruthy();
    const page = await newPage(browser);
    await page.goto(`${server.baseUrl}/tennis/results?league=${withSets!.league_slug}&season=${withSets!.season}`);
    const rows = await page.$$eval('[data-testid=result-row]', (els) =>
      els.map((e) => ({
        id: Number((e as HTMLElement).dataset.fixtureId),
        detail: (e as HTMLElement).dataset.detail ?? '',
      })),
    );
    expect(rows.length).toBeGreaterThan(5);
    const sets = /^\d+–\d+(\(\d+\))?( \d+–\d+(\(\d+\))?)*( ret\.| def\.)?$|^W\/O$/;
    expect(rows.filter((r) => sets.test(r.detail)).length).toBeGreaterThan(rows.length / 2);
    // The first row's set scores are the API's.
    const detail = await getJson(
      server,
      `/v1/tennis/results?league=${withSets!.league_slug}&season=${withSets!.season}&limit=1`,
    );
    const r0 = detail.body.data[0] as { fixture_id: number; result: { sets: [number, number][] } };
    expect(rows.find((r) => r.id === r0.fixture_id)?.detail).toContain(r0.result.sets.map(([h, a]) => `${h}–${a}`)[0]);
    await screenshot(page, 'sports-results-tennis');
    await page.context().close();
  });

  it("renders every sport's fixtures, results, standings and odds pages", async () => {
    const page = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const sport of SPORTS) {
      for (const path of [
        `/${sport}/fixtures`,
        `/${sport}/results`,
        `/${sport}/standings`,
        `/${sport}/odds`,
        `/?sport=${sport}`,
      ]) {
        const res = await page.goto(server.baseUrl + path);
        expect(res?.status(), path).toBe(200);
        expect(await page.locator('h1').first().innerText(), path).not.toBe('');
        expect(await page.locator('[data-testid=load-error]').count(), `${path} could not load its data`).toBe(0);
        // Either content or the empty state (which links the sport's other pages).
        const content = await page
          .locator(
            '[data-testid=standings-table], [data-testid=standings-empty], [data-testid=season-lacks], [data-testid=result-row], [data-testid=results-empty], [data-testid=calendar-day], [data-testid=calendar-empty], [data-testid=sport-empty], [data-testid=odds-selected], [data-testid=in-play]',
          )
          .count();
        expect(content, path).toBeGreaterThan(0);
      }
    }
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('cricket match page and a standings page: no serious or critical accessibility violations (light, dark, phone)', async () => {
    const m = await until(
      async () => (await cricketLive()).find((x) => x.state?.innings.length),
      240_000,
      'a cricket match in play',
    );
    for (const [name, path] of [
      ['cricket-match', `/matches/${m.fixture_id}`],
      ['standings-nba', '/basketball/standings?league=nba&season=2022-23'],
    ] as const) {
      for (const { context, checks } of A11Y_VARIANTS) {
        const page = await newPage(browser, context);
        await page.goto(server.baseUrl + path);
        await waitForLive(page);
        if (name === 'cricket-match')
          expect(await page.locator('[data-testid=match-header]').getAttribute('data-sport')).toBe('cricket');
        for (const { name: variant, scheme } of checks) {
          await switchColorScheme(page, scheme);
          const v = await seriousA11yViolations(page);
          expect(v, `${name} (${variant}): ${JSON.stringify(v, null, 1)}`).toEqual([]);
          await screenshot(page, `sports-${name}-${variant}`);
        }
        await page.context().close();
      }
    }
  }, 600_000);
});
