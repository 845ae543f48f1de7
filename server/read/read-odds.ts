/**
 * A match's odds: spec 2.4 (1X2 consensus, decimal odds) plus every bookmaker's opening, current
 * and closing lines. Source of GET /v1/{sport}/odds and the match and odds pages' panels.
 */
import type { Market } from '@/lib/odds/markets';
import { marketConsensus, type MarketConsensus } from '@/lib/odds/consensus';
import { currentBooks, summarizeLines, type SelectionLine } from '@/lib/odds/lines';
import { fairProbabilities, overround } from '@/lib/odds/margin';
import { isModelBookmaker, MARKET_SELECTIONS, MODEL_BOOKMAKER_NAME } from '@/lib/odds/markets';
import { isoUtc } from '../store/fixture-info';
import { listOddsTicks } from '../store/queries/get-odds-ticks';
import type { ReadDeps } from './deps';
import { findOddsFixture } from './find-odds-fixture';
import { isReadFailure, missing } from './result';

/** Which match (`match_id`: digits, the fixture_id) and which lines to list. */
export interface OddsParams {
  match_id: string;
  market?: Market;
  bookmaker?: string;
}

type Prices = Record<string, number>;
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Groups selection lines into one entry per (bookmaker, market, line) with opening/current/closing price maps. */
function bookmakerLines(lines: SelectionLine[]) {
  const out = new Map<
    string,
    {
      bookmaker: string;
      market: string;
      line: number | null;
      is_model: boolean;
      opening: Prices;
      current: Prices;
      closing: Prices | null;
      updated_at: string;
    }
  >();
  for (const l of lines) {
    const key = `${l.bookmaker}|${l.market}|${l.line}`;
    const e = out.get(key) ?? {
      bookmaker: l.bookmaker,
      market: l.market,
      line: l.line,
      is_model: isModelBookmaker(l.bookmaker),
      opening: {},
      current: {},
      closing: null,
      updated_at: l.current.observed_at,
    };
    out.set(key, e);
    e.opening[l.selection] = l.opening.price;
    e.current[l.selection] = l.current.price;
    if (l.closing) (e.closing ??= {})[l.selection] = l.closing.price;
    if (l.current.observed_at > e.updated_at) e.updated_at = l.current.observed_at;
  }
  return [...out.values()].map((e) => {
    const sels = (MARKET_SELECTIONS as Record<string, readonly string[] | null>)[e.market] ?? Object.keys(e.current);
    const complete = sels.length > 1 && sels.every((s) => e.current[s] > 1);
    return { ...e, margin: complete ? round4(overround(sels.map((s) => e.current[s]))) : null };
  });
}

/** The 1X2 consensus block: median, best price and bookmakers, margin and no-vig probabilities. */
function consensus1x2(c: MarketConsensus) {
  const by = Object.fromEntries(c.selections.map((s) => [s.selection, s]));
  const [h, d, a] = ['home', 'draw', 'away'].map((s) => by[s]?.median);
  const fair = fairProbabilities([h, d, a]).map(round4);
  return {
    home: h,
    draw: d,
    away: a,
    margin: c.margin == null ? null : round4(c.margin),
    fair: { home: fair[0], draw: fair[1], away: fair[2] },
    best: Object.fromEntries(
      ['home', 'draw', 'away'].map((s) => [s, { price: by[s].best, bookmakers: by[s].best_bookmakers }]),
    ) as Record<'home' | 'draw' | 'away', { price: number; bookmakers: string[] }>,
    consensus_bookmakers: c.bookmakers.length,
  };
}

/**
 * Top level (spec 2.4): market "1X2" and the median across bookmakers of each one's current price
 * (its latest tick; the model and the market max/average columns excluded — the model alone when no
 * bookmaker quotes the match, as `source` says), with the best price per selection, the consensus
 * margin and no-vig probabilities. `bookmakers` lists every line (filtered by `market` and
 * `bookmaker`) with opening, current and closing prices by selection and its margin; `updated_at`
 * is the latest tick's observed_at (ISO 8601 UTC).
 * Failures: NotFound fixture_not_found (no such match in `sport`), odds_not_found (no complete 1X2).
 */
export async function readOdds(deps: Pick<ReadDeps, 'db'>, sport: string, q: OddsParams) {
  const fixture = await findOddsFixture(deps, sport, q.match_id);
  if (isReadFailure(fixture)) return fixture;
  const ticks = await listOddsTicks(deps.db, fixture.id);
  const books = currentBooks(ticks, '1X2', null).filter((b) =>
    ['home', 'draw', 'away'].every((s) => (b.prices[s] ?? 0) > 1),
  );
  let c = marketConsensus(books, { selections: MARKET_SELECTIONS['1X2'] });
  // No real bookmaker (a replayed match): the top level is the in-play model's prices, and says so.
  const modelOnly = !c.bookmakers.length && books.some((b) => isModelBookmaker(b.bookmaker));
  if (modelOnly)
    c = marketConsensus(
      books.filter((b) => isModelBookmaker(b.bookmaker)),
      { selections: MARKET_SELECTIONS['1X2'], exclude: () => false },
    );
  if (!c.bookmakers.length || c.missing.length)
    return missing('odds_not_found', `No 1X2 odds for match_id ${fixture.id}.`);
  const lines = bookmakerLines(summarizeLines(ticks, { kickoff: isoUtc(fixture.kickoff) }));
  const shown = lines.filter(
    (l) => (!q.market || l.market === q.market) && (!q.bookmaker || l.bookmaker === q.bookmaker),
  );
  const top = consensus1x2(c);
  return {
    market: '1X2' as const,
    ...top,
    fixture_id: fixture.id,
    source: modelOnly
      ? `${MODEL_BOOKMAKER_NAME}: in-play model prices (no bookmaker quotes this match)`
      : `median of ${c.bookmakers.length} bookmaker${c.bookmakers.length === 1 ? '' : 's'}' current prices`,
    updated_at: ticks.reduce((m, x) => (x.observed_at > m ? x.observed_at : m), ticks[0].observed_at),
    bookmakers: shown,
  };
}
