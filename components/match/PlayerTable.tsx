/**
 * A player figures table for a match (cricket batting and bowling, baseball box score): the player
 * column first and kept in view, then numeric columns; scrolls sideways inside its own labelled
 * region on a phone (never widens the page). Rows carry `data-player` and each cell `data-column`.
 */
import type { ReactNode } from 'react';

export interface PlayerColumn<R> {
  key: string;
  label: string;
  /** Spelled out for screen readers and as a tooltip ("Balls", "Strike rate"). */
  title: string;
  value: (r: R) => ReactNode;
  bold?: boolean;
}

export function PlayerTable<R extends { player: string }>({
  caption,
  playerLabel,
  columns,
  rows,
  testid,
  sub,
  foot,
}: {
  caption: string;
  /** Heading of the player column ("Batter", "Bowler", "Pitcher"). */
  playerLabel: string;
  columns: PlayerColumn<R>[];
  rows: R[];
  testid: string;
  /** A second line under the player's name (cricket: how he was out). */
  sub?: (r: R) => ReactNode;
  /** Rows after the players (extras, totals), already laid out as cells. */
  foot?: ReactNode;
}) {
  if (!rows.length) return null;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption} data-testid={testid}>
      <table className="w-full min-w-[20rem] border-collapse text-sm tabular">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="sticky left-0 bg-card px-2 py-1 text-left font-medium">
              {playerLabel}
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="px-1.5 py-1 text-right font-medium">
                <abbr title={c.title} className="no-underline">
                  {c.label}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr
              key={`${r.player}-${i}`}
              className="border-t border-line"
              data-testid={`${testid}-row`}
              data-player={r.player}
            >
              <th scope="row" className="sticky left-0 max-w-[11rem] bg-card px-2 py-1 text-left font-normal">
                <span className="block truncate">{r.player}</span>
                {sub && <span className="block truncate text-xs text-muted">{sub(r)}</span>}
              </th>
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={`px-1.5 py-1 text-right ${c.bold ? 'font-semibold' : ''}`}
                  data-column={c.key}
                >
                  {c.value(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {foot}
      </table>
    </div>
  );
}
