/**
 * The standings views each league publishes (issue 34; docs/api.md `view`): the NHL by division,
 * conference or league, the NBA by conference, division or league, MLB by division or league. The
 * first view of a sport is the grouping its stored tables have (server/engine/standings.ts); the
 * others are computed on read from the same finished matches (sport-tables.ts computeSportTables).
 * Sports not listed have one view: their tables as stored (football: one per group).
 */
import type { TeamGrouping } from '@/lib/rules/standings-groups';
import type { Sport } from '@/lib/sports';

/** Every view name any sport offers (the `view` parameter's values). */
export const STANDINGS_VIEWS = ['division', 'conference', 'league'] as const satisfies readonly TeamGrouping[];
export type StandingsView = (typeof STANDINGS_VIEWS)[number];

const BY_SPORT: Partial<Record<Sport, readonly StandingsView[]>> = {
  'ice-hockey': ['division', 'conference', 'league'],
  basketball: ['conference', 'division', 'league'],
  baseball: ['division', 'league'],
};

/** The views `sport`'s leagues publish, the stored one first; [] for a sport with one view. */
export function standingsViews(sport: string): readonly StandingsView[] {
  return BY_SPORT[sport as Sport] ?? [];
}
