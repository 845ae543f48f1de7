/**
 * Football's Overall / Home / Away switch on the standings page (links, so each view has its own
 * address and needs no script) and the home or away tables themselves: full-time tables derived
 * on the server from the finished results, drawn with the overall table's component (no
 * qualification zones: those belong to the overall table).
 */
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { leagueLabel, seasonLabel } from '@/components/results/season-label';
import type { VenueTable } from '@/server/read/read-venue-standings';
import { StandingsTable } from './StandingsTable';

const VIEWS = [
  [null, 'overall'],
  ['home', 'home'],
  ['away', 'away'],
] as const;

export function VenueSwitch({
  base,
  league,
  season,
  view,
}: {
  base: string;
  league: string;
  season: string | null;
  view: 'home' | 'away' | null;
}) {
  const t = useTranslations('standings.venue');
  return (
    <nav aria-label={t('switch')} className="flex gap-1 text-sm" data-testid="venue-switch">
      {VIEWS.map(([v, label]) => {
        const q = new URLSearchParams({ league, ...(season ? { season } : {}), ...(v ? { view: v } : {}) });
        const current = v === view;
        return (
          <Link
            prefetch={false}
            key={label}
            href={`${base}?${q}`}
            aria-current={current ? 'page' : undefined}
            data-view={v ?? 'overall'}
            className={`rounded-full border px-3 py-1 no-underline ${current ? 'border-accent bg-accent font-semibold text-accent-fg' : 'border-line bg-card hover:border-accent'}`}
          >
            {t(label)}
          </Link>
        );
      })}
    </nav>
  );
}

const NO_LIVE = new Set<string>();

export function VenueTables({
  view,
  tables,
  league,
  season,
}: {
  view: 'home' | 'away';
  tables: VenueTable[];
  league: string;
  season: string;
}) {
  const t = useTranslations('standings.venue');
  if (!tables.length || tables.every((x) => !x.rows.length))
    return (
      <p className="rounded-lg border border-line bg-card p-4 text-muted" data-testid="standings-empty">
        {t('none', { view })}
      </p>
    );
  return (
    <div data-testid="venue-tables" data-view={view}>
      <p className="mb-2 text-xs text-muted">{t('note', { view })}</p>
      <div className={tables.length > 1 ? 'grid gap-x-4 lg:grid-cols-2' : ''}>
        {tables.map((table, i) => (
          <StandingsTable
            key={table.group ?? ''}
            id={`${view}-table-${i}`}
            title={`${t('table', { view })} · ${table.group ?? `${leagueLabel(league)} ${seasonLabel(season)}`}`}
            rows={table.rows}
            live={false}
            playing={NO_LIVE}
            notes={{}}
          />
        ))}
      </div>
    </div>
  );
}
