/** The feed-health page's figure cards: WebSocket clients, webhooks, API, store, and the adapters' statuses. */
import type { ReactNode } from 'react';
import type { FeedHealth } from '@/lib/wire/ops-health';
import { clockTime, formatAge, formatBytes, formatRate } from './format';

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="grid content-start gap-2 rounded-lg border border-line bg-card p-4"
      data-testid={id}
    >
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </>
  );
}

export function SystemFigures({ report, tz }: { report: FeedHealth; tz: string }) {
  const { websocket: ws, webhooks: wh, store, api } = report;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Card title="WebSocket" id="figures-websocket">
        <Row label="Connections" value={ws.connections} testId="ws-connections" />
        <Row label="Subscriptions" value={ws.subscriptions} />
      </Card>
      <Card title="Webhooks" id="figures-webhooks">
        <Row label="Delivering" value={wh.delivering ? 'yes' : 'no (WEBHOOKS=off)'} />
        <Row label="Endpoints" value={`${wh.endpoints.enabled} enabled, ${wh.endpoints.disabled} disabled`} />
        <Row label="Backlog" value={wh.backlog} testId="webhook-backlog" />
        <Row label="Success (1 h)" value={`${formatRate(wh.last_hour.success_rate)} of ${wh.last_hour.attempts}`} />
        <Row
          label="Last failure"
          value={
            wh.last_failure
              ? `${clockTime(wh.last_failure.at, tz)} · ${wh.last_failure.status_code ?? wh.last_failure.error ?? 'failed'}`
              : 'none'
          }
        />
      </Card>
      <Card title="API (last minute)" id="figures-api">
        <Row label="Requests" value={api.requests_last_1m} />
        <Row label="4xx" value={api.client_errors_last_1m} />
        <Row label="5xx" value={api.server_errors_last_1m} />
      </Card>
      <Card title="Store" id="figures-store">
        <Row label="Kind" value={store.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} />
        <Row label="Size" value={formatBytes(store.size_bytes)} testId="store-size" />
        <Row label="Events" value={store.rows.match_events.toLocaleString('en')} />
        <Row label="Fixtures" value={store.rows.fixtures.toLocaleString('en')} />
        <Row label="Odds ticks" value={store.rows.odds_ticks.toLocaleString('en')} />
      </Card>
    </div>
  );
}

export function AdapterStatuses({ adapters, tz }: { adapters: FeedHealth['adapters']; tz: string }) {
  if (!adapters.length)
    return (
      <p className="text-sm text-muted" data-testid="adapters-none">
        No upstream adapter is configured (docs/adapters.md).
      </p>
    );
  return (
    <ul className="grid gap-2 sm:grid-cols-2" data-testid="adapters">
      {adapters.map((a) => {
        const failing = a.consecutive_failures > 0;
        return (
          <li
            key={a.name}
            className="grid gap-1 rounded border border-line px-3 py-2 text-sm"
            data-testid="adapter"
            data-adapter={a.name}
          >
            <div className="flex items-baseline gap-2">
              <code className="font-medium">{a.name}</code>
              <span className={failing ? 'text-loss' : 'text-muted'}>
                {!a.running ? 'stopped' : failing ? `failing (${a.consecutive_failures} in a row)` : 'ok'}
              </span>
            </div>
            <span className="text-muted">
              Last success:{' '}
              {a.last_success_at
                ? `${clockTime(a.last_success_at, tz)} (${formatAge((Date.now() - Date.parse(a.last_success_at)) / 1000)} ago)`
                : 'never'}
            </span>
            <span className="text-muted" data-testid="adapter-figures">
              {a.live ? 'live' : 'idle'} · {a.games_followed} followed · {a.requests_last_minute}/
              {a.request_budget_per_minute} requests this minute · {a.items_skipped} skipped
              {a.last_lag_ms != null && ` · lag ${(a.last_lag_ms / 1000).toFixed(1)} s`}
            </span>
            <span className="text-muted">
              Upstream changed: {a.last_change_at ? clockTime(a.last_change_at, tz) : 'not yet'}
            </span>
            {a.last_error && (
              <span className="break-words">
                Last error{a.last_error_kind ? ` (${a.last_error_kind})` : ''}: {a.last_error}
              </span>
            )}
            {a.last_skipped && <span className="break-words text-muted">Last skipped: {a.last_skipped}</span>}
            {a.quota && (
              <span className="text-muted" data-testid="adapter-quota">
                Quota {a.quota.status === 'ok' ? 'ok' : a.quota.status.replace('_', ' ')}: {a.quota.spent}/
                {a.quota.budget} credits in {a.quota.month}
                {a.quota.remaining != null && ` · ${a.quota.remaining} left on the plan`}
                {a.quota.exhausted && ` · paused until ${clockTime(a.quota.exhausted.until, tz)}`}
              </span>
            )}
            {a.unmatched_events != null && (
              <details data-testid="adapter-unmatched">
                <summary>{a.unmatched_events} unmatched upstream events</summary>
                <ul className="text-muted">
                  {(a.unmatched ?? []).map((u) => (
                    <li key={u.event_id}>
                      {u.sport_key}: {u.home_team} v {u.away_team}, {clockTime(u.commence_time, tz)} — {u.reason}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {(a.notes ?? []).map((n) => (
              <span key={n} className="break-words text-muted" data-testid="adapter-note">
                {n}
              </span>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
