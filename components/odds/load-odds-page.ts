/**
 * Server-side data of the odds page (/{sport}/odds), read through server/read as the /v1 API
 * (live, results, odds, match), and for the pickers the league seasons that have bookmaker odds.
 */
import type { ReadDeps } from '@/server/read/deps';
import { listLeaguesWithOdds, type LeagueSeasons } from '@/server/read/list-leagues';
import { readLiveMatches } from '@/server/read/read-live';
import { readMatch } from '@/server/read/read-match';
import { readOdds } from '@/server/read/read-odds';
import { readResults } from '@/server/read/read-results';
import { processOddsVersion } from '@/server/read/process-deps';
import { isReadFailure, unwrapRead } from '@/server/read/result';
import { VersionedMemo } from '@/server/read/versioned-memo';
import type { LiveMatch, OddsResponse, Result } from '@/lib/wire/schemas';

/** Results listed per league season. */
export const RESULTS_WITH_ODDS = 30;

/** A match row of the odds page: the match and its headline consensus now (1X2, or moneyline where there is no draw). */
export interface OddsRow {
  fixture_id: number;
  home_team: string;
  away_team: string;
  kickoff: string;
  score: { home: number; away: number } | null;
  odds: Pick<OddsResponse, 'market' | 'home' | 'draw' | 'away' | 'margin' | 'source'>;
  /** The bookmaker whose prices `odds` are when only one source prices the match (the model). */
  single_source: string | null;
}

/** Each fixture's odds answer, computed once per version of its odds (the page lists up to 30 results with their odds). */
const ODDS = new VersionedMemo<OddsResponse | null>(1024);

/**
 * The match's odds (server/read/read-odds.ts), or null when it is not found or has no 1X2 or moneyline odds;
 * computed once per version of the fixture's odds (processOddsVersion). Errors: store errors propagate.
 */
export function oddsOrNull(deps: ReadDeps, sport: string, fixtureId: number): Promise<OddsResponse | null> {
  const { version, maxAgeMs } = processOddsVersion(fixtureId);
  return ODDS.get(`${sport}|${fixtureId}`, version, maxAgeMs, async () => {
    const o = await readOdds(deps, sport, { match_id: String(fixtureId) });
    return isReadFailure(o) ? null : o;
  });
}

function row(
  m: Pick<Result, 'fixture_id' | 'home_team' | 'away_team' | 'kickoff'> & {
    score: { home: number; away: number } | null;
  },
  o: OddsResponse,
): OddsRow {
  const books = o.bookmakers.filter((b) => b.market === o.market && !b.bookmaker.startsWith('market-'));
  return {
    fixture_id: m.fixture_id,
    home_team: m.home_team,
    away_team: m.away_team,
    kickoff: m.kickoff,
    score: m.score,
    odds: { market: o.market, home: o.home, draw: o.draw, away: o.away, margin: o.margin, source: o.source },
    single_source: books.length === 1 ? books[0].bookmaker : null,
  };
}

/** The sport's in-play matches that have odds (during replays: the model's), with their prices now. */
export async function liveOddsRows(deps: ReadDeps, sport: string): Promise<OddsRow[]> {
  const live: LiveMatch[] = readLiveMatches(deps, sport);
  const rows = await Promise.all(
    live.map(async (m) => {
      const o = await oddsOrNull(deps, sport, m.fixture_id);
      return (
        o &&
        row(
          {
            fixture_id: m.fixture_id,
            home_team: m.home_team,
            away_team: m.away_team,
            kickoff: m.kickoff,
            score: m.score,
          },
          o,
        )
      );
    }),
  );
  return rows.filter((r): r is OddsRow => r != null);
}

/** Leagues with the seasons that have bookmaker odds (the model's prices do not count). */
export function leaguesWithOdds(deps: ReadDeps, sport: string): Promise<LeagueSeasons[]> {
  return listLeaguesWithOdds(deps, sport);
}

/** The latest results of a league season that have 1X2 or moneyline odds, newest first, with their consensus. */
export async function resultOddsRows(
  deps: ReadDeps,
  sport: string,
  league: string,
  season: string,
): Promise<OddsRow[]> {
  const { data } = unwrapRead(await readResults(deps, sport, { league, season, limit: RESULTS_WITH_ODDS }));
  const rows = await Promise.all(
    data.map(async (r) => {
      const o = await oddsOrNull(deps, sport, r.fixture_id);
      return o && row(r, o);
    }),
  );
  return rows.filter((r): r is OddsRow => r != null);
}

/** The selected match of the odds page, when it exists in `sport`. */
export async function selectedMatch(deps: ReadDeps, sport: string, fixtureId: number) {
  const detail = await readMatch(deps, sport, fixtureId);
  return !isReadFailure(detail) && detail.fixture.sport === sport ? detail : null;
}
