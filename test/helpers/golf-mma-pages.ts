/**
 * The golf leaderboard and the MMA card on the dashboard in real Chromium (e2e/helpers/browser.ts:
 * Debian's Chromium, axe-core), for test/integration/adapters-espn.test.ts, which drives
 * them against the server it already runs (PAGES on) with the ESPN recordings ingested. Each page
 * is loaded at 390×844 (a phone) and 1280×900: what it shows is compared with what the API answers
 * for the same fixture (which that test checked against the recorded files), the page must not
 * scroll sideways (wide tables scroll in their own box), and axe-core must find no serious or
 * critical violation. Screenshots in test-results/screenshots/espn-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPage, screenshot, seriousA11yViolations } from '../../e2e/helpers/browser';
import { chartPlayers } from '@/components/match/golf-win-probability-chart';

export const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

/** "−14", "E", "+3" as the dashboard writes a score to par (components/results/result-detail.ts). */
const toPar = (n: number) => (n === 0 ? 'E' : n < 0 ? `−${-n}` : `+${n}`);
/** "3:16" from seconds. */
const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** Opens `url` in a fresh context of `viewport`, waits for `selector`; checks no page-wide horizontal scroll and axe. */
async function open(
  browser: Browser,
  url: string,
  selector: string,
  v: (typeof VIEWPORTS)[number],
  shot: string,
): Promise<Page> {
  const page = await newPage(browser, { viewport: v.viewport });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector(selector, { timeout: 60_000 });
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(width.scroll, `${url} at ${v.name}: the page scrolls sideways`).toBeLessThanOrEqual(width.client);
  await screenshot(page, `espn-${shot}-${v.name}`);
  const violations = await seriousA11yViolations(page);
  expect(violations, `${url} at ${v.name}: ${JSON.stringify(violations)}`).toEqual([]);
  return page;
}

/** One leaderboard line as the API serves it (GET /v1/golf/matches/{id} `match.state.leaderboard`). */
export interface ApiGolfLine {
  player: string;
  position: string;
  to_par: number | null;
  thru: number | null;
  rounds: number[];
  strokes: number | null;
}

/**
 * The match page of golf fixture `id` at both widths: every leaderboard line of `lines` in its row
 * (position with ties, to par, thru, the rounds and total), in the API's order, the to-par cell
 * as written; the tournament's name in the header; the win-probability chart drawn from the
 * series GET /v1/golf/matches/{id}/win-probability answers (its points, the leaders' lines).
 */
export async function checkGolfPage(
  browser: Browser,
  baseUrl: string,
  id: number,
  name: string,
  lines: ApiGolfLine[],
  apiHeaders: Record<string, string>,
) {
  for (const v of VIEWPORTS) {
    const page = await open(browser, `${baseUrl}/matches/${id}`, '[data-testid=golf-row]', v, 'golf');
    await expect.poll(() => page.locator('[data-testid=home-team]').innerText()).toBe(name);
    const rows = await page.$$eval('[data-testid=golf-row]', (trs) =>
      trs.map((tr) => ({
        player: (tr as HTMLElement).dataset.player,
        position: (tr as HTMLElement).dataset.position,
        to_par: (tr as HTMLElement).dataset.toPar,
        thru: (tr as HTMLElement).dataset.thru,
        cells: [...tr.children].map((c) => (c as HTMLElement).innerText.trim()),
      })),
    );
    expect(rows.map((r) => r.player)).toEqual(lines.map((l) => l.player));
    for (const [i, l] of lines.entries()) {
      const r = rows[i];
      expect(r, l.player).toMatchObject({
        position: l.position,
        to_par: String(l.to_par ?? ''),
        thru: String(l.thru ?? ''),
      });
      // Pos, Player, To par, Thru, R1…Rn, Total as the reader sees them.
      expect(r.cells.slice(0, 3), l.player).toEqual([l.position, l.player, l.to_par == null ? '–' : toPar(l.to_par)]);
      expect(r.cells.slice(4, 4 + l.rounds.length), l.player).toEqual(l.rounds.map(String));
      expect(r.cells.at(-1), l.player).toBe(String(l.strokes ?? ''));
    }
    // The field's win-probability chart: drawn from the same series the API answers.
    const wp = await (await fetch(`${baseUrl}/v1/golf/matches/${id}/win-probability`, { headers: apiHeaders })).json();
    const chart = page.locator('[data-testid=golf-win-probability-chart]');
    await expect.poll(() => chart.getAttribute('data-points')).toBe(String(wp.points.length));
    expect(await chart.getAttribute('data-players')).toBe(chartPlayers(wp.points).join('|'));
    expect(await chart.locator('svg path[data-player]').count()).toBe(chartPlayers(wp.points).length);
    await page.context().close();
  }
}

/** One bout as the API serves it (GET /v1/mma/matches/{id} `match`). */
export interface ApiBout {
  fixture_id: number;
  home_team: string;
  away_team: string;
  state: {
    card: { order: number | null; bouts: number | null } | null;
    weight_class: string | null;
    result: {
      winner: 'home' | 'away' | null;
      method: string | null;
      round: number | null;
      time_seconds: number | null;
    } | null;
  };
}

/**
 * The match page of each bout of `bouts` at both widths: both fighters, its place on the card and
 * weight class ("Bout 1 of 13 · Lightweight"), no "0 – 0" in the header's centre, and for a
 * finished bout the winner, method, round and time there ("Sergey Morozov by UD, R3 5:00"); then the season's results page (`results`) lists
 * every finished bout of `card` with that same line.
 */
export async function checkMmaPages(
  browser: Browser,
  baseUrl: string,
  results: string,
  bouts: ApiBout[],
  card: ApiBout[],
) {
  const resultText = (b: ApiBout) => {
    const r = b.state.result;
    if (!r) return null;
    const who = r.winner === 'home' ? b.home_team : r.winner === 'away' ? b.away_team : 'Won';
    return `${who}${r.method ? ` by ${r.method}` : ''}${r.round ? `, R${r.round}${r.time_seconds != null ? ` ${clock(r.time_seconds)}` : ''}` : ''}`;
  };
  for (const v of VIEWPORTS) {
    for (const b of bouts) {
      const page = await open(
        browser,
        `${baseUrl}/matches/${b.fixture_id}`,
        '[data-testid=match-header]',
        v,
        `mma-${b.fixture_id}`,
      );
      const header = page.locator('[data-testid=match-header]');
      await expect.poll(() => page.locator('[data-testid=home-team]').innerText()).toBe(b.home_team);
      expect(await page.locator('[data-testid=away-team]').innerText()).toBe(b.away_team);
      const c = b.state.card;
      expect(c?.order, `bout ${b.fixture_id} has its place on the card`).toEqual(expect.any(Number));
      const line = [`Bout ${c!.order} of ${c!.bouts}`, b.state.weight_class].filter(Boolean).join(' · ');
      expect(await page.locator('[data-testid=mma-card-line]').innerText()).toBe(line);
      const want = resultText(b);
      if (want) expect(await header.innerText()).toContain(want);
      // A bout has no running score: the centre names the round or how it ended, never "0 – 0".
      const centre = await page.locator('[data-testid=match-score]').innerText();
      expect(centre, `bout ${b.fixture_id}`).not.toMatch(/^\d+\s*–\s*\d+$/);
      if (want) expect(centre).toBe(want);
      await page.context().close();
    }
    const page = await open(browser, `${baseUrl}${results}`, '[data-testid=result-row]', v, 'mma-results');
    const details = await page.locator('[data-testid=result-detail]').allInnerTexts();
    const finished = card.filter((b) => b.state.result);
    expect(finished.length).toBeGreaterThan(0);
    for (const b of finished) expect(details, b.home_team).toContain(resultText(b));
    await page.context().close();
  }
}
