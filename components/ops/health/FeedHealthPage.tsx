'use client';
/**
 * /ops/health: the operators' feed-health page. The operator pastes an operator key (kept in
 * sessionStorage for this tab, never in the URL); the page then polls GET /v1/ops/health every
 * 5 s and shows the sources, charts of events and API requests per minute, silent live matches,
 * WebSocket, webhook and store figures and the adapters' statuses. docs/operations.md.
 */
import { useState } from 'react';
import type { FeedHealth } from '@/lib/wire/ops-health';
import { formatAge } from './format';
import { PerMinuteChart } from './PerMinuteChart';
import { firstChartedMinute } from './source-kind';
import { SilentMatches } from './SilentMatches';
import { SourcesTable } from './SourcesTable';
import { AdapterStatuses, SystemFigures } from './SystemFigures';
import { POLL_MS, useFeedHealth } from './use-feed-health';

const button = 'h-9 rounded border border-line px-3 text-sm hover:border-accent disabled:opacity-60';
const panel = 'grid gap-3 rounded-lg border border-line bg-card p-4';

function KeyForm({ onKey }: { onKey: (key: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) onKey(value.trim());
        setValue('');
      }}
    >
      <label className="grid min-w-64 flex-1 gap-1 text-sm">
        Operator key
        <input
          type="password"
          autoComplete="off"
          spellCheck={false}
          className="h-9 rounded border border-line bg-bg px-2 text-sm"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="slo_…"
          data-testid="operator-key-input"
        />
      </label>
      <button type="submit" disabled={!value.trim()} className={button} data-testid="operator-key-submit">
        Show feed health
      </button>
    </form>
  );
}

function Charts({ report, tz }: { report: FeedHealth; tz: string }) {
  // From the minute this server started: no hour of zeros from before it ran.
  const from = firstChartedMinute(
    report.api.series.map((p) => p.minute),
    report.generated_at,
    report.uptime_s,
  );
  const api = report.api.series.slice(from);
  const minutes = api.map((p) => p.minute);
  const sources = report.sources.filter((s) => s.series.some((p) => p.events > 0)).slice(0, 8);
  const eventSeries = sources.map((s) => ({
    key: `src_${s.name}`,
    label: s.name,
    values: s.series.slice(-minutes.length).map((p) => p.events),
  }));
  const apiSeries = [
    { key: 'requests', label: 'Requests', values: api.map((p) => p.requests) },
    { key: 'client_errors', label: '4xx', values: api.map((p) => p.client_errors) },
    { key: 'server_errors', label: '5xx', values: api.map((p) => p.server_errors) },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="chart-events" className={panel}>
        <h2 id="chart-events" className="text-lg font-semibold">
          Events per minute by source
        </h2>
        <PerMinuteChart
          title="Live events per minute by source"
          minutes={minutes}
          series={eventSeries}
          tz={tz}
          testId="events-chart"
        />
      </section>
      <section aria-labelledby="chart-api" className={panel}>
        <h2 id="chart-api" className="text-lg font-semibold">
          API requests and errors per minute
        </h2>
        <PerMinuteChart
          title="API requests and errors per minute"
          minutes={minutes}
          series={apiSeries}
          tz={tz}
          testId="api-chart"
        />
      </section>
    </div>
  );
}

export function FeedHealthPage({ timeZone }: { timeZone: string }) {
  const { key, setKey, report, error } = useFeedHealth();
  return (
    <article className="grid gap-4" data-testid="feed-health">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold">Feed health</h1>
        <a href="/ops/console" className="text-sm">
          Live scoring console
        </a>
        {report && (
          <p className="text-sm text-muted" aria-live="polite" data-testid="health-updated">
            Up {formatAge(report.uptime_s)} · {report.live_matches} live matches · refreshed every {POLL_MS / 1000} s
          </p>
        )}
        {key && (
          <button
            type="button"
            className={`${button} ml-auto`}
            onClick={() => setKey(null)}
            data-testid="operator-key-forget"
          >
            Forget key
          </button>
        )}
      </div>
      {!key && (
        <section aria-labelledby="operator-key" className={panel}>
          <h2 id="operator-key" className="text-lg font-semibold">
            Operator key
          </h2>
          <p className="text-sm">
            This page needs an operator key (<code>npm run cli -- keys create --operator</code>, or{' '}
            <code>OPERATOR_API_KEY</code>). It is kept in this tab only and sent as a bearer header to{' '}
            <code>GET /v1/ops/health</code>.
          </p>
          <KeyForm onKey={setKey} />
        </section>
      )}
      {error && (
        <p
          role="alert"
          className="rounded border border-loss px-3 py-2 text-sm"
          data-testid="health-error"
          data-kind={error.kind}
        >
          {error.message}
        </p>
      )}
      {key && (error?.kind === 'unauthorized' || error?.kind === 'forbidden') && <KeyForm onKey={setKey} />}
      {key && !report && !error && <p className="text-sm text-muted">Loading…</p>}
      {report && (
        <>
          <section aria-labelledby="sources" className={panel}>
            <h2 id="sources" className="text-lg font-semibold">
              Sources
            </h2>
            <SourcesTable sources={report.sources} />
          </section>
          <Charts report={report} tz={timeZone} />
          <section aria-labelledby="silent" className={panel}>
            <h2 id="silent" className="text-lg font-semibold">
              Silent live matches
            </h2>
            <SilentMatches matches={report.silent_matches} live={report.live_matches} />
          </section>
          <SystemFigures report={report} tz={timeZone} />
          <section aria-labelledby="adapters-h" className={panel}>
            <h2 id="adapters-h" className="text-lg font-semibold">
              Adapters
            </h2>
            <AdapterStatuses adapters={report.adapters} tz={timeZone} />
          </section>
        </>
      )}
    </article>
  );
}
