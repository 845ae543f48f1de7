/**
 * Keeps the stored webhook signing secrets sealed under the current server key
 * (server/webhooks/secret-key.ts, docs/webhooks.md): on start, plaintext secrets from before
 * encryption are sealed; `npm run cli -- webhooks reencrypt` re-seals every secret under the
 * current key after a key rotation.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../store/db';
import * as t from '../store/schema';
import { isSealed, loadSecretBox, type SecretBox } from './secret-key';

/** Thrown when a stored secret was sealed with a key the server was not given. */
export class SecretKeyMissingError extends Error {}

/**
 * Seals the endpoints' secrets: plaintext ones always, and with `all` also those sealed under a
 * previous key. Returns how many rows were rewritten. Errors: SecretKeyMissingError when a secret
 * was sealed with a key that is not configured (nothing is changed then); store errors propagate.
 */
export async function sealWebhookSecrets(db: Db, box: SecretBox, opts: { all?: boolean } = {}): Promise<number> {
  const rows = await db
    .select({ id: t.webhookEndpoints.id, secret: t.webhookEndpoints.secret })
    .from(t.webhookEndpoints);
  const reseal: { id: string; secret: string }[] = [];
  for (const r of rows) {
    let plain: string;
    try {
      plain = box.open(r.secret); // also proves every sealed secret's key is configured
    } catch (e) {
      throw new SecretKeyMissingError(
        `Webhook endpoint ${r.id}: ${(e as Error).message}. Add the key it was sealed with to WEBHOOK_SECRET_KEY (after the current one).`,
      );
    }
    if (!isSealed(r.secret) || (opts.all && !box.isCurrent(r.secret)))
      reseal.push({ id: r.id, secret: box.seal(plain) });
  }
  if (reseal.length) {
    await db.transaction(async (tx) => {
      for (const r of reseal)
        await tx.update(t.webhookEndpoints).set({ secret: r.secret }).where(eq(t.webhookEndpoints.id, r.id));
    });
  }
  return reseal.length;
}

/**
 * The server's secret box at start: WEBHOOK_SECRET_KEY, else DATA_DIR's key file (created 0600 on
 * first start); then seals any plaintext secret left from before encryption. Errors:
 * SecretKeyMissingError (a secret sealed with a key not configured), file and store errors.
 */
export async function prepareWebhookSecrets(
  db: Db,
  config: { WEBHOOK_SECRET_KEY?: string; dataDir: string },
): Promise<{ box: SecretBox; sealed: number }> {
  const box = loadSecretBox({ envKeys: config.WEBHOOK_SECRET_KEY, dataDir: config.dataDir });
  return { box, sealed: await sealWebhookSecrets(db, box) };
}
