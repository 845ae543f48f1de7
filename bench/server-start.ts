/**
 * Server start-up cost, from its sources under tsx against its bundle (scripts/build-server.mjs),
 * the way every test server and `npm start` pay it.
 *
 * Run: `node --import tsx bench/server-start.ts [--rounds=3] [--env=NAME=value ...]`
 *
 * Each round starts the server both ways, one after the other (the order alternates round by
 * round), with the test servers' settings (production, port 0, football seeded into a fresh data
 * dir, sandbox off, replay on unless `--env=REPLAY=off`), and stops it once it logs that it listens.
 * Prints per way the time from spawn to listening and the CPU the process spent by then (all its
 * threads: /proc/<pid>/stat), min / median / max, and the ratio bundle ÷ sources of the medians;
 * writes bench/results/server-start-<timestamp>.json. No assertions: figures for comparing commits.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { round } from './lib/stats';
import { makeTempDataDir, randomApiKey, ROOT } from '../test/helpers/server';
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

/** Starts the server one way on a fresh seeded data dir; resolves with ms to listening and CPU s by then. */
async function startOnce(way: string): Promise<{ listenMs: number; cpuS: number }> {
  const dataDir = makeTempDataDir();
  await seedDataDir(dataDir, 'football');
  const t0 = performance.now();
  const proc = spawn(process.execPath, WAYS[way], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      INITIAL_API_KEY: randomApiKey(),
      SANDBOX: 'off',
      BOOTSTRAP_SPORTS: 'football',
      STORE_SEED_DIR: path.join(dataDir, 'no-seeds'),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let out = '';
    const listenMs = await new Promise<number>((resolve, reject) => {
      proc.stdout!.on('data', (d) => {
        out += d;
        if (out.includes('Scoreline listening')) resolve(performance.now() - t0);
      });
      proc.stderr!.on('data', (d) => (out += d));
      proc.once('exit', (code) => reject(new Error(`server (${way}) exited ${code} before listening:\n${out}`)));
    });
    return { listenMs, cpuS: cpuSeconds(proc.pid!) };
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => (proc.exitCode == null && proc.signalCode == null ? proc.once('exit', r) : r(null)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
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
