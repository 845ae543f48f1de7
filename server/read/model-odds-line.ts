/**
 * The `scoreline-model` line of a match's main market in GET /v1/{sport}/odds (issue 37 item 2,
 * docs/odds.md "The scoreline-model line"): a labelled line beside the bookmakers' (is_model true,
 * never in their consensus), served for every fixture of every sport but golf, finished ones
 * included.
 * - opening and closing: the pre-match rating line (Elo over the results before kickoff,
 *   read-win-probability.ts) priced with the model's 5 % margin — never bookmaker prices;
 * - current: the in-play probability after the latest event of the log that moved it (the last
 *   point of GET /v1/{sport}/matches/{fixture_id}/win-probability), `started_from: 'rating'`; or,
 *   for a replayed football match the in-play Poisson model prices live (server/replay/model-odds.ts),
 *   that model's latest stored prices of the same market, `started_from: 'bookmakers'` when
 *   it was fitted to a bookmaker consensus of the match, else `'neutral-prior'` (its 1.3/1.3 goals
 *   prior). One line per (bookmaker, market), so the stored in-play ticks and the rating line are
 *   one entry, not two.
 */
import { marketConsensus } from '@/lib/odds/consensus';
import { currentBooks } from '@/lib/odds/lines';
import { overround } from '@/lib/odds/margin';
import { MARKET_SELECTIONS, MODEL_BOOKMAKER, isModelBookmaker, type Quote } from '@/lib/odds/markets';
import { modelLine, type LinePrices, type Probabilities } from '@/lib/odds/model-line';
import type { Tx } from '../store/db';
import { finishedSeriesOf } from '../win-probability/finished-series';
import { fixtureLog, seriesOfLog, seriesSource } from './read-win-probability';

/** What a model line's current price started from (docs/odds.md). */
export type StartedFrom = 'rating' | 'bookmakers' | 'neutral-prior';

/** The model's line as GET /v1/{sport}/odds lists it among `bookmakers`. */
export interface ModelOddsEntry {
  bookmaker: typeof MODEL_BOOKMAKER;
  market: '1X2' | 'moneyline';
  line: null;
  is_model: true;
  started_from: StartedFrom;
  /** Decimal prices by selection (home/draw/away; no draw for moneyline). */
  opening: Record<string, number>;
  current: Record<string, number>;
  closing: Record<string, number>;
  /** Overround of `current` (fraction). */
  margin: number;
  /** ISO 8601 UTC: the latest point or stored tick the current prices come from. */
  updated_at: string;
}

const bySelection = (p: LinePrices): Record<string, number> =>
  p.draw == null ? { home: p.home, away: p.away } : { home: p.home, draw: p.draw, away: p.away };
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * What the replay's in-play Poisson model (server/replay/model-odds.ts) started a market's stored
 * prices from: 'bookmakers' when the fixture has a complete bookmaker consensus of 1X2 (the
 * model fits its goal rates to it), else 'neutral-prior'.
 */
export function inPlayStart(ticks: readonly Quote[]): Exclude<StartedFrom, 'rating'> {
  const sels = MARKET_SELECTIONS['1X2'];
  const books = currentBooks(ticks, '1X2', null).filter((b) => sels.every((s) => (b.prices[s] ?? 0) > 1));
  const c = marketConsensus(books, { selections: sels });
  return c.bookmakers.length && !c.missing.length ? 'bookmakers' : 'neutral-prior';
}

/**
 * A fixture's model line from its pre-match rating and its log (plus, for the replay's in-play
 * Poisson model, its stored ticks in `ticks`).
 * @param ticks the fixture's stored odds ticks (bookmakers' and the model's)
 * @returns the entry, or null for golf (a field, not two sides) and an unknown fixture
 */
export async function modelOddsEntry(
  db: Tx,
  sport: string,
  fixtureId: number,
  ticks: readonly Quote[],
): Promise<ModelOddsEntry | null> {
  const kept = await finishedSeriesOf(db)?.answer(db, sport, fixtureId);
  let prematch: Probabilities;
  let last: { home: number; draw: number | null; away: number; observed_at: string } | undefined;
  if (kept) {
    prematch = kept.prematch;
    last = kept.points.at(-1);
  } else {
    const src = await seriesSource(db, sport, fixtureId);
    if (!src) return null;
    prematch = src.ctx.prematch;
    try {
      last = seriesOfLog(src, await fixtureLog(db, fixtureId)).at(-1);
    } catch {
      // A log the rules refuse (a broken correction): the rating line alone.
      last = { ...prematch, observed_at: src.kickoff };
    }
  }
  const line = modelLine(prematch, last ?? prematch);
  const sels = MARKET_SELECTIONS[line.market] as readonly string[];
  let current = bySelection(line.current);
  let started_from: StartedFrom = 'rating';
  let updated_at = last?.observed_at ?? '';
  // The replay's live Poisson model (football): its stored prices of this market, when complete.
  const stored = currentBooks(ticks, line.market, null).find((b) => isModelBookmaker(b.bookmaker));
  if (stored && sels.every((s) => (stored.prices[s] ?? 0) > 1)) {
    current = Object.fromEntries(sels.map((s) => [s, stored.prices[s]!]));
    started_from = inPlayStart(ticks);
    for (const q of ticks)
      if (isModelBookmaker(q.bookmaker) && q.market === line.market && q.observed_at > updated_at)
        updated_at = q.observed_at;
  }
  return {
    bookmaker: MODEL_BOOKMAKER,
    market: line.market,
    line: null,
    is_model: true,
    started_from,
    opening: bySelection(line.opening),
    current,
    closing: bySelection(line.closing),
    margin: round4(overround(sels.map((s) => current[s]))),
    updated_at,
  };
}
