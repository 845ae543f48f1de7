/**
 * The store seed (server/seed/seed.ts) against the real server: a first start on an empty data dir
 * with a ready seed in STORE_SEED_DIR copies it instead of importing, serves the bundled data
 * (Premier League 2023/24: 20 teams, 38 games each) and leaves the seed as it was; with no ready
 * seed of its sports it imports as before (test/integration/restart.test.ts covers that import).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { readySeed, seedDir } from '@/server/seed/seed';
import { getJson, startTestServer, type TestServer } from '../helpers/server';
import { seedRoot, storeTemplate } from '../helpers/store-template';

let s: TestServer | undefined;

afterAll(async () => {
  await s?.stop();
});

/** Every file of `dir` with its size and modification time, for "unchanged" checks. */
function listing(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).isFile())
    .map((f) => `${f} ${fs.statSync(f).size} ${fs.statSync(f).mtimeMs}`)
    .sort();
}

test('seeds are per set of sports and version; a missing one is not ready', () => {
  expect(seedDir('/x', ['football'])).not.toBe(seedDir('/x', ['football', 'tennis']));
  expect(path.basename(seedDir('/x', ['tennis', 'football']))).toMatch(/^seed-[0-9a-f]{16}-football\+tennis$/);
  expect(readySeed(fs.mkdtempSync('/tmp/scoreline-noseed-'), ['football'])).toBeNull();
});

test('a first start copies the ready seed instead of importing, and serves the bundled data', async () => {
  const seed = await storeTemplate('football');
  const before = listing(seed);
  s = await startTestServer({ STORE_SEED_DIR: seedRoot(), REPLAY: 'off' }, { freshImport: true });
  expect(s.logs()).toContain('store seeded with the bundled data');
  expect(s.logs()).not.toContain('imported bundled data');
  const r = await getJson(s, '/v1/football/standings?league=premier-league&season=2023-24');
  expect(r.status).toBe(200);
  const rows = r.body.data[0].rows as { played: number }[];
  expect(rows).toHaveLength(20);
  expect(rows.every((row) => row.played === 38)).toBe(true);
  expect(fs.existsSync(path.join(s.dataDir, 'pg'))).toBe(true);
  expect(listing(seed)).toEqual(before);
}, 600_000);
