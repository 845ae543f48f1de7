/**
 * What a read's `league` and `season` mean (issue 19): an unknown league is NotFound
 * `league_not_found`, an unknown season `season_not_found`; without `season` a league means its
 * current season (its latest real season — a replay-only league: the replay of its latest recorded
 * season; lib/seasons/stage.ts orderSeasons).
 */
import type { Tx } from '../store/db';
import { leagueExists } from '../store/queries/filters';
import { currentSeasons, findSeason, type SeasonRow } from '../store/queries/get-seasons';
import { missing, type NotFound } from './result';

export interface Scope {
  league?: string;
  /** The season asked for, or the league's current one; undefined for every league's current. */
  season?: string;
  /** The season row when `league` and a season are known. */
  row: SeasonRow | null;
}

/**
 * Checks `league` and `season` of `sport` and fills in the league's current season.
 * Returns NotFound league_not_found / season_not_found (with /v1's detail) when one does not exist.
 */
export async function resolveScope(
  tx: Tx,
  sport: string,
  league: string | undefined,
  season: string | undefined,
): Promise<Scope | NotFound> {
  if (league && !(await leagueExists(tx, sport, league)))
    return missing('league_not_found', `No ${sport} league "${league}". GET /v1/${sport}/leagues lists them.`);
  if (season) {
    const row = await findSeason(tx, sport, league, season);
    if (!row)
      return missing(
        'season_not_found',
        `No ${league ? `${league} ` : `${sport} `}season "${season}". GET /v1/${sport}/leagues${league ? `/${league}` : ''} lists the seasons.`,
      );
    return { league, season, row: league ? row : null };
  }
  if (!league) return { row: null };
  const row = (await currentSeasons(tx, sport, league)).get(league) ?? null;
  return { league, season: row?.season, row };
}
