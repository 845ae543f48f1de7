/**
 * Limited-overs cricket win probability: the chase (runs needed, balls left, wickets in hand)
 * and, during the first innings, the projected total against the chase.
 * Runs still to come are normal with mean par × R(u, w) and SD {@link RUN_SD_FACTOR} · √mean,
 * where R is a resource share of the Duckworth–Lewis form (Duckworth & Lewis 1998, JORS 49:
 * Z(u, w) = Z₀ F(w) (1 − e^(−b u / F(w)))), here with b = {@link DL_B} per over and
 * F(w) = ((10 − w) / 10)^1.3 — parameters chosen to reproduce the published Standard Edition
 * table at 20 of 50 overs (56.6 %) and 50 overs with 4 wickets down (about 63 %). Par is the
 * format's typical first-innings total ({@link PAR_SCORE}). A tie (runs needed − 1 scored) is a
 * super over at ½; no-results are not predicted (the match is void, the series shows none).
 * Pre-match strength shifts the log-odds by logit(P pre-match) × the share of resources left.
 * Tests (unlimited overs) have no in-play model: the pre-match probability is kept until the result.
 */
import { clampDistribution } from '../odds/clamp';
import { logistic, logit, normalCdf } from './normal';
import type { WinProbability } from './types';

export const DL_B = 0.0275;
export const RUN_SD_FACTOR = 2.4;
/** Typical first-innings totals (men's internationals and IPL): T20 165, ODI 270. */
export const PAR_SCORE = { 20: 165, 50: 270 } as Record<number, number>;

const F = (w: number) => ((10 - Math.min(10, Math.max(0, w))) / 10) ** 1.3;
const Z = (overs: number, w: number) => (w >= 10 ? 0 : F(w) * (1 - Math.exp((-DL_B * overs) / F(w))));

/** Share of a full innings' run-scoring resources left with `balls` legal balls and `wickets` down. */
export function resourceShare(balls: number, wickets: number, oversLimit: number, ballsPerOver = 6): number {
  return Z(balls / ballsPerOver, wickets) / Z(oversLimit, 0);
}

/** One innings in the model's terms. */
export interface CricketInnings {
  team: 'home' | 'away';
  runs: number;
  wickets: number;
  legal_balls: number;
  overs_limit: number | null;
  closed: boolean;
}

/** The live match the model reads (lib/cricket/rules.ts projection). */
export interface CricketSituation {
  status: string;
  innings: CricketInnings[];
  target: { innings: number; runs: number; overs: number | null } | null;
  balls_per_over?: number;
  /** Final winner once finished (null: tie / no result). */
  winner?: 'home' | 'away' | null;
  /** Team batting first when known before the first ball (the toss); default home. */
  batting_first?: 'home' | 'away' | null;
}

function chaseWin(needed: number, mean: number): { win: number; tie: number } {
  const sd = Math.max(1, RUN_SD_FACTOR * Math.sqrt(Math.max(1, mean)));
  const win = 1 - normalCdf((needed - 0.5 - mean) / sd);
  const tie = normalCdf((needed - 0.5 - mean) / sd) - normalCdf((needed - 1.5 - mean) / sd);
  return { win, tie };
}

/**
 * P(home wins) of a limited-overs match (rules in the module header).
 * @param prematchHome pre-match P(home wins)
 */
export function cricketWin(s: CricketSituation, prematchHome: number): WinProbability {
  const two = (h: number): WinProbability => {
    const [home, away] = clampDistribution([h, 1 - h]);
    return { home, draw: null, away };
  };
  if (s.status === 'finished' || s.status === 'abandoned') {
    return two(s.winner === 'home' ? 1 : s.winner === 'away' ? 0 : 0.5);
  }
  const regular = s.innings.filter((i) => i.overs_limit !== null);
  const first = regular[0];
  const limit = first?.overs_limit ?? s.target?.overs ?? 20;
  const bpo = s.balls_per_over ?? 6;
  const par = PAR_SCORE[limit] ?? PAR_SCORE[20] * (Z(limit, 0) / Z(20, 0));
  let pFirstBatting: number;
  let resourcesLeft: number;
  let firstSide: 'home' | 'away';
  if (!first || s.innings.some((i) => i.overs_limit === null)) {
    return two(prematchHome);
  }
  if (regular.length === 1 && !first.closed) {
    firstSide = first.team;
    const left = resourceShare(limit * bpo - first.legal_balls, first.wickets, limit, bpo);
    const meanRest = par * left;
    const sd1 = RUN_SD_FACTOR * Math.sqrt(Math.max(1, meanRest));
    const sd2 = RUN_SD_FACTOR * Math.sqrt(par);
    // Chaser's runs − first total ~ N(par − (runs + meanRest), sd1² + sd2²); the first side wins when it is < 0.
    const m = par - (first.runs + meanRest);
    pFirstBatting = normalCdf(-m / Math.sqrt(sd1 * sd1 + sd2 * sd2));
    resourcesLeft = (1 + left) / 2;
  } else {
    const chase = regular[1] ?? null;
    firstSide = first.team;
    const overs = s.target?.overs ?? limit;
    const target = s.target?.runs ?? first.runs + 1;
    const balls = overs * bpo - (chase?.legal_balls ?? 0);
    const wickets = chase?.wickets ?? 0;
    const left = resourceShare(Math.max(0, balls), wickets, limit, bpo);
    const needed = target - (chase?.runs ?? 0);
    if (needed <= 0) return two(firstSide === 'home' ? 0 : 1);
    const r = balls <= 0 || wickets >= 10 ? { win: 0, tie: needed === 1 ? 1 : 0 } : chaseWin(needed, par * left);
    pFirstBatting = 1 - r.win - r.tie / 2;
    resourcesLeft = left / 2;
  }
  const even = firstSide === 'home' ? pFirstBatting : 1 - pFirstBatting;
  const clampP = (p: number) => Math.min(1 - 1e-12, Math.max(1e-12, p));
  const h = logistic(logit(clampP(even)) + logit(clampP(prematchHome)) * resourcesLeft);
  return two(h);
}
