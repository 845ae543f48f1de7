/**
 * Scoreline's priced line from its win probability (issue 37 item 2, docs/odds.md "The
 * scoreline-model line"): the sport's main market — `1X2` where the match can be drawn, else
 * `moneyline` — priced from the probabilities with the model's stated margin (MODEL_MARGIN, 5 %,
 * applied proportionally) and price clamp (MODEL_PRICE_RANGE, 1.01–101), under the bookmaker
 * `scoreline-model`. Opening = the pre-match rating line (never bookmaker prices), current = the
 * in-play probability after the latest event that moved it, closing = the rating line at kickoff.
 */
import { MODEL_MARGIN, MODEL_PRICE_RANGE, modelPrices } from './inplay-model';
import { MODEL_BOOKMAKER } from './markets';

/** P(home), P(draw) (null: a two-way match), P(away). */
export interface Probabilities {
  home: number;
  draw: number | null;
  away: number;
}

/** Decimal prices of the main market (`draw` null for moneyline). */
export interface LinePrices {
  home: number;
  draw: number | null;
  away: number;
}

/** The priced line. */
export interface ModelLine {
  bookmaker: typeof MODEL_BOOKMAKER;
  market: '1X2' | 'moneyline';
  is_model: true;
  /** What the line starts from: the pre-match rating. */
  started_from: 'rating';
  /** The margin applied (before the price clamp). */
  margin: number;
  price_range: { min: number; max: number };
  opening: LinePrices;
  closing: LinePrices;
  current: LinePrices;
}

/** Decimal prices of `p` with `margin` (three-way when it has a draw). */
export function pricesOf(p: Probabilities, margin = MODEL_MARGIN): LinePrices {
  if (p.draw == null) {
    const [home, away] = modelPrices([p.home, p.away], margin);
    return { home, draw: null, away };
  }
  const [home, draw, away] = modelPrices([p.home, p.draw, p.away], margin);
  return { home, draw, away };
}

/**
 * The `scoreline-model` line of a match.
 * @param prematch the pre-match rating probability (opening and closing)
 * @param current the latest in-play probability (the pre-match one before kickoff); when either
 *   has no draw the line is a two-way `moneyline` (a draw's share split in proportion to the sides')
 * @param margin default MODEL_MARGIN (0.05)
 * @throws OddsError `invalid_book` for a negative margin
 */
export function modelLine(prematch: Probabilities, current: Probabilities, margin = MODEL_MARGIN): ModelLine {
  // Two-way when either side of the line has no draw (a knockout's in-play series): a drawn
  // probability is then shared out in proportion to the sides' (to win the tie).
  const twoWay = prematch.draw == null || current.draw == null;
  const fold = (p: Probabilities): Probabilities =>
    twoWay && p.draw != null ? { home: p.home / (p.home + p.away), draw: null, away: p.away / (p.home + p.away) } : p;
  const opening = pricesOf(fold(prematch), margin);
  return {
    bookmaker: MODEL_BOOKMAKER,
    market: twoWay ? 'moneyline' : '1X2',
    is_model: true,
    started_from: 'rating',
    margin,
    price_range: { ...MODEL_PRICE_RANGE },
    opening,
    closing: opening,
    current: pricesOf(fold(current), margin),
  };
}
