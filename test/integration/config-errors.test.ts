/**
 * Bad configuration stops the server before it opens or writes anything (issue 15 #11): each bad
 * variable below — JSON ones included — exits with code 2 and a message naming it, no stack
 * trace, no key printed, and the data directory stays empty. The two processes run in parallel and
 * exit during config loading: about 5 s (90 s were seen with seven of them on a machine at load 20).
 */
import fs from 'node:fs';
import { afterAll, expect, test } from 'vitest';
import { makeTempDataDir, spawnServer } from '../helpers/server';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

// The two from the issue, as real processes; every variable is checked in server/config.test.ts.
const CASES: [string, Record<string, string>, RegExp][] = [
  ['PLAN_LIMITS', { PLAN_LIMITS: '{bad' }, /PLAN_LIMITS: not valid JSON/],
  ['WEBHOOK_RETRY_SCHEDULE', { WEBHOOK_RETRY_SCHEDULE: 'a,b' }, /WEBHOOK_RETRY_SCHEDULE: retry schedule entry 1 "a"/],
];

test('each bad variable: exit 2 naming it, before the store is opened or a key is created', async () => {
  const runs = CASES.map(([name, env, message]) => {
    const dataDir = makeTempDataDir();
    dirs.push(dataDir);
    const p = spawnServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PAGES: 'off',
      REPLAY: 'off',
      SANDBOX: 'off',
      ...env,
    });
    return { name, message, dataDir, p };
  });
  for (const { name, message, dataDir, p } of runs) {
    const { code } = await p.exited;
    const out = p.logs();
    expect(code, `${name}: ${out}`).toBe(2);
    expect(out).toMatch(message);
    expect(out).toMatch(/^Invalid configuration:/);
    expect(out).not.toMatch(/\n\s+at /); // no stack trace
    expect(out).not.toMatch(/API key/);
    expect(fs.readdirSync(dataDir), `${name}: data dir`).toEqual([]);
  }
}, 120_000);
