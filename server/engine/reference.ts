/**
 * Reference data writes (competitions, teams, fixtures, lineups, stats, odds) for the feed engine.
 * Called only from FeedEngine inside its writer queue and transaction.
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { getCompetition, competitionDisplayName, pointsAdjustments } from '@/lib/catalogue/competitions';
import { canonicalTeamName, teamKeyFor } from '@/lib/catalogue/teams';
import type { ImportedMatch } from '@/lib/import/types';
import type { Tx } from '../store/db';
import type { ImportedOddsRow } from '../store/queries/insert-odds-ticks';
import { SAME_MATCH_WINDOW_MS, type FixtureIndex } from './fixture-index';
import * as t from '../store/schema';
import { featuresOf } from '@/lib/sport-features';

/** Thrown for reference data the catalogue does not know (unknown competition slug). */
export class ReferenceError extends Error {}

export interface CompetitionKey {
  sport: string;
  slug: string;
  season: string;
  /** Replay editions get their own season label and a "(replay)" name. */
  replayOf?: string;
  /** Display name of a competition the football catalogue does not hold (other sports: the importer's). */
  name?: string;
}

/** Finds or creates a competition-season from the catalogue; returns its id. Errors: ReferenceError. */
export async function ensureCompetition(tx: Tx, key: CompetitionKey): Promise<number> {
  const found = await tx
    .select({ id: t.competitions.id })
    .from(t.competitions)
    .where(
      and(
        eq(t.competitions.sport, key.sport),
        eq(t.competitions.slug, key.slug),
        eq(t.competitions.season, key.season),
      ),
    );
  if (found[0]) return found[0].id;
  if (!featuresOf(key.sport).catalogue) return insertSportCompetition(tx, key);
  const def = getCompetition(key.slug);
  if (!def)
    throw new ReferenceError(`unknown competition "${key.slug}" (see the catalogue: lib/catalogue/competitions.ts)`);
  const baseSeason = key.replayOf ?? key.season;
  let name: string;
  try {
    name = competitionDisplayName(key.slug, baseSeason) + (key.replayOf ? ' (replay)' : '');
  } catch (e) {
    throw new ReferenceError(`competition "${key.slug}" season "${baseSeason}": ${(e as Error).message}`);
  }
  const [row] = await tx
    .insert(t.competitions)
    .values({
      sport: key.sport,
      slug: key.slug,
      season: key.season,
      name,
      format: def.format,
      timezone: def.timezone,
      tieBreakers: def.tie_breakers as string[],
      points: def.points,
      pointsAdjustments: key.replayOf ? [] : pointsAdjustments(key.slug, baseSeason),
      isReplay: Boolean(key.replayOf),
    })
    .returning({ id: t.competitions.id });
  return row.id;
}

/** Creates another sport's competition-season, named by its importer (`<name> <season>`). */
async function insertSportCompetition(tx: Tx, key: CompetitionKey): Promise<number> {
  const base = key.name ?? key.slug;
  const season = key.replayOf ?? key.season;
  const name = (base.includes(season) ? base : `${base} ${season}`) + (key.replayOf ? ' (replay)' : '');
  const [row] = await tx
    .insert(t.competitions)
    .values({
      sport: key.sport,
      slug: key.slug,
      season: key.season,
      name,
      format: 'league',
      timezone: 'UTC',
      tieBreakers: [],
      points: { win: 0, draw: 0, loss: 0 },
      pointsAdjustments: [],
      isReplay: Boolean(key.replayOf),
    })
    .returning({ id: t.competitions.id });
  return row.id;
}

/** Finds or creates the team a source spelling stands for, recording the spelling as an alias; returns its id. */
export async function ensureTeam(tx: Tx, sport: string, spelling: string): Promise<number> {
  const key = teamKeyFor(sport, spelling);
  const alias = await tx
    .select({ id: t.teamAliases.teamId })
    .from(t.teamAliases)
    .where(and(eq(t.teamAliases.sport, sport), eq(t.teamAliases.aliasKey, key)));
  if (alias[0]) return alias[0].id;
  const name = featuresOf(sport).catalogue ? canonicalTeamName(spelling) : spelling.trim();
  await tx.insert(t.teams).values({ sport, name }).onConflictDoNothing();
  const [team] = await tx
    .select({ id: t.teams.id })
    .from(t.teams)
    .where(and(eq(t.teams.sport, sport), eq(t.teams.name, name)));
  await tx
    .insert(t.teamAliases)
    .values({ sport, aliasKey: key, alias: spelling, teamId: team.id })
    .onConflictDoNothing();
  const canonicalKey = teamKeyFor(sport, name);
  if (canonicalKey !== key) {
    await tx
      .insert(t.teamAliases)
      .values({ sport, aliasKey: canonicalKey, alias: name, teamId: team.id })
      .onConflictDoNothing();
  }
  return team.id;
}

export interface FixtureUpsert {
  sport: string;
  competitionId: number;
  homeTeamId: number;
  awayTeamId: number;
  kickoff: string;
  round: string | null;
  group: string | null;
  venue: string | null;
  source: string;
  sourceKey: string;
  recordedKickoff?: string | null;
  /**
   * Also find the fixture by its natural key (same competition, home and away team, kickoff
   * within ±36 h): the same football match from another source. Off for replays (their fixtures
   * are their own, and compressed time puts rematches within hours) and for other sports, whose
   * teams meet on consecutive days (a baseball series).
   */
  matchAcrossSources?: boolean;
}

/**
 * Finds the fixture a source record stands for — by its source key, else (with
 * `matchAcrossSources`) by the natural key (competition, home, away, kickoff within ±36 h: the
 * same match from another source) — or creates it. Missing round/group/venue are filled in; nothing else is overwritten.
 * With `index` (an import's, server/engine/fixture-index.ts) both lookups are answered from it and
 * the source key is written by its flushSources; without, each is a query of its own.
 * Returns the fixture id and whether it was created.
 */
export async function upsertFixture(
  tx: Tx,
  f: FixtureUpsert,
  index?: FixtureIndex,
): Promise<{ id: number; created: boolean }> {
  let id = index ? index.bySourceKey(f.sourceKey) : await fixtureBySource(tx, f.sourceKey);
  let created = false;
  if (id == null) {
    const k = Date.parse(f.kickoff);
    if (f.matchAcrossSources)
      id = index
        ? await index.near(tx, f.competitionId, f.homeTeamId, f.awayTeamId, k)
        : await fixtureNear(tx, f.competitionId, f.homeTeamId, f.awayTeamId, k);
    if (id == null) {
      const [row] = await tx
        .insert(t.fixtures)
        .values({
          sport: f.sport,
          competitionId: f.competitionId,
          homeTeamId: f.homeTeamId,
          awayTeamId: f.awayTeamId,
          kickoff: f.kickoff,
          round: f.round,
          groupName: f.group,
          venue: f.venue,
          recordedKickoff: f.recordedKickoff ?? null,
        })
        .returning({ id: t.fixtures.id });
      id = row.id;
      created = true;
      index?.addFixture(f.competitionId, f.homeTeamId, f.awayTeamId, k, id);
    }
    if (index) index.addSource(f.sourceKey, f.source, id);
    else
      await tx
        .insert(t.fixtureSources)
        .values({ sourceKey: f.sourceKey, source: f.source, fixtureId: id })
        .onConflictDoNothing();
  }
  // Fill in what the stored fixture lacks (nothing to do when this record has none of it).
  if (!created && (f.round != null || f.group != null || f.venue != null)) {
    await tx
      .update(t.fixtures)
      .set({
        round: sql`coalesce(${t.fixtures.round}, ${f.round})`,
        groupName: sql`coalesce(${t.fixtures.groupName}, ${f.group})`,
        venue: sql`coalesce(${t.fixtures.venue}, ${f.venue})`,
      })
      .where(eq(t.fixtures.id, id));
  }
  return { id, created };
}

/** The fixture stored under a source key, if any. */
async function fixtureBySource(tx: Tx, sourceKey: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: t.fixtureSources.fixtureId })
    .from(t.fixtureSources)
    .where(eq(t.fixtureSources.sourceKey, sourceKey));
  return row?.id;
}

/** A fixture of the competition between the same teams with its kickoff within SAME_MATCH_WINDOW_MS of `kickoffMs`, if any. */
async function fixtureNear(
  tx: Tx,
  competitionId: number,
  homeTeamId: number,
  awayTeamId: number,
  kickoffMs: number,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: t.fixtures.id })
    .from(t.fixtures)
    .where(
      and(
        eq(t.fixtures.competitionId, competitionId),
        eq(t.fixtures.homeTeamId, homeTeamId),
        eq(t.fixtures.awayTeamId, awayTeamId),
        gte(t.fixtures.kickoff, new Date(kickoffMs - SAME_MATCH_WINDOW_MS).toISOString()),
        lte(t.fixtures.kickoff, new Date(kickoffMs + SAME_MATCH_WINDOW_MS).toISOString()),
      ),
    )
    .orderBy(t.fixtures.id)
    .limit(1);
  return row?.id;
}

/**
 * Stores the lineups and match statistics that came with an imported match (idempotent). Its
 * bookmaker prices are rows for the import's one batched write (importedOddsRows, upsertImportedOddsTicks).
 */
export async function storeMatchExtras(tx: Tx, fixtureId: number, m: ImportedMatch): Promise<void> {
  for (const l of m.lineups ?? []) {
    await tx
      .insert(t.lineups)
      .values({ fixtureId, side: l.side, team: canonicalTeamName(l.team), formation: l.formation, players: l.players })
      .onConflictDoUpdate({
        target: [t.lineups.fixtureId, t.lineups.side],
        set: { formation: l.formation, players: l.players },
      });
  }
  if (m.stats) {
    await tx
      .insert(t.matchStats)
      .values({ fixtureId, stats: m.stats as unknown as Record<string, unknown> })
      .onConflictDoUpdate({
        target: t.matchStats.fixtureId,
        set: { stats: m.stats as unknown as Record<string, unknown> },
      });
  }
}

/** How long before kickoff imported "opening" prices are taken to be observed (football-data.co.uk collects them the day before, roughly). */
export const IMPORTED_OPENING_LEAD_MS = 86_400_000;

/**
 * A match's imported opening/closing prices (decimal odds; football's ImportedMatch or another
 * sport's ImportedSportMatch, whose tick source is `odds_source` when given) as the first ticks of their lines
 * (docs/odds.md): opening observed IMPORTED_OPENING_LEAD_MS before kickoff, closing at kickoff
 * (ISO 8601 UTC); no seq (history, not live). Their tick_id makes the write idempotent
 * (server/store/queries/insert-odds-ticks.ts upsertImportedOddsTicks: a corrected price updates it).
 */
export function importedOddsRows(
  fixtureId: number,
  m: {
    kickoff: string;
    source: string;
    odds?: readonly (Omit<ImportedMatch['odds'][number], 'market' | 'selection'> & {
      market: string;
      selection: string;
    })[];
    odds_source?: string;
  },
): ImportedOddsRow[] {
  const kickoffMs = Date.parse(m.kickoff);
  return (m.odds ?? []).map((q) => ({
    tickId: `import/${fixtureId}/${q.bookmaker}/${q.market}/${q.selection}/${q.line ?? '-'}/${q.kind}`,
    fixtureId,
    bookmaker: q.bookmaker,
    market: q.market,
    selection: q.selection,
    line: q.line,
    price: q.price,
    observedAt: new Date(q.kind === 'closing' ? kickoffMs : kickoffMs - IMPORTED_OPENING_LEAD_MS).toISOString(),
    source: m.odds_source ?? m.source,
  }));
}
