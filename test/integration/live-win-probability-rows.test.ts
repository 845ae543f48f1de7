/**
 * GET /v1/{sport}/live rows' `win_probability` (pre-match) and `win_probability_in_play` (the
 * latest point of the in-play series, server/read/live-points.ts) on a started server with the
 * replay running, for every replayed sport (football, cricket, baseball, tennis) and in the
 * sandbox (no key): both valid against the wire schema and summing to 1, the pre-match one equal
 * to GET /v1/{sport}/matches/{fixture_id}/win-probability's `prematch`, the in-play one equal to
 * that endpoint's point of the same event and, once the match is quiet between two reads, to its
 * last point.
 */
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type InPlayWinProbability, LiveRowSchema, type LiveRow } from '@/lib/wire/live-row';
import { WinProbabilityResponseSchema } from '@/lib/wire/win-probability';
import { getJson, startTestServer, waitFor, waitForSandbox, type TestServer } from '../helpers/server';

const REPLAYED = ['football', 'cricket', 'baseball', 'tennis'] as const;
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({
    BOOTSTRAP_SPORTS: REPLAYED.join(','),
    REPLAY_SPEED: '120',
    REPLAY_LEAD_SECONDS: '1',
    SANDBOX: 'on',
    SANDBOX_REPLAY_SPEED: '120',
    PAGES: 'off',
  });
  await waitForSandbox(s);
}, 600_000);

afterAll(async () => {
  await s?.stop();
});

/** GET under `prefix` ('' production with the test key, '/sandbox' with no key). */
const get = (prefix: string, path: string) => getJson(s, `${prefix}${path}`, prefix ? null : undefined);
const sum = (p: { home: number; draw: number | null; away: number }) => p.home + (p.draw ?? 0) + p.away;

/** Live rows of `sport` (under `prefix`: '' or '/sandbox'), parsed; the first with an in-play point. */
async function liveRow(prefix: string, sport: string): Promise<LiveRow | null> {
  const r = await get(prefix, `/v1/${sport}/live`);
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  const rows = r.body.data.map((d: unknown) => LiveRowSchema.strict().parse(d)) as LiveRow[];
  return rows.find((x) => x.win_probability_in_play) ?? null;
}

/** The row's fields against the endpoint: pre-match equal, in-play equal to the endpoint's point of its event. */
async function checkAgainstSeries(prefix: string, sport: string, row: LiveRow) {
  const wpRes = await get(prefix, `/v1/${sport}/matches/${row.fixture_id}/win-probability`);
  expect(wpRes.status).toBe(200);
  const wp = WinProbabilityResponseSchema.parse(wpRes.body);
  const pre = row.win_probability!;
  const inPlay = row.win_probability_in_play as NonNullable<InPlayWinProbability>;
  expect(sum(pre), `${sport} pre-match sums to 1`).toBeCloseTo(1, 9);
  expect(sum(inPlay), `${sport} in-play sums to 1`).toBeCloseTo(1, 9);
  expect(pre).toEqual({ home: wp.prematch.home, draw: wp.prematch.draw, away: wp.prematch.away });
  expect(inPlay.started_from).toBe(wp.started_from);
  const { started_from: _, ...point } = inPlay;
  const same = wp.points.find((p) => (point.event ? p.event?.event_id === point.event.event_id : p.event === null));
  expect(same, `${sport}: the endpoint has the row's point`).toEqual(point);
  return { point, last: wp.points.at(-1)! };
}

for (const [prefix, sports] of [
  ['', REPLAYED],
  ['/sandbox', ['football', 'cricket']],
] as const) {
  for (const sport of sports) {
    test(`${prefix || 'production'} ${sport}: /live rows carry the pre-match and the latest in-play point of the series`, async () => {
      const row = await waitFor(
        `a live ${sport} row with an in-play point`,
        () => liveRow(prefix, sport),
        240_000,
        500,
      );
      await checkAgainstSeries(prefix, sport, row);
      // The latest point: a read of /live between two equal reads of the series has its last point.
      await waitFor(
        `${sport}: /live equal to the series' last point`,
        async () => {
          const series = `/v1/${sport}/matches/${row.fixture_id}/win-probability`;
          const before = (await get(prefix, series)).body.points.at(-1);
          const now = (await get(prefix, `/v1/${sport}/live`)).body.data.find(
            (x: LiveRow) => x.fixture_id === row.fixture_id,
          ) as LiveRow | undefined;
          const last = (await get(prefix, series)).body.points.at(-1);
          if (!now?.win_probability_in_play || !isDeepStrictEqual(before, last)) return false;
          const { started_from: _, ...point } = now.win_probability_in_play;
          return isDeepStrictEqual(point, last);
        },
        120_000,
        300,
      );
    }, 400_000);
  }
}
