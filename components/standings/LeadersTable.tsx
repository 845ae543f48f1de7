/** Top scorers (or the sport's first player category) of the league-season under its standings; team names link to team pages. */
import Link from 'next/link';
import { teamHref } from '@/components/team/team-href';
import type { Leaders } from '@/server/read/read-leaders';

export function LeadersTable({ leaders, sport }: { leaders: Leaders | null; sport: string }) {
  if (!leaders) return null;
  return (
    <section
      aria-labelledby="leaders-h"
      className="mb-6 max-w-4xl rounded-lg border border-line bg-card p-3"
      data-testid="leaders"
    >
      <h2 id="leaders-h" className="mb-2 font-semibold">
        {leaders.title}
      </h2>
      <table className="w-full text-sm tabular">
        <caption className="sr-only">{leaders.title}</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="w-8 text-left font-medium">
              #
            </th>
            <th scope="col" className="text-left font-medium">
              Player
            </th>
            {leaders.columns.map((c) => (
              <th key={c.key} scope="col" className="w-10 text-right font-medium">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {leaders.rows.map((r) => (
            <tr
              key={`${r.player}|${r.team}`}
              className="border-t border-line"
              data-testid="leader-row"
              data-player={r.player}
            >
              <td className="py-1 text-muted">{r.rank}</td>
              <th scope="row" className="py-1 text-left font-normal">
                <span className="block truncate">{r.player}</span>
                <Link
                  href={teamHref(sport, r.team)}
                  prefetch={false}
                  className="block truncate text-xs text-muted no-underline hover:underline"
                >
                  {r.team}
                </Link>
              </th>
              {leaders.columns.map((c) => (
                <td key={c.key} className="py-1 text-right">
                  {String(r[c.key] ?? '–')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
