/**
 * Seasons of a sport's leagues as the API addresses them: the current season of a league (its
 * latest real season; a league with replays only: the replay of its latest recorded season) and a
 * season's existence and date range. Archived replay cycles (lib/seasons/stage.ts) are not listed.
 */
import { and, eq, max, min, type SQL } from 'drizzle-orm';
import { orderSeasons } from '@/lib/seasons/stage';
import type { Tx } from '../db';
import { isoUtc } from '../fixture-info';
import * as t from '../schema';

export interface SeasonRow {
  id: number;
  slug: string;
  season: string;
  name: string;
  isReplay: boolean;
  /** First and last kickoff, ISO UTC (null without fixtures). */
  firstKickoff: string | null;
  lastKickoff: string | null;
}

/** Competition rows matching `conds` with their kickoff range. */
async function seasonRows(tx: Tx, conds: SQL[]): Promise<SeasonRow[]> {
  const rows = await tx
    .select({
      id: t.competitions.id,
      slug: t.competitions.slug,
      season: t.competitions.season,
      name: t.competitions.name,
      isReplay: t.competitions.isReplay,
      first: min(t.fixtures.kickoff),
      last: max(t.fixtures.kickoff),
    })
    .from(t.competitions)
    .leftJoin(t.fixtures, eq(t.fixtures.competitionId, t.competitions.id))
    .where(and(...conds))
    .groupBy(t.competitions.id);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    season: r.season,
    name: r.name,
    isReplay: r.isReplay,
    firstKickoff: r.first ? isoUtc(r.first) : null,
    lastKickoff: r.last ? isoUtc(r.last) : null,
  }));
}

/** Every season of `sport` (optionally one league) with its kickoff range, current first per league. */
export async function listSeasons(tx: Tx, sport: string, league?: string): Promise<SeasonRow[]> {
  return orderSeasons(
    await seasonRows(tx, [eq(t.competitions.sport, sport), ...(league ? [eq(t.competitions.slug, league)] : [])]),
  );
}

/** The current season label of each league of `sport`: slug → season. */
export async function currentSeasons(tx: Tx, sport: string, league?: string): Promise<Map<string, SeasonRow>> {
  const out = new Map<string, SeasonRow>();
  for (const s of await listSeasons(tx, sport, league)) if (!out.has(s.slug)) out.set(s.slug, s);
  return out;
}

/**
 * The season row of `league` labelled `season` (archived replay cycles included: they stay
 * addressable), or null when the league has no such season.
 */
export async function findSeason(
  tx: Tx,
  sport: string,
  league: string | undefined,
  season: string,
): Promise<SeasonRow | null> {
  const rows = await seasonRows(tx, [
    eq(t.competitions.sport, sport),
    eq(t.competitions.season, season),
    ...(league ? [eq(t.competitions.slug, league)] : []),
  ]);
  return rows[0] ?? null;
}
