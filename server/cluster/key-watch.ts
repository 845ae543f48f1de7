/**
 * Makes a key revoked or rotated on any process refused by this one within ~1 s, on REST and on
 * open WebSockets (docs/deploy.md "Shared identity"). Every `everyMs` it reads a fingerprint of
 * the revoked keys (how many, and the sum and max of their ids); when it changes, the key
 * verifier's cache is dropped and the gateway re-checks its open connections' keys (revoked ones
 * are closed with 4001). A poll rather than a notification: a lost one cannot leave a revoked key
 * working, and the query reads one index-sized aggregate.
 */
import { isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../store/db';
import * as t from '../store/schema';

export interface KeyWatch {
  stop(): void;
}

/** Starts watching; `onChange` runs after the verifier should forget its cache. Never throws (failures are logged). */
export function watchRevokedKeys(db: Db, everyMs: number, onChange: () => void | Promise<void>, log: Logger): KeyWatch {
  let last: string | null = null;
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      const [r] = await db
        .select({
          n: sql<string>`count(*)`,
          s: sql<string>`coalesce(sum(${t.apiKeys.id}), 0)`,
          m: sql<string>`coalesce(max(${t.apiKeys.revokedAt})::text, '')`,
        })
        .from(t.apiKeys)
        .where(isNotNull(t.apiKeys.revokedAt));
      const fingerprint = `${r.n}|${r.s}|${r.m}`;
      if (last !== null && fingerprint !== last) await onChange();
      last = fingerprint;
    } catch (err) {
      log.warn({ err }, 'revoked-key check failed');
    } finally {
      busy = false;
    }
  };
  void check();
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
