/**
 * Secrets shared by every process of a deployment, kept in the store (table cluster_secrets): the
 * first process to need one creates it, every other reads the same bytes (docs/deploy.md).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../store/db';
import * as t from '../store/schema';

/**
 * The shared secret `name` (32 random bytes on first use). Concurrent first uses agree: the
 * insert does nothing when another process stored it first, and the stored value is read back.
 * Errors: store errors.
 */
export async function sharedSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(t.clusterSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: t.clusterSecrets.value })
    .from(t.clusterSecrets)
    .where(eq(t.clusterSecrets.name, name));
  return Buffer.from(row.value, 'base64');
}
