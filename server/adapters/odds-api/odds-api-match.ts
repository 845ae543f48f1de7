/**
 * Matching an Odds API event to one stored Scoreline fixture — same sport, kickoff within the
 * tolerance, both team names equal by the mapping table (odds-api-teams.ts), home and away in
 * either order (a neutral venue may list them the other way; prices are by team name anyway) —
 * and reading its bookmakers into price ticks. Never guessed: no candidate or several is
 * "unmatched" with the reason. Pure. docs/adapters.md "odds-api".
 */
import { bookmakerSlug } from '@/lib/odds/markets';
import type { Sport } from '@/lib/sports';
import type { NearFixture } from '../types';
import type { OddsApiEvent } from './odds-api-schemas';
import { teamMatchKey } from './odds-api-teams';

/** The fixture an event matched, or why none did. */
export type MatchResult = { fixture: NearFixture } | { fixture: null; reason: string };

/** Matches `e` (of Scoreline sport `sport`) against `candidates` (see the module comment). */
export function matchEvent(
  sport: Sport,
  e: Pick<OddsApiEvent, 'commence_time' | 'home_team' | 'away_team'>,
  candidates: readonly NearFixture[],
  toleranceMs: number,
): MatchResult {
  const at = Date.parse(e.commence_time);
  const want = [teamMatchKey(sport, e.home_team), teamMatchKey(sport, e.away_team)].sort().join('|');
  // Kickoff first (cheap); team keys only for the few candidates in the window.
  const hits = candidates
    .filter((f) => f.sport === sport && Math.abs(Date.parse(f.kickoff) - at) <= toleranceMs)
    .filter((f) => [teamMatchKey(sport, f.home_team), teamMatchKey(sport, f.away_team)].sort().join('|') === want);
  if (hits.length === 1) return { fixture: hits[0] };
  const mins = Math.round(toleranceMs / 60_000);
  if (!hits.length)
    return { fixture: null, reason: `no ${sport} fixture with these teams within ±${mins} min of kickoff` };
  return {
    fixture: null,
    reason: `${hits.length} ${sport} fixtures match (ids ${hits.map((h) => h.fixture_id).join(', ')})`,
  };
}

/** One bookmaker price of an event, as the engine's odds ingest takes it (without the fixture). */
export interface OddsApiTick {
  tick_id: string;
  /** The Odds API bookmaker key as the shared bookmaker slug (lib/odds/markets.ts bookmakerSlug: `williamhill`, `betfair-ex-uk`). */
  bookmaker: string;
  market: '1X2' | 'moneyline' | 'spread' | 'over_under';
  selection: 'home' | 'draw' | 'away' | 'over' | 'under';
  /** Spread: the home side's handicap; total: the line; null for the winner market. */
  line: number | null;
  /** Decimal odds, or an American string ("+115") when the upstream answered American despite `oddsFormat=decimal`. */
  price: number | string;
  /** The market's `last_update` (else the bookmaker's, else the poll), ISO 8601 UTC. */
  observed_at: string;
}

const iso = (s: string | undefined, fallback: string) => {
  const ms = s ? Date.parse(s) : Number.NaN;
  return Number.isNaN(ms) ? fallback : new Date(ms).toISOString();
};
const onGrid = (n: number | undefined): n is number => typeof n === 'number' && Number.isInteger(n * 4);
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const optString = (v: unknown) => v === undefined || typeof v === 'string';
/** odds-api-schemas.ts's OddsApiBookmakerSchema, OddsApiMarketSchema and OddsApiOutcomeSchema, checked by hand. */
const isBookmaker = (x: unknown): x is { key: string; last_update?: string; markets: unknown[] } =>
  isObject(x) && typeof x.key === 'string' && x.key.length > 0 && Array.isArray(x.markets) && optString(x.last_update);
const isMarket = (x: unknown): x is { key: string; last_update?: string; outcomes: unknown[] } =>
  isObject(x) && typeof x.key === 'string' && Array.isArray(x.outcomes) && optString(x.last_update);
const isOutcome = (x: unknown): x is { name: string; price: number; point?: number } =>
  isObject(x) &&
  typeof x.name === 'string' &&
  x.name.length > 0 &&
  typeof x.price === 'number' &&
  Number.isFinite(x.price) &&
  (x.point === undefined || typeof x.point === 'number');

/**
 * Every price of event `e` whose outcomes map to the fixture's sides: `h2h` → `1X2` when a
 * `Draw` is priced, else `moneyline`; `spreads` → `spread` (line = the home side's point);
 * `totals` → `over_under`. `sideOf` names the side of a team name (null: not one of the
 * fixture's teams → that market is left out, never guessed). A market answered in American odds
 * (a price ≤ −100) keeps them as "+115" / "-160" strings. `skipped` collects what was left out.
 */
export function eventTicks(
  e: Pick<OddsApiEvent, 'id' | 'bookmakers'>,
  sideOf: (name: string) => 'home' | 'away' | null,
  observedAt: string,
  skipped: { item: string; reason: string }[] = [],
): OddsApiTick[] {
  const out: OddsApiTick[] = [];
  // Plain guards, not zod, on the inner lists: a poll holds thousands of outcomes (bench/adapters-odds-api.ts).
  for (const b of Array.isArray(e.bookmakers) ? e.bookmakers : []) {
    if (!isBookmaker(b)) continue;
    const bookmaker = bookmakerSlug(b.key);
    for (const m of b.markets) {
      if (!isMarket(m) || (m.key !== 'h2h' && m.key !== 'spreads' && m.key !== 'totals')) continue;
      const outcomes = m.outcomes.filter(isOutcome);
      const at = iso(m.last_update ?? b.last_update, observedAt);
      const american = outcomes.some((o) => o.price <= -100);
      const priceOf = (p: number) => (american ? (p > 0 ? `+${p}` : String(p)) : p);
      const what = `event ${e.id} ${b.key} ${m.key}`;
      const rows: Omit<OddsApiTick, 'tick_id' | 'bookmaker' | 'observed_at'>[] = [];
      let bad: string | null = null;
      if (m.key === 'totals') {
        for (const o of outcomes) {
          const sel = o.name.toLowerCase();
          if ((sel !== 'over' && sel !== 'under') || !onGrid(o.point)) bad = `outcome ${o.name} ${o.point ?? ''}`;
          else rows.push({ market: 'over_under', selection: sel, line: o.point, price: priceOf(o.price) });
        }
      } else {
        const draw = outcomes.some((o) => o.name.toLowerCase() === 'draw');
        const homePoint = outcomes.find((o) => sideOf(o.name) === 'home')?.point;
        for (const o of outcomes) {
          const side = o.name.toLowerCase() === 'draw' && m.key === 'h2h' ? 'draw' : sideOf(o.name);
          if (!side) bad = `outcome ${o.name} is neither team`;
          else if (m.key === 'h2h')
            rows.push({ market: draw ? '1X2' : 'moneyline', selection: side, line: null, price: priceOf(o.price) });
          else if (!onGrid(homePoint) || side === 'draw') bad = `spread point ${o.point ?? 'missing'}`;
          else rows.push({ market: 'spread', selection: side, line: homePoint, price: priceOf(o.price) });
        }
      }
      if (bad || rows.length < 2) {
        skipped.push({ item: what, reason: bad ?? 'fewer than two outcomes' });
        continue;
      }
      for (const r of rows)
        out.push({
          ...r,
          bookmaker,
          observed_at: at,
          tick_id: `odds-api:${e.id}:${bookmaker}:${r.market}:${r.line ?? ''}:${r.selection}:${at}:${r.price}`,
        });
    }
  }
  return out;
}
