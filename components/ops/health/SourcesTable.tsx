/** The feed-health page's table of sources: last event age, events per minute, ingest lag, backfill. */
import type { FeedSource } from '@/lib/wire/ops-health';
import { formatAge, formatMs } from './format';
import { sourceState } from './source-kind';

export function SourcesTable({ sources }: { sources: FeedSource[] }) {
  if (!sources.length)
    return (
      <p className="text-sm text-muted" data-testid="sources-empty">
        No source has stored an event yet.
      </p>
    );
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Sources table">
      <table className="w-full text-sm" data-testid="sources-table">
        <caption className="sr-only">
          Feed sources: last event age, events per minute, ingest lag (received minus occurred) over the last 5 minutes,
          backfill
        </caption>
        <thead className="text-left text-muted">
          <tr className="border-b border-line">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Source
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Last event
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Events, last min
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Avg/min (15 min)
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Lag p50
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Lag p95
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Lag max
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Backfill (1 h)
            </th>
          </tr>
        </thead>
        <tbody>
          {sources.map((s) => {
            // A live source silent for 5 minutes is stale (loss colour and the word, not colour alone); an importer is labelled as one.
            const state = sourceState(s);
            const stale = state === 'stale';
            return (
              <tr
                key={s.name}
                className="border-b border-line last:border-0"
                data-testid="source-row"
                data-source={s.name}
                data-events-last-minute={s.events_per_minute.last_1m}
                data-state={state}
              >
                <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                  <code>{s.name}</code>
                </th>
                <td className={`py-1.5 pr-3 ${stale ? 'text-loss' : ''}`}>
                  {s.last_event_age_s == null ? 'never' : `${formatAge(s.last_event_age_s)} ago`}
                  {stale && <span className="ml-1 text-xs">(stale)</span>}
                  {state === 'import' && <span className="ml-1 text-xs text-muted">(historical import)</span>}
                </td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{s.events_per_minute.last_1m}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{s.events_per_minute.avg_15m.toFixed(1)}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{formatMs(s.lag_ms.p50)}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{formatMs(s.lag_ms.p95)}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{formatMs(s.lag_ms.max)}</td>
                <td className="py-1.5 text-right tabular-nums">{s.backfill.last_hour}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
