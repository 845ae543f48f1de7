/**
 * Scoreline's in-play football model (issue "Odds": "in-play prices follow the match state from a
 * transparent, documented model … published under a bookmaker named as a model, never passed off
 * as a real book"). Pure and cheap: one fit per match before kickoff, then one 15 × 15 grid per
 * match event.
 *
 * 1. Pre-match fit ({@link fitPoissonRates}): home and away goals over the whole match (90 minutes
 *    plus added time) are Poisson with means λh, λa, independent except for the Dixon–Coles (1997)
 *    low-score correction ρ (poisson.ts), which adds or removes 0-0 / 1-1 draws without changing
 *    either side's goal distribution or P(total ≥ 3). Written as total T = λh + λa and home share
 *    s = λh / T, every target is met exactly by one-dimensional bisections: s from
 *    P(home) − P(away); with a totals line T from P(over line) and ρ from P(draw); without one ρ = 0
 *    and T from P(draw). Plain independent Poisson cannot match 1X2 and totals together (it
 *    gives too few draws for the market's total: 1–2 points on real Premier League and Bundesliga
 *    books), which is why ρ is there. Fair probabilities come from proportional no-vig (margin.ts).
 * 2. In play ({@link inPlayOdds}): the goals still to come are Poisson with means λ·φ, where φ is
 *    the share of playing time left: minutes are counted on a 97-minute match (45 + 2 added, 45 + 5
 *    added: {@link NOMINAL_ADDED_TIME}); added time actually shown is used up to that nominal
 *    amount, and in deep added time at least {@link MIN_REMAINING_MINUTES} is left until the final
 *    whistle. Red cards multiply the remaining rate of the penalised side by 0.7 and the opponent's
 *    by 1.2 per card ({@link RED_CARD_FACTORS}: assumed round constants, not fitted here; the
 *    direction follows Vecer, Kopriva & Ichiba 2009, "Estimating the effect of the red card in
 *    soccer": the penalised side's scoring intensity drops markedly, the opponent's rises slightly).
 *    Final score = current score + further goals (with the same ρ on the further goals, whose
 *    effect fades with the remaining rates) → P(home), P(draw), P(away), P(over line).
 * 3. Prices: fair probabilities (each clamped to [ε, 1 − ε], clamp.ts) get a fixed {@link MODEL_MARGIN} (5 %) proportionally
 *    (price = 1 / (p · 1.05)), are rounded half up to 3 dp and clamped to {@link MODEL_PRICE_RANGE}
 *    (1.01..101). Markets are regulation time only: after the second half the model publishes nothing.
 */
import type { FootballPeriod } from '../football/types';
import { clampDistribution, clampProbability } from './clamp';
import { OddsError } from './errors';
import { applyMargin, fairProbabilities, type NoVigMethod } from './margin';
import { MODEL_BOOKMAKER, MODEL_BOOKMAKER_NAME, type Quote } from './markets';
import { resultProbabilities, totalsProbabilities, type ResultProbabilities } from './poisson';
import { roundPrice } from './rounding';

export { MODEL_BOOKMAKER, MODEL_BOOKMAKER_NAME } from './markets';

/** The model's prices are a model's, never a bookmaker's (shown beside every output). */
export const IS_MODEL = true as const;
/** Overround put on the model's fair probabilities (proportionally): 5 %. */
export const MODEL_MARGIN = 0.05;
/** Published decimal prices are clamped to this range. */
export const MODEL_PRICE_RANGE = { min: 1.01, max: 101 } as const;
/** Nominal added time per half, minutes (total playing time 97 minutes). */
export const NOMINAL_ADDED_TIME = { first_half: 2, second_half: 5 } as const;
/** Playing time left assumed while the second half is still running, however late. */
export const MIN_REMAINING_MINUTES = 0.5;
/** Per red card: factor on the penalised side's remaining rate, and on its opponent's. */
export const RED_CARD_FACTORS = { penalised: 0.7, opponent: 1.2 } as const;
/** Search range of the fitted expected total goals T = λh + λa. */
export const TOTAL_GOALS_RANGE = { min: 0.3, max: 7 } as const;

const MATCH_MINUTES = 90 + NOMINAL_ADDED_TIME.first_half + NOMINAL_ADDED_TIME.second_half;

/** Model parameters: expected goals of each side over a whole match (90 minutes plus added time) and ρ. */
export interface PoissonRates {
  home: number;
  away: number;
  /** Dixon–Coles low-score correction (poisson.ts); 0 or absent = independent Poisson. */
  rho?: number;
}

/** Fair (no-vig) pre-match probabilities the model is fitted to. */
export interface PrematchProbabilities {
  home: number;
  draw: number;
  away: number;
  /** Fair P(over line) of the totals market (e.g. line 2.5), when known. */
  over_under?: { line: number; over: number } | null;
}

/** Result of the fit: the parameters plus how closely they reproduce the targets. */
export interface FittedRates extends PoissonRates {
  rho: number;
  /** Root mean square error over the fitted probabilities (0.004 = 0.4 percentage points); ~0 when exact. */
  rms_error: number;
}

const checkProbability = (p: number, what: string) => {
  if (!(p > 0 && p < 1)) throw new OddsError('invalid_book', `${what} probability ${p} must be in (0, 1)`);
};

/** Bisection for x in [lo, hi] where `below(x)` says the root lies above x. */
function bisect(below: (x: number) => boolean, lo: number, hi: number, iterations = 40): number {
  for (let i = 0; i < iterations; i++) {
    const mid = (lo + hi) / 2;
    if (below(mid)) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Fits the model to fair pre-match probabilities (rule in the file header, step 1):
 * - home share s = λh/T: bisection so P(home) − P(away) is exact;
 * - with a totals line: T = λh + λa by bisection so P(over line) of Poisson(T) is exact (the
 *   Dixon–Coles correction leaves P(total ≥ 3) unchanged, so this is exact for lines ≥ 2.5 and
 *   close for lower lines), then ρ by bisection so P(draw) is exact;
 * - without one: ρ = 0 and T by bisection so P(draw) is exact.
 * Targets outside what the model can produce end at the edge of the search ranges
 * ({@link TOTAL_GOALS_RANGE}, ρ within [max(−1, −1/T), min(1, 4/T²)]); `rms_error` then shows it.
 * @param fair fair 1X2 probabilities (summing to 1 within 1e-6) and optionally a totals line with
 *   fair P(over), e.g. `{ home: 0.45, draw: 0.27, away: 0.28, over_under: { line: 2.5, over: 0.52 } }`
 * @returns expected goals per side for the whole match, ρ, and the fit's RMS error (probability units)
 * @throws OddsError `invalid_book` for a probability outside (0, 1), 1X2 not summing to 1, or a bad line
 */
export function fitPoissonRates(fair: PrematchProbabilities): FittedRates {
  checkProbability(fair.home, 'home');
  checkProbability(fair.draw, 'draw');
  checkProbability(fair.away, 'away');
  if (Math.abs(fair.home + fair.draw + fair.away - 1) > 1e-6)
    throw new OddsError('invalid_book', '1X2 fair probabilities must sum to 1');
  const ou = fair.over_under ?? null;
  if (ou) {
    checkProbability(ou.over, 'over');
    if (!(ou.line >= 0 && Number.isInteger(ou.line * 4)))
      throw new OddsError('invalid_book', `totals line ${ou.line} must be a multiple of 0.25, ≥ 0`);
  }
  const supremacy = fair.home - fair.away;
  const split = (total: number, rho: number) => {
    const s = bisect(
      (x) => {
        const r = resultProbabilities(x * total, (1 - x) * total, 0, rho);
        return r.home - r.away < supremacy;
      },
      0,
      1,
    );
    return { home: s * total, away: (1 - s) * total };
  };
  const drawAt = (total: number, rho: number) => {
    const l = split(total, rho);
    return resultProbabilities(l.home, l.away, 0, rho).draw;
  };
  let total: number;
  let rho = 0;
  if (ou) {
    total = bisect(
      (t) => (totalsProbabilities(t / 2, t / 2, 0, ou.line)?.over ?? 0) < ou.over,
      TOTAL_GOALS_RANGE.min,
      TOTAL_GOALS_RANGE.max,
    );
    // P(draw) falls as ρ rises.
    rho = bisect((r) => drawAt(total, r) > fair.draw, Math.max(-1, -1 / total), Math.min(1, 4 / (total * total)));
  } else {
    // P(draw) falls as the total rises.
    total = bisect((t) => drawAt(t, 0) > fair.draw, TOTAL_GOALS_RANGE.min, TOTAL_GOALS_RANGE.max);
  }
  const l = split(total, rho);
  const r = resultProbabilities(l.home, l.away, 0, rho);
  const errs = [r.home - fair.home, r.draw - fair.draw, r.away - fair.away];
  if (ou) errs.push((totalsProbabilities(l.home, l.away, 0, ou.line, rho)?.over ?? 0) - ou.over);
  return { home: l.home, away: l.away, rho, rms_error: Math.sqrt(errs.reduce((x, e) => x + e * e, 0) / errs.length) };
}

/**
 * Fits the model to consensus decimal prices: removes the margin (default proportional,
 * margin.ts) and calls {@link fitPoissonRates}.
 * @param x12 1X2 decimal prices, e.g. the consensus `{ home: 8.29, draw: 5.375, away: 1.335 }`
 * @param overUnder optional totals line with over/under decimal prices, e.g. `{ line: 2.5, over: 1.67, under: 2.2 }`
 * @param method no-vig method (default `proportional`)
 * @returns fitted rates as {@link fitPoissonRates}
 * @throws OddsError `invalid_book` for prices ≤ 1 or not finite
 */
export function fitRatesFromPrices(
  x12: { home: number; draw: number; away: number },
  overUnder?: { line: number; over: number; under: number } | null,
  method: NoVigMethod = 'proportional',
): FittedRates {
  const [home, draw, away] = fairProbabilities([x12.home, x12.draw, x12.away], method);
  const ou = overUnder
    ? { line: overUnder.line, over: fairProbabilities([overUnder.over, overUnder.under], method)[0] }
    : null;
  return fitPoissonRates({ home, draw, away, over_under: ou });
}

/**
 * The parts of a live match the model reads — the field names of the wire's live match
 * (lib/wire/schemas.ts `LiveMatch`), so a `LiveMatch` can be passed as is.
 */
export interface InPlayState {
  /** Displayed minute (0 at kickoff; capped at 45 / 90 with added time in `stoppage_time`; 93 is read as 90+3). */
  minute: number;
  stoppage_time?: number | null;
  /** When absent, minute ≤ 45 is the first half and later the second. */
  period?: FootballPeriod | string | null;
  score: { home: number; away: number };
  red_cards?: { home: number; away: number } | null;
}

/**
 * Share of the match's playing time still to come (rule in the file header, step 2).
 * @param state minute, added time and period
 * @returns φ in (0, 1]: 1 before kickoff, (97 − 47)/97 at half time; null once regulation time is over
 *   (full time, extra time, penalties)
 * @throws OddsError `invalid_state` for a negative or non-finite minute / added time
 */
export function remainingShare(state: Pick<InPlayState, 'minute' | 'stoppage_time' | 'period'>): number | null {
  const m = state.minute;
  const s = state.stoppage_time ?? 0;
  if (!(Number.isFinite(m) && m >= 0 && Number.isFinite(s) && s >= 0)) {
    throw new OddsError('invalid_state', `minute ${m} and stoppage ${s} must be finite and ≥ 0`);
  }
  const { first_half: a1, second_half: a2 } = NOMINAL_ADDED_TIME;
  const period = state.period ?? (m <= 45 ? '1st_half' : '2nd_half');
  let elapsed: number;
  switch (period) {
    case 'not_started':
      elapsed = 0;
      break;
    case '1st_half':
      elapsed = Math.min(m, 45) + Math.min(Math.max(m - 45, 0) + (m >= 45 ? s : 0), a1);
      break;
    case 'half_time':
      elapsed = 45 + a1;
      break;
    case '2nd_half': {
      const mm = Math.max(m, 45);
      elapsed = 45 + a1 + (Math.min(mm, 90) - 45) + Math.min(Math.max(mm - 90, 0) + (mm >= 90 ? s : 0), a2);
      break;
    }
    default:
      return null;
  }
  return (
    Math.max(MATCH_MINUTES - elapsed, period === 'not_started' ? MATCH_MINUTES : MIN_REMAINING_MINUTES) / MATCH_MINUTES
  );
}

/** A priced two- or three-way market from the model. */
export interface ModelMarket<S extends string> {
  fair: Record<S, number>;
  prices: Record<S, number>;
}

/** The model's in-play prices for one match state. */
export interface InPlayOdds {
  bookmaker: typeof MODEL_BOOKMAKER;
  bookmaker_name: typeof MODEL_BOOKMAKER_NAME;
  is_model: typeof IS_MODEL;
  margin: number;
  /** φ, share of playing time left. */
  remaining_share: number;
  /** Expected further goals of each side (after red-card factors). */
  expected_goals_remaining: PoissonRates;
  '1X2': ModelMarket<'home' | 'draw' | 'away'>;
  /** Null without a line, or once the line is settled (e.g. 3 goals against line 2.5). */
  over_under: (ModelMarket<'over' | 'under'> & { line: number }) | null;
}

/**
 * Fair probabilities → published prices (decimal odds): each probability clamped to [ε, 1 − ε]
 * (clamp.ts; sums of Poisson terms reach 1.0000000000000002 on a 7–0 lead, which `applyMargin`
 * refuses), `margin` applied proportionally (price = 1 / (p·(1 + margin))), 3 dp, then clamped to
 * {@link MODEL_PRICE_RANGE} (so a near-certain side's book carries less than `margin`).
 * @throws OddsError `invalid_book` for a negative margin
 */
export function modelPrices(probabilities: readonly number[], margin: number): number[] {
  return applyMargin(
    probabilities.map((p) => clampProbability(p)),
    margin,
  ).map((x) => Math.min(MODEL_PRICE_RANGE.max, Math.max(MODEL_PRICE_RANGE.min, roundPrice(x))));
}

/**
 * In-play prices of the model for one match state (rules in the file header, steps 2–3).
 * @param rates pre-match expected goals per side ({@link fitPoissonRates})
 * @param state minute, added time, period, score and red cards (a `LiveMatch` fits)
 * @param options `totals_line` to price (e.g. 2.5; null/absent → no totals market), `margin`
 *   (default {@link MODEL_MARGIN})
 * @returns fair probabilities and decimal prices for 1X2 and totals under {@link MODEL_BOOKMAKER};
 *   null once regulation time is over (nothing left to price)
 * @throws OddsError `invalid_state` for a negative score, red-card count or minute;
 *   `invalid_book` for negative rates or margin, or a totals line that is not a multiple of 0.25 ≥ 0
 */
export function inPlayOdds(
  rates: PoissonRates,
  state: InPlayState,
  options: { totals_line?: number | null; margin?: number } = {},
): InPlayOdds | null {
  if (!(rates.home >= 0 && rates.away >= 0 && Number.isFinite(rates.home + rates.away))) {
    throw new OddsError('invalid_book', `expected goals ${rates.home}, ${rates.away} must be finite and ≥ 0`);
  }
  const { home: h, away: a } = state.score;
  const reds = state.red_cards ?? { home: 0, away: 0 };
  for (const n of [h, a, reds.home, reds.away]) {
    if (!(Number.isInteger(n) && n >= 0))
      throw new OddsError('invalid_state', `score and red cards must be integers ≥ 0 (got ${n})`);
  }
  const phi = remainingShare(state);
  if (phi === null) return null;
  const margin = options.margin ?? MODEL_MARGIN;
  const { penalised, opponent } = RED_CARD_FACTORS;
  const rh = rates.home * phi * penalised ** reds.home * opponent ** reds.away;
  const ra = rates.away * phi * penalised ** reds.away * opponent ** reds.home;
  const rho = rates.rho ?? 0;
  const raw: ResultProbabilities = resultProbabilities(rh, ra, h - a, rho);
  const [home, draw, away] = clampDistribution([raw.home, raw.draw, raw.away]);
  const r = { home, draw, away };
  const [ph, pd, pa] = modelPrices([r.home, r.draw, r.away], margin);
  const line = options.totals_line ?? null;
  const t = line === null ? null : totalsProbabilities(rh, ra, h + a, line, rho);
  let overUnder: InPlayOdds['over_under'] = null;
  if (line !== null && t) {
    const [over, under] = clampDistribution([t.over, t.under]);
    const [po, pu] = modelPrices([over, under], margin);
    overUnder = { line, fair: { over, under }, prices: { over: po, under: pu } };
  }
  return {
    bookmaker: MODEL_BOOKMAKER,
    bookmaker_name: MODEL_BOOKMAKER_NAME,
    is_model: IS_MODEL,
    margin,
    remaining_share: phi,
    expected_goals_remaining: { home: rh, away: ra },
    '1X2': { fair: { home: r.home, draw: r.draw, away: r.away }, prices: { home: ph, draw: pd, away: pa } },
    over_under: overUnder,
  };
}

/**
 * The model's prices as quotes for the odds store, bookmaker {@link MODEL_BOOKMAKER}.
 * @param odds output of {@link inPlayOdds}
 * @param observedAt ISO 8601 UTC with Z (the time of the match event priced)
 * @returns 3 quotes for 1X2 plus 2 for totals when present
 */
export function modelQuotes(odds: InPlayOdds, observedAt: string): Quote[] {
  const base = { bookmaker: MODEL_BOOKMAKER, observed_at: observedAt };
  const out: Quote[] = (['home', 'draw', 'away'] as const).map((selection) => ({
    ...base,
    market: '1X2' as const,
    selection,
    line: null,
    price: odds['1X2'].prices[selection],
  }));
  if (odds.over_under) {
    for (const selection of ['over', 'under'] as const) {
      out.push({
        ...base,
        market: 'over_under',
        selection,
        line: odds.over_under.line,
        price: odds.over_under.prices[selection],
      });
    }
  }
  return out;
}
