/**
 * Reference data written by operators (/v1/ops, docs/operators.md): competitions, teams and
 * fixtures. Each function runs inside `FeedEngine.write` (the single-writer queue, one
 * transaction). Football competitions outside the catalogue (local leagues) get football's usual
 * values: 3/1/0 points and the points → goal difference → goals for → head-to-head tie-breakers.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { getCompetition } from '@/lib/catalogue/competitions';
import { featuresOf } from '@/lib/sport-features';
import type { Sport } from '@/lib/sports';
import type { OpsCompetition } from '@/lib/wire/ops';
import type { Tx } from '../store/db';
import { isoUtc, selectFixtures, type FixtureRow } from '../store/fixture-info';
import * as t from '../store/schema';
import { ensureCompetition, ensureTeam, upsertFixture } from './reference';

/** The `source` of everything an operator creates or pushes. */
export const OPERATOR_SOURCE = 'operator';

/** A 404 of the operator API: no such competition, team or fixture. */
export class OpsNotFoundError extends Error {
  constructor(
    readonly what: 'league' | 'team' | 'fixture',
    message: string,
  ) {
    super(message);
  }
}

/** Rules of a points-table league missing from the catalogue (three points for a win). */
const LOCAL_POINTS_TABLE = {
  format: 'league',
  timezone: 'UTC',
  tieBreakers: ['points', 'goal_difference', 'goals_for', 'h2h_points'],
  points: { win: 3, draw: 1, loss: 0 },
};

function toCompetition(r: typeof t.competitions.$inferSelect): OpsCompetition {
  // The store holds only the sports the API accepted (lib/wire/ops.ts CompetitionBody).
  return { id: r.id, sport: r.sport as Sport, league: r.slug, season: r.season, name: r.name };
}

/**
 * Creates a competition-season, or renames the existing one with the same sport, league and
 * season. Returns it and whether it was created. Catalogue leagues keep the catalogue's values;
 * other leagues of a points-table sport (lib/sport-features.ts) get LOCAL_POINTS_TABLE's.
 */
export async function upsertCompetition(
  tx: Tx,
  c: { sport: string; league: string; season: string; name: string },
): Promise<{ competition: OpsCompetition; created: boolean }> {
  const where = and(
    eq(t.competitions.sport, c.sport),
    eq(t.competitions.slug, c.league),
    eq(t.competitions.season, c.season),
  );
  const [found] = await tx.select().from(t.competitions).where(where);
  if (found) {
    const [row] = await tx
      .update(t.competitions)
      .set({ name: c.name })
      .where(eq(t.competitions.id, found.id))
      .returning();
    return { competition: toCompetition(row), created: false };
  }
  if (featuresOf(c.sport).catalogue && getCompetition(c.league)) {
    const id = await ensureCompetition(tx, { sport: c.sport, slug: c.league, season: c.season });
    const [row] = await tx.update(t.competitions).set({ name: c.name }).where(eq(t.competitions.id, id)).returning();
    return { competition: toCompetition(row), created: true };
  }
  const values = featuresOf(c.sport).pointsTables
    ? LOCAL_POINTS_TABLE
    : { format: 'league', timezone: 'UTC', tieBreakers: [], points: { win: 0, draw: 0, loss: 0 } };
  const [row] = await tx
    .insert(t.competitions)
    .values({
      sport: c.sport,
      slug: c.league,
      season: c.season,
      name: c.name,
      ...values,
      pointsAdjustments: [],
      isReplay: false,
    })
    .returning();
  return { competition: toCompetition(row), created: true };
}

/** Renames competition `id`. Errors: OpsNotFoundError. */
export async function renameCompetition(tx: Tx, id: number, name: string): Promise<OpsCompetition> {
  const [row] = await tx.update(t.competitions).set({ name }).where(eq(t.competitions.id, id)).returning();
  if (!row) throw new OpsNotFoundError('league', `There is no competition ${id}.`);
  return toCompetition(row);
}

/** Competitions of `sport` (all sports when null), newest first, replays left out. */
export async function listCompetitions(tx: Tx, sport: string | null): Promise<OpsCompetition[]> {
  const rows = await tx
    .select()
    .from(t.competitions)
    .where(and(eq(t.competitions.isReplay, false), ...(sport ? [eq(t.competitions.sport, sport)] : [])))
    .orderBy(desc(t.competitions.id))
    .limit(500);
  return rows.map(toCompetition);
}

/** Finds or creates the team `name` stands for in `sport` (lib/catalogue/teams.ts reconciles spellings). */
export async function upsertTeam(
  tx: Tx,
  sport: string,
  name: string,
): Promise<{ team: { id: number; sport: string; name: string }; created: boolean }> {
  const [before] = await tx.select({ n: t.teams.id }).from(t.teams).orderBy(desc(t.teams.id)).limit(1);
  const id = await ensureTeam(tx, sport, name);
  const [row] = await tx.select().from(t.teams).where(eq(t.teams.id, id));
  return { team: { id: row.id, sport: row.sport, name: row.name }, created: id > (before?.n ?? 0) };
}

/** Renames team `id`. Errors: OpsNotFoundError; a unique-name clash surfaces as the store's error. */
export async function renameTeam(
  tx: Tx,
  id: number,
  name: string,
): Promise<{ id: number; sport: string; name: string }> {
  const [row] = await tx.update(t.teams).set({ name: name.trim() }).where(eq(t.teams.id, id)).returning();
  if (!row) throw new OpsNotFoundError('team', `There is no team ${id}.`);
  return { id: row.id, sport: row.sport, name: row.name };
}

export interface OpsFixtureInput {
  sport: string;
  league: string;
  season: string;
  home_team: string;
  away_team: string;
  /** ISO 8601 UTC. */
  kickoff: string;
  round?: string | null;
  group?: string | null;
  venue?: string | null;
  external_id?: string;
}

/**
 * Creates a fixture (teams created when new) or, for a known `external_id`, returns the existing
 * one. The competition must exist, except a catalogue football league, which is created.
 * Errors: OpsNotFoundError('league').
 */
export async function createFixture(tx: Tx, f: OpsFixtureInput): Promise<{ id: number; created: boolean }> {
  const [comp] = await tx
    .select({ id: t.competitions.id })
    .from(t.competitions)
    .where(
      and(
        eq(t.competitions.sport, f.sport),
        eq(t.competitions.slug, f.league),
        eq(t.competitions.season, f.season),
        eq(t.competitions.isReplay, false),
      ),
    );
  let competitionId = comp?.id;
  if (competitionId == null && featuresOf(f.sport).catalogue && getCompetition(f.league))
    competitionId = await ensureCompetition(tx, { sport: f.sport, slug: f.league, season: f.season });
  if (competitionId == null)
    throw new OpsNotFoundError(
      'league',
      `There is no ${f.sport} league "${f.league}" season "${f.season}": create it with POST /v1/ops/competitions.`,
    );
  return upsertFixture(tx, {
    sport: f.sport,
    competitionId,
    homeTeamId: await ensureTeam(tx, f.sport, f.home_team),
    awayTeamId: await ensureTeam(tx, f.sport, f.away_team),
    kickoff: f.kickoff,
    round: f.round ?? null,
    group: f.group ?? null,
    venue: f.venue ?? null,
    source: OPERATOR_SOURCE,
    sourceKey: `operator:${f.external_id ?? randomUUID()}`,
  });
}

/** Reschedules or relabels fixture `id`. Errors: OpsNotFoundError('fixture'). */
export async function patchFixture(
  tx: Tx,
  id: number,
  p: { kickoff?: string; round?: string | null; group?: string | null; venue?: string | null },
): Promise<number> {
  const set: Partial<typeof t.fixtures.$inferInsert> = { updatedAt: new Date().toISOString() };
  if (p.kickoff !== undefined) set.kickoff = p.kickoff;
  if (p.round !== undefined) set.round = p.round;
  if (p.group !== undefined) set.groupName = p.group;
  if (p.venue !== undefined) set.venue = p.venue;
  const [row] = await tx.update(t.fixtures).set(set).where(eq(t.fixtures.id, id)).returning({ id: t.fixtures.id });
  if (!row) throw new OpsNotFoundError('fixture', `There is no fixture ${id}.`);
  return row.id;
}

/** The operator API's view of a fixture. */
export function toOpsFixture(r: FixtureRow) {
  return {
    id: r.id,
    sport: r.sport,
    league: r.slug,
    season: r.season,
    home_team: r.homeTeam,
    away_team: r.awayTeam,
    kickoff: isoUtc(r.kickoff),
    round: r.round,
    group: r.group,
    venue: r.venue,
    status: r.status,
    score: r.homeScore != null && r.awayScore != null ? { home: r.homeScore, away: r.awayScore } : null,
  };
}

/** Fixtures by id (any), or by filters (newest kickoff first, at most 200; replays left out). */
export async function listFixtures(
  tx: Tx,
  f: { ids?: number[]; sport?: string; league?: string; status?: string },
): Promise<ReturnType<typeof toOpsFixture>[]> {
  const where: SQL[] = f.ids ? [] : [eq(t.competitions.isReplay, false)];
  if (f.ids) where.push(inArray(t.fixtures.id, f.ids.length ? f.ids : [-1]));
  if (f.sport) where.push(eq(t.fixtures.sport, f.sport));
  if (f.league) where.push(eq(t.competitions.slug, f.league));
  if (f.status) where.push(eq(t.fixtures.status, f.status));
  const rows = (await selectFixtures(tx)
    .where(and(...where))
    .orderBy(desc(t.fixtures.kickoff), desc(t.fixtures.id))
    .limit(200)) as FixtureRow[];
  return rows.map(toOpsFixture);
}
