/**
 * Lighthouse on the fans' dashboard (issue 21's bar: ≥ 95 in all four categories on each page):
 * Performance, Accessibility, Best Practices and SEO of `/`, a live football match page, the
 * standings, a team page and the fixtures calendar, mobile profile (Lighthouse's default: Moto G
 * Power emulation, 4× CPU slowdown, simulated slow 4G), Debian's Chromium.
 *
 * Run: `node --import tsx bench/lighthouse.ts [--url=http://host:port] [--runs=1] [--speed=60] [--only=live match,team] [--lhr-dir=DIR]`
 * (`--only`: pages by name; `--lhr-dir`: each full Lighthouse report kept as JSON)
 *
 * How:
 * 1. ensureBuild() (`next build` only when `.next/BUILD_ID` is missing), then the built server the
 *    way users run it (football bundled data, replay on at `--speed`, default 60×; `npm start`
 *    replays at 1×) on a free port with a temp data
 *    dir, and waits until a football match is in play. With `--url` a running server is used
 *    instead (it must have football matches in play; set BENCH_API_KEY for its /v1 reads).
 * 2. The pages: `/`, `/matches/<first live football match>`, `/football/standings`,
 *    `/football/teams/<that match's home team>`, `/football/fixtures`.
 * 3. Each page is audited `--runs` times (default 1) by lighthouse 12 (Node 20; lighthouse 13 needs
 *    Node ≥ 22.19) in a fresh headless Chromium launched by chrome-launcher, categories
 *    performance, accessibility, best-practices and seo; the median of each score is kept.
 * 4. Prints one row per page with the four scores (0–100), the worst of them, and, for any
 *    score under 95, the failing audits that cost it (title and score); writes the figures to
 *    bench/results/lighthouse-<timestamp>.json.
 *
 * No assertions: the figures are for comparison between commits on the same machine (scores move
 * a few points with the machine's load).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuild, getJson, ROOT, startTestServer, waitFor, type TestServer } from '../test/helpers/server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGET = 95;

/** One audited page: median score per category (0–100) and the audits that pulled a category under the target. */
export interface PageScores {
  name: string;
  path: string;
  scores: Record<Category, number>;
  /** Median over the runs of the figures that explain Performance (ms, KiB). */
  figures: Record<Figure, number>;
  failing: string[];
}

const FIGURES = ['TBT', 'LCP', 'bootup', 'mainthread', 'scriptKiB', 'unusedJsKiB'] as const;
type Figure = (typeof FIGURES)[number];

/** Total Blocking Time, LCP, "bootup-time" and "mainthread-work-breakdown" totals (ms), script bytes transferred and "unused-javascript" (KiB). */
function figuresOf(lhr: any): Record<Figure, number> {
  const a = lhr.audits;
  const scripts = (a['resource-summary']?.details?.items ?? []).find((i: any) => i.resourceType === 'script');
  return {
    TBT: Math.round(a['total-blocking-time']?.numericValue ?? NaN),
    LCP: Math.round(a['largest-contentful-paint']?.numericValue ?? NaN),
    bootup: Math.round(a['bootup-time']?.numericValue ?? NaN),
    mainthread: Math.round(a['mainthread-work-breakdown']?.numericValue ?? NaN),
    scriptKiB: Math.round((scripts?.transferSize ?? NaN) / 1024),
    unusedJsKiB: Math.round((a['unused-javascript']?.details?.overallSavingsBytes ?? 0) / 1024),
  };
}

function arg(name: string): string | undefined {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a?.slice(name.length + 3);
}

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

/** Runs Lighthouse once on `url` in a fresh Chromium; returns each category's score and the lhr. */
async function audit(url: string): Promise<{ scores: Record<Category, number>; lhr: any }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const lhr = result.lhr as any;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    return { scores, lhr };
  } finally {
    chrome.kill();
  }
}

/** The audits (weighted, score < 0.9) of every category under the target: "category: title (score)". */
function failingAudits(lhr: any, scores: Record<Category, number>): string[] {
  const out: string[] = [];
  for (const c of CATEGORIES) {
    if (scores[c] >= TARGET) continue;
    for (const ref of lhr.categories[c].auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score != null && a.score < 0.9)
        out.push(`${c}: ${a.title} (${Math.round(a.score * 100)}${a.displayValue ? `, ${a.displayValue}` : ''})`);
    }
  }
  return out;
}

async function main(): Promise<void> {
  const runs = Math.max(1, Number(arg('runs') ?? 1));
  let server: TestServer | null = null;
  let base = arg('url');
  let reader: { baseUrl: string; apiKey: string };
  try {
    if (!base) {
      await ensureBuild();
      server = await startTestServer({
        REPLAY: 'on',
        REPLAY_SPEED: arg('speed') ?? '60',
        REPLAY_LEAD_SECONDS: '1',
        VIEWER_SESSIONS_PER_IP_PER_MIN: '100000',
      });
      base = server.baseUrl;
      reader = server;
      console.log(`server pid ${server.proc.pid} at ${base}`);
    } else {
      reader = { baseUrl: base, apiKey: process.env.BENCH_API_KEY ?? '' };
    }
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
    const only = arg('only')?.split(',');
    const results: PageScores[] = [];
    for (const [name, p] of pages.filter(([n]) => !only || only.includes(n))) {
      const samples: { scores: Record<Category, number>; lhr: any }[] = [];
      for (let i = 0; i < runs; i++) {
        // A page that painted nothing (NO_FCP: the machine too busy for the tab) is audited once more.
        samples.push(
          await audit(base + p).catch((e) => (/NO_FCP/.test(String(e)) ? audit(base + p) : Promise.reject(e))),
        );
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(samples.map((s) => s.scores[c]))])) as Record<
        Category,
        number
      >;
      const failing = failingAudits(samples[samples.length - 1].lhr, scores);
      const lhrDir = arg('lhr-dir');
      if (lhrDir) {
        fs.mkdirSync(lhrDir, { recursive: true });
        samples.forEach((s, i) =>
          fs.writeFileSync(path.join(lhrDir, `${name.replace(/\W+/g, '-')}-${i}.json`), JSON.stringify(s.lhr)),
        );
      }
      const each = samples.map((s) => figuresOf(s.lhr));
      const figures = Object.fromEntries(FIGURES.map((f) => [f, median(each.map((x) => x[f]))])) as Record<
        Figure,
        number
      >;
      results.push({ name, path: p, scores, figures, failing });
      console.log(
        `  ${name.padEnd(16)} ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')} (performance per run ${samples.map((s) => s.scores.performance).join(' / ')}); ${FIGURES.map((f) => `${f} ${figures[f]}`).join(', ')}`,
      );
    }

    console.log(
      `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, ${runs} run(s) per page (median), target ≥ ${TARGET}\n`,
    );
    const head = ['page', 'path', 'Perf', 'A11y', 'BP', 'SEO', 'min'];
    const rows = results.map((r) => [
      r.name,
      r.path.length > 34 ? `${r.path.slice(0, 33)}…` : r.path,
      ...CATEGORIES.map((c) => String(r.scores[c])),
      String(Math.min(...CATEGORIES.map((c) => r.scores[c]))),
    ]);
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
    console.log(line(head));
    console.log(`|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
    for (const r of rows) console.log(line(r));
    console.log(`\n| page | ${FIGURES.join(' | ')} |`);
    for (const r of results) console.log(`| ${r.name} | ${FIGURES.map((f) => r.figures[f]).join(' | ')} |`);
    console.log(
      `(load average ${(await import('node:os'))
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')})`,
    );
    for (const r of results) for (const f of r.failing) console.log(`  under ${TARGET} on ${r.name}: ${f}`);

    const dir = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify({ runs, target: TARGET, results }, null, 2));
    console.log(`\nwrote ${path.relative(ROOT, file)}`);
  } finally {
    await server?.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
