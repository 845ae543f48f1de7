/**
 * JavaScript each Lighthouse page ships and runs: the five pages of bench/lighthouse.ts (`/`, a live
 * football match, `/football/standings`, that match's home team, `/football/fixtures`), each loaded
 * `--runs` times (default 3) in a fresh context of headless Debian Chromium with the CPU slowed 4×
 * (Lighthouse's mobile factor, through CDP Emulation.setCPUThrottlingRate).
 *
 * Run: `node --import tsx bench/pages-js.ts [--runs=3] [--url=http://host:port]`
 * (without --url: ensureBuild() and the built server with replay at 60×, like bench/lighthouse.ts;
 * NEXT_DIST_DIR picks another build, e.g. a baseline one, for A/B runs).
 *
 * Per page it prints the `.js` resources' decoded and encoded bytes loaded in the first 5 s after
 * navigation (Resource Timing; deterministic for a build unless a deferred chunk lands near 5 s), the script count, and — noisy, load
 * dependent — the main-thread long tasks until 5 s after navigation: their summed blocking time
 * (each task's duration beyond 50 ms, the way TBT counts) and count. Medians over the runs.
 */
import { launchBrowser } from '../e2e/helpers/browser';
import { ensureBuild, getJson, startTestServer, waitFor, type TestServer } from '../test/helpers/server';

const arg = (name: string) => process.argv.find((x) => x.startsWith(`--${name}=`))?.slice(name.length + 3);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];

const WATCH_LONG_TASKS = `
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
`;

async function main(): Promise<void> {
  const runs = Math.max(1, Number(arg('runs') ?? 3));
  let server: TestServer | null = null;
  let base = arg('url');
  try {
    let reader: { baseUrl: string; apiKey: string };
    if (!base) {
      await ensureBuild();
      server = await startTestServer({
        REPLAY: 'on',
        REPLAY_SPEED: '60',
        REPLAY_LEAD_SECONDS: '1',
        VIEWER_SESSIONS_PER_IP_PER_MIN: '100000',
      });
      base = server.baseUrl;
      reader = server;
    } else reader = { baseUrl: base, apiKey: process.env.BENCH_API_KEY ?? '' };
    const live = await waitFor(
      'a football match in play',
      async () => {
        const r = await getJson(reader, '/v1/football/live');
        return r.status === 200 && r.body.data.length ? r.body.data[0] : null;
      },
      120_000,
      250,
    );
    const pages: [string, string][] = [
      ['live scoreboard', '/'],
      ['live match', `/matches/${live.match_id ?? live.fixture_id}`],
      ['standings', '/football/standings'],
      ['team', `/football/teams/${encodeURIComponent(live.home_team)}`],
      ['fixtures', '/football/fixtures'],
    ];
    const browser = await launchBrowser(); // Debian's Chromium, e2e's flags
    console.log('| page | JS decoded KiB | JS encoded KiB | scripts | blocking ms (4× CPU, first 5 s) | long tasks |');
    console.log('|---|--:|--:|--:|--:|--:|');
    try {
      for (const [name, p] of pages) {
        const s: { dec: number; enc: number; n: number; block: number; tasks: number }[] = [];
        for (let i = 0; i < runs + 1; i++) {
          const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
          await context.addInitScript({ content: WATCH_LONG_TASKS });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await page.goto(base + p, { waitUntil: 'load' });
          await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
          await page.waitForTimeout(Math.max(0, 5000 - (await page.evaluate(() => performance.now()))));
          const bytes = await page.evaluate(() => {
            const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) =>
              /\.js(\?|$)/.test(e.name),
            );
            return {
              dec: js.reduce((n, e) => n + e.decodedBodySize, 0),
              enc: js.reduce((n, e) => n + e.encodedBodySize, 0),
              n: js.length,
            };
          });
          const r = await page.evaluate(() => {
            const long = (window as any).__long as [number, number][];
            return {
              block: long.filter(([t]) => t < 5000).reduce((n, [, d]) => n + Math.max(0, d - 50), 0),
              tasks: long.filter(([t]) => t < 5000).length,
            };
          });
          await context.close();
          if (i > 0) s.push({ ...bytes, ...r }); // the first load warms the server's caches
        }
        const m = (k: keyof (typeof s)[number]) => median(s.map((x) => x[k]));
        console.log(
          `| ${name} | ${(m('dec') / 1024).toFixed(1)} | ${(m('enc') / 1024).toFixed(1)} | ${m('n')} | ${Math.round(m('block'))} | ${m('tasks')} |`,
        );
      }
    } finally {
      await browser.close();
    }
    console.log(
      `(${runs} runs per page, medians; load average ${(await import('node:os'))
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')})`,
    );
  } finally {
    await server?.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
