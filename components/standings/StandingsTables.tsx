'use client';
/**
 * The standings tables of one league-season, kept live: the server renders the first paint from
 * GET /v1/{sport}/standings?live=true's function; this component holds it in react-query under
 * that path, and LiveProvider invalidates it whenever a score or status changes in the sport, so
 * the provisional table is recomputed on the server and refetched. The live store adds the "Live"
 * badge at once for teams whose match kicked off since the last fetch.
 */
import { useMemo } from 'react';
import { useLive } from '@/components/live/LiveProvider';
import { useV1 } from '@/components/live/use-v1';
import { LIVE_STATUSES } from '@/lib/live/display';
import type { LiveStandingsTable } from '@/server/store/queries/get-live-standings';
import { seasonLabel } from '@/components/results/season-label';
import { StandingsTable, type AdjustmentNotes } from './StandingsTable';

export type { AdjustmentNotes } from './StandingsTable';

export function StandingsTables({
  path,
  initial,
  league,
  season,
  notes,
}: {
  /** `/v1/{sport}/standings?league=…&season=…&live=true`. */
  path: string;
  initial: LiveStandingsTable[];
  league: string;
  season: string;
  notes: AdjustmentNotes;
}) {
  const q = useV1<{ data: LiveStandingsTable[] }>(path, { data: initial });
  const tables = q.data?.data ?? initial;
  const matches = useLive((s) => s.matches);
  const playing = useMemo(() => {
    const set = new Set<string>();
    for (const m of Object.values(matches)) {
      if (m.league_slug === league && m.season === season && LIVE_STATUSES.has(m.status)) set.add(m.home_team).add(m.away_team);
    }
    return set;
  }, [matches, league, season]);

  if (!tables.length) return <p className="rounded-lg border border-line bg-card p-4 text-muted">No table yet: no match of this season has been played.</p>;
  const inPlay = new Set(tables.flatMap((t) => t.live_fixtures));
  return (
    <div>
      <p className="mb-2 text-xs text-muted" aria-live="polite" data-testid="standings-status">
        {inPlay.size > 0 ? `${inPlay.size} match${inPlay.size === 1 ? '' : 'es'} in play: tables update as goals go in.` : 'Full-time table: updated when each match ends.'}
        {q.isError ? ' Could not refresh; showing the last table received.' : ''}
      </p>
      {tables.map((t, i) => (
        <StandingsTable
          key={`${t.league_slug}/${t.season}/${t.group ?? ''}`}
          id={`table-${i}`}
          title={t.group ?? `${t.league.replace(/\s+\d{4}(\/\d{2,4})?(\s*\(replay[^)]*\))?$/, '')} ${seasonLabel(t.season)}`}
          rows={t.rows}
          live={t.live}
          playing={playing}
          notes={notes}
        />
      ))}
    </div>
  );
}
