/**
 * CPU profile of one cached /v1 read under load: starts the production server (football, replay
 * on) with `--cpu-prof`, waits for live matches, loads `--path` with autocannon for `--duration` s,
 * stops the server and prints the top self-time functions of its profile.
 *
 * Run: `node --import tsx bench/profile-read.ts [--path=/v1/football/live] [--duration=10] [--connections=32]`
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { getJson, startTestServer, waitFor } from '../test/helpers/server';
import { topFunctions } from './lib/cpu-profile';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const PATH = args.path ?? '/v1/football/live';
const DURATION_S = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 32);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-prof-'));
const s = await startTestServer(
  {
    PAGES: 'off',
    INITIAL_API_KEY_PLAN: 'enterprise',
    PLAN_LIMITS: JSON.stringify({
      enterprise: { requests_per_minute: 1_000_000_000, requests_per_day: 1_000_000_000 },
    }),
  },
  { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] },
);
try {
  await waitFor(
    'football matches in play',
    async () => (await getJson(s, '/v1/football/live')).body.data?.length > 0,
    180_000,
    1000,
  );
  const r = await autocannon({
    url: s.baseUrl + PATH,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${s.apiKey}` },
  });
  console.log(`${PATH}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
} finally {
  await s.stop();
}
const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${dir}`);
console.log(`profile: ${path.join(dir, file)}`);
const { top, shares } = topFunctions(path.join(dir, file), 30);
console.log('shares (% of samples):', shares);
for (const t of top) console.log(`${String(t.pct).padStart(5)} %  ${String(t.self_ms).padStart(6)} ms  ${t.fn}`);
