/**
 * The recompute of every finished match's win-probability series off the event loop
 * (server/win-probability/finished-series.ts) against the real server, on one data dir: with the
 * recompute on, the endpoint answers finished matches from the worker thread's results once it has
 * logged them; a restart with it off (every read computes its own series from the log) gives the
 * same answers, and so does a second restart with it on — the answer is the same before and after
 * a restart, whichever path serves it; the model line in /odds follows it.
 */
import { afterAll, expect, test } from 'vitest';
import { ensureBuild, getJson, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer | undefined;
const dataDir = { dir: '' };

afterAll(async () => {
  await s?.stop();
  if (dataDir.dir) (await import('node:fs')).rmSync(dataDir.dir, { recursive: true, force: true });
});

const ENV = { REPLAY: 'off', PAGES: 'off' };

async function start(recompute: 'on' | 'off'): Promise<TestServer> {
  const srv = await startTestServer(
    { ...ENV, WIN_PROBABILITY_RECOMPUTE: recompute },
    dataDir.dir ? { dataDir: dataDir.dir } : { keepDataDir: true },
  );
  dataDir.dir = srv.dataDir;
  if (recompute === 'on') {
    const until = Date.now() + 400_000;
    while (!srv.logs().includes('win-probability series recomputed') && Date.now() < until)
      await new Promise((r) => setTimeout(r, 500));
    expect(srv.logs(), 'the recompute finished').toContain('win-probability series recomputed');
  }
  return srv;
}

/** Finished matches of several leagues and seasons (football: the bundled seed). */
async function finishedIds(srv: TestServer): Promise<number[]> {
  const ids: number[] = [];
  for (const [league, season] of [
    ['premier-league', '2023-24'],
    ['world-cup', '2022'],
  ]) {
    const r = await getJson(srv, `/v1/football/results?league=${league}&season=${season}&limit=4`);
    ids.push(...r.body.data.map((x: { fixture_id: number }) => x.fixture_id));
  }
  return ids;
}

async function answers(srv: TestServer, ids: number[]) {
  const out: unknown[] = [];
  for (const id of ids) {
    const wp = await getJson(srv, `/v1/football/matches/${id}/win-probability`);
    expect(wp.status, JSON.stringify(wp.body).slice(0, 200)).toBe(200);
    const odds = await getJson(srv, `/v1/football/odds?match_id=${id}`);
    const model = odds.body.bookmakers?.find((b: { bookmaker: string }) => b.bookmaker === 'scoreline-model');
    out.push({ wp: wp.body, model });
  }
  return out;
}

test('finished matches answer the same series from the recompute, from a read of the log, and after restarts', async () => {
  await ensureBuild();
  s = await start('on');
  const ids = await finishedIds(s);
  expect(ids.length).toBeGreaterThanOrEqual(6);
  const recomputed = await answers(s, ids);
  expect(s.logs()).toMatch(/"fixtures":\d{3,}/); // every finished football match, not a handful
  await s.stop();

  s = await start('off');
  const readFromLog = await answers(s, ids);
  expect(readFromLog).toEqual(recomputed);
  await s.stop();

  s = await start('on');
  expect(await answers(s, ids)).toEqual(recomputed);
}, 1_500_000);
