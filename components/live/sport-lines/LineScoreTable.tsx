/**
 * A small score grid for the match header: one row per side, one column per period (quarter,
 * inning, set, map…), then totals. Scrolls sideways on phones (focusable, labelled region).
 */
import type { ReactNode } from 'react';
import { ENGLISH, type Words } from '@/browser/live/display-words';

export interface Column {
  label: string;
  /** Spelled out for screen readers and as a tooltip ("Runs", "Hits"). */
  title?: string;
}

export interface LineRow {
  team: string;
  cells: ReactNode[];
  totals?: ReactNode[];
}

function Head({ c, total }: { c: Column; total?: boolean }) {
  return (
    <th scope="col" className={`px-1.5 py-1 text-center font-medium ${total ? 'border-l border-line' : ''}`}>
      {c.title ? (
        <abbr title={c.title} className="no-underline">
          {c.label}
        </abbr>
      ) : (
        c.label
      )}
    </th>
  );
}

export function LineScoreTable({
  caption,
  columns,
  totals = [],
  rows,
  testid,
  w = ENGLISH,
}: {
  caption: string;
  columns: Column[];
  totals?: Column[];
  rows: LineRow[];
  testid?: string;
  /** The viewer's `display` words (the sr-only "Team" heading). */
  w?: Words;
}) {
  if (!rows.length) return null;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption} data-testid={testid}>
      <table className="mx-auto min-w-[16rem] border-collapse text-sm tabular">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="px-2 py-1 text-left font-medium">
              <span className="sr-only">{w.t('board.team')}</span>
            </th>
            {columns.map((c, i) => (
              <Head key={i} c={c} />
            ))}
            {totals.map((c, i) => (
              <Head key={`t${i}`} c={c} total={i === 0} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, ri) => (
            <tr key={ri} className="border-t border-line">
              <th
                scope="row"
                className="max-w-[6.5rem] truncate px-1.5 py-1 text-left font-normal sm:max-w-[10rem] sm:px-2"
              >
                {r.team}
              </th>
              {r.cells.map((c, i) => (
                <td key={i} className="px-1 py-1 text-center sm:px-1.5">
                  {c ?? ''}
                </td>
              ))}
              {(r.totals ?? []).map((c, i) => (
                <td
                  key={`t${i}`}
                  className={`px-1.5 py-1 text-center font-semibold ${i === 0 ? 'border-l border-line' : ''}`}
                >
                  {c ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
