import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { PointsAdjustment, TieBreaker } from '@/lib/catalogue/competitions';
import type { StandingsRow } from '@/lib/football/standings';
import {
  computeLiveTables,
  IN_PLAY_STATUSES,
  type LiveStandingsRow,
  type TableFixture,
} from '@/lib/football/live-standings';
import type { Tx } from '../db';
import { isoUtc, selectFixtures } from '../fixture-info';
import * as t from '../schema';
import { getStandings } from './get-standings';

/** A table of GET /v1/{sport}/standings?live=true: the stored table's fields plus the live markers. */
export interface LiveStandingsTable {
  league: string;
  league_slug: string;
  season: string;
  group: string | null;
  tie_breakers: string[];
  /** When the rows were computed: the stored table's time, or now for a provisional (live) table. */
  updated_at: string;
  /** True while a counted match is in play (rows are provisional: current scores taken as final). */
  live: boolean;
  /** fixture_ids of the counted matches in play. */
  live_fixtures: number[];
  rows: LiveStandingsRow[];
}

/**
 * Standings as they would stand if every match now in play ended at its current score, with
 * each row's move against the stored table (`live_position_change`, + = up) and `live` on teams
 * playing now. Same selection as getStandings: `league` (all when omitted), `season` (each
 * league's latest — latest kickoff — when omitted). Competitions without a match in play return
 * their stored tables (`live: false`, changes 0) at the cost of one extra indexed query.
 * Scores are the fixtures' stored current scores (updated by the feed engine on every event).
 */
export async function getLiveStandings(
  tx: Tx,
  f: { sport: string; league?: string; season?: string },
): Promise<LiveStandingsTable[]> {
  const stored = await getStandings(tx, f);
  const inPlay = await tx
    .select({ id: t.competitions.id, slug: t.competitions.slug, season: t.competitions.season })
    .from(t.fixtures)
    .innerJoin(t.competitions, eq(t.fixtures.competitionId, t.competitions.id))
    .where(
      and(
        eq(t.fixtures.sport, f.sport),
        inArray(t.fixtures.status, [...IN_PLAY_STATUSES]),
        f.league ? eq(t.competitions.slug, f.league) : undefined,
        f.season ? eq(t.competitions.season, f.season) : undefined,
      ),
    )
    .groupBy(t.competitions.id);
  const asStored = (tb: (typeof stored)[number]): LiveStandingsTable => ({
    ...tb,
    live: false,
    live_fixtures: [],
    rows: (tb.rows as StandingsRow[]).map((r) => ({ ...r, live_position_change: 0, live: false })),
  });
  if (!inPlay.length) return stored.map(asStored);

  const liveComps = f.season ? inPlay : await latestOnly(tx, f.sport, inPlay);
  const out = stored
    .filter((tb) => !liveComps.some((c) => c.slug === tb.league_slug && c.season === tb.season))
    .map(asStored);
  const now = new Date().toISOString();
  for (const c of liveComps) {
    const [comp] = await tx.select().from(t.competitions).where(eq(t.competitions.id, c.id));
    const mine = stored.filter((tb) => tb.league_slug === c.slug && tb.season === c.season);
    const rows = await selectFixtures(tx).where(eq(t.fixtures.competitionId, c.id));
    const fixtures: TableFixture[] = rows.map((r) => ({
      fixture_id: r.id,
      kickoff: isoUtc(r.kickoff),
      group: r.group,
      home: r.homeTeam,
      away: r.awayTeam,
      status: r.status,
      home_goals: r.homeScore,
      away_goals: r.awayScore,
    }));
    const tables = computeLiveTables(
      mine.map((tb) => ({ group: tb.group, rows: tb.rows as StandingsRow[] })),
      fixtures,
      {
        format: comp.format,
        tie_breakers: comp.tieBreakers as TieBreaker[],
        points: comp.points,
        adjustments: comp.pointsAdjustments as PointsAdjustment[],
      },
    );
    for (const tb of tables) {
      const before = mine.find((m) => (m.group ?? '') === (tb.group ?? ''));
      out.push({
        league: comp.name,
        league_slug: comp.slug,
        season: comp.season,
        group: tb.group,
        tie_breakers: comp.tieBreakers,
        updated_at: tb.live || !before ? now : before.updated_at,
        live: tb.live,
        live_fixtures: tb.live_fixtures,
        rows: tb.rows,
      });
    }
  }
  // getStandings' order: league, then group (one season per league when `season` is omitted).
  return out.sort((a, b) => a.league_slug.localeCompare(b.league_slug) || (a.group ?? '').localeCompare(b.group ?? ''));
}

/** Of the given competitions, those that are their league's latest season (by latest kickoff), as getStandings picks without `season`. */
async function latestOnly<C extends { id: number; slug: string }>(tx: Tx, sport: string, comps: C[]): Promise<C[]> {
  const all = await tx
    .select({ id: t.competitions.id, slug: t.competitions.slug, last: max(t.fixtures.kickoff) })
    .from(t.competitions)
    .leftJoin(t.fixtures, eq(t.fixtures.competitionId, t.competitions.id))
    .where(and(eq(t.competitions.sport, sport), inArray(t.competitions.slug, [...new Set(comps.map((c) => c.slug))])))
    .groupBy(t.competitions.id)
    .orderBy(t.competitions.slug, desc(max(t.fixtures.kickoff)));
  const latest = new Set<number>();
  const seen = new Set<string>();
  for (const c of all) if (!seen.has(c.slug) && seen.add(c.slug)) latest.add(c.id);
  return comps.filter((c) => latest.has(c.id));
}
