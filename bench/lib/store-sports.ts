/** The sports of a store and their fixture counts (benches over a store seed). */
import { sql } from 'drizzle-orm';
import type { Tx } from '@/server/store/db';

/** Every sport with fixtures in `db`, in name order, with how many. Errors: the store's. */
export async function storeSports(db: Tx): Promise<{ sport: string; n: number }[]> {
  const r = (await db.execute(
    sql`SELECT sport, count(*) AS n FROM fixtures GROUP BY sport ORDER BY sport`,
  )) as unknown as {
    rows: { sport: string; n: number }[];
  };
  return r.rows;
}
