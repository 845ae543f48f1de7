/**
 * One page load of bench/dashboard.ts measured in real Chromium (Debian's, playwright-core): the
 * navigation and paint timings, when the live connection opened, and the JS and total bytes on the
 * wire by request type; plus each script's gzip -6 size. Not run on its own.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

const LIVE_TIMEOUT_MS = 30_000;
const IDLE_TIMEOUT_MS = 5_000;

/** One page load's figures (times in ms since navigation start, sizes in bytes). */
export interface Sample {
  ttfb: number;
  fcp: number | null;
  dcl: number;
  load: number;
  liveOpen: number | null;
  jsDecoded: number;
  jsEncoded: number;
  jsWire: number;
  jsGzip: number;
  totalWire: number;
  requests: number;
  scriptRequests: number;
  /** Content-Encoding the server used for scripts (e.g. "gzip", "br", "identity"). */
  jsEncoding: string;
  /** HTTP requests by CDP resource type (Document, Script, Fetch, Font, …). */
  requestTypes: Record<string, number>;
  scripts: string[];
}

/**
 * Installed before any page script: records performance.now() when data-live first becomes "open".
 * A string, not a function: tsx (esbuild keepNames) would wrap named inner functions in a
 * `__name` helper that does not exist in the page.
 */
const WATCH_LIVE_OPEN = `(() => {
  const check = () => {
    if (window.__benchLiveOpenAt == null && document.documentElement && document.documentElement.dataset.live === 'open') window.__benchLiveOpenAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-live'] });
})();`;

/** Loads `url` once in a fresh context and returns its figures (gzip filled in later). */
export async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: WATCH_LIVE_OPEN });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const reqs = new Map<string, { url: string; type: string; wire: number; encoding: string; done: boolean }>();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.startsWith('data:')) return;
      reqs.set(e.requestId, {
        url: e.request.url,
        type: e.type ?? 'Other',
        wire: 0,
        encoding: 'identity',
        done: false,
      });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = reqs.get(e.requestId);
      if (!r) return;
      const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      r.encoding = h['content-encoding'] || 'identity';
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = reqs.get(e.requestId);
      if (r) Object.assign(r, { wire: e.encodedDataLength, done: true });
    });
    cdp.on('Network.loadingFailed', (e) => {
      const r = reqs.get(e.requestId);
      if (r) r.done = true;
    });
    await cdp.send('Network.enable');

    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const liveOpen = await page
      .waitForFunction(() => (window as unknown as { __benchLiveOpenAt?: number }).__benchLiveOpenAt, undefined, {
        timeout: LIVE_TIMEOUT_MS,
      })
      .then((h) => h.jsonValue() as Promise<number>)
      .catch(() => null);
    if (liveOpen == null)
      console.warn(`warning: ${url} did not open its live connection within ${LIVE_TIMEOUT_MS / 1000} s`);
    await page.waitForLoadState('networkidle', { timeout: IDLE_TIMEOUT_MS }).catch(() => {});

    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const seen = new Set<string>();
      const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => {
        const isJs = /\.m?js$/.test(new URL(r.name).pathname);
        if (!isJs || seen.has(r.name)) return false;
        seen.add(r.name);
        return true;
      });
      return {
        ttfb: nav.responseStart,
        fcp: fcp ? fcp.startTime : null,
        dcl: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
        jsDecoded: js.reduce((a, r) => a + r.decodedBodySize, 0),
        jsEncoded: js.reduce((a, r) => a + r.encodedBodySize, 0),
        scripts: js.map((r) => r.name),
      };
    });
    const finished = [...reqs.values()].filter((r) => r.done);
    const scripts = finished.filter((r) => r.type === 'Script' || /\.m?js$/.test(new URL(r.url).pathname));
    const requestTypes: Record<string, number> = {};
    for (const r of finished) requestTypes[r.type] = (requestTypes[r.type] ?? 0) + 1;
    return {
      ttfb: t.ttfb,
      fcp: t.fcp,
      dcl: t.dcl,
      load: t.load,
      liveOpen,
      jsDecoded: t.jsDecoded,
      jsEncoded: t.jsEncoded,
      jsWire: scripts.reduce((a, r) => a + r.wire, 0),
      jsGzip: 0,
      totalWire: finished.reduce((a, r) => a + r.wire, 0),
      requests: finished.length,
      scriptRequests: scripts.length,
      jsEncoding: [...new Set(scripts.map((r) => r.encoding))].sort().join(',') || 'none',
      requestTypes,
      scripts: t.scripts,
    };
  } finally {
    await context.close();
  }
}

/** Gzip -6 size of each script URL's decoded body, fetched once per URL. */
export async function gzipSizes(urls: Iterable<string>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const u of new Set(urls)) {
    const res = await fetch(u);
    out.set(u, gzipSync(Buffer.from(await res.arrayBuffer()), { level: 6 }).length);
  }
  return out;
}
