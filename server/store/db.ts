/**
 * Opens the store: embedded PGlite in DATA_DIR by default, real PostgreSQL when DATABASE_URL is set.
 * Both run the same drizzle migrations (drizzle/) on open.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { LOCK, withSessionLock } from './advisory-locks';
import { lockDataDir } from './lock';
import { MIGRATIONS_DIR } from '../root';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: query functions accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Store {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Approximate size of the store in bytes. */
  sizeBytes(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Opens and migrates the store. `databaseUrl` wins over `dataDir`. With PostgreSQL,
 * `onConnectionError` hears of idle connections that died (the pool replaces them by itself).
 * Errors: DataDirLockedError if another process holds dataDir; connection/migration errors as thrown by the driver.
 */
export async function openStore(opts: {
  databaseUrl?: string;
  dataDir: string;
  instanceId?: string;
  onConnectionError?: (err: Error) => void;
}): Promise<Store> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // application_name tells this process's notifications from others' (server/cluster/log-follower.ts).
    // A connection attempt gives up after 5 s (a black-holed host must not hold requests forever).
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      application_name: opts.instanceId,
      connectionTimeoutMillis: 5000,
    });
    // An idle client whose connection dies emits 'error' on the pool: without a listener that
    // crashes the process. The pool drops that client and opens a new one on the next query.
    pool.on('error', (err) => opts.onConnectionError?.(err));
    // A client checked out between two queries (inside a transaction) emits 'error' on itself when
    // its connection dies; the pool's own listener is off while it is out, so one is attached here.
    // Its next query fails, the transaction rolls back, and the pool discards the broken client.
    pool.on('connect', (client) => client.on('error', (err) => opts.onConnectionError?.(err)));
    const db = drizzle(pool, { schema }) as unknown as Db;
    // Any number of processes may start at once: one migrates, the others wait, then find nothing to do.
    await withSessionLock(opts.databaseUrl, LOCK.migrate, async (client) => {
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      await seedCounters(drizzle(client, { schema }) as unknown as Db);
    });
    return {
      db,
      kind: 'postgres',
      sizeBytes: async () =>
        Number(
          ((await db.execute(sql`select pg_database_size(current_database()) as n`)) as { rows: { n: string }[] })
            .rows[0].n,
        ),
      close: () => pool.end(),
    };
  }
  const release = lockDataDir(opts.dataDir);
  try {
    const store = await openPglite(path.join(opts.dataDir, 'pg'), PGLITE_SHARED_BUFFERS.dataDir);
    return { ...store, close: () => store.close().finally(release) };
  } catch (e) {
    release();
    throw e;
  }
}

/**
 * Opens and migrates an in-memory PGlite store (nothing touches the disk; gone on close). Used by
 * the sandbox (server/sandbox), whose sample data is rebuilt on every start.
 */
export function openMemoryStore(): Promise<Store> {
  return openPglite(undefined, PGLITE_SHARED_BUFFERS.memory);
}

/**
 * Opens and migrates a PGlite store in `dir` with the in-memory store's small buffers and no data-dir
 * lock: scratch stores that live inside the locked DATA_DIR (the sandbox's copy of its sample,
 * server/sandbox). Errors: as thrown by PGlite or the migrator.
 */
export function openScratchStore(dir: string): Promise<Store> {
  return openPglite(dir, PGLITE_SHARED_BUFFERS.memory);
}

/**
 * PGlite's shared_buffers (PostgreSQL's default is 128MB). PGlite keeps them inside its wasm heap,
 * which never shrinks: every buffer a big import touches stays resident for the life of the
 * process. Measured (bench/startup-memory.ts, docs in bench/README.md): 16MB cut the sandbox's
 * store by ~60 MB of RSS with the same import time. A data dir's pages not in these buffers are
 * read from the OS page cache (shared, not this process's RSS); the in-memory sandbox store is ~20 MB.
 */
export const PGLITE_SHARED_BUFFERS = { dataDir: '32MB', memory: '16MB' } as const;

/**
 * Opens and migrates PGlite in `dir` (in memory when undefined) with `sharedBuffers` (a PostgreSQL
 * size, e.g. `16MB`). Errors: as thrown by PGlite or the migrator.
 */
async function openPglite(dir: string | undefined, sharedBuffers: string): Promise<Store> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite({
    dataDir: dir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
  const pdb = drizzle(client, { schema });
  await migrate(pdb, { migrationsFolder: MIGRATIONS_DIR });
  const db = pdb as unknown as Db;
  await seedCounters(db);
  return {
    db,
    kind: 'pglite',
    sizeBytes: async () =>
      Number(
        (
          (await db.execute(sql`select pg_database_size(current_database()) as n`)) as {
            rows: { n: string | number }[];
          }
        ).rows[0].n,
      ),
    close: () => client.close(),
  };
}

async function seedCounters(db: Db): Promise<void> {
  await db.insert(schema.feedSequence).values({ id: 1, value: 0 }).onConflictDoNothing();
}
