/**
 * What every group of metrics (metrics-*.ts) is built with: the services it reads, the registry
 * it registers on, and the guard for scrape-time reads that can fail.
 */
import type { Registry } from 'prom-client';
import type { Services } from '../services';

/** What the metrics read from the running services. */
export type MetricsServices = Pick<
  Services,
  'config' | 'store' | 'bus' | 'live' | 'webhooks' | 'log' | 'environment' | 'engine' | 'cluster' | 'adapters'
>;

/** One server's metrics under construction. */
export interface MetricsContext {
  services: MetricsServices;
  /** prom-client's `registers` option: the server's own Registry (never the global default). */
  registers: Registry[];
  /** Runs a scrape-time read `f`; when it throws, logs at warn (`reading <what> failed`) and the metric keeps its previous value. */
  safely(what: string, f: () => Promise<void>): Promise<void>;
}

/** The context over `services` and `registry`. */
export function metricsContext(services: MetricsServices, registry: Registry): MetricsContext {
  return {
    services,
    registers: [registry],
    async safely(what, f) {
      try {
        await f();
      } catch (err) {
        services.log.warn({ err }, `metrics: reading ${what} failed`);
      }
    },
  };
}
