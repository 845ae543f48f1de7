/**
 * In-play win probability from margin, time left and pre-match strength as a Brownian motion
 * (Stern 1994, "A Brownian Motion Model for the Progress of Sports Scores", JASA 89(427)):
 * the home margin over the rest of regulation is normal with mean μ·τ and variance σ²·τ, where τ
 * is the share of regulation left, μ the pre-match expected final margin and σ the SD of the
 * final margin. Used for basketball (overtime: the same process over the overtime's length,
 * ties going to another overtime) and rugby (a level score at 80 minutes is a draw).
 */
import { clampDistribution } from '../odds/clamp';
import { normalCdf } from './normal';
import type { WinProbability } from './types';

/**
 * P(final margin > 0), P(= 0), P(< 0) for current lead `lead`, mean `mu`·τ, SD `sd`·√τ, the
 * margin rounded to whole points (a draw is |margin| < ½).
 * @param lead home points minus away points now
 * @param mu pre-match expected final margin (home − away, points)
 * @param sd SD of the final margin over a whole regulation (points)
 * @param tau share of regulation left in [0, 1]
 */
export function brownianOutcome(
  lead: number,
  mu: number,
  sd: number,
  tau: number,
): { home: number; draw: number; away: number } {
  if (tau <= 0) return { home: lead > 0 ? 1 : 0, draw: lead === 0 ? 1 : 0, away: lead < 0 ? 1 : 0 };
  const m = lead + mu * tau;
  const s = sd * Math.sqrt(tau);
  const away = normalCdf((-0.5 - m) / s);
  const home = 1 - normalCdf((0.5 - m) / s);
  return { home, draw: Math.max(0, 1 - home - away), away };
}

/**
 * Basketball: regulation by {@link brownianOutcome}; a tie goes to 5-minute overtimes with the
 * same μ and σ scaled to 300 of 2,880 seconds, repeated until decided (geometric series).
 * @param phase 'regulation' with share left, or 'overtime' with seconds left of `overtime_seconds`
 */
export function basketballWin(
  lead: number,
  mu: number,
  sd: number,
  phase:
    | { phase: 'regulation'; share_left: number }
    | { phase: 'overtime'; seconds_left: number; overtime_seconds: number },
): WinProbability {
  const otTau = 300 / 2880;
  const ot = brownianOutcome(0, mu, sd, otTau);
  const otHome = ot.home / (ot.home + ot.away);
  const tau = phase.phase === 'regulation' ? phase.share_left : (phase.seconds_left / phase.overtime_seconds) * otTau;
  const r = brownianOutcome(lead, mu, sd, tau);
  const [home, away] = clampDistribution([r.home + r.draw * otHome, r.away + r.draw * (1 - otHome)]);
  return { home, draw: null, away };
}

/** Rugby: regulation by {@link brownianOutcome}, a draw kept (league rules). */
export function rugbyWin(lead: number, mu: number, sd: number, tau: number): WinProbability {
  const r = brownianOutcome(lead, mu, sd, tau);
  const [home, draw, away] = clampDistribution([r.home, r.draw, r.away]);
  return { home, draw, away };
}
