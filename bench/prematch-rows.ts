/**
 * Cost of the rows' pre-match win probability (issue 37 item 4; server/read/prematch-batch.ts) on a
 * copy of the store seed of `--sports` (PGlite, in this process): per sport, the ratings pass (the
 * query of every fixture + the Elo walk; median of 3 cold runs, on this thread), the kept pass's lookup (no query:
 * the passes learn staleness from the ingest path, prematch-passes.ts)
 * (p50 of 50), and the list read `readResults` (50 rows of the sport's first league-season) p50
 * over 50 reads before (the read as it was, without the field: the same queries and serializer)
 * and after (with `win_probability`, the pass kept), plus the first read after a version change.
 *   node --import tsx bench/prematch-rows.ts [--sports=basketball] [--reads=50]
 */
import { storeSports } from './lib/store-sports';
import { openSeededStore } from '@/test/helpers/seeded-store';
import { getFixturePage, getSnapshotStates } from '@/server/store/queries/get-fixtures';
import { listLeagues } from '@/server/read/list-leagues';
import { computeSportPrematch } from '@/server/read/prematch-batch';
import { prematchPassesOf, sportPrematch } from '@/server/read/prematch-passes';
import { readResults } from '@/server/read/read-results';
import { resolveScope } from '@/server/read/resolve-scope';
import { toResult } from '@/server/read/serialize';
import { sql } from 'drizzle-orm';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const SPORTS = arg('sports') ?? 'basketball';
const READS = Number(arg('reads') ?? 50);

const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
async function time<T>(f: () => Promise<T>): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}

const t0 = performance.now();
const s = await openSeededStore(SPORTS);
const db = s.store.db;
console.log(`store seed of ${SPORTS} opened in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
console.log(
  '| Sport | Fixtures | Ratings pass (ms, median of 3) | Kept pass lookup p50 (ms) | Read before p50 (ms) | Read after p50 (ms) | First read after a change (ms) |',
);
console.log('|---|---|---|---|---|---|---|');
try {
  const sports = await storeSports(db);
  for (const { sport, n } of sports) {
    const passes: number[] = [];
    for (let i = 0; i < 3; i++) passes.push(await time(() => computeSportPrematch(db, sport)));
    const versions: number[] = [];
    await sportPrematch(db, sport);
    for (let i = 0; i < 50; i++) versions.push(await time(() => sportPrematch(db, sport)));
    const [league] = await listLeagues(s.deps, sport);
    const season = league?.seasons[0];
    const q = { league: league?.slug, season, limit: 50 };
    // The read before the field: readResults' queries and serializer without the pass.
    const before = async () => {
      await resolveScope(db, sport, q.league, q.season);
      const { rows } = await getFixturePage(
        db,
        { sport, league: q.league, season: q.season, status: ['finished'] },
        q.limit,
        'desc',
      );
      const states = await getSnapshotStates(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => toResult(r, states.get(r.id) ?? null));
    };
    await sportPrematch(db, sport);
    const b: number[] = [];
    const a: number[] = [];
    for (let i = 0; i < READS; i++) {
      b.push(await time(before));
      a.push(await time(() => readResults(s.deps, sport, q)));
    }
    // A finished score changes (a correction): the next read recomputes the pass.
    await db.execute(
      sql`UPDATE fixtures SET home_score = home_score + 1 WHERE id = (SELECT max(id) FROM fixtures WHERE sport = ${sport} AND status = 'finished')`,
    );
    // What the ingest path says after a final whistle; the first read still answers the kept pass
    // (stale-while-revalidate), so "first read after a change" is the read plus the new pass (thread).
    prematchPassesOf(db).changed(sport);
    const first = await time(async () => {
      await readResults(s.deps, sport, q);
      await prematchPassesOf(db).fresh(sport);
    });
    const f = (x: number) => x.toFixed(2);
    console.log(
      `| ${sport} | ${n} | ${f(pct(passes, 0.5))} | ${f(pct(versions, 0.5))} | ${f(pct(b, 0.5))} | ${f(pct(a, 0.5))} | ${f(first)} |`,
    );
  }
} finally {
  await prematchPassesOf(db).close();
  await s.close();
}
