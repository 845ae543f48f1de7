/**
 * The event log's append (match_events) for the feed engine's ingest (server/engine/engine.ts
 * ingestInTx): one INSERT … SELECT FROM unnest(…) per 2,000 events, one array parameter per
 * column, on PGlite and PostgreSQL alike (as odds ticks, insert-odds-ticks.ts) — instead of a
 * multi-row VALUES list of 15 parameters per event built by the query builder.
 */
import { sql } from 'drizzle-orm';
import type { StoredEvent } from '@/lib/match/types';
import type { Tx } from '../db';

const CHUNK = 2000;

/**
 * Appends `events` (seqs already assigned, event_ids new: a stored event_id or seq fails the
 * statement). `detail` is stored as jsonb; times are ISO 8601 UTC. Inside a transaction.
 */
export async function insertEvents(tx: Tx, events: StoredEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += CHUNK) {
    const part = events.slice(i, i + CHUNK);
    const col = <K extends keyof StoredEvent>(k: K) => sql.param(part.map((e) => e[k] ?? null));
    await tx.execute(sql`
      INSERT INTO match_events (seq, event_id, fixture_id, sport, type, side, player, minute, stoppage, period,
                                clock_seconds, detail, source, occurred_at, received_at)
      SELECT u.seq, u.event_id, u.fixture_id, u.sport, u.type, u.side, u.player, u.minute, u.stoppage, u.period,
             u.clock_seconds, u.detail::jsonb, u.source, u.occurred_at, u.received_at
      FROM unnest(${col('seq')}::bigint[], ${col('event_id')}::text[], ${col('fixture_id')}::int[], ${col('sport')}::text[],
                  ${col('type')}::text[], ${col('side')}::text[], ${col('player')}::text[], ${col('minute')}::int[],
                  ${col('stoppage')}::int[], ${col('period')}::text[], ${col('clock_seconds')}::float8[],
                  ${sql.param(part.map((e) => JSON.stringify(e.detail)))}::text[], ${col('source')}::text[],
                  ${col('occurred_at')}::timestamptz[], ${col('received_at')}::timestamptz[])
        AS u(seq, event_id, fixture_id, sport, type, side, player, minute, stoppage, period,
             clock_seconds, detail, source, occurred_at, received_at)`);
  }
}
