/**
 * One standings table of a sport other than football: position, the team (or player / fighter)
 * and the sport's columns (./sport-columns.ts: NBA W L PCT GB, NHL points, rugby bonus points,
 * cricket NRR…), or the rows' own keys for a sport without a column set. Fixed column widths and
 * tabular digits; secondary columns are hidden on phones, where the table scrolls sideways with
 * position and name kept in view. A "Live" badge marks teams playing now.
 */
import { TeamBadge } from '@/components/shell/TeamBadge';
import { rowName, standingsColumns, type Row } from './sport-columns';

const num = 'px-1 text-right tabular';
const wide = 'hidden sm:table-cell';

export function SportStandingsTable({
  sport,
  title,
  rows,
  playing,
}: {
  sport: string;
  title: string;
  rows: Row[];
  playing: Set<string>;
}) {
  const { name, columns } = standingsColumns(sport, rows);
  const n = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return (
    <section className="mb-6 max-w-4xl" data-testid="standings-table" data-sport={sport} data-group={title}>
      <div className="rounded-lg border border-line bg-card">
        <h2 className="px-3 py-2 font-semibold">{title}</h2>
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${title} table`}>
          <table className="w-full min-w-[22rem] table-fixed border-collapse text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="text-xs text-muted">
              <tr className="*:border-y *:border-line">
                <th scope="col" className="sticky left-0 w-10 bg-card px-2 py-1.5 text-left font-medium">
                  <abbr title="Position" className="no-underline">
                    #
                  </abbr>
                </th>
                <th scope="col" className="sticky left-10 w-36 bg-card px-1 text-left font-medium sm:w-auto">
                  {name}
                </th>
                {columns.map((c) => (
                  <th
                    key={c.abbr}
                    scope="col"
                    className={`${num} ${c.w ?? 'w-9'} font-medium ${c.wide ? wide : ''}`}
                    data-column={c.abbr}
                  >
                    <abbr title={c.title} className="no-underline">
                      {c.abbr}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => {
                const team = rowName(r);
                const live = r.live === true || playing.has(team);
                return (
                  <tr
                    key={`${team}-${i}`}
                    data-testid="standings-row"
                    data-team={team}
                    data-position={n(r.position) ?? i + 1}
                    data-points={n(r.points)}
                    data-won={n(r.won) ?? n(r.wins)}
                    data-lost={n(r.lost) ?? n(r.losses)}
                    data-live={live ? 'true' : undefined}
                    className="h-10 *:border-b *:border-line [&:last-child>*]:border-b-0"
                  >
                    <td className="sticky left-0 bg-card px-2 font-semibold tabular">{n(r.position) ?? i + 1}</td>
                    <th scope="row" className="sticky left-10 bg-card px-1 text-left font-normal">
                      <span className="flex min-w-0 items-center gap-2">
                        <span className="hidden sm:inline-flex">
                          <TeamBadge name={team} size="sm" />
                        </span>
                        <span className="truncate">{team}</span>
                        {live && (
                          <span
                            className="shrink-0 rounded border border-live px-1 text-[11px] font-bold text-live"
                            data-testid="live-badge"
                          >
                            Live<span className="sr-only"> — playing now</span>
                          </span>
                        )}
                      </span>
                    </th>
                    {columns.map((c) => (
                      <td
                        key={c.abbr}
                        className={`${num} ${c.main ? 'font-bold' : ''} ${c.wide ? wide : ''}`}
                        data-column={c.abbr}
                      >
                        {c.value(r)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
