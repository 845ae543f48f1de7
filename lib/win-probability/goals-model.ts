/**
 * In-play win probability of the goal sports from Poisson processes (Maher 1982; the model of
 * lib/odds/inplay-model.ts): football (90 minutes, then extra time and a shoot-out in knockouts)
 * and ice hockey (60 minutes, then sudden-death overtime and a shoot-out).
 */
import { clampDistribution } from '../odds/clamp';
import { inPlayOdds, type InPlayState } from '../odds/inplay-model';
import { resultProbabilities } from '../odds/poisson';
import type { TimePhase } from './time-left';
import type { WinProbability } from './types';

/** P(the home side wins a shoot-out) before it starts: ½ (no per-kick data upstream; Apesteguia & Palacios-Huerta 2010 find the first-kicking side's edge, not the home side's). */
export const SHOOTOUT_HOME = 0.5;
/** Extra time's share of a match's scoring: 30 of 97 minutes. */
export const EXTRA_TIME_SHARE = 30 / 97;

/**
 * Score effect of football's in-play rates (Dixon & Robinson 1998, "A birth process model for
 * association football matches", The Statistician 47(3): scoring rates depend on the current
 * score): while a side leads, the trailing side's rate for the rest of the match is × (1 + γ) and
 * the leader's × (1 − γ). γ = 0.3 fitted by log loss on the World Cup 2018 series (bench/calibration.ts
 * --fit-score-effect; docs/odds.md).
 */
export const FOOTBALL_SCORE_EFFECT = 0.3;

/**
 * Football: regulation by the in-play Poisson model (fair 1X2 of inPlayOdds); in a knockout a
 * level score after 90 minutes goes to extra time (the same rates over 30 minutes) and then a
 * shoot-out ({@link SHOOTOUT_HOME}); the result is two-way (P(home goes through), no draw).
 * @param rates expected goals per side over a whole match
 * @param state the live match (minute, stoppage, period, score, red cards, penalties)
 * @param knockout the fixture must have a winner
 * @param scoreEffect γ of {@link FOOTBALL_SCORE_EFFECT}
 */
export function footballWin(
  rates0: { home: number; away: number; rho?: number },
  state: InPlayState & { penalties?: { home: number; away: number } | null },
  knockout: boolean,
  scoreEffect = FOOTBALL_SCORE_EFFECT,
): WinProbability {
  const lead = state.score.home - state.score.away;
  const g = lead === 0 ? 0 : Math.max(-0.9, Math.min(0.9, scoreEffect));
  const rates =
    lead > 0
      ? { ...rates0, home: rates0.home * (1 - g), away: rates0.away * (1 + g) }
      : lead < 0
        ? { ...rates0, home: rates0.home * (1 + g), away: rates0.away * (1 - g) }
        : rates0;
  const period = String(state.period ?? '');
  const ended = period === 'full_time';
  const et = ['before_extra_time', 'extra_time_1st', 'extra_time_half_time', 'extra_time_2nd'].includes(period);
  const pens = period === 'before_penalties' || period === 'penalties';
  const etWin = (lead0: number, share: number) => {
    const r = resultProbabilities(rates.home * share, rates.away * share, lead0, 0);
    return r.home + r.draw * SHOOTOUT_HOME;
  };
  const two = (h: number): WinProbability => {
    const [home, away] = clampDistribution([h, 1 - h]);
    return { home, draw: null, away };
  };
  if (ended) {
    const p = state.penalties;
    if (lead !== 0 || !knockout || !p) {
      if (knockout) return two(lead > 0 ? 1 : lead < 0 ? 0 : SHOOTOUT_HOME);
      const [home, draw, away] = clampDistribution([lead > 0 ? 1 : 0, lead === 0 ? 1 : 0, lead < 0 ? 1 : 0]);
      return { home, draw, away };
    }
    return two(p.home > p.away ? 1 : p.home < p.away ? 0 : SHOOTOUT_HOME);
  }
  if (knockout && pens) return two(SHOOTOUT_HOME);
  if (knockout && et) {
    const m = Math.min(120, Math.max(90, state.minute + (state.stoppage_time ?? 0)));
    const left = period === 'before_extra_time' ? 30 : period === 'extra_time_half_time' ? 15 : Math.max(0.5, 120 - m);
    return two(etWin(lead, (EXTRA_TIME_SHARE * left) / 30));
  }
  const odds = inPlayOdds({ home: rates.home, away: rates.away, rho: rates.rho ?? 0 }, state);
  if (!odds) return two(lead > 0 ? 1 : lead < 0 ? 0 : SHOOTOUT_HOME);
  const f = odds['1X2'].fair;
  if (!knockout) return { home: f.home, draw: f.draw, away: f.away };
  return two(f.home + f.draw * etWin(0, EXTRA_TIME_SHARE));
}

/** NHL regular-season overtime (5 minutes, 3-on-3) ends with a goal 60 % of the time (2015–2023 seasons); the scoring rate is scaled to give that. */
export const OVERTIME_DECIDED = 0.6;

/**
 * Ice hockey: further goals Poisson with the pre-match rates × time left; a tie after 60 minutes
 * goes to overtime (regular season: 5 minutes, decided with probability {@link OVERTIME_DECIDED},
 * the first goal home's with share λh / (λh + λa); else a shoot-out at ½); playoffs: sudden death
 * until a goal. No draws.
 * @param rates expected goals per side over 60 minutes
 * @param lead home goals − away goals (regulation and overtime; a shoot-out not counted)
 * @param phase from time-left.ts `clockedPhase`
 * @param playoff 20-minute sudden-death overtimes until a goal
 */
export function hockeyWin(
  rates: { home: number; away: number },
  lead: number,
  phase: TimePhase,
  playoff: boolean,
  shootout?: { home: number; away: number } | null,
): WinProbability {
  const share = rates.home / (rates.home + rates.away);
  const otPart = (secondsLeft: number, length: number) => {
    if (playoff) return share;
    const decided = OVERTIME_DECIDED * (secondsLeft / length);
    return decided * share + (1 - decided) * SHOOTOUT_HOME;
  };
  let h: number;
  if (phase.phase === 'over')
    h = lead > 0 ? 1 : lead < 0 ? 0 : shootout ? (shootout.home > shootout.away ? 1 : 0) : 0.5;
  else if (phase.phase === 'shootout') h = lead !== 0 ? (lead > 0 ? 1 : 0) : SHOOTOUT_HOME;
  else if (phase.phase === 'overtime')
    h = lead !== 0 ? (lead > 0 ? 1 : 0) : otPart(phase.seconds_left, phase.overtime_seconds);
  else {
    const r = resultProbabilities(rates.home * phase.share_left, rates.away * phase.share_left, lead, 0);
    h = r.home + r.draw * otPart(300, 300);
  }
  const [home, away] = clampDistribution([h, 1 - h]);
  return { home, draw: null, away };
}

/** Goals per NHL game (60 minutes) before any result is known: 6.2 (2022/23: 6.36 incl. overtime). */
export const HOCKEY_TOTAL_GOALS = 6.2;

/** Hockey rates with total {@link HOCKEY_TOTAL_GOALS} whose pre-match P(home) is `e` (bisection on the share). */
export function hockeyRatesFor(e: number, total = HOCKEY_TOTAL_GOALS): { home: number; away: number } {
  let lo = 0.01;
  let hi = 0.99;
  for (let i = 0; i < 40; i++) {
    const s = (lo + hi) / 2;
    const p = hockeyWin(
      { home: s * total, away: (1 - s) * total },
      0,
      { phase: 'regulation', share_left: 1 },
      false,
    ).home;
    if (p < e) lo = s;
    else hi = s;
  }
  const s = (lo + hi) / 2;
  return { home: s * total, away: (1 - s) * total };
}
