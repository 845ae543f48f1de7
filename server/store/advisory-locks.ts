/**
 * PostgreSQL advisory locks that make several Scoreline processes on one database behave as one
 * (docs/deploy.md). Every lock is the two-key form `(SCORELINE_LOCKS, id)`, so it cannot collide
 * with another application's single-key locks on the same database.
 */
import pg from 'pg';

/** First key of every Scoreline advisory lock ('SL' as a 16-bit number, arbitrary but fixed). */
export const SCORELINE_LOCKS = 0x534c;

/** Second keys: what each lock guards. */
export const LOCK = {
  /** Schema migrations: one process migrates, the others wait and then find nothing to do. */
  migrate: 1,
  /** First-start bootstrap (bundled data, first API key): imported once however many start together. */
  bootstrap: 2,
  /** Feed writes (transaction-scoped): a fixture's state is read and written by one process at a time. */
  write: 3,
  /** The singletons (replay, adapters, model odds, webhook delivery): held by the leader's session. */
  singletons: 10,
} as const;

/**
 * Runs `fn` while holding session advisory lock `id` on a dedicated connection to `databaseUrl`
 * (waits for it as long as another process holds it), then unlocks and disconnects — also when
 * `fn` throws. A process that dies holding it releases it with its connection.
 * Errors: connection errors, and whatever `fn` throws.
 */
export async function withSessionLock<T>(
  databaseUrl: string,
  id: number,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'scoreline-lock' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [SCORELINE_LOCKS, id]);
    try {
      return await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [SCORELINE_LOCKS, id]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
