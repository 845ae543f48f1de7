/**
 * golfWinProbabilities' short cuts (tables of P(T − to_par ≤ j) per holes left and rating kept
 * between calls, the sum over totals stopped once P(every total > k) < GOLF_TAIL_BOUND) against
 * the model summed directly: every total in μ ± 9σ, every P(T ≤ k) from the normal CDF, the tie
 * split Σ over the number of co-leaders by a 24-node quadrature. Stated tolerance: 1e-9 per
 * player. Fields: every state of the sample tournaments (lib/sample/golf.ts: a cut, a
 * withdrawal, a playoff, after every event) and generated 70-player fields at several stages.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleGolfMatches } from '../sample/golf';
import { type GolfPlayer, golfWinProbabilities, CONTENTION_STROKES, HOLE_SD, TOUR_MEAN_TO_PAR } from './golf';
import { GolfSeriesFold, golfPrematchPoint, golfRatings } from './golf-series';
import { normalCdf } from './normal';
import type { LoggedEvent } from './series';

const TOLERANCE = 1e-9;

/** Gauss–Legendre on [0, 1], `n` nodes (exact for the tie split while ≤ 2n − 1 players are level). */
function legendre(n: number): { t: number[]; w: number[] } {
  const t: number[] = [];
  const w: number[] = [];
  for (let i = 0; i < n; i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let dp = 0;
    for (let it = 0; it < 100; it++) {
      let p0 = 1;
      let p1 = x;
      for (let k = 2; k <= n; k++) [p0, p1] = [p1, ((2 * k - 1) * x * p1 - (k - 1) * p0) / k];
      dp = (n * (x * p1 - p0)) / (x * x - 1);
      const dx = p1 / dp;
      x -= dx;
      if (Math.abs(dx) < 1e-15) break;
    }
    t.push((1 - x) / 2);
    w.push(1 / ((1 - x * x) * dp * dp));
  }
  return { t, w };
}
const GL24 = legendre(24);

/** The model of lib/win-probability/golf.ts summed directly (no tables, no early stop). */
function direct(players: readonly GolfPlayer[]): Map<string, number> {
  const out = new Map(players.map((p) => [p.player, 0]));
  const lead = Math.min(...players.map((p) => p.to_par));
  const c = players.filter((p) => p.to_par - lead <= CONTENTION_STROKES + 2.5 * HOLE_SD * Math.sqrt(2 * p.holes_left));
  const mean = c.map((p) => p.to_par + ((p.round_to_par ?? TOUR_MEAN_TO_PAR) / 18) * p.holes_left);
  const sd = c.map((p) => HOLE_SD * Math.sqrt(p.holes_left));
  const cdf = (i: number, k: number) => (sd[i] > 0 ? normalCdf((k + 0.5 - mean[i]) / sd[i]) : k >= mean[i] ? 1 : 0);
  const kLo = Math.floor(Math.min(...c.map((_, i) => mean[i] - 9 * sd[i])));
  const kHi = Math.ceil(Math.max(...c.map((_, i) => mean[i] + 9 * sd[i])));
  const wins = c.map(() => 0);
  for (let k = kLo; k <= kHi; k++) {
    const gt = c.map((_, i) => 1 - cdf(i, k));
    const eq = c.map((_, i) => cdf(i, k) - cdf(i, k - 1));
    c.forEach((_, i) => {
      if (eq[i] <= 0) return;
      let share = 0;
      GL24.t.forEach((t, q) => {
        let rest = 1;
        for (let j = 0; j < c.length; j++) if (j !== i) rest *= gt[j] + eq[j] * t;
        share += GL24.w[q] * rest;
      });
      wins[i] += eq[i] * share;
    });
  }
  const total = wins.reduce((a, b) => a + b, 0);
  c.forEach((p, i) => out.set(p.player, wins[i] / total));
  return out;
}

function expectClose(players: readonly GolfPlayer[], label: string): void {
  const fast = golfWinProbabilities(players);
  const ref = direct(players);
  for (const [player, p] of ref) expect(Math.abs(fast.get(player)! - p), `${label}: ${player}`).toBeLessThan(TOLERANCE);
}

describe('golf: the fast exact computation against the direct sum', () => {
  it('every state of every sample tournament (each event folded), within 1e-9', () => {
    const finished = sampleGolfMatches().filter((m) => m.status === 'finished');
    const logOf = (m: (typeof finished)[number]): LoggedEvent[] =>
      m.events.map((event, i) => ({ event, occurred_at: new Date(Date.parse(m.kickoff) + i * 60_000).toISOString() }));
    let states = 0;
    for (const [k, m] of finished.entries()) {
      const ratings = golfRatings(finished.slice(0, k).map(logOf), m.kickoff);
      const fold = new GolfSeriesFold(ratings, golfPrematchPoint(ratings, m.kickoff, logOf(m)));
      for (const e of logOf(m)) {
        if (!fold.step(e)) continue;
        const field = fold.last.field.map((x) => ({
          player: x.player,
          to_par: x.to_par,
          holes_left: x.holes_left,
          round_to_par: ratings.get(x.player)?.scoring_average ?? TOUR_MEAN_TO_PAR,
        }));
        expectClose(field, `tournament ${k} ${e.event.event_id}`);
        states += 1;
      }
    }
    expect(states).toBeGreaterThan(100);
  });

  it('70-player fields from the first tee to the last holes, ratings spread, within 1e-9', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 72 }), fc.nat(), (stage, seed) => {
        const field = Array.from({ length: 70 }, (_, i) => {
          const holes_left = Math.max(0, 72 - stage - ((i + seed) % 9));
          return {
            player: `p${i}`,
            to_par: Math.round(((72 - holes_left) / 18) * ((((i * 7 + seed) % 13) - 6) / 3)),
            holes_left,
            round_to_par: (((i + seed) % 7) - 3) / 2,
          };
        });
        expectClose(field, `stage ${stage} seed ${seed}`);
      }),
      { numRuns: 25 },
    );
  });

  it('refuses a to_par that is not whole strokes (a clear error, not a wrong table index)', () => {
    expect(() => golfWinProbabilities([{ player: 'a', to_par: -1.5, holes_left: 18 }])).toThrow(RangeError);
  });
});
