/**
 * A throwaway database on the machine's real PostgreSQL (TEST_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) for one test file: random name, dropped (FORCE)
 * after.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
  /** Runs one query on the test database (a fresh connection each time). */
  query<R extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<R[]>;
  /** Drops the database (closing whatever is still connected). Idempotent. */
  drop(): Promise<void>;
}

async function admin(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** Creates `<prefix>_<10 hex>` and returns its URL. Errors: connection errors. */
export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  await admin(`CREATE DATABASE ${name}`);
  let dropped: Promise<void> | null = null;
  return {
    name,
    url,
    async query(text, values) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (await c.query(text, values)).rows;
      } finally {
        await c.end();
      }
    },
    drop: () => (dropped ??= admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
