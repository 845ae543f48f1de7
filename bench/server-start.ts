/**
 * Server start-up cost, from its sources under tsx against its bundle (scripts/build-server.mjs),
 * the way every test server and `npm start` pay it.
 *
 * Run: `node --import tsx bench/server-start.ts [--rounds=3] [--env=NAME=value ...]`
 *
 * Each round starts the server both ways, one after the other (the order alternates round by
 * round), with the test servers' settings (production, port 0, football seeded into a fresh data
 * dir, sandbox off, replay on unless `--env=REPLAY=off`), and stops it once it logs that it listens.
 * Prints per way the time from spawn to listening (as the helper's 50 ms poll of its log sees it)
 * and the CPU the process (every thread: /proc/<pid>/stat) had used by then, min / median / max,
 * and the ratio bundle ÷ sources of the medians; writes bench/results/server-start-<timestamp>.json. No assertions: figures for comparing commits.
 */
import fs from 'node:fs';
import path from 'node:path';
import { round } from './lib/stats';
import { makeTempDataDir, ROOT, startTestServer } from '../test/helpers/server';
import { serverArgs } from '../test/helpers/server-bundle';
import { seedDataDir } from '../test/helpers/store-template';

const args = process.argv.slice(2);
const ROUNDS = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3);
const extraEnv = Object.fromEntries(
  args.filter((a) => a.startsWith('--env=')).map((a) => a.slice(6).split(/=(.*)/s, 2) as [string, string]),
);
const WAYS: Record<string, string[]> = {
  sources: ['--import', 'tsx', 'server/index.ts'],
  bundle: serverArgs(ROOT),
};

/** CPU seconds (user + system, every thread) the process has used so far. */
function cpuSeconds(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/**
 * Starts a test server one way (test/helpers/server.ts: football seeded into a fresh data dir, which
 * is done before the clock starts); resolves with ms to listening and CPU s by then, then stops it.
 */
async function startOnce(way: string): Promise<{ listenMs: number; cpuS: number }> {
  const dataDir = makeTempDataDir();
  await seedDataDir(dataDir, 'football');
  const t0 = performance.now();
  const s = await startTestServer(extraEnv, { dataDir, command: WAYS[way] });
  const x = { listenMs: performance.now() - t0, cpuS: cpuSeconds(s.proc.pid!) };
  await s.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return x;
}

const results: Record<string, { listenMs: number; cpuS: number }[]> = { sources: [], bundle: [] };
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 === 0 ? ['sources', 'bundle'] : ['bundle', 'sources'];
  for (const way of order) {
    const x = await startOnce(way);
    results[way].push(x);
    console.log(`round ${r + 1} ${way.padEnd(7)} listening ${Math.round(x.listenMs)} ms, CPU ${x.cpuS.toFixed(2)} s`);
  }
}
/** min / median / max of `xs`. */
const mmm = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return [s[0], s[Math.floor(s.length / 2)], s[s.length - 1]];
};
const summary = Object.fromEntries(
  Object.entries(results).map(([way, xs]) => [
    way,
    { listenMs: mmm(xs.map((x) => x.listenMs)).map((v) => Math.round(v)), cpuS: mmm(xs.map((x) => x.cpuS)) },
  ]),
);
for (const [way, s] of Object.entries(summary))
  console.log(
    `${way.padEnd(7)} listening ${s.listenMs.join(' / ')} ms; CPU ${s.cpuS.join(' / ')} s (min / median / max)`,
  );
const ratio = {
  listen: round(summary.bundle.listenMs[1] / summary.sources.listenMs[1], 2),
  cpu: round(summary.bundle.cpuS[1] / summary.sources.cpuS[1], 2),
};
console.log(`bundle ÷ sources (medians): listening ${ratio.listen}, CPU ${ratio.cpu}`);
fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
const file = path.join(ROOT, 'bench', 'results', `server-start-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify({ rounds: ROUNDS, env: extraEnv, results, summary, ratio }, null, 2));
console.log(`wrote ${path.relative(ROOT, file)}`);
