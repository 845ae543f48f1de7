// GET /v1/{sport}/odds?match_id= — spec 2.4 (1X2 consensus, decimal) plus per-bookmaker opening/closing lines
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { selectFixtures } from '../../store/fixture-info';
import * as t from '../../store/schema';
import type { Services } from '../../services';
import { json, parseQuery, type Ctx } from '../handler';
import { ApiError } from '../problem';

export const OddsQuery = z.object({
  match_id: z.string({ error: 'is required' }).regex(/^\d{1,9}$/, 'must be a positive integer (the fixture_id)'),
  market: z.enum(['1X2', 'over_under', 'asian_handicap']).optional(),
  bookmaker: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a bookmaker slug such as bet365').optional(),
});

/** Aggregate columns in the sources, not bookmakers: excluded from the consensus. */
const AGGREGATES = new Set(['market-max', 'market-average']);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : Math.round(((s[mid - 1] + s[mid]) / 2) * 1000) / 1000;
}

/**
 * Top level (spec 2.4): market "1X2" and the median across bookmakers of each one's current
 * price (closing when known, else opening). `bookmakers` lists each bookmaker's lines with
 * opening and closing prices by selection. Errors: 400 invalid_parameter, 404 fixture_not_found / odds_not_found.
 */
export async function getOdds(_req: Request, ctx: Ctx): Promise<Response> {
  return json(await loadOdds(ctx.services, ctx.params.sport, parseQuery(ctx.url, OddsQuery)), ctx);
}

/** The body of GET /v1/{sport}/odds (also the match page's odds panel). Errors: ApiError as above. */
export async function loadOdds(services: Services, sport: string, q: z.infer<typeof OddsQuery>) {
  const db = services.store.db;
  const id = Number(q.match_id);
  const [fixture] = await selectFixtures(db).where(eq(t.fixtures.id, id));
  if (!fixture || fixture.sport !== sport) throw new ApiError('fixture_not_found', `No ${sport} match with match_id ${id}.`);
  const quotes = await db.select().from(t.oddsQuotes).where(eq(t.oddsQuotes.fixtureId, id));
  const lines = new Map<string, { bookmaker: string; market: string; line: number | null; opening: Record<string, number> | null; closing: Record<string, number> | null }>();
  for (const qt of quotes) {
    const key = `${qt.bookmaker}|${qt.market}|${qt.line}`;
    const l = lines.get(key) ?? { bookmaker: qt.bookmaker, market: qt.market, line: qt.line, opening: null, closing: null };
    lines.set(key, l);
    const slot = qt.kind === 'closing' ? 'closing' : 'opening';
    (l[slot] ??= {})[qt.selection] = qt.price;
  }
  const all = [...lines.values()].sort((a, b) => a.market.localeCompare(b.market) || a.bookmaker.localeCompare(b.bookmaker) || (a.line ?? 0) - (b.line ?? 0));
  const x12 = all.filter((l) => l.market === '1X2' && !AGGREGATES.has(l.bookmaker));
  const current = x12.map((l) => l.closing ?? l.opening).filter((p): p is Record<string, number> => Boolean(p?.home && p.draw && p.away));
  if (!current.length) throw new ApiError('odds_not_found', `No 1X2 odds for match_id ${id}.`);
  const shown = all.filter((l) => (!q.market || l.market === q.market) && (!q.bookmaker || l.bookmaker === q.bookmaker));
  return {
    market: '1X2' as const,
    home: median(current.map((p) => p.home)),
    draw: median(current.map((p) => p.draw)),
    away: median(current.map((p) => p.away)),
    fixture_id: id,
    source: `median of ${current.length} bookmaker${current.length === 1 ? '' : 's'}, current (closing if known) prices`,
    bookmakers: shown,
  };
}
