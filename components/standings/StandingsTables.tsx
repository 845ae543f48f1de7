'use client';
/**
 * The standings tables of one league-season, kept live: the server renders the first paint from
 * GET /v1/{sport}/standings?live=true's function; this component holds it in react-query under
 * that path, and LiveProvider invalidates it whenever a score or status changes in the sport, so
 * the provisional table is recomputed on the server and refetched. The live store adds the "Live"
 * badge at once for teams whose match kicked off since the last fetch.
 */
import { useTranslations } from 'next-intl';
import { memo, useMemo } from 'react';
import { useLive } from '@/components/live/LiveProvider';
import { useV1 } from '@/components/live/use-v1';
import { LIVE_STATUSES } from '@/browser/live/display';
import type { LiveStandingsTable } from '@/server/read/read-standings';
import { leagueLabel, seasonLabel } from '@/components/results/season-label';
import { competitionZones } from '@/lib/catalogue/zones';
import { SportStandingsTable } from './SportStandingsTable';
import { StandingsTable as Table, type AdjustmentNotes } from './StandingsTable';
import type { Row } from './sport-columns';
import { featuresOf } from '@/lib/sport-features';

export type { AdjustmentNotes } from './StandingsTable';

/** The caption of a table: its group (tournaments, conferences), else the league and season. */
const StandingsTable = memo(Table);

const tableTitle = (t: LiveStandingsTable) => t.group ?? `${leagueLabel(t.league)} ${seasonLabel(t.season)}`;

export function StandingsTables({
  sport = 'football',
  path,
  initial,
  league,
  season,
  notes,
}: {
  sport?: string;
  /** `/v1/{sport}/standings?league=…&season=…&live=true`. */
  path: string;
  initial: LiveStandingsTable[];
  league: string;
  season: string;
  notes: AdjustmentNotes;
}) {
  const t = useTranslations('standings');
  const q = useV1<{ data: LiveStandingsTable[] }>(path, { data: initial });
  const tables = q.data?.data ?? initial;
  const matches = useLive((s) => s.matches);
  // Keyed by its contents, so a live update elsewhere does not re-render every table (memo below).
  const playingKey = useMemo(() => {
    const set = new Set<string>();
    for (const m of Object.values(matches)) {
      if (m.league_slug === league && m.season === season && LIVE_STATUSES.has(m.status))
        set.add(m.home_team).add(m.away_team);
    }
    return JSON.stringify([...set].sort());
  }, [matches, league, season]);
  const playing = useMemo(() => new Set<string>(JSON.parse(playingKey)), [playingKey]);

  if (!tables.length || tables.every((t) => !t.rows?.length))
    return (
      <p className="rounded-lg border border-line bg-card p-4 text-muted" data-testid="standings-empty">
        {t('noTable')}
      </p>
    );
  // Only football's tables are recomputed live (`live`, `live_fixtures`); other sports' are full-time tables.
  const inPlay = new Set(tables.flatMap((t) => t.live_fixtures ?? []));
  return (
    <div>
      <p className="mb-2 text-xs text-muted" aria-live="polite" data-testid="standings-status">
        {inPlay.size > 0 ? t('inPlay', { n: inPlay.size }) : t('fullTime')}
        {q.isError ? ` ${t('refreshFailed')}` : ''}
      </p>
      {/* Group tables (World Cup, Euro) side by side on wide screens instead of one long column. */}
      <div className={tables.length > 1 ? 'grid gap-x-4 lg:grid-cols-2' : ''} data-testid="standings-grid">
        {tables.map((t, i) =>
          featuresOf(sport).pointsTables ? (
            <StandingsTable
              key={`${t.league_slug}/${t.season}/${t.group ?? ''}`}
              id={`table-${i}`}
              title={tableTitle(t)}
              rows={t.rows}
              live={!!t.live}
              playing={playing}
              notes={notes}
              zones={competitionZones(t.league_slug)}
            />
          ) : (
            <SportStandingsTable
              key={`${t.league_slug}/${t.season}/${t.group ?? ''}`}
              sport={sport}
              title={tableTitle(t)}
              rows={t.rows as unknown as Row[]}
              playing={playing}
            />
          ),
        )}
      </div>
    </div>
  );
}
