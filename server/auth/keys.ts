/**
 * API keys: `sl_` + 30 random base62 characters + 6-character base62 CRC-32 checksum, so secret
 * scanners (and we) can tell a Scoreline key from noise without a lookup. Stored only as SHA-256.
 * Operator keys (role `operator`, docs/operators.md) look the same with the prefix `slo_`: they
 * feed the service (/v1/ops) and cannot read the feed; data keys cannot feed it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../store/db';
import { isoUtc } from '../store/fixture-info';
import * as t from '../store/schema';

const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function crc32(s: string): number {
  let c = ~0;
  for (let i = 0; i < s.length; i++) {
    c ^= s.charCodeAt(i);
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function base62(n: number, width: number): string {
  let out = '';
  for (let i = 0; i < width; i++) {
    out = B62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** What a key may do: read the feed (`data`) or feed it (`operator`). */
export type KeyRole = 'data' | 'operator';

/** Generates a new random API key (not stored): `sl_…` for a data key, `slo_…` for an operator key. */
export function generateApiKey(role: KeyRole = 'data'): string {
  const bytes = randomBytes(30);
  const body = Array.from(bytes, (b) => B62[b % 62]).join('');
  return `${role === 'operator' ? 'slo_' : 'sl_'}${body}${base62(crc32(body), 6)}`;
}

/** True when `key` has the Scoreline format (data `sl_` or operator `slo_`) and a valid checksum. */
export function looksLikeApiKey(key: string): boolean {
  const m = /^slo?_([0-9A-Za-z]{30})([0-9A-Za-z]{6})$/.exec(key);
  return Boolean(m && base62(crc32(m[1]), 6) === m[2]);
}

/** SHA-256 hex of a key: what the store keeps. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * What `keys list` and GET /v1/keys/current show to recognise a key: a generated key's first 7
 * characters (`sl_` + 4 of its 30 random ones), but for an operator-chosen key (INITIAL_API_KEY,
 * OPERATOR_API_KEY, any other format) `cfg_` + 4 hex digits of its SHA-256, which reveal nothing
 * of the key itself.
 */
export function displayPrefix(key: string): string {
  return looksLikeApiKey(key) ? key.slice(0, 7) : `cfg_${hashApiKey(key).slice(0, 4)}`;
}

/**
 * Stores a key (hashed) and returns its id. `key` may be operator-chosen (INITIAL_API_KEY,
 * OPERATOR_API_KEY). `role` defaults to `data`.
 */
export async function storeApiKey(
  db: Db,
  key: string,
  opts: { name: string; plan?: string; role?: KeyRole },
): Promise<number> {
  const prefix = displayPrefix(key);
  const [row] = await db
    .insert(t.apiKeys)
    .values({ keyHash: hashApiKey(key), prefix, name: opts.name, plan: opts.plan ?? 'free', role: opts.role ?? 'data' })
    .onConflictDoUpdate({ target: t.apiKeys.keyHash, set: { revokedAt: null, prefix } })
    .returning({ id: t.apiKeys.id });
  return row.id;
}

/** What a key's holder (and the operator) may see of it: never the key or its hash. */
export interface KeyInfo {
  id: number;
  name: string;
  /** A generated key's first 7 characters (`sl_` + 4), enough to recognise it; `cfg_` + 4 hex digits of the hash for an operator-chosen key. */
  prefix: string;
  plan: string;
  /** `data` (reads the feed) or `operator` (feeds it: /v1/ops). */
  role: KeyRole;
  /** ISO 8601 UTC. */
  created_at: string;
  /** ISO 8601 UTC, updated at most once a minute; null before the first use. */
  last_used_at: string | null;
  revoked_at: string | null;
}

const iso = (v: string | null): string | null => (v == null ? null : isoUtc(v));

/** Reads one key's public fields, or null when there is no key `id`. */
export async function getKeyInfo(db: Db, id: number): Promise<KeyInfo | null> {
  const [r] = await db.select().from(t.apiKeys).where(eq(t.apiKeys.id, id));
  return r
    ? {
        id: r.id,
        name: r.name,
        prefix: r.prefix,
        plan: r.plan,
        role: r.role as KeyRole,
        created_at: iso(r.createdAt)!,
        last_used_at: iso(r.lastUsedAt),
        revoked_at: iso(r.revokedAt),
      }
    : null;
}

/** Revokes key `id` (idempotent). Returns false when there is no such key. */
export async function revokeApiKey(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ revokedAt: t.apiKeys.revokedAt }).from(t.apiKeys).where(eq(t.apiKeys.id, id));
  if (!row) return false;
  if (!row.revokedAt)
    await db.update(t.apiKeys).set({ revokedAt: new Date().toISOString() }).where(eq(t.apiKeys.id, id));
  return true;
}

/**
 * Rotates key `id`: in one transaction, stores a new random key with the same name, plan and
 * lineage (the stable identity its rate limits count under) and revokes the old one. Returns the new key (shown once) and its id, or null when `id` is missing
 * or already revoked.
 */
export async function rotateApiKey(db: Db, id: number): Promise<{ key: string; id: number } | null> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(t.apiKeys)
      .where(and(eq(t.apiKeys.id, id), isNull(t.apiKeys.revokedAt)));
    if (!old) return null;
    const key = generateApiKey(old.role as KeyRole);
    const [row] = await tx
      .insert(t.apiKeys)
      .values({
        keyHash: hashApiKey(key),
        prefix: displayPrefix(key),
        name: old.name,
        plan: old.plan,
        role: old.role,
        lineageId: old.lineageId ?? old.id,
      })
      .returning({ id: t.apiKeys.id });
    await tx.update(t.apiKeys).set({ revokedAt: new Date().toISOString() }).where(eq(t.apiKeys.id, id));
    return { key, id: row.id };
  });
}

export interface KeyRecord {
  id: number;
  /**
   * The key's stable identity: the id of the first key of its rotation chain (its own id when never
   * rotated). Rate limits and WebSocket caps count per it, so rotating does not reset them.
   */
  limitId: number;
  plan: string;
  role: KeyRole;
}

/**
 * Verifies bearer keys against the store, caching results for `ttlMs` so a request costs no query
 * (a revoked key stops working within ttl). Updates last_used_at at most once a minute per key.
 */
export class KeyVerifier {
  private readonly cache = new Map<string, { record: KeyRecord | null; at: number }>();
  private readonly touched = new Map<number, number>();
  private readonly pendingTouch = new Map<number, Promise<unknown>>();
  /** Presented key → its SHA-256 hex, so a busy key is hashed once, not per request (bounded like `cache`). */
  private readonly hashes = new Map<string, string>();
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 30_000,
  ) {}

  /** Drops cached lookups, so a key revoked or rotated by this process stops working at once. */
  forget(): void {
    this.cache.clear();
  }

  /** hashApiKey(key), memoized per presented key. */
  private hashOf(key: string): string {
    let hash = this.hashes.get(key);
    if (hash === undefined) {
      if (this.hashes.size > 10_000) this.hashes.clear();
      hash = hashApiKey(key);
      this.hashes.set(key, hash);
    }
    return hash;
  }

  /** Returns the key's record, or null when missing, unknown or revoked. */
  async verify(key: string | null): Promise<KeyRecord | null> {
    if (!key || key.length > 200) return null;
    const hash = this.hashOf(key);
    const now = Date.now();
    const hit = this.cache.get(hash);
    let record: KeyRecord | null;
    if (hit && now - hit.at < this.ttlMs) record = hit.record;
    else {
      const [row] = await this.db
        .select({ id: t.apiKeys.id, plan: t.apiKeys.plan, role: t.apiKeys.role, lineageId: t.apiKeys.lineageId })
        .from(t.apiKeys)
        .where(and(eq(t.apiKeys.keyHash, hash), isNull(t.apiKeys.revokedAt)));
      record = row ? { id: row.id, plan: row.plan, role: row.role as KeyRole, limitId: row.lineageId ?? row.id } : null;
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(hash, { record, at: now });
    }
    if (record && now - (this.touched.get(record.id) ?? 0) > 60_000) {
      this.touched.set(record.id, now);
      const id = record.id;
      const write = this.db
        .update(t.apiKeys)
        .set({ lastUsedAt: new Date(now).toISOString() })
        .where(eq(t.apiKeys.id, id))
        .catch(() => undefined)
        .finally(() => {
          if (this.pendingTouch.get(id) === write) this.pendingTouch.delete(id);
        });
      this.pendingTouch.set(id, write);
    }
    return record;
  }

  /**
   * Resolves once this process's last_used_at write for key `id` (if any) has finished, so a read
   * of the key right after using it sees that use. Never rejects.
   */
  async settled(id: number): Promise<void> {
    await this.pendingTouch.get(id);
  }
}

/** Extracts the bearer token from an Authorization header value. */
export function bearerToken(header: string | null | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1] : null;
}
