/**
 * The leagues a sport has in the store, for the pages' pickers: every league with its seasons
 * (newest first), the sports that have any, and the league-seasons with bookmaker odds.
 */
import { listLeagues as listStoredLeagues, listSportsWithLeagues } from '../store/queries/list-leagues';
import { listLeaguesWithOdds as listStoredLeaguesWithOdds } from '../store/queries/list-leagues-with-odds';
import type { LeagueSeasons } from '../store/queries/list-leagues';
import type { ReadDeps } from './deps';

export type { LeagueSeasons } from '../store/queries/list-leagues';

/** The sport's leagues with their season labels (server/store/queries/list-leagues.ts). Errors: store errors propagate. */
export function listLeagues(deps: Pick<ReadDeps, 'db'>, sport: string): Promise<LeagueSeasons[]> {
  return listStoredLeagues(deps.db, sport);
}

/** Slugs of the sports with at least one league in the store. Errors: store errors propagate. */
export function listSports(deps: Pick<ReadDeps, 'db'>): Promise<string[]> {
  return listSportsWithLeagues(deps.db);
}

/** Leagues with the seasons that have bookmaker odds (the model's prices do not count). Errors: store errors propagate. */
export function listLeaguesWithOdds(deps: Pick<ReadDeps, 'db'>, sport: string): Promise<LeagueSeasons[]> {
  return listStoredLeaguesWithOdds(deps.db, sport);
}
