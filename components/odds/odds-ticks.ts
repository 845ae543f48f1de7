/**
 * Odds ticks as the dashboard holds them (GET /v1/{sport}/odds/history rows and WebSocket `odds`
 * message ticks, docs/odds.md): merging the history with live ticks, latest prices, margins.
 * Pure; safe in client bundles (no zod, no server imports).
 */
import type { z } from 'zod';
import type { OddsTickSchema } from '@/lib/wire/schemas';

/** One observed decimal price (the wire's OddsTickSchema). */
export type OddsTick = z.infer<typeof OddsTickSchema>;

/** Bookmaker slug of Scoreline's in-play model (lib/odds/markets.ts MODEL_BOOKMAKER; a unit test keeps them equal). */
export const MODEL_BOOKMAKER = 'scoreline-model';
/** Selections of the 1X2 market in display order. */
export const SELECTIONS_1X2 = ['home', 'draw', 'away'] as const;
export type Selection1X2 = (typeof SELECTIONS_1X2)[number];
/** A headline market of GET /v1/{sport}/odds: three-way 1X2, or two-way moneyline where there is no draw. */
export type HeadlineMarket = '1X2' | 'moneyline';

/** The selections of a headline market in display order (moneyline: home, away). */
export function headlineSelections(market: HeadlineMarket): readonly Selection1X2[] {
  return market === '1X2' ? SELECTIONS_1X2 : (['home', 'away'] as const);
}

/** Whether a bookmaker is a model or an aggregate column (market-max / market-average), not a book you can bet with. */
export function isNotABook(bookmaker: string): boolean {
  return bookmaker === MODEL_BOOKMAKER || bookmaker.startsWith('market-');
}

/** Whether a bookmaker is an aggregate column of a source (never charted as a bookmaker). */
export function isAggregate(bookmaker: string): boolean {
  return bookmaker.startsWith('market-');
}

const tickKey = (t: OddsTick) =>
  t.seq != null ? `s${t.seq}` : `h${t.bookmaker}|${t.market}|${t.line}|${t.selection}|${t.observed_at}|${t.price}`;

/**
 * The history followed by the live ticks, each tick once (live ticks carry a `seq`, imported ones
 * do not: those are keyed by their content), ordered by `observed_at` then `seq`.
 * @param history ticks from /v1/{sport}/odds/history (oldest first)
 * @param live ticks from WebSocket `odds` messages, in arrival order
 */
export function mergeTicks(history: readonly OddsTick[], live: readonly OddsTick[]): OddsTick[] {
  const seen = new Set<string>();
  const out: OddsTick[] = [];
  for (const t of [...history, ...live]) {
    const k = tickKey(t);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(t);
  }
  return out.sort((a, b) =>
    a.observed_at < b.observed_at ? -1 : a.observed_at > b.observed_at ? 1 : (a.seq ?? -1) - (b.seq ?? -1),
  );
}

/**
 * Margin (overround) of a 1X2 book: Σ 1/price − 1, e.g. {home: 2, draw: 3.4, away: 3.8} → 0.057;
 * null unless all three prices are known.
 */
export function margin1x2(prices: Partial<Record<string, number>>): number | null {
  const p = SELECTIONS_1X2.map((s) => prices[s]);
  if (p.some((x) => !(x && x > 1))) return null;
  return (p as number[]).reduce((sum, x) => sum + 1 / x, 0) - 1;
}

/** Display name of a bookmaker slug ("vc-bet" → "VC Bet", "betandwin" → "bwin"); the model is labelled as a model; an unknown slug is title-cased. */
export function bookmakerLabel(slug: string): string {
  if (slug === MODEL_BOOKMAKER) return 'Scoreline model';
  return (
    BOOKMAKER_NAMES[slug] ??
    slug
      .split('-')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ')
  );
}

/** Display names of the bookmaker slugs the importers write (lib/import/football-data.ts FOOTBALL_DATA_BOOKMAKERS). */
const BOOKMAKER_NAMES: Readonly<Record<string, string>> = {
  bet365: 'Bet365',
  betandwin: 'bwin',
  interwetten: 'Interwetten',
  pinnacle: 'Pinnacle',
  'william-hill': 'William Hill',
  'vc-bet': 'VC Bet',
  '1xbet': '1xBet',
  'betfair-sportsbook': 'Betfair Sportsbook',
  'betfair-exchange': 'Betfair Exchange',
  'market-max': 'Market best',
  'market-average': 'Market average',
  ladbrokes: 'Ladbrokes',
  'stan-james': 'Stan James',
  gamebookers: 'Gamebookers',
  sportingbet: 'Sportingbet',
};

/** The 1X2 selection's short label (1, X, 2). */
export const SELECTION_SHORT: Record<Selection1X2, string> = { home: '1', draw: 'X', away: '2' };

/** `/v1/{sport}/odds/history` path of a match's ticks of `market` (default 1X2), first page of `limit`. */
export function oddsHistoryPath(
  sport: string,
  fixtureId: number,
  limit = 1000,
  market: HeadlineMarket = '1X2',
): string {
  return `/v1/${sport}/odds/history?match_id=${fixtureId}&market=${market}&limit=${limit}`;
}

/** Most ticks read for one chart (pages of 1000 through `next_cursor`). */
export const MAX_HISTORY_TICKS = 5000;
