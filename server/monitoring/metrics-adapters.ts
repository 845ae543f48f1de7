/**
 * The upstream source adapters' metrics (server/adapters, docs/adapters.md): one label set per
 * source, read from each runner's status at scrape time.
 */
import { Counter, Gauge } from 'prom-client';
import type { AdapterStatus } from '../adapters/runner-status';
import type { MetricsContext } from './metrics-context';

/** Registers the adapter metrics (running, live, failures in a row, last success, requests and budget). */
export function adapterMetrics({ services, registers }: MetricsContext): void {
  const adapterGauge = (name: string, help: string, value: (s: AdapterStatus) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['source'],
      registers,
      collect() {
        this.reset();
        for (const r of services.adapters ?? []) {
          const s = r.status();
          const v = value(s);
          if (v != null) this.set({ source: s.name }, v);
        }
      },
    });
  adapterGauge('scoreline_adapter_up', 'Whether the source adapter is running: 1 or 0.', (s) => Number(s.running));
  adapterGauge(
    'scoreline_adapter_live',
    "Whether the adapter's last poll saw a followed game in progress (the live interval applies): 1 or 0.",
    (s) => Number(s.live),
  );
  adapterGauge(
    'scoreline_adapter_consecutive_failures',
    'Polls of the source that failed in a row (0 after a success).',
    (s) => s.consecutive_failures,
  );
  adapterGauge(
    'scoreline_adapter_last_success_timestamp_seconds',
    "Unix time of the source's last successful poll (absent before one).",
    (s) => (s.last_success_at ? Date.parse(s.last_success_at) / 1000 : null),
  );
  adapterGauge(
    'scoreline_adapter_requests_last_minute',
    'Upstream requests counted in the current minute window of the source.',
    (s) => s.requests_last_minute,
  );
  adapterGauge(
    'scoreline_adapter_request_budget_per_minute',
    "The source's request budget per minute (<SOURCE>_REQUESTS_PER_MINUTE).",
    (s) => s.request_budget_per_minute,
  );
  new Counter({
    name: 'scoreline_adapter_requests_total',
    help: 'Upstream requests of each source adapter since start.',
    labelNames: ['source'],
    registers,
    collect() {
      this.reset();
      for (const r of services.adapters ?? []) this.inc({ source: r.status().name }, r.status().requests_total);
    },
  });
}
