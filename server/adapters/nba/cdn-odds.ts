/**
 * The NBA's odds feed (`liveData/odds/odds_todaysGames.json`) → bookmaker odds ticks for
 * basketball (docs/odds.md): market `2way` → `moneyline` (home/away), `spread` → `spread`
 * (home/away, line = the home side's spread), a totals market (name containing "total" or
 * "over", outcomes over/under, line from the outcome's `total` or `spread` field) → `over_under`.
 * Each book is its own bookmaker, its slug from the book's name ("FanDuel" → `fanduel`, lib/odds/markets.ts
 * bookmakerSlug; the feed lists some twice, per country: the first is kept).
 * Shape as swar/nba_api documents it (see ./cdn-schema.ts NbaOddsSchema); the feed was never
 * recorded, and no found source shows a totals market, so that mapping is the documented guess.
 * Pure.
 */
import { bookmakerSlug } from '@/lib/odds/markets';
import type { AdapterTick } from '../types';
import { nbaSourceKey } from './cdn-game';
import type { NbaOdds } from './cdn-schema';

const MARKET: Readonly<Partial<Record<string, 'moneyline' | 'spread'>>> = { '2way': 'moneyline', spread: 'spread' };

/**
 * Ticks of the followed games' prices. `tick_id` = game/market/book/selection/line/price, so an
 * unchanged price is the same tick (stored once) and every change is a new one.
 * @param followed game ids to map (others are ignored)
 * @param observedAt the poll's time (ISO 8601 UTC): the feed carries no per-price time
 */
export function oddsTicks(odds: NbaOdds, followed: ReadonlySet<string>, observedAt: string): AdapterTick[] {
  const ticks: AdapterTick[] = [];
  for (const g of odds.games) {
    if (!followed.has(g.gameId)) continue;
    for (const m of g.markets) {
      const name = m.name.toLowerCase();
      const market: 'moneyline' | 'spread' | 'over_under' | null =
        MARKET[name] ?? (/total|over/.test(name) ? 'over_under' : null);
      if (!market) continue;
      const seen = new Set<string>();
      for (const b of m.books) {
        if (seen.has(b.name)) continue;
        seen.add(b.name);
        for (const o of b.outcomes) {
          const selection = o.type.toLowerCase();
          const ok =
            market === 'over_under'
              ? selection === 'over' || selection === 'under'
              : selection === 'home' || selection === 'away';
          if (!ok || !(o.odds > 1)) continue;
          let line: number | null = market === 'moneyline' ? null : (o.total ?? o.spread ?? null);
          if (market !== 'moneyline' && (line === null || !Number.isFinite(line))) continue;
          // Scoreline's spread line is the home side's: the away outcome's +6.5 is the home −6.5.
          if (market === 'spread' && selection === 'away' && line !== null) line = -line;
          ticks.push({
            source_key: nbaSourceKey(g.gameId),
            tick: {
              tick_id: `nba-odds/${g.gameId}/${market}/${bookmakerSlug(b.name)}/${selection}/${line ?? '-'}/${o.odds}`,
              bookmaker: bookmakerSlug(b.name),
              market,
              selection,
              line,
              price: o.odds,
              observed_at: observedAt,
            },
          });
        }
      }
    }
  }
  return ticks;
}
