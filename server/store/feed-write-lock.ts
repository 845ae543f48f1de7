/**
 * The cluster-wide feed write lock (docs/deploy.md): a transaction-scoped advisory lock that feed
 * writers take first, so one process at a time reads and writes a fixture's state.
 */
import { sql } from 'drizzle-orm';
import { LOCK, SCORELINE_LOCKS } from './advisory-locks';
import type { Tx } from './db';

/**
 * Takes the cluster-wide feed write lock for the rest of transaction `tx` (released at commit or
 * rollback). Feed writers call it first, so the state a write starts from cannot be changed by
 * another process before it commits.
 */
export async function lockFeedWrites(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SCORELINE_LOCKS}, ${LOCK.write})`);
}
