import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleGolfMatches } from '../sample/golf';
import { golfWinProbabilities } from './golf';
import { GOLF_TOP_N, golfRatings, golfWinProbabilitySeries } from './golf-series';
import type { LoggedEvent } from './series';

/** A sample tournament's events, one minute apart from its first tee time. */
const logOf = (m: ReturnType<typeof sampleGolfMatches>[number]): LoggedEvent[] =>
  m.events.map((event, i) => ({ event, occurred_at: new Date(Date.parse(m.kickoff) + i * 60_000).toISOString() }));

const finished = sampleGolfMatches().filter((m) => m.status === 'finished');

describe('golf model properties', () => {
  const field = fc.array(
    fc.record({ to_par: fc.integer({ min: -20, max: 10 }), holes_left: fc.integer({ min: 0, max: 72 }) }),
    { minLength: 1, maxLength: 40 },
  );
  it('a field sums to 1; a birdie (one stroke fewer) never lowers that player', () => {
    fc.assert(
      fc.property(field, fc.nat(), (xs, pick) => {
        const players = xs.map((x, i) => ({ player: `p${i}`, ...x }));
        const p = golfWinProbabilities(players);
        expect([...p.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        const i = pick % players.length;
        const birdie = players.map((x, j) => (j === i ? { ...x, to_par: x.to_par - 1 } : x));
        expect(golfWinProbabilities(birdie).get(`p${i}`)!).toBeGreaterThanOrEqual(p.get(`p${i}`)! - 1e-12);
      }),
      { numRuns: 200 },
    );
  });
});

describe('golf series of the sample tournaments', () => {
  it('pre-match from earlier tournaments only; every point sums to 1; ends on the winner at 1', () => {
    for (const [k, m] of finished.entries()) {
      const earlier = finished.slice(0, k).map(logOf);
      const ratings = golfRatings(earlier, m.kickoff);
      // The tournament itself and later ones never count: the ratings are the same without them.
      expect(golfRatings([...earlier, ...finished.slice(k).map(logOf)], m.kickoff)).toEqual(ratings);
      if (k === 0) expect(ratings.size).toBe(0);
      else expect(ratings.size).toBeGreaterThan(0);
      const series = golfWinProbabilitySeries(ratings, m.kickoff, logOf(m));
      expect(series[0].event).toBeNull();
      expect(series[0].field.length).toBe(Math.min(GOLF_TOP_N, 8));
      expect(series.length).toBeGreaterThan(100);
      for (const p of series) {
        const sum = p.field.reduce((a, b) => a + b.probability, 0) + p.others;
        expect(sum).toBeCloseTo(1, 9);
        for (const f of p.field) expect(f.probability).toBeGreaterThanOrEqual(0);
      }
      const last = series.at(-1)!;
      const winner = (m.result!.detail as { winner: string }).winner;
      // Once the last hole is in, the winner is certain (the result then moves nothing).
      expect(['hole_completed', 'round_end', 'result']).toContain(last.event?.type);
      expect(last.field[0]).toMatchObject({ player: winner, probability: 1 });
      expect(last.field.slice(1).every((f) => f.probability === 0)).toBe(true);
      // Recomputed: the same log gives the same series.
      expect(golfWinProbabilitySeries(ratings, m.kickoff, logOf(m))).toEqual(series);
    }
  });

  it('the playoff: the players level after round 4 share it until the result', () => {
    const m = finished.find((x) => x.events.some((e) => e.period === 'playoff'))!;
    const series = golfWinProbabilitySeries(new Map(), m.kickoff, logOf(m));
    const inPlayoff = series.filter((p) => p.clock.period === 'playoff');
    expect(inPlayoff.length).toBeGreaterThan(0);
    const p = inPlayoff[0];
    const sharing = p.field.filter((f) => f.probability > 0);
    expect(sharing.length).toBeGreaterThan(1);
    for (const f of sharing) expect(f.probability).toBeCloseTo(1 / sharing.length, 9);
  });
});
