/**
 * Golf: each player's probability to win a stroke-play tournament from strokes to par and holes
 * left (the model of Broadie & Rendleman 2013, "Are the official world golf rankings biased?",
 * J. Quant. Anal. Sports 9, and of Data Golf's live model): each player's remaining strokes
 * relative to par are normal with mean (scoring average − par) per hole × holes left and SD
 * {@link HOLE_SD} · √holes left, the final total rounded to whole strokes; the lowest total wins,
 * a tie is a playoff split evenly. The pre-match rating is the player's scoring average over
 * earlier rounds (strokes − par per round, shrunk toward the field with {@link PRIOR_ROUNDS}
 * rounds at the tour mean).
 * {@link golfWinProbabilities} computes that model exactly over whole-stroke totals (no sampling); {@link golfSimulatedWinProbabilities} is the Monte Carlo of the
 * same model (seeded mulberry32), kept as its check.
 */
import { normalCdf } from './normal';

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

/** Gauss–Legendre nodes and weights on [0, 1] (Newton on the Legendre polynomial's roots). */
function gaussLegendre(n: number): { t: Float64Array; w: Float64Array } {
  const t = new Float64Array(n);
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let dp = 0;
    for (let it = 0; it < 100; it++) {
      let p0 = 1;
      let p1 = x;
      for (let k = 2; k <= n; k++) {
        const p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      dp = (n * (x * p1 - p0)) / (x * x - 1);
      const dx = p1 / dp;
      x -= dx;
      if (Math.abs(dx) < 1e-15) break;
    }
    t[i] = (1 - x) / 2;
    w[i] = 1 / ((1 - x * x) * dp * dp);
  }
  return { t, w };
}
/** 8 nodes: the tie split ∫₀¹ Π (g + p·t) dt is exact while at most 16 players can be level on the lowest total (beyond: < 1e-6 of the probability). */
const GL = gaussLegendre(8);

/**
 * P(each player wins), exactly for the model of the module header: the totals are independent
 * whole numbers, P(T = k) = Φ((k + ½ − μ)/σ) − Φ((k − ½ − μ)/σ); player i's share is
 * Σₖ P(Tᵢ = k) · E[1/(1 + ties) ; every other Tⱼ ≥ k], and with 1/(1 + m) = ∫₀¹ tᵐ dt that
 * expectation is ∫₀¹ Πⱼ≠ᵢ (P(Tⱼ > k) + P(Tⱼ = k) t) dt (Gauss–Legendre, {@link GL}); k runs over
 * μ ± 7σ. Players more
 * than {@link CONTENTION_STROKES} + 2.5 SD of their remaining holes behind the leader are given 0,
 * as in the simulation. Cost: totals in range × players × 8.
 * @param players the field (players who missed the cut excluded by the caller)
 * @returns P(win) per player name, summing to 1
 */
export function golfWinProbabilities(players: readonly GolfPlayer[]): Map<string, number> {
  const out = new Map<string, number>(players.map((p) => [p.player, 0]));
  if (players.length === 0) return out;
  const lead = Math.min(...players.map((p) => p.to_par));
  const contenders = players.filter(
    (p) => p.to_par - lead <= CONTENTION_STROKES + 2.5 * HOLE_SD * Math.sqrt(2 * p.holes_left),
  );
  const n = contenders.length;
  const mean = contenders.map((p) => p.to_par + ((p.round_to_par ?? TOUR_MEAN_TO_PAR) / 18) * p.holes_left);
  const sd = contenders.map((p) => HOLE_SD * Math.sqrt(p.holes_left));
  // P(T ≤ k) of player i (a finished player's total is fixed).
  const cdf = (i: number, k: number) =>
    sd[i] > 0 ? normalCdf((k + 0.5 - mean[i]) / sd[i]) : k >= Math.round(mean[i]) ? 1 : 0;
  let kLo = Number.POSITIVE_INFINITY;
  let kHi = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    kLo = Math.min(kLo, Math.floor(mean[i] - 7 * sd[i]));
    kHi = Math.min(kHi, Math.ceil(mean[i] + 7 * sd[i]));
  }
  const wins = new Float64Array(n);
  const eq = new Float64Array(n);
  const gt = new Float64Array(n).fill(1);
  const prev = new Float64Array(n);
  const lo = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    lo[i] = sd[i] > 0 ? Math.floor(mean[i] - 7 * sd[i]) : Math.round(mean[i]);
    if (kLo - 1 >= lo[i]) prev[i] = cdf(i, kLo - 1);
  }
  const m = GL.t.length;
  const full = new Float64Array(m);
  const active: number[] = [];
  for (let k = kLo; k <= kHi; k++) {
    // A player certain to finish below k (a finished player's fixed total) leaves no win at k or above.
    let done = false;
    for (let i = 0; i < n && !done; i++) done = prev[i] > 1 - 1e-15;
    if (done) break;
    full.fill(1);
    active.length = 0;
    for (let i = 0; i < n; i++) {
      // Below a player's μ − 7σ their P(T ≤ k) < 1e-12: taken as 0 (no normal CDF, not active).
      if (k < lo[i]) continue;
      const atOrBelow = cdf(i, k);
      eq[i] = atOrBelow - prev[i];
      gt[i] = 1 - atOrBelow;
      prev[i] = atOrBelow;
      // A player certain to finish above k leaves every product unchanged (factor 1).
      if (eq[i] > 1e-15 || gt[i] < 1 - 1e-15) active.push(i);
    }
    for (const i of active) {
      const g = gt[i];
      const e = eq[i];
      for (let q = 0; q < m; q++) full[q] *= g + e * GL.t[q];
    }
    for (const i of active) {
      if (!(eq[i] > 1e-15)) continue;
      let share = 0;
      for (let q = 0; q < m; q++) {
        const own = gt[i] + eq[i] * GL.t[q];
        let rest = full[q] / own;
        if (!Number.isFinite(rest)) {
          rest = 1;
          for (const j of active) if (j !== i) rest *= gt[j] + eq[j] * GL.t[q];
        }
        share += GL.w[q] * rest;
      }
      wins[i] += eq[i] * share;
    }
  }
  const total = wins.reduce((a, b) => a + b, 0);
  contenders.forEach((p, i) => out.set(p.player, total > 0 ? wins[i] / total : 1 / n));
  return out;
}

/**
 * P(each player wins) by simulation of the same model (the check of {@link golfWinProbabilities}). Players more than {@link CONTENTION_STROKES} + 2.5 SD of their
 * remaining holes behind the leader are given 0 without simulating (they cannot realistically win).
 * @param players the field (players who missed the cut excluded by the caller)
 * @param sims number of simulated finishes (default 2,000)
 * @param seed generator seed (same input → same output)
 * @returns P(win) per player name, summing to 1
 */
export function golfSimulatedWinProbabilities(
  players: readonly GolfPlayer[],
  sims = 2000,
  seed = 37,
): Map<string, number> {
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
