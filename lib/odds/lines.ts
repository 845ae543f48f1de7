/**
 * Line movement from quote history (issue "Odds": "opening, current and closing lines per
 * bookmaker, and every change kept as history"; `GET /v1/{sport}/odds/history`, docs/odds.md).
 *
 * A line is one (bookmaker, market, line, selection). From its quotes, ordered by `observed_at`:
 * - opening = the first quote; current = the latest quote;
 * - closing = the latest quote observed at or before kickoff, once kickoff has passed;
 * - history = every price change, oldest first (a quote repeating the previous price is dropped,
 *   its first observation kept).
 * Ties in `observed_at` keep input order. Quotes are assumed to satisfy `QuoteSchema`.
 */
import { OddsError } from './errors';
import type { BookmakerBook } from './consensus';
import type { Market, Quote } from './markets';

/** A price at a time: decimal odds, ISO 8601 UTC. */
export interface PricePoint {
  price: number;
  observed_at: string;
}

/** Movement of one bookmaker's price for one selection. */
export interface SelectionLine {
  bookmaker: string;
  market: Market;
  line: number | null;
  selection: string;
  opening: PricePoint;
  current: PricePoint;
  /** Null before kickoff, when no kickoff is given, or when nothing was quoted before kickoff. */
  closing: PricePoint | null;
  history: PricePoint[];
}

function timeOf(q: Pick<Quote, 'observed_at'>): number {
  const t = Date.parse(q.observed_at);
  if (Number.isNaN(t)) throw new OddsError('invalid_book', `observed_at "${q.observed_at}" is not an ISO 8601 time`);
  return t;
}

/**
 * Identity of a line: `bookmaker|market|line|selection` (line `null` when the market has none).
 * @param q a quote or line
 * @returns e.g. `"bet365|over_under|2.5|over"`
 */
export function lineKey(q: Pick<Quote, 'bookmaker' | 'market' | 'line' | 'selection'>): string {
  return `${q.bookmaker}|${q.market}|${q.line}|${q.selection}`;
}

/**
 * Opening, current, closing and change history of every line in a set of quotes.
 * @param quotes any mix of bookmakers, markets and selections, any order
 * @param options `kickoff` (ISO UTC) enables the closing line; `now` (ISO UTC, default: kickoff has
 *   passed) keeps closing null while the match has not started
 * @returns one entry per line, sorted by market, line, bookmaker, selection
 * @throws OddsError `invalid_book` when an `observed_at` or `kickoff`/`now` is not a parsable time
 */
export function summarizeLines(
  quotes: readonly Quote[],
  options: { kickoff?: string | null; now?: string | null } = {},
): SelectionLine[] {
  const kickoff = options.kickoff ? timeOf({ observed_at: options.kickoff }) : null;
  const started = kickoff !== null && (options.now ? timeOf({ observed_at: options.now }) >= kickoff : true);
  const groups = new Map<string, { q: Quote; t: number; i: number }[]>();
  quotes.forEach((q, i) => {
    const k = lineKey(q);
    const list = groups.get(k) ?? [];
    list.push({ q, t: timeOf(q), i });
    groups.set(k, list);
  });
  const out: SelectionLine[] = [];
  for (const list of groups.values()) {
    list.sort((a, b) => a.t - b.t || a.i - b.i);
    const point = (x: { q: Quote }): PricePoint => ({ price: x.q.price, observed_at: x.q.observed_at });
    const history: PricePoint[] = [];
    for (const x of list) if (history.at(-1)?.price !== x.q.price) history.push(point(x));
    const beforeKickoff = started ? list.filter((x) => x.t <= (kickoff as number)) : [];
    const { bookmaker, market, line, selection } = list[0].q;
    out.push({
      bookmaker,
      market,
      line,
      selection,
      opening: point(list[0]),
      current: point(list[list.length - 1]),
      closing: beforeKickoff.length ? point(beforeKickoff[beforeKickoff.length - 1]) : null,
      history,
    });
  }
  return out.sort(
    (a, b) =>
      a.market.localeCompare(b.market) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      a.bookmaker.localeCompare(b.bookmaker) ||
      a.selection.localeCompare(b.selection),
  );
}

/**
 * Each bookmaker's latest price per selection in one market and line, as of a time — the input of
 * `marketConsensus` for the "current" consensus.
 * @param quotes quote history (any markets; others are ignored)
 * @param market market slug, e.g. '1X2'
 * @param line the line (null for 1X2 / moneyline / outright)
 * @param asOf ISO UTC; quotes observed later are ignored (default: all)
 * @returns one book per bookmaker, in first-seen order
 * @throws OddsError `invalid_book` for an unparsable time
 */
export function currentBooks(
  quotes: readonly Quote[],
  market: Market,
  line: number | null,
  asOf?: string,
): BookmakerBook[] {
  const limit = asOf ? timeOf({ observed_at: asOf }) : Infinity;
  const latest = new Map<string, Map<string, { price: number; t: number }>>();
  for (const q of quotes) {
    if (q.market !== market || q.line !== line) continue;
    const t = timeOf(q);
    if (t > limit) continue;
    const book = latest.get(q.bookmaker) ?? new Map<string, { price: number; t: number }>();
    latest.set(q.bookmaker, book);
    const prev = book.get(q.selection);
    if (!prev || t >= prev.t) book.set(q.selection, { price: q.price, t });
  }
  return [...latest].map(([bookmaker, sels]) => ({
    bookmaker,
    prices: Object.fromEntries([...sels].map(([s, v]) => [s, v.price])),
  }));
}
