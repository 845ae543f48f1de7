/**
 * What an import transaction (server/engine/engine.ts importMatches) knows of the stored fixtures,
 * so that a season's import does not ask the store twice per match: the fixtures of its source
 * keys (one query for the whole import), each competition's fixtures by home and away team (one
 * query per competition, the first time a match of it is not found by its source key), and the
 * source keys it adds, written in one statement (flushSources) before the import's events.
 * Used only inside that transaction: it sees every fixture the import creates (add) and nothing
 * another writer could add meanwhile (imports run in the engine's one writer queue).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../store/db';
import { isoUtc } from '../store/fixture-info';

/** A fixture of a competition, as the natural-key match needs it (kickoff in ms since the epoch, UTC). */
interface Candidate {
  id: number;
  kickoffMs: number;
}

/** The ±36 h window within which the same two teams in a competition are the same match (reference.ts upsertFixture). */
export const SAME_MATCH_WINDOW_MS = 36 * 3600e3;

const CHUNK = 5000;

export class FixtureIndex {
  private readonly bySource = new Map<string, number>();
  /** competition id → "home|away" team ids → its fixtures in id order. */
  private readonly byTeams = new Map<number, Map<string, Candidate[]>>();
  private readonly newSources: { sourceKey: string; source: string; fixtureId: number }[] = [];

  /**
   * Loads the fixtures already stored under `sourceKeys` (one `= ANY(array)` query per 5,000 keys).
   * Errors: the store's, unchanged.
   */
  static async load(tx: Tx, sourceKeys: string[]): Promise<FixtureIndex> {
    const index = new FixtureIndex();
    const keys = [...new Set(sourceKeys)];
    for (let i = 0; i < keys.length; i += CHUNK) {
      const res = (await tx.execute(
        sql`SELECT source_key, fixture_id FROM fixture_sources WHERE source_key = ANY(${sql.param(keys.slice(i, i + CHUNK))}::text[])`,
      )) as unknown as { rows: { source_key: string; fixture_id: number }[] };
      for (const r of res.rows) index.bySource.set(r.source_key, Number(r.fixture_id));
    }
    return index;
  }

  /** The fixture stored (or added by this import) under `sourceKey`, if any. */
  bySourceKey(sourceKey: string): number | undefined {
    return this.bySource.get(sourceKey);
  }

  /**
   * The first fixture (by id) of `competitionId` between the same home and away teams whose
   * kickoff is within SAME_MATCH_WINDOW_MS of `kickoffMs`; loads the competition's fixtures on
   * its first use. Errors: the store's, unchanged.
   */
  async near(tx: Tx, competitionId: number, homeTeamId: number, awayTeamId: number, kickoffMs: number) {
    const teams = this.byTeams.get(competitionId) ?? (await this.loadCompetition(tx, competitionId));
    const list = teams.get(`${homeTeamId}|${awayTeamId}`) ?? [];
    return list.find((c) => Math.abs(c.kickoffMs - kickoffMs) <= SAME_MATCH_WINDOW_MS)?.id;
  }

  /** Records a fixture this import created (so a later match of the same import finds it). */
  addFixture(competitionId: number, homeTeamId: number, awayTeamId: number, kickoffMs: number, id: number): void {
    const teams = this.byTeams.get(competitionId);
    if (!teams) return; // not loaded yet: its load will read this fixture from the store
    const k = `${homeTeamId}|${awayTeamId}`;
    (teams.get(k) ?? teams.set(k, []).get(k)!).push({ id, kickoffMs });
  }

  /** Records that `sourceKey` names fixture `fixtureId` (written by flushSources; the first one given wins, as in the store). */
  addSource(sourceKey: string, source: string, fixtureId: number): void {
    if (this.bySource.has(sourceKey)) return;
    this.bySource.set(sourceKey, fixtureId);
    this.newSources.push({ sourceKey, source, fixtureId });
  }

  /** Writes the source keys added since the last flush (one INSERT … unnest per 5,000; an existing key is kept). */
  async flushSources(tx: Tx): Promise<void> {
    const rows = this.newSources.splice(0);
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = rows.slice(i, i + CHUNK);
      await tx.execute(sql`
        INSERT INTO fixture_sources (source_key, source, fixture_id)
        SELECT * FROM unnest(${sql.param(part.map((r) => r.sourceKey))}::text[], ${sql.param(part.map((r) => r.source))}::text[],
                             ${sql.param(part.map((r) => r.fixtureId))}::int[])
        ON CONFLICT DO NOTHING`);
    }
  }

  private async loadCompetition(tx: Tx, competitionId: number): Promise<Map<string, Candidate[]>> {
    const res = (await tx.execute(
      sql`SELECT id, home_team_id, away_team_id, kickoff FROM fixtures WHERE competition_id = ${competitionId} ORDER BY id`,
    )) as unknown as { rows: { id: number; home_team_id: number; away_team_id: number; kickoff: string | Date }[] };
    const teams = new Map<string, Candidate[]>();
    for (const r of res.rows) {
      const k = `${r.home_team_id}|${r.away_team_id}`;
      const list = teams.get(k) ?? teams.set(k, []).get(k)!;
      list.push({ id: Number(r.id), kickoffMs: Date.parse(isoUtc(r.kickoff)) });
    }
    this.byTeams.set(competitionId, teams);
    return teams;
  }
}
