/** The global feed sequence (DESIGN.md: one gap-free `seq` over everything the feed publishes). */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../store/db';
import * as t from '../store/schema';

/**
 * Reserves the next `n` seqs inside `tx` and hands them out to `items` in order (`assign(item, seq)`),
 * then to the `stored` outcomes in order. Gap-free as long as `tx` commits (a rollback returns them).
 * Notifies `scoreline_feed` with the last seq (delivered at commit; nothing on rollback).
 */
export async function assignSeqs<I>(tx: Tx, items: I[], assign: (item: I, seq: number) => void, outcomes: { status: string; seq?: number | null }[]): Promise<void> {
  const [{ value: last }] = await tx
    .update(t.feedSequence)
    .set({ value: sql`${t.feedSequence.value} + ${items.length}` })
    .where(eq(t.feedSequence.id, 1))
    .returning({ value: t.feedSequence.value });
  // The wake-up for other processes following the log (server/cluster/log-follower.ts): sent at commit, in commit order.
  await tx.execute(sql`select pg_notify('scoreline_feed', ${String(last)} || ' ' || current_setting('application_name'))`);
  let seq = Number(last) - items.length;
  const seqs = items.map((item) => {
    assign(item, ++seq);
    return seq;
  });
  let k = 0;
  for (const o of outcomes) if (o.status === 'stored') o.seq = seqs[k++];
}
