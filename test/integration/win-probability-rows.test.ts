/**
 * The rows' pre-match `win_probability` after a result lands, on a started server (football store,
 * replay off): the sport's ratings pass is recomputed off the event loop, stale-while-revalidate
 * (server/read/prematch-passes.ts). An operator's league gets two fixtures between the same sides:
 * an earlier one, then a later one whose row is read. The earlier one is finished 0–5 with one
 * `result` event; then
 * (a) the first list read after it answers at once from the previous pass: the finished row shows
 *     its new status and score (the read cache refreshed on the event), the later fixture's row
 *     still the probability it had — the pass starts on that read and runs in its thread, so the
 *     read never waits for it. Before the fix, that read ran the football pass itself, on the event
 *     loop (every other request and WebSocket message waited), and answered with the new rows: this
 *     assertion fails there. A request sent meanwhile (/healthz) is answered too.
 * (b) the rows then switch to the new pass — the away side's 5–0 win moves the later fixture
 *     towards it — and the match's series starts from the same numbers.
 */
import { afterAll, beforeAll, expect, onTestFailed, test } from 'vitest';
import { requestJson } from '../helpers/http';
import { startTestServer, waitFor, type TestServer } from '../helpers/server';

const OPERATOR = 'test_operator_key_winprob_rows_0123';
const LEAGUE = { sport: 'football', league: 'wp-rows-league', season: '2026', name: 'WP Rows League' };
const LIST = `/v1/football/fixtures?league=${LEAGUE.league}&season=${LEAGUE.season}&from=2000-01-01T00:00:00Z`;
let s: TestServer;
let earlier: number;
let later: number;

const call = (method: string, path: string, body?: unknown, key: string | null = OPERATOR) =>
  requestJson(s.baseUrl, method, path, body, key);
type Row = { fixture_id: number; status: string; win_probability: { home: number; draw: number; away: number } | null };
async function rows(): Promise<Map<number, Row>> {
  const r = await call('GET', LIST, undefined, s.apiKey);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return new Map((r.body.data as Row[]).map((x) => [x.fixture_id, x]));
}
const day = 86_400_000;

beforeAll(async () => {
  s = await startTestServer({ REPLAY: 'off', PAGES: 'off', OPERATOR_API_KEY: OPERATOR });
  expect((await call('POST', '/v1/ops/competitions', LEAGUE)).status).toBe(201);
  const fixture = async (kickoff: number, external_id: string) => {
    const r = await call('POST', '/v1/ops/fixtures', {
      ...LEAGUE,
      name: undefined,
      home_team: 'Rows United',
      away_team: 'Pass Town',
      kickoff: new Date(kickoff).toISOString(),
      venue: null,
      external_id,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as number;
  };
  earlier = await fixture(Date.now() - 2 * day, 'wp-rows-1');
  later = await fixture(Date.now() + 3 * day, 'wp-rows-2');
}, 300_000);

afterAll(async () => {
  await s?.stop();
});

test('a result: the next read answers from the previous pass at once, then the rows switch to the new one', async () => {
  // The passes' log lines (each logs 'pre-match pass done') when something fails.
  onTestFailed(() => {
    const lines = s.logs().split('\n');
    console.log(
      lines
        .filter((l) => /pre-match|warn|error/i.test(l))
        .slice(-30)
        .join('\n'),
    );
  });
  // The new fixtures are rated once the pass that follows their creation is done.
  const before = await waitFor(
    'the later fixture rated',
    async () => {
      const r = await rows();
      return r.get(later)?.win_probability && r.get(earlier)?.win_probability ? r : null;
    },
    60_000,
    200,
  );
  const p0 = before.get(later)!.win_probability!;
  expect(p0.home + p0.draw + p0.away).toBeCloseTo(1, 9);
  expect(p0.home).toBeGreaterThan(p0.away); // level ratings, home advantage

  const r = await call('POST', '/v1/ops/events', {
    events: [
      {
        fixture_id: earlier,
        event_id: 'wp-rows-result',
        type: 'result',
        detail: { ht: [0, 2], ft: [0, 5], et: null, p: null },
      },
    ],
  });
  expect(
    r.body.results?.map((x: { status: string }) => x.status),
    JSON.stringify(r.body),
  ).toEqual(['stored']);

  // (a) The first read after the result, and a request sent while it is answered.
  const [first, health] = await Promise.all([rows(), call('GET', '/healthz', undefined, null)]);
  expect(health.status).toBe(200);
  expect(first.get(earlier)!.status).toBe('finished');
  expect(first.get(later)!.win_probability).toEqual(p0);

  // (b) The rows switch to the new pass: Pass Town's 5–0 win makes it stronger at the later fixture.
  const after = await waitFor(
    'the rows on the new pass',
    async () => {
      const x = await rows();
      const p = x.get(later)!.win_probability!;
      return p.away !== p0.away ? x : null;
    },
    60_000,
    100,
  );
  const p1 = after.get(later)!.win_probability!;
  expect(p1.away).toBeGreaterThan(p0.away);
  expect(p1.home).toBeLessThan(p0.home);
  expect(p1.home + p1.draw + p1.away).toBeCloseTo(1, 9);
  // The fixture finished meanwhile keeps its own pre-match probability (its result is not used for it).
  expect(after.get(earlier)!.win_probability).toEqual(before.get(earlier)!.win_probability);
  // The match's series starts from the same pass.
  const wp = await call('GET', `/v1/football/matches/${later}/win-probability`, undefined, s.apiKey);
  expect(wp.status, JSON.stringify(wp.body)).toBe(200);
  expect(wp.body.prematch).toMatchObject({ home: p1.home, draw: p1.draw, away: p1.away });
}, 180_000);
