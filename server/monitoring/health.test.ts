import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import journal from '@/drizzle/meta/_journal.json';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openMemoryStore, type Store } from '../store/db';
import { checkReadiness, createHealth } from './health';

const log = pino({ level: 'silent' });
let store: Store;
let server: http.Server;
let base: string;

beforeAll(async () => {
  store = await openMemoryStore();
  const health = createHealth({ store, log });
  server = http.createServer((req, res) => void health.handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await store.close();
});

describe('/healthz and /readyz', () => {
  test('/healthz: 200 {"status":"ok"}, JSON, no-store', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  test('/readyz: 200 when the store answers and every migration is applied', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ready', checks: { store: 'ok', migrations: 'ok' } });
  });

  test('other methods: 405 with Allow', async () => {
    const res = await fetch(`${base}/readyz`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('checkReadiness', () => {
  test('a migration missing from drizzle.__drizzle_migrations: pending, named', async () => {
    const mem = await openMemoryStore();
    try {
      await mem.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const r = await checkReadiness({ store: mem, log });
      expect(r).toEqual({
        status: 'not_ready',
        checks: { store: 'ok', migrations: 'pending' },
        pending_migrations: [journal.entries.at(-1)!.tag],
      });
    } finally {
      await mem.close();
    }
  });

  test('a failing store: both checks failed', async () => {
    const broken = { db: { execute: () => Promise.reject(new Error('connection refused')) } } as unknown as Store;
    expect(await checkReadiness({ store: broken, log })).toEqual({
      status: 'not_ready',
      checks: { store: 'failed', migrations: 'failed' },
    });
  });

  test('a store that does not answer in time: timeout', async () => {
    const hung = { db: { execute: () => new Promise(() => {}) } } as unknown as Store;
    const started = Date.now();
    expect(await checkReadiness({ store: hung, log }, { timeoutMs: 100 })).toEqual({
      status: 'not_ready',
      checks: { store: 'timeout', migrations: 'timeout' },
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
