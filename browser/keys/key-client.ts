/**
 * Browser calls of the self-serve key API (docs/access.md): create, read, rotate and revoke.
 * The key travels only in the Authorization header of these same-origin requests; nothing is
 * stored in the browser. Errors: throws KeyApiError with the problem+json `code` and `detail`.
 */
import type { z } from 'zod';
import type { ApiKeySchema, NewApiKeySchema } from '@/lib/wire/keys';

export type ApiKey = z.infer<typeof ApiKeySchema>;
export type NewApiKey = z.infer<typeof NewApiKeySchema>;

export class KeyApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, key: string | null, body?: unknown): Promise<T | null> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (key) headers.authorization = `Bearer ${key.trim()}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'omit',
  });
  if (res.status === 204) return null;
  const json = (await res.json().catch(() => ({}))) as { code?: string; detail?: string };
  if (!res.ok) throw new KeyApiError(res.status, json.code ?? 'http_error', json.detail ?? `HTTP ${res.status}`);
  return json as T;
}

/** POST /v1/keys — a new free key for `name` (shown once). */
export async function createKey(name: string): Promise<NewApiKey> {
  return (await call<NewApiKey>('POST', '/v1/keys', null, name.trim() ? { name: name.trim() } : {}))!;
}

/** GET /v1/keys/current — what `key` is: plan, limits, created and last-used times. */
export async function describeKey(key: string): Promise<ApiKey> {
  return (await call<ApiKey>('GET', '/v1/keys/current', key))!;
}

/** POST /v1/keys/current/rotate — a new key replacing `key` (which stops working). */
export async function rotateKey(key: string): Promise<NewApiKey> {
  return (await call<NewApiKey>('POST', '/v1/keys/current/rotate', key))!;
}

/** DELETE /v1/keys/current — revokes `key`. */
export async function revokeKey(key: string): Promise<void> {
  await call<null>('DELETE', '/v1/keys/current', key);
}
