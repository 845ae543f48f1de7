/**
 * A failed query never puts its parameters in the log (issue 15 §5): a real insert of a new API
 * key into a real (in-memory PGlite) store fails on a NUL in its name, the error goes through a
 * pino logger with LOG_SERIALIZERS, and the written line carries neither the key's hash nor its
 * prefix nor the name — while the same error logged with pino's default serializer does (so this
 * test would have caught the leak). Its time is opening the in-memory store (3–40 s depending on machine load).
 */
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generateApiKey, hashApiKey, storeApiKey } from './auth/keys';
import { LOG_SERIALIZERS, serializeError } from './log-errors';
import { openMemoryStore, type Store } from './store/db';

let store: Store;
beforeAll(async () => {
  store = await openMemoryStore();
}, 60_000);
afterAll(async () => {
  await store?.close();
});

/** Logs `err` as the server's handler wrapper does and returns the written line. */
function logLine(err: unknown, serializers?: typeof LOG_SERIALIZERS): string {
  const lines: string[] = [];
  const log = pino(
    { level: 'error', ...(serializers ? { serializers } : {}) },
    { write: (l: string) => void lines.push(l) },
  );
  log.error({ err, requestId: 'r1', path: '/v1/keys' }, 'handler failed');
  return lines.join('');
}

test('a failed insert of a new key logs its SQL error without the hash, prefix or any parameter', async () => {
  const key = generateApiKey();
  const name = 'probe\u0000name';
  const err = await storeApiKey(store.db, key, { name }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  const hash = hashApiKey(key);
  const prefix = key.slice(0, 7);

  const leaky = logLine(err);
  expect(leaky).toContain(hash); // pino's default err serializer writes the parameters

  const line = logLine(err, LOG_SERIALIZERS);
  expect(line).not.toContain(hash);
  expect(line).not.toContain(prefix);
  expect(line).not.toContain('probe');
  expect(line).not.toMatch(/params:/);
  const logged = JSON.parse(line) as {
    err: { type: string; message: string; stack: string; sql?: string; withheld?: string[] };
  };
  expect(logged.err.message).toMatch(/^Failed query: insert into "api_keys"/);
  expect(logged.err.message).toMatch(/\(parameters withheld\)$/);
  expect(logged.err.withheld).toContain('params');
  expect(logged.err.stack).toMatch(/\n\s+at /);
});

test('the cause chain is serialized the same way; non-errors pass through', () => {
  const inner = Object.assign(new Error('duplicate key value violates unique constraint "api_keys_key_hash_unique"'), {
    code: '23505',
    detail: 'Key (key_hash)=(abc123secret) already exists.',
    constraint: 'api_keys_key_hash_unique',
  });
  const outer = Object.assign(new Error('Failed query: insert into "api_keys" values ($1)\nparams: abc123secret'), {
    query: 'insert into "api_keys" values ($1)',
    params: ['abc123secret'],
    cause: inner,
  });
  const s = JSON.stringify(serializeError(outer));
  expect(s).not.toContain('abc123secret');
  expect(s).toContain('23505');
  expect(s).toContain('api_keys_key_hash_unique');
  expect(serializeError('plain')).toBe('plain');
});
