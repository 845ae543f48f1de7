/**
 * One player (where the source names players): teams, seasons and its lines in the player tables.
 * Source of GET /v1/{sport}/players/{id}.
 */
import type { Sport } from '@/lib/sports';
import { defaultStage, isArchivedReplay, type Stage } from '@/lib/seasons/stage';
import { playerStatistics } from '@/lib/statistics/index';
import { getStatsMatches } from '../store/queries/get-stats-matches';
import { findPlayerName, playerAppearances } from '../store/queries/players';
import { getTeam } from '../store/queries/teams';
import type { ReadDeps } from './deps';
import { isReadFailure, missing } from './result';
import { resolveScope } from './resolve-scope';

export interface PlayerParams {
  league?: string;
  season?: string;
  /** Which matches the tables count: regular, playoffs or all; default the sport's (defaultStage). */
  stage?: Stage;
}

/**
 * One player (lib/wire/resources.ts PlayerDetail): the teams its events are for, the league-seasons
 * it appears in, and its line in each of the sport's player tables for `league`/`season` (default
 * the latest it appears in, real seasons first) and `stage`. Players exist where the data names
 * them on events (football scorers and cards, cricket batters and bowlers, baseball batters and
 * pitchers, tennis none: tennis players are the teams).
 * Failures: NotFound player_not_found, league_not_found, season_not_found.
 */
export async function readPlayer(deps: Pick<ReadDeps, 'db'>, sport: Sport, id: number, q: PlayerParams) {
  const db = deps.db;
  const stage = q.stage ?? defaultStage(sport);
  const name = await findPlayerName(db, sport, id);
  if (!name) return missing('player_not_found', `No ${sport} player with id ${id}.`);
  const scope = await resolveScope(db, sport, q.league, q.season);
  if (isReadFailure(scope)) return scope;
  const apps = (await playerAppearances(db, sport, name)).filter((a) => !isArchivedReplay(a.season));
  const teamEvents = new Map<number, number>();
  const seasons = new Map<
    number,
    { season_id: number; league_slug: string; season: string; fixtures: Set<number>; last: string; replay: boolean }
  >();
  for (const a of apps) {
    const teamId = a.side === 'home' ? a.homeTeamId : a.side === 'away' ? a.awayTeamId : null;
    if (teamId) teamEvents.set(teamId, (teamEvents.get(teamId) ?? 0) + Number(a.events));
    const s = seasons.get(a.seasonId) ?? {
      season_id: a.seasonId,
      league_slug: a.slug,
      season: a.season,
      fixtures: new Set<number>(),
      last: '',
      replay: /-replay/.test(a.season),
    };
    s.fixtures.add(a.fixtureId);
    s.last = a.kickoff > s.last ? a.kickoff : s.last;
    seasons.set(a.seasonId, s);
  }
  const ordered = [...seasons.values()].sort(
    (a, b) => Number(a.replay) - Number(b.replay) || b.last.localeCompare(a.last),
  );
  const chosen =
    ordered.find((s) => (!q.league || s.league_slug === q.league) && (!q.season || s.season === q.season)) ?? null;
  const teams = await Promise.all(
    [...teamEvents].map(async ([teamId, events]) => ({ ...(await getTeam(db, sport, teamId))!, events })),
  );
  let statistics: { category: string; title: string; row: Record<string, unknown> & { player: string } }[] = [];
  if (chosen) {
    // The whole season's tables, so each line's rank is the player's rank among all players.
    const matches = await getStatsMatches(db, {
      sport,
      season: chosen.season,
      league: chosen.league_slug,
      stage,
    });
    statistics = playerStatistics(sport, matches).categories.flatMap((c) =>
      (c.rows as (Record<string, unknown> & { player: string })[])
        .filter((r) => r.player === name)
        .map((row) => ({ category: c.name, title: c.title, row })),
    );
  }
  return {
    id,
    name,
    sport,
    teams: teams.sort((a, b) => b.events - a.events),
    seasons: ordered.map((s) => ({
      season_id: s.season_id,
      league_slug: s.league_slug,
      season: s.season,
      fixtures: s.fixtures.size,
    })),
    league_slug: chosen?.league_slug ?? null,
    season: chosen?.season ?? null,
    stage,
    statistics,
  };
}
