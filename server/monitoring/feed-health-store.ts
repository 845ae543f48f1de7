/**
 * The store-side figures of the feed-health report (server/monitoring/feed-health.ts): webhook endpoints,
 * outbox backlog and attempts, the store's size and row counts, and the latest event of given
 * fixtures. Store figures (a database size and three exact counts) are cached for 30 s per store,
 * so a page polling every 5 s does not keep the store busy.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Store } from '../store/db';
import { outboxStats } from '../webhooks/outbox';

/** How long store figures are reused, ms. */
export const STORE_FIGURES_TTL_MS = 30_000;

/** The store's size and row counts (FeedHealthSchema `store`), times as Unix ms. */
export interface StoreFigures {
  kind: Store['kind'];
  size_bytes: number;
  rows: { match_events: number; fixtures: number; odds_ticks: number };
  measured_ms: number;
}

/** Webhook figures from the store (endpoints, backlog, attempts of the last hour, latest failure). */
export interface WebhookStoreFigures {
  endpoints: { enabled: number; disabled: number };
  backlog: number;
  last_hour: { attempts: number; succeeded: number };
  last_failure: { at_ms: number; endpoint_id: string; status_code: number | null; error: string | null } | null;
}

async function rows<T>(store: Store, query: SQL): Promise<T[]> {
  return ((await store.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const cache = new WeakMap<Store, Promise<StoreFigures>>();

/**
 * The store's size (pg_database_size(current_database()): works on PGlite and PostgreSQL) and
 * exact row counts of match_events, fixtures and odds_ticks; cached STORE_FIGURES_TTL_MS.
 * Errors: rejects with the store's error (a failed measurement is not cached).
 */
export function storeFigures(store: Store, nowMs = Date.now()): Promise<StoreFigures> {
  const cached = cache.get(store);
  if (cached) return cached.then((f) => (nowMs - f.measured_ms < STORE_FIGURES_TTL_MS ? f : refresh()));
  return refresh();

  function refresh(): Promise<StoreFigures> {
    const p = (async () => {
      const size = await store.sizeBytes();
      const [c] = await rows<{ match_events: number; fixtures: number; odds_ticks: number }>(
        store,
        sql`select (select count(*) from match_events)::int as match_events, (select count(*) from fixtures)::int as fixtures, (select count(*) from odds_ticks)::int as odds_ticks`,
      );
      return {
        kind: store.kind,
        size_bytes: size,
        rows: { match_events: Number(c.match_events), fixtures: Number(c.fixtures), odds_ticks: Number(c.odds_ticks) },
        measured_ms: nowMs,
      };
    })();
    cache.set(store, p);
    p.catch(() => cache.get(store) === p && cache.delete(store));
    return p;
  }
}

/**
 * Webhook figures: endpoints by status, pending deliveries, attempts since `nowMs − 1 h` with
 * those answered 2xx, and the latest failed attempt (non-2xx or no answer). Errors: rejects with the store's error.
 */
export async function webhookStoreFigures(store: Store, nowMs = Date.now()): Promise<WebhookStoreFigures> {
  const since = new Date(nowMs - 3_600_000).toISOString();
  const endpoints = await rows<{ status: string; n: number }>(
    store,
    sql`select status, count(*)::int as n from webhook_endpoints group by status`,
  );
  const { pending } = await outboxStats(store);
  const [hour] = await rows<{ attempts: number; succeeded: number }>(
    store,
    sql`select count(*)::int as attempts, (count(*) filter (where status_code between 200 and 299))::int as succeeded from webhook_attempts where attempted_at > ${since}::timestamptz`,
  );
  const [fail] = await rows<{ at_ms: number; endpoint_id: string; status_code: number | null; error: string | null }>(
    store,
    sql`select (extract(epoch from a.attempted_at) * 1000)::float8 as at_ms, d.endpoint_id, a.status_code, a.error
        from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
        where a.status_code is null or a.status_code not between 200 and 299
        order by a.id desc limit 1`,
  );
  const enabled = endpoints.filter((e) => e.status === 'enabled').reduce((a, e) => a + Number(e.n), 0);
  const all = endpoints.reduce((a, e) => a + Number(e.n), 0);
  return {
    endpoints: { enabled, disabled: all - enabled },
    backlog: pending,
    last_hour: { attempts: Number(hour?.attempts ?? 0), succeeded: Number(hour?.succeeded ?? 0) },
    last_failure: fail
      ? {
          at_ms: Number(fail.at_ms),
          endpoint_id: fail.endpoint_id,
          status_code: fail.status_code == null ? null : Number(fail.status_code),
          error: fail.error,
        }
      : null,
  };
}

/** Unix ms of the latest stored event of each of `fixtureIds` (absent: none). Errors: rejects with the store's error. */
export async function lastEventTimes(store: Store, fixtureIds: number[]): Promise<Map<number, number>> {
  if (!fixtureIds.length) return new Map();
  const ids = sql.join(
    fixtureIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const r = await rows<{ fixture_id: number; last_ms: number }>(
    store,
    sql`select fixture_id, (extract(epoch from max(received_at)) * 1000)::float8 as last_ms from match_events where fixture_id in (${ids}) group by fixture_id`,
  );
  return new Map(r.map((x) => [Number(x.fixture_id), Number(x.last_ms)]));
}
