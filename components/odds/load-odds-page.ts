/**
 * Server-side data of the odds page (/{sport}/odds), read through the same functions as the /v1
 * API (loadLive, loadResults, loadOdds, loadMatch), and for the pickers the league seasons that have
 * bookmaker odds (server/store/queries/list-leagues-with-odds.ts).
 */
import { loadLive } from '@/server/api/handlers/live';
import { loadMatch } from '@/server/api/handlers/match';
import { loadOdds, OddsQuery } from '@/server/api/handlers/odds';
import { loadResults, ResultsQuery } from '@/server/api/handlers/results';
import { ApiError } from '@/server/api/problem';
import type { Services } from '@/server/services';
import { listLeaguesWithOdds, type LeagueSeasons } from '@/server/store/queries/list-leagues-with-odds';
import type { LiveMatch, OddsResponse, Result } from '@/lib/wire/schemas';

/** Results listed per league season. */
export const RESULTS_WITH_ODDS = 30;

/** A match row of the odds page: the match and its 1X2 consensus now. */
export interface OddsRow {
  fixture_id: number;
  home_team: string;
  away_team: string;
  kickoff: string;
  score: { home: number; away: number } | null;
  odds: Pick<OddsResponse, 'home' | 'draw' | 'away' | 'margin' | 'source'>;
  /** The bookmaker whose prices `odds` are when only one source prices the match (the model). */
  single_source: string | null;
}

/** loadOdds, or null when the match has no 1X2 odds. Errors: store errors propagate. */
export async function oddsOrNull(services: Services, sport: string, fixtureId: number): Promise<OddsResponse | null> {
  try {
    return await loadOdds(services, sport, OddsQuery.parse({ match_id: String(fixtureId) }));
  } catch (e) {
    if (e instanceof ApiError) return null;
    throw e;
  }
}

function row(m: Pick<Result, 'fixture_id' | 'home_team' | 'away_team' | 'kickoff'> & { score: { home: number; away: number } | null }, o: OddsResponse): OddsRow {
  const books = o.bookmakers.filter((b) => b.market === '1X2' && !b.bookmaker.startsWith('market-'));
  return {
    fixture_id: m.fixture_id,
    home_team: m.home_team,
    away_team: m.away_team,
    kickoff: m.kickoff,
    score: m.score,
    odds: { home: o.home, draw: o.draw, away: o.away, margin: o.margin, source: o.source },
    single_source: books.length === 1 ? books[0].bookmaker : null,
  };
}

/** The sport's in-play matches that have odds (during replays: the model's), with their prices now. */
export async function liveOddsRows(services: Services, sport: string): Promise<OddsRow[]> {
  const live: LiveMatch[] = loadLive(services, sport);
  const rows = await Promise.all(
    live.map(async (m) => {
      const o = await oddsOrNull(services, sport, m.fixture_id);
      return o && row({ fixture_id: m.fixture_id, home_team: m.home_team, away_team: m.away_team, kickoff: m.kickoff, score: m.score }, o);
    }),
  );
  return rows.filter((r): r is OddsRow => r != null);
}

/** Leagues with the seasons that have bookmaker odds (the model's prices do not count). */
export function leaguesWithOdds(services: Services, sport: string): Promise<LeagueSeasons[]> {
  return listLeaguesWithOdds(services.store.db, sport);
}

/** The latest results of a league season that have 1X2 odds, newest first, with their consensus. */
export async function resultOddsRows(services: Services, sport: string, league: string, season: string): Promise<OddsRow[]> {
  const { data } = await loadResults(services, sport, ResultsQuery.parse({ league, season, limit: String(RESULTS_WITH_ODDS) }));
  const rows = await Promise.all(data.map(async (r) => {
    const o = await oddsOrNull(services, sport, r.fixture_id);
    return o && row(r, o);
  }));
  return rows.filter((r): r is OddsRow => r != null);
}

/** The selected match of the odds page, when it exists in `sport`. */
export async function selectedMatch(services: Services, sport: string, fixtureId: number) {
  const detail = await loadMatch(services, sport, fixtureId);
  return detail && detail.fixture.sport === sport ? detail : null;
}
