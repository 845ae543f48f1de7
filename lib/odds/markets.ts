/**
 * Market and selection vocabulary of the odds core, and the zod schema of one quote (issue "Odds":
 * "a quote: bookmaker, market, selection, line (for totals and handicaps), decimal price, observed
 * time"; spec 2.4 in docs/api.md names the observed market `1X2`).
 *
 * Names follow what is already stored (lib/football/types.ts `OddsQuote`, the football-data
 * importer, the `odds_quotes` table, `GET /v1/{sport}/odds?market=`): totals are the market
 * **`over_under`** (the issue's "totals" is accepted as an alias by {@link normalizeMarket}), Asian
 * handicap is `asian_handicap`, and bookmakers are lower-case slugs (`bet365`, `pinnacle`).
 */
import { z } from 'zod';
import { OddsError } from './errors';

/** Canonical market slugs. */
export const MARKETS = ['1X2', 'moneyline', 'over_under', 'asian_handicap', 'spread', 'outright'] as const;
export type Market = (typeof MARKETS)[number];

/**
 * Fixed selections per market; `outright` has free selections (team or player names).
 * - `1X2`: three-way full-time result (football).
 * - `moneyline`: two-way winner, no draw (basketball, tennis — `home` = first-named side).
 * - `over_under` (totals): total goals/points over or under `line`.
 * - `asian_handicap` / `spread`: `line` is the handicap **of the home side** (−0.75 = home gives
 *   0.75); the away selection of the same row carries the opposite handicap.
 */
export const MARKET_SELECTIONS = {
  '1X2': ['home', 'draw', 'away'],
  moneyline: ['home', 'away'],
  over_under: ['over', 'under'],
  asian_handicap: ['home', 'away'],
  spread: ['home', 'away'],
  outright: null,
} as const satisfies Record<Market, readonly string[] | null>;

/** Markets whose quotes carry a `line` (all others have `line: null`). */
export const LINE_MARKETS: ReadonlySet<Market> = new Set(['over_under', 'asian_handicap', 'spread']);

/** Lines are whole, half or quarter units (2.5, −0.25, 2.75 — Asian quarter lines). */
export const LINE_STEP = 0.25;

/** Accepted spellings → canonical market (case-insensitive keys). */
export const MARKET_ALIASES: Readonly<Record<string, Market>> = {
  '1x2': '1X2',
  match_result: '1X2',
  moneyline: 'moneyline',
  over_under: 'over_under',
  totals: 'over_under',
  total: 'over_under',
  asian_handicap: 'asian_handicap',
  ah: 'asian_handicap',
  spread: 'spread',
  handicap: 'spread',
  outright: 'outright',
  outrights: 'outright',
};

/**
 * Source columns that aggregate other bookmakers (football-data's Max/Avg): shown per bookmaker
 * but never counted in a consensus (same rule as server/api/handlers/odds.ts).
 */
export const AGGREGATE_BOOKMAKERS: ReadonlySet<string> = new Set(['market-max', 'market-average']);

/**
 * Bookmaker slug of Scoreline's own in-play model (lib/odds/inplay-model.ts). It is a model,
 * never a real book: consensus excludes it by default and clients see {@link MODEL_BOOKMAKER_NAME}.
 * A slug (not the display name) so `?bookmaker=scoreline-model` passes the API's slug rule.
 */
export const MODEL_BOOKMAKER = 'scoreline-model';
/** Display name of {@link MODEL_BOOKMAKER}. */
export const MODEL_BOOKMAKER_NAME = 'Scoreline model (Poisson)';

/**
 * Whether a bookmaker slug is a model rather than a real bookmaker.
 * @param bookmaker slug, e.g. 'scoreline-model' → true, 'bet365' → false
 */
export function isModelBookmaker(bookmaker: string): boolean {
  return bookmaker === MODEL_BOOKMAKER;
}

/**
 * Canonical market slug of a spelling (`"totals"` → `over_under`, `"1x2"` → `1X2`).
 * @param name market as sent, case-insensitive, surrounding whitespace ignored
 * @returns one of {@link MARKETS}
 * @throws OddsError `invalid_book` for an unknown market
 */
export function normalizeMarket(name: string): Market {
  const m = MARKET_ALIASES[name.trim().toLowerCase()];
  if (!m) throw new OddsError('invalid_book', `unknown market "${name}" (use ${MARKETS.join(', ')})`);
  return m;
}

/**
 * Checks that market, selection and line fit together: fixed selections, `line` null for 1X2 /
 * moneyline / outright, a multiple of 0.25 for totals (≥ 0) and handicaps (any sign).
 * @returns null when valid, else the offending field and a message naming what is wrong
 */
export function quoteShapeProblem(
  market: Market,
  selection: string,
  line: number | null,
): { field: 'selection' | 'line'; message: string } | null {
  const selections: readonly string[] | null = MARKET_SELECTIONS[market];
  if (selections && !selections.includes(selection)) {
    return {
      field: 'selection',
      message: `selection "${selection}" is not one of ${selections.join(', ')} for market ${market}`,
    };
  }
  if (!selections && selection.trim() === '')
    return { field: 'selection', message: `market ${market} needs a non-empty selection` };
  if (!LINE_MARKETS.has(market))
    return line === null ? null : { field: 'line', message: `market ${market} has no line (got ${line})` };
  if (line === null || !Number.isFinite(line)) return { field: 'line', message: `market ${market} needs a line` };
  if (Math.abs(line / LINE_STEP - Math.round(line / LINE_STEP)) > 1e-9)
    return { field: 'line', message: `line ${line} is not a multiple of ${LINE_STEP}` };
  if (market === 'over_under' && line < 0) return { field: 'line', message: `totals line ${line} must be ≥ 0` };
  return null;
}

const isoUtc = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, 'ISO 8601 UTC with Z');

/** Bookmaker slug rule (as `GET /v1/{sport}/odds?bookmaker=`). */
export const BookmakerSlugSchema = z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a bookmaker slug such as bet365');

/**
 * The bookmaker slug of a book's display name, as BookmakerSlugSchema wants it: accents folded,
 * lower case, runs of other characters as one `-`, at most 40 characters ("FanDuel" → `fanduel`,
 * "Bet 365" → `bet-365`, "Caesars Sportsbook" → `caesars-sportsbook`); `unknown` for a name
 * with no letter or digit. Throws nothing.
 */
export function bookmakerSlug(name: string): string {
  const folded = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const slug = folded
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return slug || 'unknown';
}

/**
 * One observed price: `{ bookmaker, market, selection, line, price, observed_at }`.
 * `price` is decimal odds > 1; `line` follows {@link quoteShapeProblem}; `observed_at` is ISO 8601
 * UTC with Z. Opening / current / closing lines and history are derived from a bookmaker's quotes
 * over time (lib/odds/lines.ts).
 */
export const QuoteSchema = z
  .object({
    bookmaker: BookmakerSlugSchema,
    market: z.enum(MARKETS),
    selection: z.string().min(1),
    line: z.number().nullable(),
    price: z.number().gt(1).finite(),
    observed_at: isoUtc,
  })
  .superRefine((q, ctx) => {
    const problem = quoteShapeProblem(q.market, q.selection, q.line);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type Quote = z.infer<typeof QuoteSchema>;
