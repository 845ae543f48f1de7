/**
 * This process's and its store's metrics, read at scrape time: whether it leads the cluster,
 * whether the store answers and the server is ready (one readiness check per scrape), the read
 * cache's hits and misses, the store's size.
 */
import { Counter, Gauge } from 'prom-client';
import { readsOf } from '../read-cache/reads';
import { checkReadiness, type Readiness } from './health';
import type { MetricsContext } from './metrics-context';

/** Registers the process and store metrics. */
export function processMetrics({ services, registers, safely }: MetricsContext): void {
  new Gauge({
    name: 'scoreline_cluster_leader',
    help: 'Whether this process runs the singletons (adapters, replay, webhook dispatch): 1 or 0; always 1 without a cluster.',
    registers,
    collect() {
      this.set(services.cluster ? Number(services.cluster.leadership.isLeader) : 1);
    },
  });
  // One readiness check per scrape, read by both gauges (store_up is collected first: registration order).
  let readiness: Promise<Readiness> = Promise.resolve({
    status: 'not_ready',
    checks: { store: 'pending', migrations: 'pending' },
  });
  new Gauge({
    name: 'scoreline_store_up',
    help: 'Whether the store answered the readiness check at scrape time: 1 or 0 (PostgreSQL unreachable: 0).',
    registers,
    async collect() {
      readiness = checkReadiness(services);
      this.set(Number((await readiness).checks.store === 'ok'));
    },
  });
  new Gauge({
    name: 'scoreline_ready',
    help: 'Whether /readyz answers ready (store reachable, migrations applied) at scrape time: 1 or 0.',
    registers,
    async collect() {
      this.set(Number((await readiness).status === 'ready'));
    },
  });
  new Counter({
    name: 'scoreline_read_cache_lookups_total',
    help: 'Cached /v1 reads (docs/api.md, caching) by outcome: hit (answered from the cached bytes) or miss (built by the handler).',
    labelNames: ['outcome'],
    registers,
    collect() {
      const { cache } = readsOf(services);
      this.reset();
      this.inc({ outcome: 'hit' }, cache.hits);
      this.inc({ outcome: 'miss' }, cache.misses);
    },
  });
  new Gauge({
    name: 'scoreline_store_size_bytes',
    help: 'Approximate size of the store in bytes.',
    labelNames: ['kind'],
    registers,
    async collect() {
      await safely('store size', async () => this.set({ kind: services.store.kind }, await services.store.sizeBytes()));
    },
  });
}
