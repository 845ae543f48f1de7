/**
 * ESPN odds → bookmaker price ticks. Pure. Three shapes carry them (test/fixtures/upstream/espn/):
 * - summary `pickcenter` / `odds` (and newer scoreboards): per provider a `moneyline`,
 *   `pointSpread` and `total` block with `open` and `close` prices, American odds as strings
 *   ("+750", "-230") and lines ("-1.5", "o2.5");
 * - the provider's current numbers beside them (`homeTeamOdds.moneyLine`, `spread`, `overUnder`,
 *   `overOdds`…), the only prices of older scoreboards' `competitions[].odds`;
 * - a bookmaker's own prices (`homeTeamOdds.odds.summary` "1/500" fractional, `value` 1.002
 *   decimal, Bet 365's entries of the summary's `odds`).
 * Each provider is a bookmaker, slugged by the shared rule of every source (lib/odds/markets.ts
 * `bookmakerSlug`: `draftkings`, `bet-365`, at most 40 characters), so a book has one slug whichever
 * source priced it; the winner market is
 * `1X2` when a draw is priced, else the two-way `moneyline`; the spread is `spread` with the home
 * side's line; the total `over_under`. Opening ticks (ESPN's `open`) come before current ones
 * (`close`, or the plain numbers), observed at the poll; tick ids carry the price, so a re-poll of
 * an unchanged price is the same tick and a moved price a new one. Prices stay in the format read
 * (the engine converts them to decimal by docs/odds.md's one rule).
 */
import { type EspnOdds, EspnOddsSchema, parseEach } from './espn-schemas';
import { bookmakerSlug } from '@/lib/odds/markets';

/** One price for the fixture, as the engine's odds ingest takes it (without the fixture id). */
export interface EspnTick {
  tick_id: string;
  bookmaker: string;
  market: '1X2' | 'moneyline' | 'spread' | 'over_under';
  selection: 'home' | 'draw' | 'away' | 'over' | 'under';
  line: number | null;
  /** Decimal number, or a string in American ("+150") or fractional ("5/2") odds. */
  price: number | string;
  /** ISO 8601 UTC. */
  observed_at: string;
}

/** "+750" / "-230" / "EVEN" as a price string the engine reads; null for "OFF", "" or missing. */
function american(s: string | number | undefined): string | null {
  if (typeof s === 'number') return Number.isFinite(s) && Math.abs(s) >= 100 ? (s > 0 ? `+${s}` : String(s)) : null;
  const t = (s ?? '').trim().toUpperCase();
  if (t === 'EVEN' || t === 'EV') return '+100';
  return /^[+-]\d{3,}(\.\d+)?$/.test(t) ? t : null;
}
/** A line "o2.5" / "u2.5" / "-1.5" / "+0.5" as a number; null when unreadable or not on the quarter grid. */
function lineOf(s: string | number | undefined): number | null {
  const n = typeof s === 'number' ? s : Number((s ?? '').replace(/^[ou]/i, ''));
  return Number.isFinite(n) && Number.isInteger(n * 4) ? n : null;
}
/** A bookmaker's own price: decimal `value` when > 1, else the fractional `summary` ("7/1"). */
function ownPrice(o: { value?: number; summary?: string } | undefined): number | string | null {
  if (typeof o?.value === 'number' && o.value > 1) return o.value;
  return o?.summary && /^\d+\/\d+$/.test(o.summary) ? o.summary : null;
}

/**
 * Every tick of `entries` (a competition's `odds`, the summary's `pickcenter` and `odds`) for the
 * event `eventId`, observed at `observedAt` (ISO). Unreadable entries and prices are left out.
 */
export function espnOddsTicks(
  eventId: string,
  entries: readonly unknown[] | null | undefined,
  observedAt: string,
): EspnTick[] {
  const out = new Map<string, EspnTick>();
  for (const { value: o } of parseEach(entries, EspnOddsSchema).ok) {
    const name = o.provider?.name;
    if (!name) continue;
    const bookmaker = bookmakerSlug(name);
    const push = (
      phase: 'open' | 'now',
      market: EspnTick['market'],
      selection: EspnTick['selection'],
      line: number | null,
      price: number | string | null,
    ) => {
      if (price == null) return;
      const tick_id = `espn:${eventId}:${bookmaker}:${market}:${line ?? ''}:${selection}:${phase}:${price}`;
      if (!out.has(tick_id))
        out.set(tick_id, { tick_id, bookmaker, market, selection, line, price, observed_at: observedAt });
    };
    for (const phase of ['open', 'now'] as const) pricesOf(o, phase, push);
  }
  // Opening prices first: a line's opening is its first tick.
  return [...out.values()].sort((a, b) => Number(a.tick_id.includes(':now:')) - Number(b.tick_id.includes(':now:')));
}

type Push = (
  phase: 'open' | 'now',
  market: EspnTick['market'],
  selection: EspnTick['selection'],
  line: number | null,
  price: number | string | null,
) => void;

/** The prices of one provider entry for `phase` (`open`: ESPN's opening line; `now`: close or current numbers). */
function pricesOf(o: EspnOdds, phase: 'open' | 'now', push: Push): void {
  const at = phase === 'open' ? 'open' : 'close';
  const ml = o.moneyline;
  const hasDraw = ml?.draw != null || o.drawOdds?.moneyLine != null || ownPrice(o.drawOdds) != null;
  const winner = hasDraw ? '1X2' : 'moneyline';
  if (ml) {
    push(phase, winner, 'home', null, american(ml.home?.[at]?.odds));
    push(phase, winner, 'away', null, american(ml.away?.[at]?.odds));
    if (hasDraw) push(phase, winner, 'draw', null, american(ml.draw?.[at]?.odds));
  } else if (phase === 'now') {
    push(phase, winner, 'home', null, american(o.homeTeamOdds?.moneyLine) ?? ownPrice(o.homeTeamOdds?.odds));
    push(phase, winner, 'away', null, american(o.awayTeamOdds?.moneyLine) ?? ownPrice(o.awayTeamOdds?.odds));
    if (hasDraw) push(phase, winner, 'draw', null, american(o.drawOdds?.moneyLine) ?? ownPrice(o.drawOdds));
  }
  const ps = o.pointSpread;
  if (ps) {
    const line = lineOf(ps.home?.[at]?.line);
    if (line !== null) {
      push(phase, 'spread', 'home', line, american(ps.home?.[at]?.odds));
      push(phase, 'spread', 'away', line, american(ps.away?.[at]?.odds));
    }
  } else if (phase === 'now' && typeof o.spread === 'number' && lineOf(o.spread) !== null) {
    push(phase, 'spread', 'home', o.spread, american(o.homeTeamOdds?.spreadOdds));
    push(phase, 'spread', 'away', o.spread, american(o.awayTeamOdds?.spreadOdds));
  }
  const tot = o.total;
  if (tot) {
    const line = lineOf(tot.over?.[at]?.line);
    if (line !== null) {
      push(phase, 'over_under', 'over', line, american(tot.over?.[at]?.odds));
      push(phase, 'over_under', 'under', line, american(tot.under?.[at]?.odds));
    }
  } else if (phase === 'now' && typeof o.overUnder === 'number' && lineOf(o.overUnder) !== null) {
    push(phase, 'over_under', 'over', o.overUnder, american(o.overOdds));
    push(phase, 'over_under', 'under', o.overUnder, american(o.underOdds));
  }
}
