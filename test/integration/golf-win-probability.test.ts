/**
 * GET /v1/golf/matches/{fixture_id}/win-probability against the real server (sandbox on): the
 * sample golf tournaments (lib/sample/golf.ts: hole by hole, a cut, a withdrawal, a playoff) answer
 * their field series, valid against the golf wire schema, pre-match from the earlier tournaments
 * only, every point summing to 1, ending with the winner at 1; the same after a second read
 * (recomputed from the log); bad ids answer problem+json.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { GolfWinProbabilityResponseSchema } from '@/lib/wire/golf-win-probability';
import { getJson, startTestServer, waitForSandbox, type TestServer } from '../helpers/server';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ SANDBOX: 'on', REPLAY: 'off', PAGES: 'off', BOOTSTRAP_SPORTS: 'football' });
  await waitForSandbox(s);
}, 600_000);

afterAll(async () => {
  await s?.stop();
});

const sum = (p: { field: { probability: number }[]; others: number }) =>
  p.field.reduce((a, b) => a + b.probability, 0) + p.others;

test('every finished sample tournament: field series, pre-match first, sums to 1, ends on the winner at 1', async () => {
  const results = (await getJson(s, '/sandbox/v1/golf/results?limit=10')).body.data as {
    fixture_id: number;
    kickoff: string;
  }[];
  expect(results.length).toBe(3);
  const byKickoff = [...results].sort((a, b) => (a.kickoff < b.kickoff ? -1 : 1));
  for (const [k, r] of byKickoff.entries()) {
    const res = await getJson(s, `/sandbox/v1/golf/matches/${r.fixture_id}/win-probability`);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.sandbox).toBe(true);
    const { sandbox: _, ...body } = res.body;
    const wp = GolfWinProbabilityResponseSchema.strict().parse(body);
    expect(wp.field_size).toBe(8);
    // The first tournament has nobody rated (no earlier rounds); later ones rate their players.
    const rated = wp.prematch.ratings.filter((x) => x.rounds > 0).length;
    if (k === 0) expect(rated).toBe(0);
    else expect(rated).toBeGreaterThan(0);
    expect(wp.points[0].event).toBeNull();
    expect(wp.points.length).toBeGreaterThan(100);
    for (const p of wp.points) expect(sum(p)).toBeCloseTo(1, 9);
    const match = (await getJson(s, `/sandbox/v1/golf/matches/${r.fixture_id}`)).body;
    const winner = match.match.state.result.winner as string;
    expect(wp.points.at(-1)!.field[0]).toMatchObject({ player: winner, probability: 1 });
    // Recomputed from the log: the same answer on a second read.
    expect((await getJson(s, `/sandbox/v1/golf/matches/${r.fixture_id}/win-probability`)).body).toEqual(res.body);
  }
}, 120_000);

test('the scheduled sample tournament answers its pre-match point alone', async () => {
  const q = new URLSearchParams({ from: '2024-06-01T00:00:00Z', to: '2024-06-30T00:00:00Z', limit: '10' });
  const fx = (await getJson(s, `/sandbox/v1/golf/fixtures?${q}`)).body.data as { fixture_id: number }[];
  expect(fx.length).toBeGreaterThan(0);
  const res = await getJson(s, `/sandbox/v1/golf/matches/${fx[0].fixture_id}/win-probability`);
  expect(res.status).toBe(200);
  const { sandbox: _, ...body } = res.body;
  const wp = GolfWinProbabilityResponseSchema.strict().parse(body);
  expect(wp.points.length).toBe(1);
});

test('bad input: non-numeric id 400, unknown tournament 404, problem+json', async () => {
  for (const [path, status] of [
    ['/v1/golf/matches/abc/win-probability', 400],
    ['/v1/golf/matches/999999999/win-probability', 404],
    ['/sandbox/v1/golf/matches/0/win-probability', 400],
  ] as const) {
    const r = await getJson(s, path);
    expect(r.status, path).toBe(status);
    expect(r.headers.get('content-type'), path).toMatch(/problem\+json/);
  }
});
