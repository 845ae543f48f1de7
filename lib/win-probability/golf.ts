/**
 * Golf: each player's probability to win a stroke-play tournament from strokes to par and holes
 * left, by Monte Carlo simulation (the approach of Broadie & Rendleman 2013, "Are the official
 * world golf rankings biased?", J. Quant. Anal. Sports 9, and of Data Golf's live model): each
 * player's remaining strokes relative to par are normal with mean (scoring average − par) per
 * hole × holes left and SD {@link HOLE_SD} · √holes left; the lowest total wins, a tie is a
 * playoff split evenly. The pre-match rating is the player's scoring average over earlier rounds
 * (strokes − par per round, shrunk toward the field with {@link PRIOR_ROUNDS} rounds at the tour
 * mean). Deterministic: a seeded generator (mulberry32).
 */

/** SD of one hole's score (strokes): 2.9 strokes a round on the PGA Tour / √18. */
export const HOLE_SD = 2.9 / Math.sqrt(18);
/** Rounds at the tour mean added to a player's own for shrinkage. */
export const PRIOR_ROUNDS = 8;
/** Tour mean round relative to par when nothing is known (PGA Tour ≈ +0.7). */
export const TOUR_MEAN_TO_PAR = 0.7;

/** A player on the leaderboard. */
export interface GolfPlayer {
  player: string;
  /** Strokes relative to par so far (−12 = 12 under). */
  to_par: number;
  holes_left: number;
  /** Expected strokes relative to par per round (scoring average − par); default the tour mean. */
  round_to_par?: number;
}

/**
 * Shrunk scoring average (strokes − par per round) from a player's earlier rounds.
 * @param rounds earlier rounds' strokes relative to par, any order
 */
export function scoringAverage(rounds: readonly number[]): number {
  const sum = rounds.reduce((a, b) => a + b, 0);
  return (sum + PRIOR_ROUNDS * TOUR_MEAN_TO_PAR) / (rounds.length + PRIOR_ROUNDS);
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * P(each player wins) by simulation. Players more than {@link CONTENTION_STROKES} + 2.5 SD of their
 * remaining holes behind the leader are given 0 without simulating (they cannot realistically win).
 * @param players the field (players who missed the cut excluded by the caller)
 * @param sims number of simulated finishes (default 2,000)
 * @param seed generator seed (same input → same output)
 * @returns P(win) per player name, summing to 1
 */
export function golfWinProbabilities(players: readonly GolfPlayer[], sims = 2000, seed = 37): Map<string, number> {
  const out = new Map<string, number>(players.map((p) => [p.player, 0]));
  if (players.length === 0) return out;
  const lead = Math.min(...players.map((p) => p.to_par));
  const contenders = players.filter(
    (p) => p.to_par - lead <= CONTENTION_STROKES + 2.5 * HOLE_SD * Math.sqrt(2 * p.holes_left),
  );
  const rnd = mulberry32(seed);
  const n = contenders.length;
  const mean = contenders.map((p) => p.to_par + ((p.round_to_par ?? TOUR_MEAN_TO_PAR) / 18) * p.holes_left);
  const sd = contenders.map((p) => HOLE_SD * Math.sqrt(p.holes_left));
  const wins = new Float64Array(n);
  const totals = new Float64Array(n);
  for (let s = 0; s < sims; s++) {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      let z = 0;
      if (sd[i] > 0) {
        // Box–Muller.
        const u = 1 - rnd();
        z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
      }
      const t = Math.round(mean[i] + sd[i] * z);
      totals[i] = t;
      if (t < best) best = t;
    }
    let tied = 0;
    for (let i = 0; i < n; i++) if (totals[i] === best) tied++;
    for (let i = 0; i < n; i++) if (totals[i] === best) wins[i] += 1 / tied;
  }
  contenders.forEach((p, i) => out.set(p.player, wins[i] / sims));
  return out;
}

/** Strokes behind the leader beyond which (with 2.5 SD of holes left) a player is not simulated. */
export const CONTENTION_STROKES = 3;
