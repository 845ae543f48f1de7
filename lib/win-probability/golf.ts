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
 * A remaining-holes distribution: P(T − to_par ≤ j) for the whole-stroke total T of a player
 * with `h` holes left at `r` strokes to par per round, for j in [lo, lo + cdf.length − 1]
 * (μ ± 7σ; above it 1, below it 0). It depends on (h, r) only, so every player at the same
 * holes left and rating shares it and a player's table is reused between events: per event
 * only the player who moved needs a new one (no normal CDF for the rest of the field).
 */
interface RemainingDist {
  lo: number;
  cdf: Float64Array;
}

/** Tables kept per rating (strokes to par per round) then holes left; cleared past {@link MAX_DISTS}. */
const DISTS = new Map<number, (RemainingDist | undefined)[]>();
let distCount = 0;
/** Tables kept at most (~80 doubles each: a 150-player field × 72 holes fits). */
const MAX_DISTS = 16_384;

function remainingDist(h: number, r: number): RemainingDist {
  let byH = DISTS.get(r);
  if (!byH) {
    if (distCount >= MAX_DISTS) {
      DISTS.clear();
      distCount = 0;
    }
    byH = [];
    DISTS.set(r, byH);
  }
  let d = byH[h];
  if (d) return d;
  const x = (r / 18) * h;
  const sd = HOLE_SD * Math.sqrt(h);
  if (sd > 0) {
    const lo = Math.floor(x - 7 * sd);
    const cdf = new Float64Array(Math.ceil(x + 7 * sd) - lo + 1);
    for (let j = 0; j < cdf.length; j++) cdf[j] = normalCdf((lo + j + 0.5 - x) / sd);
    d = { lo, cdf };
  } else d = { lo: Math.round(x), cdf: Float64Array.of(1) };
  byH[h] = d;
  distCount += 1;
  return d;
}

/** P(all remaining totals > k) below which the sum over k stops: the probabilities are off by at most this (before renormalising). */
export const GOLF_TAIL_BOUND = 1e-13;

/**
 * P(each player wins), exactly for the model of the module header: the totals are independent
 * whole numbers, P(T = k) = Φ((k + ½ − μ)/σ) − Φ((k − ½ − μ)/σ); player i's share is
 * Σₖ P(Tᵢ = k) · E[1/(1 + ties) ; every other Tⱼ ≥ k], and with 1/(1 + m) = ∫₀¹ tᵐ dt that
 * expectation is ∫₀¹ Πⱼ≠ᵢ (P(Tⱼ > k) + P(Tⱼ = k) t) dt (Gauss–Legendre, {@link GL}); k runs over
 * μ ± 7σ, and stops once every player's total is above k with probability below
 * {@link GOLF_TAIL_BOUND} (the wins still to count at higher k are at most that). Players more
 * than {@link CONTENTION_STROKES} + 2.5 SD of their remaining holes behind the leader are given 0,
 * as in the simulation. Each player's P(T ≤ k) comes from a table per (holes left, rating)
 * ({@link remainingDist}) kept between calls. Cost: totals in range × contenders × 16 flops.
 * @param players the field (players who missed the cut excluded by the caller); `to_par` in whole strokes
 * @returns P(win) per player name, summing to 1
 * @throws RangeError when a `to_par` is not a whole number
 */
export function golfWinProbabilities(players: readonly GolfPlayer[]): Map<string, number> {
  const out = new Map<string, number>();
  if (players.length === 0) return out;
  let lead = Number.POSITIVE_INFINITY;
  for (const p of players) {
    if (!Number.isInteger(p.to_par))
      throw new RangeError(`golf: to_par of ${p.player} is not whole strokes: ${p.to_par}`);
    out.set(p.player, 0);
    if (p.to_par < lead) lead = p.to_par;
  }
  const contenders = players.filter(
    (p) => p.to_par - lead <= CONTENTION_STROKES + 2.5 * HOLE_SD * Math.sqrt(2 * p.holes_left),
  );
  const n = contenders.length;
  const dist: RemainingDist[] = [];
  // Player i's P(T ≤ k) is tab[i][k − off[i]] for k in [lo[i], hi[i]]; 0 below, 1 above.
  const off = new Int32Array(n);
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  let kLo = Number.POSITIVE_INFINITY;
  let kHi = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const p = contenders[i];
    const d = remainingDist(p.holes_left, p.round_to_par ?? TOUR_MEAN_TO_PAR);
    dist.push(d);
    off[i] = p.to_par + d.lo;
    lo[i] = off[i];
    hi[i] = off[i] + d.cdf.length - 1;
    if (lo[i] < kLo) kLo = lo[i];
    if (hi[i] < kHi) kHi = hi[i];
  }
  const wins = new Float64Array(n);
  const eq = new Float64Array(n);
  const gt = new Float64Array(n).fill(1);
  const prev = new Float64Array(n);
  const m = GL.t.length;
  const full = new Float64Array(m);
  const active = new Int32Array(n);
  let done = false;
  for (let k = kLo; k <= kHi && !done; k++) {
    full.fill(1);
    let na = 0;
    let above = 1;
    for (let i = 0; i < n; i++) {
      // Below a player's μ − 7σ their P(T ≤ k) < 1e-12: taken as 0 (not active).
      if (k < lo[i]) continue;
      const atOrBelow = k > hi[i] ? 1 : dist[i].cdf[k - off[i]];
      eq[i] = atOrBelow - prev[i];
      gt[i] = 1 - atOrBelow;
      prev[i] = atOrBelow;
      above *= gt[i];
      // A player certain to finish below k (a finished player's fixed total) leaves no win above k.
      if (atOrBelow > 1 - 1e-15) done = true;
      // A player certain to finish above k leaves every product unchanged (factor 1).
      if (eq[i] > 1e-15 || gt[i] < 1 - 1e-15) active[na++] = i;
    }
    if (above < GOLF_TAIL_BOUND) done = true;
    for (let a = 0; a < na; a++) {
      const i = active[a];
      const g = gt[i];
      const e = eq[i];
      for (let q = 0; q < m; q++) full[q] *= g + e * GL.t[q];
    }
    for (let a = 0; a < na; a++) {
      const i = active[a];
      if (!(eq[i] > 1e-15)) continue;
      let share = 0;
      for (let q = 0; q < m; q++) {
        const own = gt[i] + eq[i] * GL.t[q];
        let rest = full[q] / own;
        if (!Number.isFinite(rest)) {
          rest = 1;
          for (let b = 0; b < na; b++) if (b !== a) rest *= gt[active[b]] + eq[active[b]] * GL.t[q];
        }
        share += GL.w[q] * rest;
      }
      wins[i] += eq[i] * share;
    }
  }
  let total = 0;
  for (let i = 0; i < n; i++) total += wins[i];
  for (let i = 0; i < n; i++) out.set(contenders[i].player, total > 0 ? wins[i] / total : 1 / n);
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
