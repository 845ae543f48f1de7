/**
 * In-play win probability of a Dota 2 game from its pre-match probability, the kill lead, the
 * net-worth (gold) lead and the game clock (docs/odds.md "Esports"). The form is the logistic
 * regression on gold and kill differences of the Dota 2 real-time prediction literature (Yang,
 * Qin & Lei 2016, "Real-time eSports Match Result Prediction", arXiv:1701.03162; Hodge et al.
 * 2021, "Win Prediction in Multiplayer Esports: Live Professional Match Prediction", IEEE
 * Transactions on Games 13(4)), with the lead scaled by game time as a Brownian lead with an
 * unknown drift (the game's strength gap) gives it: the lead X_t = μ·t + σ·W_t with μ ~ N(0, s₀²)
 * tells P(μ > 0) through X_t / (σ·√(t + t₀)), t₀ = σ² / s₀² (the Bayes update of a normal drift):
 *
 *   logit P(home) = logit(q) + β · L / √(t + t₀),
 *
 * L the lead in kills (the gold lead counts as G / g kills: the gold a kill of lead is worth,
 * plus the kills since the latest gold reading), t game minutes (half a typical game when no event
 * carried a clock), q the pre-match (per-map)
 * probability. β, t₀, g and the kill pace are fitted from the recorded OpenDota data
 * (dota-fit.ts; {@link DOTA_INPLAY}). Pure.
 */
import type { PerSide } from '../rules/sides';

/** The fitted parameters (dota-fit.ts on test/fixtures/upstream/opendota; docs/odds.md "Esports" has the figures). */
export interface DotaParams {
  /** β: log-odds per unit of L / √(t + t₀) (L in kills, t in minutes). */
  kill_scale: number;
  /** t₀ = σ² / s₀², minutes: the lead's per-minute variance over the spread of the teams' kill-rate gap. */
  prior_minutes: number;
  /** g: gold lead a kill lead of one is worth (slope of the per-minute changes), gold. */
  gold_per_kill: number;
  /** Kills per minute of a pro game (both teams; the lead's per-minute variance in t₀). */
  kills_per_minute: number;
  /**
   * The game minute taken when no event carried a clock: half a pro game's mean length. A fixed
   * value keeps the model monotone in kills (a clock estimated from the kills would move with each
   * kill and could lower the killer's side when a big gold lead is the other's).
   */
  unknown_clock_minutes: number;
}

/**
 * Fitted by dota-fit.ts on the recorded OpenDota files (lib/win-probability/dota-fit.test.ts
 * re-fits them and checks these figures): β and t₀ on /proMatches' 95 games outside the TI 2018
 * grand-final series (final kills, duration, winner), g on the parsed game 4080856812's per-minute
 * gold and kills (its in-game relation, not its result).
 */
export const DOTA_INPLAY: DotaParams = {
  kill_scale: 1.372,
  prior_minutes: 6.85,
  gold_per_kill: 630.7,
  kills_per_minute: 1.455,
  unknown_clock_minutes: 20.25,
};

/** What the model reads of a Dota 2 game in play (lib/esports/rules.ts projection). */
export interface DotaGameState {
  /** Kills so far per side. */
  kills: PerSide<number>;
  /** Home's latest net-worth lead, gold (negative: away ahead); null before one. */
  gold_lead: number | null;
  /** Kills when that gold lead came; null with it. */
  gold_lead_kills: PerSide<number> | null;
  /** Game clock, seconds; null when no event carried one (then {@link DotaParams.unknown_clock_minutes}). */
  game_seconds: number | null;
}

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The lead in kills: the gold lead in kills plus the kill lead since it, else the kill lead. */
export function dotaLeadInKills(s: DotaGameState, params: DotaParams = DOTA_INPLAY): number {
  const kl = s.kills.home - s.kills.away;
  if (s.gold_lead === null || !s.gold_lead_kills) return kl;
  const since = kl - (s.gold_lead_kills.home - s.gold_lead_kills.away);
  return s.gold_lead / params.gold_per_kill + since;
}

/**
 * P(home wins the game) in play.
 * @param q the pre-match probability of home winning this game, in (0, 1)
 * @param s the game so far
 * @returns a probability in (0, 1), unclamped (the caller clamps to [ε, 1 − ε]); more kills or
 *   gold for home never lowers it
 */
export function dotaMapWin(q: number, s: DotaGameState, params: DotaParams = DOTA_INPLAY): number {
  const qq = Math.min(1 - 1e-12, Math.max(1e-12, q));
  const minutes = s.game_seconds !== null ? s.game_seconds / 60 : params.unknown_clock_minutes;
  const z = dotaLeadInKills(s, params) / Math.sqrt(Math.max(0, minutes) + params.prior_minutes);
  return sigmoid(logit(qq) + params.kill_scale * z);
}
