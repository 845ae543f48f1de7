/**
 * Liveness and readiness probes, outside /v1 (no key, no rate limit): GET /healthz answers 200
 * while the process serves; GET /readyz answers 200 when the store answers `select 1` and every
 * migration in drizzle/meta/_journal.json is recorded in drizzle.__drizzle_migrations, else 503
 * naming the failing check. docs/operations.md.
 */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Logger } from 'pino';
import { MIGRATIONS_DIR } from '../root';
import type { Store } from '../store/db';

/** What the probes use of the running services: the store they query and the logger of failed checks. */
export interface HealthServices {
  store: Pick<Store, 'db'>;
  log: Pick<Logger, 'warn'>;
}

/** One check's outcome: `pending` means some migrations are not applied. */
export type CheckResult = 'ok' | 'failed' | 'timeout' | 'pending';

export interface Readiness {
  status: 'ready' | 'not_ready';
  checks: { store: CheckResult; migrations: CheckResult };
  /** Tags of the journal's migrations missing from the store (only when `migrations` is `pending`). */
  pending_migrations?: string[];
}

export interface HealthOptions {
  /** How long /readyz waits for its checks, in milliseconds (default 2000); a check still running then is `timeout`. */
  timeoutMs?: number;
  /** The drizzle migrations folder (default: the repository's drizzle/). */
  migrationsFolder?: string;
}

/** The journal's migrations: tag, `when` (drizzle stores it as created_at) and SHA-256 hash of the SQL. */
function expectedMigrations(folder: string): { tag: string; when: number; hash: string }[] {
  const journal = (
    JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  ).entries;
  return readMigrationFiles({ migrationsFolder: folder }).map((m, i) => ({
    tag: journal[i].tag,
    when: m.folderMillis,
    hash: m.hash,
  }));
}

/** Rows of a drizzle `execute` result (node-postgres and PGlite both return `{ rows }`). */
function rowsOf<T>(r: unknown): T[] {
  return (r as { rows: T[] }).rows;
}

/**
 * Runs the readiness checks against `services.store` within `opts.timeoutMs` (default 2 s).
 * Never throws: a failing query is `failed` (logged at warn), a slow one `timeout`.
 */
export async function checkReadiness(services: HealthServices, opts: HealthOptions = {}): Promise<Readiness> {
  const folder = opts.migrationsFolder ?? MIGRATIONS_DIR;
  let pending: string[] = [];
  const run = async (name: string, f: () => Promise<CheckResult>): Promise<CheckResult> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<CheckResult>((r) => (timer = setTimeout(() => r('timeout'), opts.timeoutMs ?? 2000)));
    const check = f().catch((err) => {
      services.log.warn({ err }, `readiness check ${name} failed`);
      return 'failed' as const;
    });
    return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
  };
  const [store, migrations] = await Promise.all([
    run('store', async () => {
      await services.store.db.execute(sql`select 1`);
      return 'ok';
    }),
    run('migrations', async () => {
      const rows = rowsOf<{ hash: string; created_at: string | number }>(
        await services.store.db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations`),
      );
      const hashes = new Set(rows.map((r) => r.hash));
      const times = new Set(rows.map((r) => Number(r.created_at)));
      pending = expectedMigrations(folder)
        .filter((m) => !hashes.has(m.hash) && !times.has(m.when))
        .map((m) => m.tag);
      return pending.length ? 'pending' : 'ok';
    }),
  ]);
  const ready = store === 'ok' && migrations === 'ok';
  return {
    status: ready ? 'ready' : 'not_ready',
    checks: { store, migrations },
    ...(migrations === 'pending' ? { pending_migrations: pending } : {}),
  };
}

/**
 * Builds the handler of GET/HEAD /healthz and /readyz (JSON, `cache-control: no-store`; 405 for
 * other methods, 404 for other paths).
 */
export function createHealth(
  services: HealthServices,
  opts: HealthOptions = {},
): { handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> } {
  return {
    async handle(req, res) {
      const send = (status: number, body: unknown, extra: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...extra });
        res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
      };
      const pathname = (req.url ?? '/').split('?')[0];
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return send(405, { status: 'method_not_allowed' }, { allow: 'GET, HEAD' });
      if (pathname === '/healthz') return send(200, { status: 'ok' });
      if (pathname !== '/readyz') return send(404, { status: 'not_found' });
      const r = await checkReadiness(services, opts);
      send(r.status === 'ready' ? 200 : 503, r);
    },
  };
}
