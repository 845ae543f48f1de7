/** The global feed sequence (docs/websocket.md: one gap-free `seq` over everything the feed publishes). */
import { sql } from 'drizzle-orm';
import type { Tx } from '../store/db';

/**
 * Reserves the next `n` seqs inside `tx` and hands them out to `items` in order (`assign(item, seq)`),
 * then to the `stored` outcomes in order. Gap-free as long as `tx` commits (a rollback returns them).
 * Notifies `scoreline_feed` with the last seq (delivered at commit; nothing on rollback).
 */
export async function assignSeqs<I>(
  tx: Tx,
  items: I[],
  assign: (item: I, seq: number) => void,
  outcomes: { status: string; seq?: number | null }[],
): Promise<void> {
  // One statement: reserve the seqs and queue the wake-up for other processes following the log
  // (server/cluster/log-follower.ts), which PostgreSQL sends at commit, in commit order.
  const res = (await tx.execute(sql`
    WITH s AS (UPDATE feed_sequence SET value = value + ${items.length} WHERE id = 1 RETURNING value)
    SELECT s.value AS last, pg_notify('scoreline_feed', s.value::text || ' ' || current_setting('application_name')) FROM s`)) as unknown as {
    rows: { last: string | number }[];
  };
  const last = res.rows[0].last;
  let seq = Number(last) - items.length;
  const seqs = items.map((item) => {
    assign(item, ++seq);
    return seq;
  });
  let k = 0;
  for (const o of outcomes) if (o.status === 'stored') o.seq = seqs[k++];
}
