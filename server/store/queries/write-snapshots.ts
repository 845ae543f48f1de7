/**
 * The per-fixture writes at the end of an ingest transaction (server/engine/engine.ts ingestInTx):
 * each fixture's snapshot (its state after its last accepted event, match_snapshots) and its
 * fixture row's status and score — for every fixture of the batch in two statements per 1,000
 * fixtures (arrays unnested), instead of two per fixture. A season's import touches thousands.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db';

/** One fixture's state after a batch. */
export interface FixtureSnapshotRow {
  fixtureId: number;
  sport: string;
  /** The match state (lib/match/state.ts MatchState), stored as jsonb. */
  state: unknown;
  /** The seq of the fixture's last event in the log. */
  lastSeq: number;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
}

const CHUNK = 1000;

/**
 * Upserts the snapshots of `rows` and sets their fixtures' status, home_score and away_score, all
 * with updated_at = `updatedAt` (ISO 8601 UTC). One fixture at most once in `rows`. Inside a transaction.
 */
export async function writeFixtureSnapshots(tx: Tx, rows: FixtureSnapshotRow[], updatedAt: string): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const ids = sql.param(part.map((r) => r.fixtureId));
    await tx.execute(sql`
      INSERT INTO match_snapshots (fixture_id, sport, state, last_seq, updated_at)
      SELECT u.fixture_id, u.sport, u.state::jsonb, u.last_seq, ${updatedAt}::timestamptz
      FROM unnest(${ids}::int[], ${sql.param(part.map((r) => r.sport))}::text[],
                  ${sql.param(part.map((r) => JSON.stringify(r.state)))}::text[], ${sql.param(part.map((r) => r.lastSeq))}::bigint[])
        AS u(fixture_id, sport, state, last_seq)
      ON CONFLICT (fixture_id) DO UPDATE SET state = excluded.state, last_seq = excluded.last_seq, updated_at = excluded.updated_at`);
    await tx.execute(sql`
      UPDATE fixtures AS f SET status = u.status, home_score = u.home_score, away_score = u.away_score, updated_at = ${updatedAt}::timestamptz
      FROM unnest(${ids}::int[], ${sql.param(part.map((r) => r.status))}::text[],
                  ${sql.param(part.map((r) => r.homeScore))}::int[], ${sql.param(part.map((r) => r.awayScore))}::int[])
        AS u(id, status, home_score, away_score)
      WHERE f.id = u.id`);
  }
}
