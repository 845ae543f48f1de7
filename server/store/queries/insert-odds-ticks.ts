/**
 * The odds tick writes of the feed engine (server/engine/odds-ingest.ts), batched for speed: one
 * statement per up to 5,000 ticks with one array parameter per column (`unnest`), on PGlite and
 * PostgreSQL alike. Measured on this machine (bench/odds.ts): on PostgreSQL ~5× faster than a
 * drizzle multi-row VALUES insert of the same rows (11 parameters per row), on PGlite ~1.3×.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db';

/** One odds tick row as stored (odds_ticks; seq already assigned). */
export interface OddsTickRow {
  tickId: string;
  seq: number;
  fixtureId: number;
  bookmaker: string;
  market: string;
  selection: string;
  /** Handicap / total line, null for markets without one. */
  line: number | null;
  /** Decimal odds. */
  price: number;
  /** ISO 8601 UTC. */
  observedAt: string;
}

const CHUNK = 5000;

/** The subset of `tickIds` already stored in odds_ticks (one `= ANY(array)` lookup per 5,000 ids). */
export async function findStoredTickIds(tx: Tx, tickIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < tickIds.length; i += CHUNK) {
    const res = (await tx.execute(
      sql`SELECT tick_id FROM odds_ticks WHERE tick_id = ANY(${sql.param(tickIds.slice(i, i + CHUNK))}::text[])`,
    )) as unknown as { rows: { tick_id: string }[] };
    for (const r of res.rows) found.add(r.tick_id);
  }
  return found;
}

/**
 * Inserts `rows` into odds_ticks with `receivedAt` (ISO 8601) and `source` on every row, one
 * INSERT … SELECT FROM unnest(…) per 5,000 rows. A tick_id already stored violates the unique
 * constraint and fails the statement (callers check with findStoredTickIds first).
 */
export async function insertOddsTicks(tx: Tx, rows: OddsTickRow[], receivedAt: string, source: string): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const col = <K extends keyof OddsTickRow>(k: K) => sql.param(part.map((r) => r[k]));
    await tx.execute(sql`
      INSERT INTO odds_ticks (tick_id, seq, fixture_id, bookmaker, market, selection, line, price, observed_at, received_at, source)
      SELECT u.*, ${receivedAt}::timestamptz, ${source}::text
      FROM unnest(${col('tickId')}::text[], ${col('seq')}::bigint[], ${col('fixtureId')}::int[], ${col('bookmaker')}::text[], ${col('market')}::text[],
                  ${col('selection')}::text[], ${col('line')}::float8[], ${col('price')}::float8[], ${col('observedAt')}::timestamptz[]) AS u`);
  }
}

/**
 * The common case in one round trip: reserves `rows.length` feed seqs (handed out in order: row i
 * gets last − n + 1 + i, assigned by ordinality), inserts every row with ON CONFLICT DO NOTHING and
 * queues the `scoreline_feed` wake-up (server/engine/sequence.ts) — but only if every row was new.
 * Returns the last reserved seq, or null when some tick_id was already stored: then nothing of this
 * statement remains (its rows are deleted and the seqs handed back in one more statement) and the
 * caller takes the lookup path (findStoredTickIds, assignSeqs, insertOddsTicks). Inside a transaction only.
 */
export async function insertNewOddsTicksWithSeqs(
  tx: Tx,
  rows: Omit<OddsTickRow, 'seq'>[],
  receivedAt: string,
  source: string,
): Promise<number | null> {
  const n = rows.length;
  const col = <K extends keyof Omit<OddsTickRow, 'seq'>>(k: K) => sql.param(rows.map((r) => r[k]));
  const res = (await tx.execute(sql`
    WITH s AS (UPDATE feed_sequence SET value = value + ${n}::bigint WHERE id = 1 RETURNING value),
    ins AS (
      INSERT INTO odds_ticks (tick_id, seq, fixture_id, bookmaker, market, selection, line, price, observed_at, received_at, source)
      SELECT u.tick_id, s.value - ${n}::bigint + u.ord, u.fixture_id, u.bookmaker, u.market, u.selection, u.line, u.price, u.observed_at, ${receivedAt}::timestamptz, ${source}::text
      FROM s, unnest(${col('tickId')}::text[], ${col('fixtureId')}::int[], ${col('bookmaker')}::text[], ${col('market')}::text[],
                     ${col('selection')}::text[], ${col('line')}::float8[], ${col('price')}::float8[], ${col('observedAt')}::timestamptz[])
        WITH ORDINALITY AS u(tick_id, fixture_id, bookmaker, market, selection, line, price, observed_at, ord)
      ON CONFLICT DO NOTHING RETURNING 1),
    c AS (SELECT count(*)::int AS inserted FROM ins)
    SELECT s.value AS last, c.inserted,
      CASE WHEN c.inserted = ${n}::int THEN pg_notify('scoreline_feed', s.value::text || ' ' || current_setting('application_name')) END AS notified
    FROM s, c`)) as unknown as { rows: { last: string | number; inserted: number | string }[] };
  const last = Number(res.rows[0].last);
  if (Number(res.rows[0].inserted) === n) return last;
  await tx.execute(sql`
    WITH d AS (DELETE FROM odds_ticks WHERE tick_id = ANY(${col('tickId')}::text[]) AND seq > ${last - n}::bigint AND seq <= ${last}::bigint)
    UPDATE feed_sequence SET value = value - ${n}::bigint WHERE id = 1`);
  return null;
}

/** One imported (historical) odds tick: no seq, its own source; decimal odds, ISO 8601 UTC. */
export interface ImportedOddsRow extends Omit<OddsTickRow, 'seq'> {
  source: string;
}

/**
 * Writes an import's odds ticks (server/engine/reference.ts importedOddsRows): one
 * INSERT … SELECT FROM unnest(…) … ON CONFLICT (tick_id) DO UPDATE SET price per 5,000 rows, with
 * no seq and received_at now. A tick_id given twice keeps its first place and its last price (as
 * writing the rows one by one would). Idempotent: a re-import with a corrected price updates it.
 */
export async function upsertImportedOddsTicks(tx: Tx, rows: ImportedOddsRow[]): Promise<void> {
  const unique = [...new Map(rows.map((r) => [r.tickId, r])).values()];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    const col = <K extends keyof ImportedOddsRow>(k: K) => sql.param(part.map((r) => r[k]));
    await tx.execute(sql`
      INSERT INTO odds_ticks (tick_id, fixture_id, bookmaker, market, selection, line, price, observed_at, source)
      SELECT * FROM unnest(${col('tickId')}::text[], ${col('fixtureId')}::int[], ${col('bookmaker')}::text[], ${col('market')}::text[],
                           ${col('selection')}::text[], ${col('line')}::float8[], ${col('price')}::float8[], ${col('observedAt')}::timestamptz[], ${col('source')}::text[])
      ON CONFLICT (tick_id) DO UPDATE SET price = excluded.price`);
  }
}
