/**
 * The first start's import of the bundled data (server/bootstrap.ts importBundledData), file by
 * file. Prints figures, asserts nothing.
 *
 *   node --import tsx bench/import.ts [--sports=all|football+tennis…] [--runs=1]
 *
 * (A CPU profile: run it with `node --cpu-prof --cpu-prof-dir=DIR --import tsx …`.)
 *
 * For each bundled file: matches, the parse alone (the importer reading the upstream format, the
 * baseline: what any import must pay), the import into a fresh embedded store (PGlite, as a first
 * start opens it) through FeedEngine.importMatches, and their ratio. Then the whole import: wall
 * and CPU time (user + system, this process). With --runs above 1, min / median / max of each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Sport } from '@/lib/sports';
import { BUNDLED_IMPORTS } from '@/server/bundled-data';
import { readBundled } from '@/server/bundled-matches';
import { FeedBus } from '@/server/engine/bus';
import { FeedEngine } from '@/server/engine/engine';
import { openStore } from '@/server/store/db';

const { values } = parseArgs({
  options: {
    sports: { type: 'string', default: 'all' },
    runs: { type: 'string', default: '1' },
  },
});
const sports = values.sports === 'all' ? null : (values.sports!.split('+') as Sport[]);
const files = BUNDLED_IMPORTS.filter((f) => !sports || sports.includes(f.sport));
const RUNS = Number(values.runs);

/** One run: every file parsed, then imported in order into a fresh store. */
async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-bench-import-'));
  const store = await openStore({ dataDir: dir });
  const engine = new FeedEngine(store, new FeedBus());
  const rows: { file: string; matches: number; parseMs: number; importMs: number }[] = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  try {
    for (const b of files) {
      const file = b.files[0];
      const p0 = performance.now();
      const matches = await readBundled([b]);
      const i0 = performance.now();
      await engine.importMatches(matches);
      rows.push({ file, matches: matches.length, parseMs: i0 - p0, importMs: performance.now() - i0 });
    }
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const cpu = process.cpuUsage(cpu0);
  return { rows, wallMs: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const runs: Awaited<ReturnType<typeof run>>[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await run());

/** min / median / max of a figure over the runs (the figure alone for one run). */
const fmt = (xs: number[], digits = 0) => {
  const s = [...xs].sort((a, b) => a - b);
  const median = s[Math.floor(s.length / 2)];
  return RUNS > 1
    ? `${s[0].toFixed(digits)} / ${median.toFixed(digits)} / ${s[s.length - 1].toFixed(digits)}`
    : median.toFixed(digits);
};
console.log(`bundled import, ${files.length} files, ${RUNS} run(s)${RUNS > 1 ? ' (min / median / max)' : ''}`);
console.log('file | matches | parse ms | import ms | import ÷ parse');
for (const [i, f] of files.entries()) {
  const parse = runs.map((r) => r.rows[i].parseMs);
  const imp = runs.map((r) => r.rows[i].importMs);
  console.log(
    `${f.files[0]} | ${runs[0].rows[i].matches} | ${fmt(parse)} | ${fmt(imp)} | ${fmt(
      runs.map((r) => r.rows[i].importMs / Math.max(1, r.rows[i].parseMs)),
      1,
    )}`,
  );
}
const matches = runs[0].rows.reduce((n, r) => n + r.matches, 0);
console.log(
  `total: ${matches} matches, wall ${fmt(runs.map((r) => r.wallMs))} ms, CPU ${fmt(runs.map((r) => r.cpuMs))} ms, ` +
    `${fmt(runs.map((r) => (matches / r.wallMs) * 1000))} matches/s`,
);
