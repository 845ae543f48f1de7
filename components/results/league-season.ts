/**
 * The league and season a results or standings page shows: the ones asked for when they exist,
 * else the most followed league that has a result (FOLLOWED_FIRST: the Premier League before the
 * Bundesliga, not alphabetical order) and the season of its latest result.
 * Server-only (reads the store through server/read's results, as GET /v1/{sport}/results).
 */
import type { ReadDeps } from '@/server/read/deps';
import type { LeagueSeasons } from '@/server/read/list-leagues';
import { readResults } from '@/server/read/read-results';
import { unwrapRead } from '@/server/read/result';

/** Leagues by how widely followed they are; a league not listed comes after them, by name. */
export const FOLLOWED_FIRST = [
  'premier-league',
  'laliga',
  'serie-a',
  'bundesliga',
  'ligue-1',
  'world-cup',
  'euro',
  'nba',
  'nhl',
  'mlb',
  'atp',
];

const rank = (slug: string) => {
  const i = FOLLOWED_FIRST.indexOf(slug);
  return i < 0 ? FOLLOWED_FIRST.length : i;
};

export interface LeagueSeasonChoice {
  /** The league shown (undefined only when the sport has no leagues). */
  league?: LeagueSeasons;
  season?: string;
}

/**
 * Picks the league/season. `wanted.league` not among `leagues` is ignored (default used);
 * `wanted.season` not among the league's seasons falls back to the season of its latest result
 * (or its newest season when it has no result yet). Errors: none (store errors propagate; a league
 * of `leagues` that the store no longer has: UnexpectedReadFailure).
 */
export async function chooseLeagueSeason(
  deps: ReadDeps,
  sport: string,
  leagues: LeagueSeasons[],
  wanted: { league?: string; season?: string },
): Promise<LeagueSeasonChoice> {
  const latestResultSeason = async (slug: string) =>
    unwrapRead(await readResults(deps, sport, { league: slug, limit: 1 })).data[0]?.season;
  let league = leagues.find((l) => l.slug === wanted.league);
  let season: string | undefined;
  if (!league) {
    for (const l of [...leagues].sort((a, b) => rank(a.slug) - rank(b.slug))) {
      season = await latestResultSeason(l.slug);
      if (season) {
        league = l;
        break;
      }
    }
    league ??= leagues[0];
  }
  if (!league) return {};
  if (wanted.season && league.seasons.includes(wanted.season)) return { league, season: wanted.season };
  season ??= (await latestResultSeason(league.slug)) ?? league.seasons[0];
  return { league, season };
}
