/**
 * A sport's leagues with their seasons and standings rules, and one league-season in detail.
 * Source of GET /v1/{sport}/leagues and /v1/{sport}/leagues/{slug}/seasons/{season}.
 */
import { and, count, eq, inArray, or } from 'drizzle-orm';
import { getCompetition } from '@/lib/catalogue/competitions';
import type { Tx } from '../store/db';
import { listSeasons, type SeasonRow } from '../store/queries/get-seasons';
import { getStandings } from '../store/queries/get-standings';
import { baseLeagueName } from '../store/queries/list-leagues';
import * as t from '../store/schema';
import type { ReadDeps } from './deps';
import { isReadFailure } from './result';
import { resolveScope } from './resolve-scope';
import { featuresOf } from '@/lib/sport-features';
import { standingsViews } from '@/lib/match/standings-views';
import type { SeasonCoverage } from '@/lib/seasons/coverage';
import { readCoverage } from './read-coverage';

type Rules = { points: { win: number; draw: number; loss: number } | null; tie_breakers: string[] };

/** Standings rules of the given competition rows: id → rules (points only where the table is football's). */
async function rulesOf(tx: Tx, ids: number[]): Promise<Map<number, Rules>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({
      id: t.competitions.id,
      sport: t.competitions.sport,
      points: t.competitions.points,
      tb: t.competitions.tieBreakers,
    })
    .from(t.competitions)
    .where(inArray(t.competitions.id, ids));
  return new Map(
    rows.map((r) => [r.id, { points: featuresOf(r.sport).pointsTables ? r.points : null, tie_breakers: r.tb }]),
  );
}

const seasonRef = (s: SeasonRow, current: boolean, coverage: Map<number, SeasonCoverage>) => ({
  id: s.id,
  season: s.season,
  name: s.name,
  is_replay: s.isReplay,
  current,
  first_kickoff: s.firstKickoff,
  last_kickoff: s.lastKickoff,
  coverage: coverage.get(s.id)!,
});

/**
 * `{ sport, data: League[] }` (lib/wire/resources.ts): every league of the sport by name, with its
 * seasons (current first; kickoffs ISO 8601 UTC; each with its `coverage`, read-coverage.ts), the
 * standings rules of its current season and the standings views it publishes.
 * Errors: store errors propagate.
 */
export async function readLeagues(deps: ReadDeps, sport: string) {
  const db = deps.db;
  const seasons = await listSeasons(db, sport);
  const coverage = await readCoverage(deps, sport);
  const bySlug = new Map<string, SeasonRow[]>();
  for (const s of seasons) bySlug.set(s.slug, [...(bySlug.get(s.slug) ?? []), s]);
  const rules = await rulesOf(
    db,
    [...bySlug.values()].map((l) => l[0].id),
  );
  const data = [...bySlug.entries()]
    .map(([slug, list]) => {
      const def = featuresOf(sport).catalogue ? getCompetition(slug) : undefined;
      return {
        slug,
        name: baseLeagueName(slug, list[0].name),
        sport,
        country: def?.country ?? null,
        format: def?.format ?? null,
        current_season: list[0].season,
        seasons: list.map((s, i) => seasonRef(s, i === 0, coverage)),
        standings_rules: rules.get(list[0].id) ?? { points: null, tie_breakers: [] },
        standings_views: standingsViews(sport),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return { sport, data };
}

/**
 * One league-season (lib/wire/resources.ts LeagueSeason): its coverage, its fixtures counted by
 * status, its teams, standings rules and tables. `season` is a label, or undefined for the league's current one.
 * Failures: NotFound league_not_found, season_not_found.
 */
export async function readLeagueSeason(deps: ReadDeps, sport: string, slug: string, season: string | undefined) {
  const db = deps.db;
  const scope = await resolveScope(db, sport, slug, season);
  if (isReadFailure(scope)) return scope;
  const row = scope.row!;
  const currentScope = await resolveScope(db, sport, slug, undefined);
  const current = isReadFailure(currentScope) ? null : currentScope.row;
  const byStatus = await db
    .select({ status: t.fixtures.status, n: count() })
    .from(t.fixtures)
    .where(eq(t.fixtures.competitionId, row.id))
    .groupBy(t.fixtures.status);
  const c = (s: string) => Number(byStatus.find((r) => r.status === s)?.n ?? 0);
  const total = byStatus.reduce((a, r) => a + Number(r.n), 0);
  const teamRows = await db
    .selectDistinct({ id: t.teams.id, name: t.teams.name })
    .from(t.teams)
    .innerJoin(
      t.fixtures,
      and(
        eq(t.fixtures.competitionId, row.id),
        or(eq(t.teams.id, t.fixtures.homeTeamId), eq(t.teams.id, t.fixtures.awayTeamId)),
      ),
    )
    .orderBy(t.teams.name);
  const rules = (await rulesOf(db, [row.id])).get(row.id)!;
  return {
    ...seasonRef(row, current?.id === row.id, await readCoverage(deps, sport)),
    sport,
    league_slug: slug,
    league: baseLeagueName(slug, row.name),
    fixtures: {
      total,
      finished: c('finished'),
      scheduled: c('scheduled'),
      in_play: c('in_play'),
      other: total - c('finished') - c('scheduled') - c('in_play'),
    },
    teams: teamRows,
    standings_rules: rules,
    standings: await getStandings(db, { sport, league: slug, season: row.season }),
  };
}
