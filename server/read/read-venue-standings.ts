/**
 * Football's home-only and away-only full-time tables of a league-season, derived from its
 * finished results (server/store/queries/get-venue-standings.ts). Source of the standings page's
 * Home / Away views.
 */
import { getVenueStandings } from '../store/queries/get-venue-standings';
import type { ReadDeps } from './deps';

export type { VenueTable } from '../store/queries/get-venue-standings';

/** The `venue` tables (one per group) of a football league-season; [] when it has no result yet. Errors: store errors propagate. */
export function readVenueStandings(deps: Pick<ReadDeps, 'db'>, league: string, season: string, venue: 'home' | 'away') {
  return getVenueStandings(deps.db, league, season, venue);
}
