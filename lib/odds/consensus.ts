/**
 * Consensus and best price across bookmakers for one market (and line) (issue "Odds": "consensus
 * (median) and best price per selection"; spec 2.4 top-level `home`/`draw`/`away`,
 * docs/api.md and docs/odds.md).
 *
 * Rules:
 * - consensus price of a selection = **median** of the decimal prices of the bookmakers quoting
 *   it; for an even count, the mean of the two middle prices; rounded half up to 3 dp (as
 *   server/api/handlers/odds.ts does today).
 * - best price = the highest decimal price, with every bookmaker offering it (sorted).
 * - a bookmaker missing a selection still counts for the selections it quotes; a selection no
 *   bookmaker quotes is listed in `missing` and the consensus margin is then null.
 * - aggregates (market-max / market-average) and the Scoreline model are left out by default.
 */
import { OddsError } from './errors';
import { overround } from './margin';
import { AGGREGATE_BOOKMAKERS, isModelBookmaker } from './markets';
import { roundPrice } from './rounding';

/** One bookmaker's current prices in one market (and line): selection → decimal price. */
export interface BookmakerBook {
  bookmaker: string;
  prices: Readonly<Partial<Record<string, number>>>;
}

/** Consensus of one selection. Prices are decimal odds. */
export interface SelectionConsensus {
  selection: string;
  /** Median across the bookmakers quoting it, 3 dp. */
  median: number;
  /** Highest price offered. */
  best: number;
  /** Bookmakers offering {@link best}, sorted. */
  best_bookmakers: string[];
  /** How many bookmakers quote this selection. */
  bookmakers: number;
}

/** Consensus of one market (and line). */
export interface MarketConsensus {
  /** In `options.selections` order when given, else first-seen order; only quoted selections. */
  selections: SelectionConsensus[];
  /** Expected selections (`options.selections`) that no counted bookmaker quotes. */
  missing: string[];
  /** Bookmakers counted, sorted. */
  bookmakers: string[];
  /** Bookmakers left out by `options.exclude`, sorted. */
  excluded: string[];
  /** Overround of the book made of the median prices (fraction); null if a selection is missing or < 2 selections. */
  margin: number | null;
  /** Overround of the book made of the best prices; < 0 means an arbitrage across bookmakers. */
  best_margin: number | null;
}

export interface ConsensusOptions {
  /** The market's selections (e.g. `MARKET_SELECTIONS['1X2']`): fixes the order and detects missing ones. */
  selections?: readonly string[];
  /** Bookmakers to leave out; default: {@link AGGREGATE_BOOKMAKERS} and the model bookmaker. */
  exclude?: (bookmaker: string) => boolean;
}

/** Default exclusion: aggregate columns and the in-play model are not bookmakers. */
export function isExcludedFromConsensus(bookmaker: string): boolean {
  return AGGREGATE_BOOKMAKERS.has(bookmaker) || isModelBookmaker(bookmaker);
}

/**
 * Median of a list of numbers: the middle value, or for an even count the mean of the two middle
 * values. Not rounded (see {@link marketConsensus} for prices).
 * @param values at least one finite number, any order
 * @returns e.g. `[8, 8.75, 8, 8.58, 8, 9.5]` → 8.29
 * @throws OddsError `invalid_book` for an empty list
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new OddsError('invalid_book', 'median of no prices');
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Consensus (median) and best price per selection across bookmakers for one market and line,
 * plus the margin of the consensus book. A single bookmaker is its own consensus; no bookmaker
 * at all gives empty `selections` (callers answer 404 odds_not_found).
 * @param books one entry per bookmaker, prices decimal, all for the same market and line
 * @param options expected selections and the exclusion rule (see {@link ConsensusOptions})
 * @returns see {@link MarketConsensus}; e.g. Burnley v Man City 2023-08-11, six books → median
 *   home 8.29, best home 9.5 (vc-bet)
 * @throws OddsError `invalid_book` when a bookmaker appears twice or a price is not a finite number > 1
 */
export function marketConsensus(books: readonly BookmakerBook[], options: ConsensusOptions = {}): MarketConsensus {
  const exclude = options.exclude ?? isExcludedFromConsensus;
  const seen = new Set<string>();
  const excluded = new Set<string>();
  const bySelection = new Map<string, { bookmaker: string; price: number }[]>();
  for (const sel of options.selections ?? []) bySelection.set(sel, []);
  for (const book of books) {
    if (seen.has(book.bookmaker) || excluded.has(book.bookmaker)) {
      throw new OddsError('invalid_book', `bookmaker ${book.bookmaker} appears twice in one market`);
    }
    if (exclude(book.bookmaker)) {
      excluded.add(book.bookmaker);
      continue;
    }
    seen.add(book.bookmaker);
    for (const [selection, price] of Object.entries(book.prices)) {
      if (price === undefined) continue;
      if (!(Number.isFinite(price) && price > 1)) {
        throw new OddsError(
          'invalid_book',
          `${book.bookmaker} ${selection} price ${price} must be a finite number > 1.0`,
        );
      }
      const list = bySelection.get(selection) ?? [];
      list.push({ bookmaker: book.bookmaker, price });
      bySelection.set(selection, list);
    }
  }
  const selections: SelectionConsensus[] = [];
  const missing: string[] = [];
  for (const [selection, list] of bySelection) {
    if (list.length === 0) {
      missing.push(selection);
      continue;
    }
    const best = Math.max(...list.map((q) => q.price));
    selections.push({
      selection,
      median: roundPrice(median(list.map((q) => q.price))),
      best,
      best_bookmakers: list
        .filter((q) => q.price === best)
        .map((q) => q.bookmaker)
        .sort(),
      bookmakers: list.length,
    });
  }
  const complete = missing.length === 0 && selections.length >= 2;
  return {
    selections,
    missing,
    bookmakers: [...seen].sort(),
    excluded: [...excluded].sort(),
    margin: complete ? overround(selections.map((s) => s.median)) : null,
    best_margin: complete ? overround(selections.map((s) => s.best)) : null,
  };
}

/**
 * Overround of each bookmaker's own book (issue "Odds": "per bookmaker overround"). Aggregate
 * columns are included unless excluded (a market-max book usually shows a negative overround).
 * @param books as {@link marketConsensus}
 * @param selections the market's selections, e.g. `['home', 'draw', 'away']`
 * @param exclude bookmakers to skip; default none
 * @returns bookmaker → overround fraction, for the bookmakers quoting every selection
 * @throws OddsError `invalid_book` for a price that is not a finite number > 1
 */
export function bookmakerMargins(
  books: readonly BookmakerBook[],
  selections: readonly string[],
  exclude: (bookmaker: string) => boolean = () => false,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const book of books) {
    if (exclude(book.bookmaker)) continue;
    const prices = selections.map((s) => book.prices[s]);
    if (prices.every((p): p is number => p !== undefined)) out[book.bookmaker] = overround(prices);
  }
  return out;
}
