/**
 * One team: its seasons, standing, form, last results, next fixtures and statistics.
 * Source of GET /v1/{sport}/teams/{id}.
 */
import { defaultStage, isArchivedReplay, type Stage } from '@/lib/seasons/stage';
import { teamStatistics } from '@/lib/statistics/index';
import { getFixturePage, getSnapshotStates } from '../store/queries/get-fixtures';
import { getStandings } from '../store/queries/get-standings';
import { getStatsMatches } from '../store/queries/get-stats-matches';
import { getTeam, teamSeasons } from '../store/queries/teams';
import type { ReadDeps } from './deps';
import { isReadFailure, missing } from './result';
import { resolveScope } from './resolve-scope';
import { toFixture, toResult } from './serialize';

export interface TeamParams {
  league?: string;
  season?: string;
  /** Which matches the statistics count: regular, playoffs or all; default the sport's (defaultStage). */
  stage?: Stage;
}

/**
 * One team (lib/wire/resources.ts TeamDetail): the league-seasons it played; for `league`/`season`
 * (default its latest real season) its standings row and its team statistics (`stage`); its last
 * five results (newest first) and form, and its next five fixtures (kickoffs ISO 8601 UTC, after now).
 * Failures: NotFound team_not_found (no team `id` in `sport`), league_not_found, season_not_found.
 */
export async function readTeam(deps: Pick<ReadDeps, 'db'>, sport: string, id: number, q: TeamParams) {
  const db = deps.db;
  const stage = q.stage ?? defaultStage(sport);
  const team = await getTeam(db, sport, id);
  if (!team) return missing('team_not_found', `No ${sport} team with id ${id}.`);
  const scope = await resolveScope(db, sport, q.league, q.season);
  if (isReadFailure(scope)) return scope;
  const seasons = (await teamSeasons(db, team.id)).filter((s) => !isArchivedReplay(s.season));
  const chosen =
    seasons.find((s) => (!q.league || s.league_slug === q.league) && (!q.season || s.season === q.season)) ?? null;
  const [recent, next] = await Promise.all([
    getFixturePage(db, { sport, teamIds: [team.id], status: ['finished'] }, 5, 'desc'),
    getFixturePage(db, { sport, teamIds: [team.id], status: ['scheduled'], from: new Date().toISOString() }, 5, 'asc'),
  ]);
  const states = await getSnapshotStates(
    db,
    recent.rows.map((r) => r.id),
  );
  const results = recent.rows.map((r) => toResult(r, states.get(r.id) ?? null));
  const form = results
    .map((r) => (r.winner === 'draw' ? 'D' : (r.winner === 'home') === (r.home_team_id === team.id) ? 'W' : 'L'))
    .reverse();
  let standing = null;
  let statistics = null;
  if (chosen) {
    const tables = await getStandings(db, { sport, league: chosen.league_slug, season: chosen.season });
    for (const tb of tables) {
      const row = (tb.rows as { team?: string }[]).find((r) => r.team === team.name);
      if (row) standing = { group: tb.group, ...row };
    }
    const matches = (
      await getStatsMatches(db, { sport, season: chosen.season, league: chosen.league_slug, stage })
    ).filter((m) => m.home_team === team.name || m.away_team === team.name);
    statistics = teamStatistics(matches).find((r) => r.team === team.name) ?? null;
  }
  return {
    ...team,
    sport,
    seasons,
    league_slug: chosen?.league_slug ?? null,
    season: chosen?.season ?? null,
    stage,
    standing,
    form,
    results,
    fixtures: next.rows.map(toFixture),
    statistics,
  };
}
