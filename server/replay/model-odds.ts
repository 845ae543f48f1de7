/**
 * Live odds during replays (issue "Odds", docs/odds.md): Scoreline's transparent in-play model
 * (lib/odds/inplay-model.ts — Poisson goal rates fitted to the pre-match line, updated with score,
 * minute and red cards) prices every replayed football match in play, under the bookmaker
 * `scoreline-model` (is_model: true), never passed off as a real book. Prices are recomputed on
 * every goal, card and period change and every `intervalMs` of wall time, and only changed prices
 * are ingested — through the feed engine like any other odds source, so they reach REST, the
 * WebSocket `<sport>.odds` channel and the history.
 */
import type { Logger } from 'pino';
import { marketConsensus } from '@/lib/odds/consensus';
import { fitRatesFromPrices, inPlayOdds, modelQuotes, type PoissonRates } from '@/lib/odds/inplay-model';
import { currentBooks } from '@/lib/odds/lines';
import { MARKET_SELECTIONS } from '@/lib/odds/markets';
import { toLiveMatch } from '../read/serialize';
import type { FeedEngine } from '../engine/engine';
import type { LiveCache } from '../engine/live-cache';
import type { FeedMessage, OddsTickInput } from '../engine/types';
import { listOddsTicks } from '../store/queries/get-odds-ticks';
import { featuresOf, SPORT_FEATURES } from '@/lib/sport-features';
import { SPORTS } from '@/lib/sports';

/** Expected goals without a bookmaker line: a neutral-venue prior (tournaments are mostly neutral), 2.6 goals a match. */
export const DEFAULT_RATES: PoissonRates = { home: 1.3, away: 1.3, rho: 0 };
/** Totals line the model prices. */
export const MODEL_TOTALS_LINE = 2.5;
/** The sports the in-play model prices (lib/sport-features.ts `inPlayOddsModel`). */
const PRICED_SPORTS = SPORTS.filter((s) => SPORT_FEATURES[s].inPlayOddsModel);
const REPRICE_ON = new Set(['goal', 'card', 'period_start', 'period_end', 'full_time']);

export class ModelOdds {
  private readonly rates = new Map<number, PoissonRates>();
  private readonly last = new Map<number, Map<string, number>>();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private busy = Promise.resolve();

  constructor(
    private readonly engine: FeedEngine,
    private readonly live: LiveCache,
    private readonly log: Logger,
    private readonly opts: { intervalMs: number },
  ) {}

  /** Follows the bus and re-prices live replay matches every `intervalMs`. */
  start(): void {
    this.unsubscribe = this.engine.bus.subscribe((m) => this.onEvent(m));
    this.timer = setInterval(() => {
      for (const sport of PRICED_SPORTS)
        for (const e of this.live.list(sport)) if (e.fixture.competition.isReplay) this.enqueue(e.fixture.id);
    }, this.opts.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
  }

  private onEvent(m: FeedMessage): void {
    if (
      !featuresOf(m.fixture.sport).inPlayOddsModel ||
      !m.fixture.competition.isReplay ||
      !REPRICE_ON.has(m.event.type)
    )
      return;
    this.enqueue(m.fixture.id);
  }

  /** Re-prices one fixture after the previous re-pricing finished (one at a time, never concurrently). */
  private enqueue(fixtureId: number): void {
    this.busy = this.busy
      .then(() => this.reprice(fixtureId))
      .catch((err) => this.log.warn({ err, fixtureId }, 'model odds failed'));
  }

  /** Pre-match rates: fitted to the fixture's bookmaker 1X2 consensus when it has one, else DEFAULT_RATES. */
  private async ratesOf(fixtureId: number): Promise<PoissonRates> {
    const known = this.rates.get(fixtureId);
    if (known) return known;
    const ticks = (await listOddsTicks(this.engine.store.db, fixtureId)).filter(
      (x) => x.bookmaker !== 'scoreline-model',
    );
    const c = marketConsensus(currentBooks(ticks, '1X2', null), { selections: MARKET_SELECTIONS['1X2'] });
    const by = Object.fromEntries(c.selections.map((s) => [s.selection, s.median]));
    const rates =
      c.missing.length || !c.selections.length
        ? DEFAULT_RATES
        : fitRatesFromPrices({ home: by.home, draw: by.draw, away: by.away });
    this.rates.set(fixtureId, rates);
    return rates;
  }

  /** The model's latest stored price per `market|line|selection` of a fixture (from its odds history). */
  private async storedPrices(fixtureId: number): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const x of await listOddsTicks(this.engine.store.db, fixtureId))
      if (x.bookmaker === 'scoreline-model') out.set(`${x.market}|${x.line}|${x.selection}`, x.price);
    return out;
  }

  private async reprice(fixtureId: number): Promise<void> {
    const entry = this.live.get(fixtureId);
    // The in-play model is a goals model (Poisson); sports without the feature are not priced by it.
    if (!entry || !featuresOf(entry.fixture.sport).inPlayOddsModel) {
      this.last.delete(fixtureId);
      this.rates.delete(fixtureId);
      return;
    }
    const now = Date.now();
    const match = toLiveMatch(entry.fixture, entry.state, entry.seq, now);
    const odds = inPlayOdds(await this.ratesOf(fixtureId), match as Parameters<typeof inPlayOdds>[1], {
      totals_line: MODEL_TOTALS_LINE,
    });
    if (!odds) return;
    const observedAt = new Date(now).toISOString();
    // A new leader (docs/deploy.md) starts from the prices the model already stored, not from scratch.
    const previous = this.last.get(fixtureId) ?? (await this.storedPrices(fixtureId));
    const ticks: OddsTickInput[] = [];
    for (const q of modelQuotes(odds, observedAt)) {
      const key = `${q.market}|${q.line}|${q.selection}`;
      if (previous.get(key) === q.price) continue;
      previous.set(key, q.price);
      ticks.push({
        tick_id: `model/${fixtureId}/${now}/${key}`,
        fixture_id: fixtureId,
        bookmaker: q.bookmaker,
        market: q.market,
        selection: q.selection,
        line: q.line,
        price: q.price,
        observed_at: observedAt,
      });
    }
    this.last.set(fixtureId, previous);
    if (ticks.length) await this.engine.ingestOdds(ticks, 'model');
  }
}
