/**
 * A match's odds: spec 2.4 (1X2 or moneyline consensus, decimal odds) plus every bookmaker's opening, current
 * and closing lines. Source of GET /v1/{sport}/odds and the match and odds pages' panels.
 */
import type { Market } from '@/lib/odds/markets';
import { marketConsensus, type MarketConsensus } from '@/lib/odds/consensus';
import { currentBooks, summarizeLines, type SelectionLine } from '@/lib/odds/lines';
import { fairProbabilities, overround } from '@/lib/odds/margin';
import { isModelBookmaker, MARKET_SELECTIONS, MODEL_BOOKMAKER, MODEL_BOOKMAKER_NAME } from '@/lib/odds/markets';
import { isoUtc } from '../store/fixture-info';
import { listOddsTicks } from '../store/queries/get-odds-ticks';
import type { ReadDeps } from './deps';
import { findOddsFixture } from './find-odds-fixture';
import { inPlayStart, modelOddsEntry, type ModelOddsEntry, type StartedFrom } from './model-odds-line';
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
      started_from: StartedFrom | null;
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
      started_from: null,
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

/**
 * Headline markets in the order they are tried: `1X2` (three-way, a draw possible: football, and
 * any sport a bookmaker prices with a draw) then `moneyline` (two-way, no draw: tennis, MMA,
 * basketball, …). docs/odds.md "Markets per sport".
 */
export const HEADLINE_MARKETS = ['1X2', 'moneyline'] as const;
/** One of {@link HEADLINE_MARKETS}. */
export type HeadlineMarket = (typeof HEADLINE_MARKETS)[number];

/** The consensus block of a headline market: median, best price and bookmakers, margin and no-vig probabilities; `draw` null for moneyline. */
function consensusTop(c: MarketConsensus, market: HeadlineMarket) {
  const sels = MARKET_SELECTIONS[market] as readonly string[];
  const by = Object.fromEntries(c.selections.map((s) => [s.selection, s]));
  const medians = sels.map((s) => by[s].median);
  const fair = Object.fromEntries(fairProbabilities(medians).map((p, i) => [sels[i], round4(p)]));
  const best = (s: string) => (by[s] ? { price: by[s].best, bookmakers: by[s].best_bookmakers } : null);
  return {
    home: by.home.median,
    draw: by.draw?.median ?? null,
    away: by.away.median,
    margin: c.margin == null ? null : round4(c.margin),
    fair: { home: fair.home, draw: fair.draw ?? null, away: fair.away },
    best: { home: best('home')!, draw: best('draw'), away: best('away')! },
    consensus_bookmakers: c.bookmakers.length,
  };
}

/**
 * The first headline market with a complete consensus: real bookmakers' current prices (every
 * selection > 1), else the in-play model's alone (`modelOnly`); null when neither market has one.
 */
function headline(ticks: Parameters<typeof currentBooks>[0]) {
  for (const market of HEADLINE_MARKETS) {
    const selections = MARKET_SELECTIONS[market];
    const books = currentBooks(ticks, market, null).filter((b) => selections.every((s) => (b.prices[s] ?? 0) > 1));
    let c = marketConsensus(books, { selections });
    // No real bookmaker (a replayed match): the top level is the in-play model's prices, and says so.
    const modelOnly = !c.bookmakers.length && books.some((b) => isModelBookmaker(b.bookmaker));
    if (modelOnly)
      c = marketConsensus(
        books.filter((b) => isModelBookmaker(b.bookmaker)),
        { selections, exclude: () => false },
      );
    if (c.bookmakers.length && !c.missing.length) return { market, c, modelOnly };
  }
  return null;
}

/** The model line alone as the headline (no bookmaker quotes the match): its current prices as a one-book consensus. */
function modelHeadline(m: ModelOddsEntry) {
  const selections = MARKET_SELECTIONS[m.market];
  const c = marketConsensus([{ bookmaker: m.bookmaker, prices: m.current }], { selections, exclude: () => false });
  return { market: m.market, c, modelOnly: true };
}

/**
 * Top level (spec 2.4): the headline market — `1X2` when bookmakers price a draw, else two-way
 * `moneyline` (`draw` null) — and the median across bookmakers of each one's current price
 * (its latest tick; the model and the market max/average columns excluded — the model alone when no
 * bookmaker quotes the match, as `source` says), with the best price per selection, the consensus
 * margin and no-vig probabilities. `bookmakers` lists every line (filtered by `market` and
 * `bookmaker`) with opening, current and closing prices by selection and its margin, and the
 * `scoreline-model` line of the sport's main market for every fixture but golf's
 * (model-odds-line.ts: is_model true, `started_from` says what its current price started from;
 * `started_from` is null on bookmakers' lines); `updated_at` is the latest tick's or model
 * point's observed_at (ISO 8601 UTC).
 * Failures: NotFound fixture_not_found (no such match in `sport`), odds_not_found (no complete 1X2
 * or moneyline and no model line: golf).
 */
export async function readOdds(deps: Pick<ReadDeps, 'db'>, sport: string, q: OddsParams) {
  const fixture = await findOddsFixture(deps, sport, q.match_id);
  if (isReadFailure(fixture)) return fixture;
  const ticks = await listOddsTicks(deps.db, fixture.id);
  const model = await modelOddsEntry(deps.db, sport, fixture.id, ticks);
  const books = headline(ticks);
  // The replay's stored in-play model ticks stay the headline of a match no bookmaker quotes (as before);
  // the model line is the headline only when there is no tick at all.
  const top = books ?? (model ? modelHeadline(model) : null);
  if (!top) return missing('odds_not_found', `No 1X2 or moneyline odds for match_id ${fixture.id}.`);
  const { market, c, modelOnly } = top;
  const lines: (ReturnType<typeof bookmakerLines>[number] | ModelOddsEntry)[] = bookmakerLines(
    summarizeLines(ticks, { kickoff: isoUtc(fixture.kickoff) }),
  );
  if (model) {
    // One model entry per market: the stored in-play ticks of its market are folded into it.
    const i = lines.findIndex((l) => l.is_model && l.market === model.market && l.line === null);
    if (i >= 0) lines.splice(i, 1, model);
    else lines.push(model);
  }
  for (const l of lines)
    if (l.is_model && l.started_from === null) (l as { started_from: StartedFrom }).started_from = inPlayStart(ticks);
  const shown = lines.filter(
    (l) => (!q.market || l.market === q.market) && (!q.bookmaker || l.bookmaker === q.bookmaker),
  );
  const times = [...ticks.map((x) => x.observed_at), ...(model ? [model.updated_at] : [])];
  return {
    market,
    ...consensusTop(c, market),
    fixture_id: fixture.id,
    source: modelOnly
      ? model?.started_from === 'rating'
        ? `${MODEL_BOOKMAKER} (model, not a bookmaker): pre-match rating and in-play win probability prices (no bookmaker quotes this match)`
        : `${MODEL_BOOKMAKER_NAME}: in-play model prices (no bookmaker quotes this match)`
      : `median of ${c.bookmakers.length} bookmaker${c.bookmakers.length === 1 ? '' : 's'}' current prices`,
    updated_at: times.reduce((m, x) => (x > m ? x : m), times[0]),
    bookmakers: shown,
  };
}
