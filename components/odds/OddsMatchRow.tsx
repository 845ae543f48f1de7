/**
 * One match of the odds page's lists: teams, score, when, and the headline prices now (1X2, or moneyline
 * where there is no draw; consensus, or the
 * single source's — the model during replays) with the margin. A link that selects the match.
 */
import Link from 'next/link';
import type { OddsRow } from './load-odds-page';
import { headlineSelections, SELECTION_SHORT } from './odds-ticks';

const price = (p: number | null) => (p == null ? '–' : p.toFixed(2));

/** The row; `live` shows a Live badge, `selected` marks it as the match shown beside the list. */
export function OddsMatchRow({
  row,
  href,
  when,
  selected,
  live = false,
}: {
  row: OddsRow;
  href: string;
  when: string;
  selected: boolean;
  live?: boolean;
}) {
  const o = row.odds;
  const sels = headlineSelections(o.market);
  const label = `${row.home_team} v ${row.away_team}${row.score ? `, ${row.score.home}–${row.score.away}` : ''}${live ? ', in play' : ''}, ${when}. ${o.market} prices ${sels.map((s) => price(o[s])).join(', ')}`;
  return (
    <li>
      <Link
        prefetch={false}
        href={href}
        scroll={false}
        aria-current={selected ? 'true' : undefined}
        data-testid="odds-match"
        data-fixture-id={row.fixture_id}
        data-home-price={o.home}
        className={`grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-3 py-2 text-sm no-underline hover:bg-bg ${selected ? 'bg-bg outline-2 -outline-offset-2 outline-accent' : ''}`}
      >
        <span className="sr-only">{label}</span>
        <span aria-hidden="true" className="min-w-0">
          <span className="block truncate font-medium">
            {row.home_team} <span className="text-muted">v</span> {row.away_team}
          </span>
          <span className="block text-xs text-muted tabular">
            {live ? <span className="mr-1 rounded border border-live px-1 font-bold text-live">Live</span> : null}
            {row.score ? `${row.score.home}–${row.score.away} · ` : ''}
            {when}
          </span>
        </span>
        <span
          aria-hidden="true"
          className={`grid ${sels.length === 3 ? 'grid-cols-3' : 'grid-cols-2'} gap-1 text-center tabular`}
        >
          {sels.map((s) => (
            <span key={s} className="w-12 rounded bg-bg px-1 py-0.5">
              <span className="block text-[10px] text-muted">{SELECTION_SHORT[s]}</span>
              {price(o[s])}
            </span>
          ))}
        </span>
      </Link>
    </li>
  );
}
