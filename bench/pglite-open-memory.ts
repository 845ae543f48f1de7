/**
 * What one embedded store costs the process that opens it: RSS by mapping (bench/lib/rss-breakdown.ts)
 * before, after opening (test/helpers/seeded-store.ts: the store, a feed engine and the live cache) a copy of the store seed of `--sports` (test/helpers/store-template.ts,
 * built once when missing), and after each sport's pre-match row read (server/read/tennis-rank-points.ts
 * `prematchRowsOf`, the read before every pass), with the longest event-loop gap of each step (a 5 ms
 * timer: PGlite runs a query synchronously in wasm on this thread). Compare glibc settings with
 * `MALLOC_ARENA_MAX=2 node --import tsx bench/pglite-open-memory.ts` (they must be set before Node starts).
 *
 * Run: `node --import tsx bench/pglite-open-memory.ts [--sports=all]`
 * Asserts nothing; prints one line per step.
 */
import { openSeededStore } from '../test/helpers/seeded-store';
import { prematchRowsOf } from '../server/read/tennis-rank-points';
import { rssBreakdown } from './lib/rss-breakdown';
import { MB } from './lib/stats';

const sports = /--sports=([^\s]+)/.exec(process.argv.join(' '))?.[1] ?? 'all';
let last = performance.now();
let gap = 0;
const timer = setInterval(() => {
  const n = performance.now();
  gap = Math.max(gap, n - last);
  last = n;
}, 5);
const step = (name: string, ms: number) => {
  const r = rssBreakdown(process.pid);
  console.log(
    `${name.padEnd(24)} ${String(Math.round(ms)).padStart(6)} ms (longest loop gap ${Math.round(gap)} ms)  RSS ${MB(r.total)} MiB: wasm ${r.wasm_each.map(MB).join(' + ')}, other anonymous ${MB(r.anon)}, [heap] ${MB(r.brk)}, file-backed ${MB(r.code)}; V8 heap used ${MB(process.memoryUsage().heapUsed)}`,
  );
  gap = 0;
};
console.log(`MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '(unset)'}, seed ${sports}`);
step('before', 0);
let t = performance.now();
const s = await openSeededStore(sports);
step('store open', performance.now() - t);
const found = (await s.store.db.execute('select distinct sport from fixtures')) as unknown as {
  rows: { sport: string }[];
};
for (const { sport } of found.rows) {
  t = performance.now();
  const rows = await prematchRowsOf(s.store.db, sport);
  step(`${sport} rows (${rows.length})`, performance.now() - t);
}
clearInterval(timer);
await s.close();
