/**
 * Every dashboard route on a 390×844 phone, light and dark, in real Chromium against the built
 * app (football, baseball and cricket data; replay at 120× so the live page has matches): no page
 * is wider than the screen (document scroll width ≤ viewport, and no visible element's box ends
 * past the right edge outside a scrolling container) and axe-core finds no serious or critical
 * violation, screenshots kept as artefacts in
 * test-results/screenshots/phone-*.png. Also: the first visit is one navigation (no refresh to
 * learn the time zone), /favicon.ico is served, and the phone header has no sideways-scrolling strip.
 * Also: StatsBomb lineups home first and timeline names as the lineups print them; a team page
 * reached from the standings; a cricket scorecard, a Cubs box score, home/away tables, league
 * follows, goal alerts (permission asked only from a click) and a team's squad. Wall time ≈ 3 min
 * on an idle machine (importing the three sports' bundled data dominates: ≈ 60 s idle, several
 * minutes when the machine is loaded; then ~2 s per page: one load, checked in light then in
 * dark); 13.6 min measured at a load average of 20 on 2 cores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ensureBuild, getJson, startTestServer, type TestServer } from '../test/helpers/server';
import {
  ContextPool,
  launchBrowser,
  newPage,
  screenshot,
  seriousA11yViolations,
  until,
  switchColorScheme,
} from './helpers/browser';

const OPERATOR_KEY = 'e2e_phone_operator_key_0123456789';
let server: TestServer;
let browser: Browser;
/** The route checks' phone context (scripts cached across routes). */
let contexts: ContextPool;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

beforeAll(async () => {
  await ensureBuild();
  [server, browser] = await Promise.all([
    startTestServer(
      {
        BOOTSTRAP_SPORTS: 'football,baseball,cricket',
        OPERATOR_API_KEY: OPERATOR_KEY,
        REPLAY_SPEED: '120',
        REPLAY_LEAD_SECONDS: '1',
      },
      { listenTimeoutMs: 900_000 },
    ),
    launchBrowser(),
  ]);
  contexts = new ContextPool(browser);
}, 1_000_000);

afterAll(async () => {
  await contexts?.close();
  await browser?.close();
  await server?.stop();
});

/** Elements wider than the viewport that are not inside a sideways-scrolling box: "tag#id.class (right edge px)". */
async function overflowing(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const scrolls = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (
          (s.overflowX === 'auto' || s.overflowX === 'scroll' || s.overflowX === 'hidden' || s.overflowX === 'clip') &&
          e.clientWidth < e.scrollWidth + 1
        )
          return true;
      }
      return false;
    };
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= vw + 1) continue;
      if (scrolls(el.parentElement)) continue;
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 4).join('.') : '';
      culprits.push(
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls ? `.${cls}` : ''} (${Math.round(r.right)} px)`,
      );
    }
    return { scrollWidth: document.documentElement.scrollWidth, culprits: culprits.slice(0, 8) };
  });
}

/** The replayed StatsBomb match (Euro 2020, Turkey v Italy, with lineups): its fixture id. */
async function statsbombMatch(): Promise<number> {
  // Upcoming or in play (fixtures) or already finished in this cycle (results): the replay's season is 2020-replay[-n].
  const fx = await getJson(server, '/v1/football/fixtures?league=euro&limit=200');
  const rs = await getJson(server, '/v1/football/results?league=euro&limit=200');
  const f = [...fx.body.data, ...rs.body.data].find((x: { season: string }) => x.season.startsWith('2020-replay'));
  expect(f, 'the StatsBomb Euro 2020 replay fixture').toBeTruthy();
  return f.fixture_id;
}

/** First result's match page of `query` (GET /v1/…/results). */
const resultPage = (query: string) => async () => `/matches/${(await getJson(server, query)).body.data[0].fixture_id}`;

/** Every route: name and path (or a function finding it in the store). */
const ROUTES: [string, string | (() => Promise<string>)][] = [
  ['live', '/'],
  ['fixtures', '/football/fixtures?date=2024-05-19&league=premier-league'],
  ['results', '/football/results'],
  ['standings', '/football/standings?league=premier-league&season=2023-24'],
  ['standings-groups', '/football/standings?league=world-cup'],
  ['odds', '/football/odds'],
  ['baseball-results', '/baseball/results'],
  ['baseball-standings', '/baseball/standings'],
  ['keys', '/keys'],
  ['api-docs-static', '/docs/api/static'],
  ['errors', '/docs/errors'],
  ['about', '/about'],
  ['ops-health', '/ops/health'],
  ['ops-console', '/ops/console'],
  ['team', '/football/teams/Arsenal'],
  ['search', '/search?q=man'],
  ['my-teams', '/my-teams'],
  ['match-pl', resultPage('/v1/football/results?league=premier-league&season=2023-24&limit=1')],
  ['match-statsbomb', async () => `/matches/${await statsbombMatch()}`],
  ['match-baseball', resultPage('/v1/baseball/results?limit=1')],
  ['match-cricket', async () => `/matches/${await maxwellMatch()}`],
  ['standings-home', '/football/standings?league=premier-league&season=2023-24&view=home'],
  ['team-baseball', '/baseball/teams/Chicago%20Cubs'],
];

/** The bundled Cricsheet ODI Afghanistan v Australia (World Cup 2023, Maxwell 201*): its fixture id. */
async function maxwellMatch(): Promise<number> {
  const rs = await getJson(server, '/v1/cricket/results?league=cricket-world-cup&limit=50');
  const f = rs.body.data.find(
    (x: { home_team: string; away_team: string }) => x.home_team === 'Afghanistan' && x.away_team === 'Australia',
  );
  expect(f, 'the bundled Afghanistan v Australia ODI').toBeTruthy();
  return f.fixture_id;
}

describe('phone layout (390 px)', () => {
  for (const [name, route] of ROUTES) {
    it(`${name}: no wider than a 390 px phone, light and dark`, async () => {
      const path = typeof route === 'string' ? route : await route();
      const failures: string[] = [];
      // One page load checked in light, then in dark (switchColorScheme: the theme is CSS alone).
      const page = await contexts.page('phone', PHONE);
      // /docs/api/static's full-page screenshot is tall: give a loaded machine time.
      page.setDefaultTimeout(60_000);
      await page.goto(server.baseUrl + path);
      await page.waitForSelector('[data-testid=connection][data-state=open]');
      if (name === 'ops-health') {
        await page.getByTestId('operator-key-input').fill(OPERATOR_KEY);
        await page.getByTestId('operator-key-submit').click();
        await page.waitForSelector('[data-testid=sources-table]', { timeout: 30_000 });
      } else if (name === 'ops-console') {
        await page.fill('input[name=operator-key]', OPERATOR_KEY);
        await page.click('text=Use key');
        await page.waitForSelector('select[name=sport]', { timeout: 30_000 });
      }
      await page.evaluate(() => document.fonts.ready);
      for (const scheme of ['light', 'dark'] as const) {
        await switchColorScheme(page, scheme);
        const o = await overflowing(page);
        if (o.scrollWidth > 390 || o.culprits.length)
          failures.push(`${name} (${scheme}) ${path}: scrollWidth ${o.scrollWidth}; ${o.culprits.join(', ')}`);
        const v = await seriousA11yViolations(page);
        if (v.length) failures.push(`${name} (${scheme}) axe: ${JSON.stringify(v)}`);
        await screenshot(page, `phone-${name}-${scheme}`);
      }
      await page.close();
      expect(failures).toEqual([]);
    }, 150_000);
  }

  it('a StatsBomb match: lineups home first like the header, timeline names as the lineups print them', async () => {
    const id = await statsbombMatch();
    // Wait until the replay has put events in its timeline (kick-off 1 s after start, 120×).
    const detail = await until(
      async () => {
        const r = await getJson(server, `/v1/football/matches/${id}`);
        return r.body.events.some((e: { type: string; player: string | null }) => e.player) ? r.body : null;
      },
      120_000,
      'StatsBomb replay events',
    );
    const page = await newPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/matches/${id}`);
    const sides = await page.$$eval('[data-testid=lineup]', (els) => els.map((e) => (e as HTMLElement).dataset.side));
    expect(sides).toEqual(['home', 'away']);
    expect(await page.getByTestId('lineup').first().innerText()).toContain(detail.fixture.home_team);
    const timeline = await page.getByTestId('timeline').innerText();
    const renamed = detail.lineups
      .flatMap((l: { players: { name: string; nickname: string | null }[] }) => l.players)
      .filter((p: { name: string; nickname: string | null }) => p.nickname && p.nickname !== p.name);
    const players = new Set(detail.events.map((e: { player: string | null }) => e.player));
    const inTimeline = renamed.filter((p: { name: string }) => players.has(p.name));
    for (const p of inTimeline) expect(timeline).not.toContain(p.name);
    await screenshot(page, 'phone-statsbomb-lineups');
    await page.context().close();
  }, 180_000);

  it('a finished Premier League match: statistics, head-to-head, result-only timeline; team page from the standings', async () => {
    const last = (await getJson(server, '/v1/football/results?league=premier-league&season=2023-24&limit=1')).body
      .data[0];
    const detail = (await getJson(server, `/v1/football/matches/${last.fixture_id}`)).body;
    const page = await newPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/matches/${last.fixture_id}`);
    const shots = page.locator('[data-testid=stat-row][data-stat=shots]');
    expect(await shots.getAttribute('data-home')).toBe(String(detail.statistics.home.shots));
    expect(await shots.getAttribute('data-away')).toBe(String(detail.statistics.away.shots));
    // The reverse fixture earlier that season is a past meeting.
    expect(Number(await page.getByTestId('head-to-head').getAttribute('data-meetings'))).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('timeline-empty').innerText()).toMatch(/only the final result/i);
    await screenshot(page, 'phone-match-stats-h2h');

    await page.goto(`${server.baseUrl}/football/standings?league=premier-league&season=2023-24`);
    await Promise.all([
      page.waitForURL(/\/football\/teams\//),
      page.locator('[data-testid=standings-row][data-position="1"] [data-testid=team-link]').click(),
    ]);
    await page.getByTestId('team-page').waitFor();
    expect(await page.getByTestId('team-page').getAttribute('data-team')).toBe('Manchester City');
    // Its place in the table of its latest result's league and season (the store also has 2024/25).
    const latest = (await getJson(server, '/v1/football/results?team=Manchester%20City&limit=1')).body.data[0];
    const table = (await getJson(server, `/v1/football/standings?league=${latest.league_slug}&season=${latest.season}`))
      .body.data[0];
    const pos = table.rows.find((r: { team: string }) => r.team === 'Manchester City').position;
    expect(await page.getByTestId('team-position').innerText()).toMatch(new RegExp(`^${pos}(st|nd|rd|th)$`));
    expect(await page.locator('[data-testid=team-match]').count()).toBeGreaterThanOrEqual(5);
    await screenshot(page, 'phone-team-page');
    await page.context().close();
  }, 60_000);

  it('search finds a team; following it lists it under My teams and keeps it after a reload', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/search?q=arsenal`);
    const hit = page.locator('[data-testid=search-team][data-team=Arsenal]');
    await hit.getByTestId('follow-team').click();
    expect(await hit.getByTestId('follow-team').getAttribute('aria-pressed')).toBe('true');
    await page.goto(`${server.baseUrl}/my-teams`);
    await page.locator('[data-testid=my-team][data-team=Arsenal]').waitFor();
    await page.reload();
    await page.locator('[data-testid=my-team][data-team=Arsenal]').waitFor();
    await screenshot(page, 'phone-my-teams');
    await page.context().close();
  }, 60_000);

  it('fixtures: a date strip around the day and Live / Finished / Scheduled filters', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/football/fixtures?date=2024-05-19&league=premier-league`);
    const days = await page.$$eval('[data-testid=date-strip] a', (els) =>
      els.map((e) => (e as HTMLElement).dataset.day),
    );
    expect(days).toEqual([
      '2024-05-16',
      '2024-05-17',
      '2024-05-18',
      '2024-05-19',
      '2024-05-20',
      '2024-05-21',
      '2024-05-22',
    ]);
    expect(await page.locator('[data-testid=date-strip] a[aria-current=date]').getAttribute('data-day')).toBe(
      '2024-05-19',
    );
    await Promise.all([
      page.waitForURL(/status=finished/),
      page.locator('[data-testid=status-filter] a[data-status=finished]').click(),
    ]);
    const statuses = await page.$$eval('[data-testid=calendar-fixture]', (els) =>
      els.map((e) => (e as HTMLElement).dataset.status),
    );
    expect(statuses).toHaveLength(10);
    expect(new Set(statuses)).toEqual(new Set(['finished']));
    await Promise.all([
      page.waitForURL(/status=scheduled/),
      page.locator('[data-testid=status-filter] a[data-status=scheduled]').click(),
    ]);
    await page.getByTestId('calendar-empty').waitFor();
    // The filter is kept when moving along the strip.
    expect(await page.locator('[data-testid=date-strip] a[data-day="2024-05-18"]').getAttribute('href')).toContain(
      'status=scheduled',
    );
    await screenshot(page, 'phone-fixtures-filter');
    await page.context().close();
  }, 60_000);

  it('the first visit is one navigation: no refresh to learn the time zone', async () => {
    const page = await newPage(browser, { ...PHONE, timezoneId: 'America/New_York' });
    const documents: string[] = [];
    const rsc: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
      // A refresh is an RSC request that is not a link prefetch.
      else if (r.headers()['rsc'] === '1' && !r.headers()['next-router-prefetch']) rsc.push(r.url());
    });
    await page.goto(`${server.baseUrl}/football/fixtures?date=2024-05-19&league=premier-league`);
    await page.waitForSelector('[data-testid=connection][data-state=open]');
    await page.waitForTimeout(1500);
    expect(documents).toHaveLength(1);
    expect(rsc).toEqual([]);
    // Kickoff times and the footer are the viewer's own zone already (the final day's 15:00 UTC kickoffs read 11:00 in New York).
    await page.waitForSelector('footer >> text=Times shown in America/New_York');
    expect(await page.locator('[data-testid=calendar-fixture]').first().innerText()).toContain('11:00');
    // …and the zone is remembered for the next request.
    expect((await page.context().cookies()).find((c) => c.name === 'tz')?.value).toBe(
      encodeURIComponent('America/New_York'),
    );
    await page.context().close();
  });

  it('serves /favicon.ico and the phone header shows every link without a sideways strip', async () => {
    const fav = await fetch(`${server.baseUrl}/favicon.ico`);
    expect(fav.status).toBe(200);
    expect(fav.headers.get('content-type')).toMatch(/image/);
    const page = await newPage(browser, PHONE);
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(server.baseUrl + '/');
    await page.waitForSelector('[data-testid=connection][data-state=open]');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const strip = await nav.evaluate((n) => ({ scroll: n.scrollWidth, client: n.clientWidth }));
    expect(strip.scroll).toBeLessThanOrEqual(strip.client + 1);
    // The secondary links are behind a "More" menu on a phone.
    await page.getByRole('button', { name: /more/i }).click();
    for (const label of ['API', 'Get a key', 'About', 'Operators'])
      await expect(page.getByRole('link', { name: label, exact: true }).isVisible()).resolves.toBe(true);
    const header = await page.locator('body > header, header').first().boundingBox();
    expect(header!.height).toBeLessThan(120);
    expect(errors).toEqual([]);
    await screenshot(page, 'phone-header-menu');
    await page.context().close();
  });

  it('a cricket match: batting and bowling scorecard of the real innings (Maxwell 201*), runs add up to the total', async () => {
    const id = await maxwellMatch();
    const detail = (await getJson(server, `/v1/cricket/matches/${id}`)).body;
    const page = await newPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/matches/${id}`);
    const chase = page.locator('[data-testid=scorecard-innings][data-innings="2"]');
    expect(await chase.getAttribute('data-team')).toBe('Australia');
    const maxwell = chase.locator('[data-testid=batting-row][data-player="GJ Maxwell"]');
    expect(await maxwell.locator('[data-column=runs]').innerText()).toBe('201');
    expect(await maxwell.innerText()).toContain('not out');
    // Each innings: batters' runs + extras = the innings total the match state holds.
    for (const inn of detail.match.state.innings as { number: number; runs: number }[]) {
      const card = page.locator(`[data-testid=scorecard-innings][data-innings="${inn.number}"]`);
      const runs = await card.locator('[data-testid=batting-row] [data-column=runs]').allInnerTexts();
      const extras = Number(await card.locator('[data-column=extras]').innerText());
      expect(runs.reduce((a, r) => a + Number(r), 0) + extras).toBe(inn.runs);
      // Wickets in the bowling table ≤ the innings' wickets (run outs are nobody's).
      expect(await card.locator('[data-testid=bowling-row]').count()).toBeGreaterThan(3);
    }
    await screenshot(page, 'phone-cricket-scorecard');
    await page.context().close();
  }, 60_000);

  it("a Cubs game: the box score's hits and runs add up to the line score", async () => {
    const game = (await getJson(server, '/v1/baseball/results?team=Chicago%20Cubs&limit=1')).body.data[0];
    const detail = (await getJson(server, `/v1/baseball/matches/${game.fixture_id}`)).body;
    const page = await newPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/matches/${game.fixture_id}`);
    for (const side of ['home', 'away'] as const) {
      const team = page.locator(`[data-testid=box-score-team][data-side=${side}]`);
      expect(await team.getAttribute('data-team')).toBe(detail.fixture[`${side}_team`]);
      const sum = async (col: string) =>
        (await team.locator(`[data-testid=box-batting-row] [data-column=${col}]`).allInnerTexts()).reduce(
          (a, x) => a + Number(x),
          0,
        );
      expect(await sum('h')).toBe(detail.match.state.hits[side]);
      expect(await sum('r')).toBe(detail.match.score[side]);
      expect(await team.locator('[data-testid=box-pitching-row]').count()).toBeGreaterThanOrEqual(1);
    }
    // The Cubs' batters are real Cubs: each is in the team page's squad.
    const cubs = game.home_team === 'Chicago Cubs' ? 'home' : 'away';
    const batters = await page.$$eval(
      `[data-testid=box-score-team][data-side=${cubs}] [data-testid=box-batting-row]`,
      (els) => els.map((e) => (e as HTMLElement).dataset.player!),
    );
    expect(batters.length).toBeGreaterThanOrEqual(9);
    await screenshot(page, 'phone-baseball-box-score');
    await page.goto(`${server.baseUrl}/baseball/teams/Chicago%20Cubs`);
    const squad = await page.$$eval('[data-testid=squad-player]', (els) =>
      els.map((e) => (e as HTMLElement).dataset.player!),
    );
    for (const b of batters) expect(squad).toContain(b);
    expect(squad).toEqual(expect.arrayContaining(['Kris Bryant', 'Anthony Rizzo']));
    await screenshot(page, 'phone-team-squad');
    await page.context().close();
  }, 60_000);

  it('home and away tables add up to the overall table, team by team', async () => {
    const page = await newPage(browser, PHONE);
    const read = async (view: string) => {
      await page.goto(
        `${server.baseUrl}/football/standings?league=premier-league&season=2023-24${view ? `&view=${view}` : ''}`,
      );
      const rows = await page.$$eval('[data-testid=standings-row]', (els) =>
        els.map(
          (e) =>
            [
              (e as HTMLElement).dataset.team!,
              `${(e as HTMLElement).dataset.record} ${(e as HTMLElement).dataset.points}`.split(' ').map(Number),
            ] as const,
        ),
      );
      return new Map(rows);
    };
    const overall = await read('');
    const home = await read('home');
    expect(await page.locator('[data-testid=venue-switch] a[aria-current=page]').getAttribute('data-view')).toBe(
      'home',
    );
    const away = await read('away');
    expect(overall.size).toBe(20);
    for (const [team, o] of overall) {
      const h = home.get(team)!;
      const a = away.get(team)!;
      // played, won, drawn, lost, GF, GA add up; points too, with the overall table's adjustment (Everton −8).
      for (let i = 0; i < 6; i++) expect(h[i] + a[i], `${team} column ${i}`).toBe(o[i]);
      expect(h[7] + a[7] + o[6], `${team} points`).toBe(o[7]);
      expect(h[0]).toBe(19);
    }
    await page.context().close();
  }, 60_000);

  it('a followed league stays followed after a reload and is listed under My teams', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/football/standings?league=premier-league&season=2023-24`);
    await page.waitForSelector('[data-testid=connection][data-state=open]');
    await page.getByTestId('follow-league').click();
    expect(await page.getByTestId('follow-league').getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await page.waitForSelector('[data-testid=follow-league][aria-pressed=true]');
    await page.goto(`${server.baseUrl}/my-teams`);
    await page.locator('[data-testid=my-league][data-league=premier-league]').waitFor();
    await page.reload();
    await page.locator('[data-testid=my-league][data-league=premier-league]').waitFor();
    await page.context().close();
  }, 60_000);

  it("goal alerts: permission is asked only after a click; a followed team's goal on the live channel shows a notification", async () => {
    const ctx = await browser.newContext({ ...PHONE, timezoneId: 'Europe/London', locale: 'en-GB' });
    // A recording Notification (headless Chromium has no notification UI): counts permission requests and notifications.
    await ctx.addInitScript(() => {
      const w = window as unknown as { __asked: number; __shown: string[]; Notification: unknown };
      w.__asked = 0;
      w.__shown = [];
      // The grant outlives a reload, as a browser's does.
      let permission = sessionStorage.getItem('fake-notification-permission') ?? 'default';
      class FakeNotification {
        static get permission() {
          return permission;
        }
        static requestPermission() {
          w.__asked += 1;
          permission = 'granted';
          sessionStorage.setItem('fake-notification-permission', permission);
          return Promise.resolve(permission);
        }
        constructor(title: string) {
          w.__shown.push(title);
        }
      }
      w.Notification = FakeNotification;
    });
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/my-teams`);
    await page.waitForSelector('[data-testid=connection][data-state=open]');
    await page.getByTestId('goal-alerts').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0);
    await page.getByTestId('goal-alerts').click();
    await page.waitForSelector('[data-testid=goal-alerts][aria-pressed=true]');
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(1);
    // Follow every football team in play or about to play (replay at 120×): the next goal of any of them is notified.
    const live = await until(
      async () => {
        const [l, f] = await Promise.all([
          getJson(server, '/v1/football/live'),
          getJson(server, '/v1/football/fixtures?status=scheduled&limit=100'),
        ]);
        const all = [...l.body.data, ...f.body.data] as { home_team: string; away_team: string }[];
        return all.length ? all : null;
      },
      60_000,
      'football matches in play or scheduled',
    );
    await page.evaluate(
      (teams) => {
        const raw = JSON.parse(localStorage.getItem('scoreline.follow') ?? '{"state":{},"version":0}');
        raw.state.teams = teams;
        localStorage.setItem('scoreline.follow', JSON.stringify(raw));
      },
      live.flatMap((m) => [`football:${m.home_team}`, `football:${m.away_team}`]),
    );
    await page.reload();
    await page.waitForSelector('[data-testid=connection][data-state=open]');
    const shown = await until(
      () => page.evaluate(() => (window as unknown as { __shown: string[] }).__shown[0]),
      120_000,
      'a goal notification',
    );
    expect(shown).toMatch(/^Goal: .+ \d+–\d+ .+/);
    // Reloading asked nothing again: the permission was already granted.
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0);
    await ctx.close();
  }, 180_000);
});
