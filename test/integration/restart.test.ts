/**
 * Restart on the same DATA_DIR: SIGTERM stops cleanly, bundled data is not imported twice, the
 * API key persists, replay resumes the same cycle with seq still increasing; and a second
 * process on a data directory in use exits non-zero saying so.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { LiveMatchSchema, ResultsResponseSchema } from '@/lib/wire/schemas';
import {
  ensureBuild,
  getJson,
  makeTempDataDir,
  randomApiKey,
  spawnServer,
  startTestServer,
  waitFor,
  type TestServer,
} from '../helpers/server';

const LiveResponse = z.object({ data: z.array(LiveMatchSchema), seq: z.number().int().nonnegative() });
const REPLAY = { REPLAY_SPEED: '120', REPLAY_LEAD_SECONDS: '1' };

const dataDir = makeTempDataDir();
const apiKey = randomApiKey();
let first: TestServer | undefined;
let second: TestServer | undefined;

async function live(s: TestServer) {
  const r = await getJson(s, '/v1/football/live');
  expect(r.status).toBe(200);
  return LiveResponse.parse(r.body);
}

/** Counts the Premier League 2023-24 results over every page. */
async function countResults(s: TestServer): Promise<number> {
  let n = 0;
  let cursor: string | null = null;
  do {
    const r = await getJson(
      s,
      `/v1/football/results?league=premier-league&season=2023-24&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(r.status).toBe(200);
    const b = ResultsResponseSchema.parse(r.body);
    n += b.data.length;
    cursor = b.next_cursor;
  } while (cursor);
  return n;
}

beforeAll(() => ensureBuild(), 300_000);

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('restart on the same DATA_DIR keeps data, key and replay; a second process is refused', async () => {
  let t0 = Date.now();
  // A real first start imports the bundled football seasons: on a loaded CI machine that took over 2 min.
  first = await startTestServer(REPLAY, { dataDir, apiKey, freshImport: true, listenTimeoutMs: 240_000 });
  const firstStartMs = Date.now() - t0;
  expect(first.logs()).toMatch(/imported bundled data/);
  // …in a child process (server/seed/first-import.ts), so the import's memory does not stay in the
  // server; its temporary store was moved into place.
  expect(first.logs()).toMatch(/imported bundled data in a child process/);
  expect(first.logs()).toMatch(/"child":"first-import"[^\n]*imported bundled data"/);
  expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('.first-import-'))).toEqual([]);
  expect(await countResults(first)).toBe(380);
  const before = await waitFor(
    'live matches',
    async () => {
      const b = await live(first!);
      return b.data.length >= 2 && b;
    },
    30_000,
    250,
  );

  // A second server on the same data directory while the first runs: refused, non-zero exit.
  const intruder = spawnServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', ...REPLAY });
  const killer = setTimeout(() => intruder.proc.kill('SIGKILL'), 60_000);
  const exit = await intruder.exited;
  clearTimeout(killer);
  expect(exit.code, intruder.logs()).not.toBe(0);
  expect(exit.signal).toBeNull();
  expect(intruder.logs()).toMatch(/data directory .* is in use/i);
  expect((await live(first)).seq).toBeGreaterThanOrEqual(before.seq); // the first is unharmed

  await new Promise((r) => setTimeout(r, 2_000));
  const last = await live(first);
  t0 = Date.now();
  await first.stop();
  const stopMs = Date.now() - t0;
  expect(first.proc.exitCode).toBe(0); // a clean SIGTERM stop, not the 10 s SIGKILL
  expect(fs.existsSync(dataDir)).toBe(true);
  expect(fs.existsSync(`${dataDir}/scoreline.pid`)).toBe(false);

  // Start again without INITIAL_API_KEY: the stored key must still work.
  t0 = Date.now();
  second = await startTestServer({ ...REPLAY, INITIAL_API_KEY: '' }, { dataDir, apiKey });
  const secondStartMs = Date.now() - t0;
  console.log(
    `first start ${firstStartMs} ms, SIGTERM stop ${stopMs} ms, restart ${secondStartMs} ms; seq before stop ${last.seq}`,
  );
  expect(second.logs()).not.toMatch(/imported bundled data/);
  expect(second.logs()).not.toMatch(/created the first API key/);
  expect(await countResults(second)).toBe(380);
  expect((await getJson(second, '/v1/football/live', 'wrong_key_0123456789abc')).status).toBe(401);

  const after = await live(second);
  expect(after.seq).toBeGreaterThanOrEqual(last.seq); // seq never goes back
  const resumed = await waitFor(
    'seq to move on after restart',
    async () => {
      const b = await live(second!);
      return b.seq > last.seq && b.data.length > 0 && b;
    },
    30_000,
    250,
  );
  // Same replay cycle (no new season label), and the matches that were live are still there or finished.
  for (const m of resumed.data) expect(m.season).toMatch(/-replay$/);
  const ids = new Set(resumed.data.map((m) => m.fixture_id));
  expect(last.data.some((m) => ids.has(m.fixture_id))).toBe(true);
  for (const m of last.data) {
    const d = await getJson(second, `/v1/football/matches/${m.fixture_id}`);
    expect(d.status).toBe(200);
    const seqs: number[] = d.body.events.map((e: { seq: number }) => e.seq);
    expect(new Set(seqs).size).toBe(seqs.length); // no event replayed twice
    expect(d.body.match.score.home).toBeGreaterThanOrEqual(m.score.home);
    expect(d.body.match.score.away).toBeGreaterThanOrEqual(m.score.away);
    expect(d.body.match.seq).toBeGreaterThanOrEqual(m.seq);
  }

  // No gap: every seq from the first replayed event up to the current one, across the restart,
  // belongs to exactly one stored event or model odds tick of a replayed match.
  const upTo = (await live(second)).seq;
  const seqs: number[] = [];
  for (const league of ['world-cup', 'euro', 'laliga']) {
    // The replays' fixtures kick off from the server's start on; the finished seasons before 2025.
    const f = await getJson(second, `/v1/football/fixtures?league=${league}&from=2025-01-01&limit=200`);
    expect(f.status).toBe(200);
    expect(f.body.next_cursor).toBeNull();
    for (const fx of f.body.data.filter(
      (x: { status: string; season: string }) => x.status !== 'scheduled' && x.season.endsWith('-replay'),
    )) {
      const d = await getJson(second, `/v1/football/matches/${fx.fixture_id}`);
      seqs.push(...d.body.events.map((e: { seq: number }) => e.seq).filter((q: number) => q <= upTo));
      let cursor: string | null = null;
      do {
        const h = await getJson(
          second,
          `/v1/football/odds/history?match_id=${fx.fixture_id}&bookmaker=scoreline-model&limit=1000${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seqs.push(...h.body.data.map((x: { seq: number }) => x.seq).filter((q: number) => q <= upTo));
        cursor = h.body.next_cursor;
      } while (cursor);
    }
  }
  seqs.sort((a, b) => a - b);
  expect(seqs[0]).toBeLessThan(last.seq);
  expect(seqs.at(-1)).toBe(upTo);
  expect(seqs).toEqual(Array.from({ length: upTo - seqs[0] + 1 }, (_, i) => seqs[0] + i));
}, 420_000);
