/**
 * Fits the Dota 2 in-play model's parameters (dota.ts {@link DotaParams}) from what OpenDota
 * publishes: finished games' final kills, duration and winner (`/proMatches`) and one parsed
 * game's per-minute gold lead and kill log (`/matches/{id}`). Pure; the callers read the files
 * (lib/win-probability/dota-fit.test.ts, bench/fit-dota.ts). docs/odds.md "Esports" has the figures.
 */
import type { DotaParams } from './dota';

/** One finished game as `/proMatches` lists it. */
export interface FinishedDotaGame {
  radiant_score: number;
  dire_score: number;
  /** Seconds. */
  duration: number;
  radiant_win: boolean;
}

/**
 * The kill pace and t₀ = σ² / s₀² by the method of moments: the kill lead's per-minute variance σ²
 * is the kill rate λ (kills of either side as Poisson arrivals, each ±1), and the teams' kill-rate
 * gap μ = lead / minutes has variance s₀² + σ² / T across games, so s₀² = Var(lead / T) − mean(λᵢ / Tᵢ);
 * also half the games' mean length (the clock taken when no event carries one).
 * @throws Error with fewer than 10 games or no spread beyond the noise (t₀ undefined)
 */
export function fitKillPace(games: readonly FinishedDotaGame[]): {
  kills_per_minute: number;
  prior_minutes: number;
  /** Half the games' mean length, minutes. */
  half_game_minutes: number;
} {
  if (games.length < 10) throw new Error(`fitKillPace needs at least 10 games, got ${games.length}`);
  const mins = games.map((g) => g.duration / 60);
  const rate = games.map((g, i) => (g.radiant_score + g.dire_score) / mins[i]);
  const gap = games.map((g, i) => (g.radiant_score - g.dire_score) / mins[i]);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const lambda = mean(rate);
  const m = mean(gap);
  const spread = mean(gap.map((x) => (x - m) ** 2)) - mean(rate.map((r, i) => r / mins[i]));
  if (!(spread > 0)) throw new Error('fitKillPace: the kill-rate gap has no spread beyond the noise');
  return { kills_per_minute: lambda, prior_minutes: lambda / spread, half_game_minutes: mean(mins) / 2 };
}

/**
 * β by maximum likelihood (Newton's method on the one-parameter logistic regression without
 * intercept, the pre-match probability ½ for all: these games' teams are unrated here) of the
 * winner on lead / √(T + t₀) at each game's end.
 * @returns β and the fitted log loss per game (nats)
 */
export function fitKillScale(
  games: readonly FinishedDotaGame[],
  priorMinutes: number,
): { beta: number; log_loss: number } {
  const xs = games.map((g) => (g.radiant_score - g.dire_score) / Math.sqrt(g.duration / 60 + priorMinutes));
  const ys = games.map((g) => (g.radiant_win ? 1 : 0));
  let beta = 0;
  for (let it = 0; it < 100; it++) {
    let grad = 0;
    let hess = 0;
    xs.forEach((x, i) => {
      const p = 1 / (1 + Math.exp(-beta * x));
      grad += (ys[i] - p) * x;
      hess += p * (1 - p) * x * x;
    });
    if (!(hess > 0)) break;
    const step = grad / hess;
    beta += step;
    if (Math.abs(step) < 1e-12) break;
  }
  const ll = xs.reduce((a, x, i) => {
    const p = 1 / (1 + Math.exp(-beta * x));
    return a - Math.log(ys[i] ? p : 1 - p);
  }, 0);
  return { beta, log_loss: ll / xs.length };
}

/**
 * g: the gold a kill of lead is worth — least-squares slope of the per-minute change of the gold
 * lead on the per-minute change of the kill lead (differences take out the farm and buildings'
 * trend a level regression would credit to kills).
 * @param goldLead home's gold lead at minute i (OpenDota `radiant_gold_adv`)
 * @param killLead home's kill lead at minute i (kills with time ≤ 60·i)
 * @throws Error when the lists differ in length, have fewer than 10 minutes or the kill lead never changes
 */
export function fitGoldPerKill(goldLead: readonly number[], killLead: readonly number[]): number {
  if (goldLead.length !== killLead.length || goldLead.length < 10)
    throw new Error('fitGoldPerKill needs two per-minute lists of the same length, 10 minutes at least');
  const dg = goldLead.slice(1).map((g, i) => g - goldLead[i]);
  const dk = killLead.slice(1).map((k, i) => k - killLead[i]);
  const mg = dg.reduce((a, b) => a + b, 0) / dg.length;
  const mk = dk.reduce((a, b) => a + b, 0) / dk.length;
  let sxy = 0;
  let sxx = 0;
  dk.forEach((k, i) => {
    sxy += (k - mk) * (dg[i] - mg);
    sxx += (k - mk) ** 2;
  });
  if (!(sxx > 0)) throw new Error('fitGoldPerKill: the kill lead never changes');
  return sxy / sxx;
}

/** Every parameter from the two sources (β fitted with the fitted t₀). */
export function fitDotaParams(
  games: readonly FinishedDotaGame[],
  goldLead: readonly number[],
  killLead: readonly number[],
): DotaParams & { log_loss: number; games: number } {
  const pace = fitKillPace(games);
  const { beta, log_loss } = fitKillScale(games, pace.prior_minutes);
  return {
    kill_scale: beta,
    prior_minutes: pace.prior_minutes,
    gold_per_kill: fitGoldPerKill(goldLead, killLead),
    kills_per_minute: pace.kills_per_minute,
    unknown_clock_minutes: pace.half_game_minutes,
    log_loss,
    games: games.length,
  };
}

/** The parsed game's parts {@link killLeadByMinute} reads (OpenDota `/matches/{id}`). */
export interface ParsedDotaKills {
  players: readonly { player_slot: number; isRadiant?: boolean; kills_log?: readonly { time: number }[] | null }[];
}

/** Home's (Radiant's) kill lead at minutes 0 … n − 1: kills logged at game time ≤ 60·i. */
export function killLeadByMinute(m: ParsedDotaKills, n: number): number[] {
  const kills = m.players.flatMap((p) =>
    (p.kills_log ?? []).map((k) => ({ at: k.time, d: (p.isRadiant ?? p.player_slot < 128) ? 1 : -1 })),
  );
  return Array.from({ length: n }, (_, i) => kills.filter((k) => k.at <= 60 * i).reduce((a, k) => a + k.d, 0));
}

/** The TI 2018 grand-final series on /proMatches (kept out of the fit: its games are the ones the tests price). */
export const TI2018_FINAL_SERIES_ID = 236320;
