'use client';
/**
 * The results list: the server's first page, refetched (useV1) when LiveProvider reports a
 * changed score or status in this sport, so a match that just finished appears on top; "Load
 * more" appends older pages from the API's `next_cursor`. Rows are grouped by the viewer's local
 * day or by round.
 */
import { useZones } from '@/components/shell/LocalTime';
import { useMemo, useState } from 'react';
import { useV1 } from '@/components/live/use-v1';
import { viewerFetch } from '@/browser/live/viewer-fetch';
import type { Result } from '@/lib/wire/schemas';
import { localDate, type LocalDate } from './local-date';
import { ResultRow } from './ResultRow';

export interface ResultsPageBody {
  data: Result[];
  next_cursor: string | null;
}

function withCursor(path: string, cursor: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
}

export function ResultsList({
  path,
  initial,
  labels,
  tz,
  by,
}: {
  /** `/v1/{sport}/results?…` with the page's filters and limit (no cursor). */
  path: string;
  initial: ResultsPageBody;
  /** Server-formatted local dates of the first page's rows, by fixture_id. */
  labels: Record<number, LocalDate>;
  /** The viewer's IANA time zone (for rows loaded later). */
  tz: string;
  by: 'day' | 'round';
}) {
  const first = useV1<ResultsPageBody>(path, initial);
  const zones = useZones();
  const [older, setOlder] = useState<{ rows: Result[]; cursor: string | null }>({
    rows: [],
    cursor: initial.next_cursor,
  });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const groups = useMemo(() => {
    // The current first page (new results on top), the first page as rendered (older pages were
    // chained from its cursor), then the older pages: no gap even after new results arrived.
    const seen = new Set<number>();
    const rows = [...(first.data?.data ?? []), ...initial.data, ...older.rows].filter(
      (r) => !seen.has(r.fixture_id) && seen.add(r.fixture_id),
    );
    rows.sort((a, b) => b.kickoff.localeCompare(a.kickoff) || b.fixture_id - a.fixture_id);
    const out = new Map<
      string,
      { key: string; title: string; earliest: string; rows: { r: Result; d: LocalDate }[] }
    >();
    for (const r of rows) {
      const d = (zones.shown === zones.server ? labels[r.fixture_id] : undefined) ?? localDate(r.kickoff, zones.shown);
      const key = by === 'day' ? d.day : (r.round ?? 'Other matches');
      const g = out.get(key) ?? { key, title: by === 'day' ? d.dayLabel : key, earliest: r.kickoff, rows: [] };
      out.set(key, g);
      g.rows.push({ r, d });
      g.earliest = r.kickoff; // rows are newest first
    }
    // Rounds in the order they were mostly played: a rearranged match played weeks later stays in its round.
    return [...out.values()].sort((a, b) => b.earliest.localeCompare(a.earliest));
  }, [first.data, initial.data, older.rows, labels, zones.shown, zones.server, by]);

  async function loadMore() {
    if (!older.cursor || loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await viewerFetch<ResultsPageBody>(withCursor(path, older.cursor));
      setOlder((o) => ({ rows: [...o.rows, ...page.data], cursor: page.next_cursor }));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not load more results');
    } finally {
      setLoading(false);
    }
  }

  if (!groups.length)
    return (
      <p className="rounded-lg border border-line bg-card p-4 text-muted" data-testid="results-empty">
        No results yet for this selection.
      </p>
    );
  return (
    <div>
      {groups.map((g, i) => (
        <section key={g.key} aria-labelledby={`results-group-${i}`} className="mb-4">
          <h2 id={`results-group-${i}`} className="mb-1 text-sm font-semibold text-muted">
            {g.title}
          </h2>
          <ul className="divide-y divide-line rounded-lg border border-line bg-card">
            {g.rows.map(({ r, d }) => (
              <ResultRow key={r.fixture_id} result={r} when={by === 'day' ? d.time : `${d.short} ${d.time}`} />
            ))}
          </ul>
        </section>
      ))}
      <div className="flex items-center gap-3" aria-live="polite">
        {older.cursor ? (
          <button
            type="button"
            onClick={loadMore}
            disabled={loading}
            className="rounded border border-line bg-card px-4 py-2 text-sm hover:border-accent disabled:opacity-60"
            data-testid="results-load-more"
          >
            {loading ? 'Loading…' : 'Load more'}
          </button>
        ) : (
          <p className="text-sm text-muted">No older results.</p>
        )}
        {error && <p className="text-sm text-loss">Could not load more results: {error}</p>}
      </div>
    </div>
  );
}
