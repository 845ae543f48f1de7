/**
 * Reads a fixture's odds ticks (server/store/schema.ts `odds_ticks`): all of them as quotes for
 * the line summaries, or one page of the history in (observed_at, id) order.
 */
import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Quote } from '@/lib/odds/markets';
import type { Db } from '../db';
import { isoUtc } from '../fixture-info';
import * as t from '../schema';

export interface TickRow extends Quote {
  id: number;
  seq: number | null;
}

const toTick = (r: typeof t.oddsTicks.$inferSelect): TickRow => ({
  id: r.id,
  seq: r.seq,
  bookmaker: r.bookmaker,
  market: r.market as Quote['market'],
  selection: r.selection,
  line: r.line,
  price: r.price,
  observed_at: isoUtc(r.observedAt),
});

/** Every tick of a fixture, oldest first. */
export async function listOddsTicks(db: Db, fixtureId: number): Promise<TickRow[]> {
  const rows = await db
    .select()
    .from(t.oddsTicks)
    .where(eq(t.oddsTicks.fixtureId, fixtureId))
    .orderBy(asc(t.oddsTicks.observedAt), asc(t.oddsTicks.id));
  return rows.map(toTick);
}

/**
 * One page of a fixture's tick history, oldest first, after the cursor position (`after`:
 * observed_at ISO + id of the last tick of the previous page). Filters are optional.
 * Returns `limit + 1` rows at most, so the caller can tell whether there is a next page.
 */
export async function pageOddsTicks(
  db: Db,
  fixtureId: number,
  q: { market?: string; bookmaker?: string; selection?: string; after?: { t: string; i: number }; limit: number },
): Promise<TickRow[]> {
  const where: SQL[] = [eq(t.oddsTicks.fixtureId, fixtureId)];
  if (q.market) where.push(eq(t.oddsTicks.market, q.market));
  if (q.bookmaker) where.push(eq(t.oddsTicks.bookmaker, q.bookmaker));
  if (q.selection) where.push(eq(t.oddsTicks.selection, q.selection));
  if (q.after) {
    const at = sql`${q.after.t}::timestamptz`;
    where.push(
      or(
        gt(t.oddsTicks.observedAt, at as never),
        and(eq(t.oddsTicks.observedAt, at as never), gt(t.oddsTicks.id, q.after.i)),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(t.oddsTicks)
    .where(and(...where))
    .orderBy(asc(t.oddsTicks.observedAt), asc(t.oddsTicks.id))
    .limit(q.limit + 1);
  return rows.map(toTick);
}
