import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isoUtc } from '@/lib/match/iso-utc';
import type { FixtureInfo } from '@/lib/match/types';
import type { Tx } from './db';
import * as t from './schema';

const home = alias(t.teams, 'home_team');
const away = alias(t.teams, 'away_team');

/** Columns shared by every query that serializes fixtures (see toFixtureInfo). */
export const fixtureColumns = {
  id: t.fixtures.id,
  sport: t.fixtures.sport,
  kickoff: t.fixtures.kickoff,
  round: t.fixtures.round,
  group: t.fixtures.groupName,
  venue: t.fixtures.venue,
  status: t.fixtures.status,
  homeScore: t.fixtures.homeScore,
  awayScore: t.fixtures.awayScore,
  competitionId: t.competitions.id,
  slug: t.competitions.slug,
  season: t.competitions.season,
  league: t.competitions.name,
  isReplay: t.competitions.isReplay,
  homeTeam: home.name,
  awayTeam: away.name,
  homeTeamId: t.fixtures.homeTeamId,
  awayTeamId: t.fixtures.awayTeamId,
};

/** `select … from fixtures` joined with competition and both teams; add where/order/limit. */
export function selectFixtures(tx: Tx) {
  return tx
    .select(fixtureColumns)
    .from(t.fixtures)
    .innerJoin(t.competitions, eq(t.fixtures.competitionId, t.competitions.id))
    .innerJoin(home, eq(t.fixtures.homeTeamId, home.id))
    .innerJoin(away, eq(t.fixtures.awayTeamId, away.id));
}

export type FixtureRow = Awaited<ReturnType<ReturnType<typeof selectFixtures>['execute']>>[number];

/** Converts a joined fixture row to the engine's FixtureInfo (timestamps as ISO 8601 UTC with Z). */
export function toFixtureInfo(r: FixtureRow): FixtureInfo {
  return {
    id: r.id,
    sport: r.sport,
    competition: { id: r.competitionId, slug: r.slug, season: r.season, name: r.league, isReplay: r.isReplay },
    home_team: r.homeTeam,
    away_team: r.awayTeam,
    home_team_id: r.homeTeamId,
    away_team_id: r.awayTeamId,
    kickoff: isoUtc(r.kickoff),
    round: r.round,
    group: r.group,
    venue: r.venue,
  };
}

/** Loads FixtureInfo for the given ids (all fixtures when ids is omitted). */
export async function loadFixtureInfos(tx: Tx, ids?: number[]): Promise<Map<number, FixtureInfo>> {
  const q = selectFixtures(tx);
  const rows = ids ? (ids.length ? await q.where(inArray(t.fixtures.id, ids)) : []) : await q;
  return new Map(rows.map((r) => [r.id, toFixtureInfo(r)]));
}

/** Normalises a timestamp string from either driver to ISO 8601 UTC with Z (e.g. 2024-05-19T15:00:00.000Z); lib/match/iso-utc.ts. */
export { isoUtc };
