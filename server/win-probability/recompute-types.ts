/**
 * What crosses between the main thread and the win-probability recompute thread
 * (finished-series.ts ⇄ recompute-worker.ts), and the stored log entry both read.
 */
import type { StoredEvent } from '@/lib/match/types';
import type { FixtureRow } from '../store/fixture-info';

/** One stored event of a fixture's log with the time it happened (corrections included, unapplied). */
export type StoredLogEntry = { event: StoredEvent; occurred_at: string };

/**
 * A message to the thread: a sport's fixture rows (every one: the ratings' pool) and the ids to
 * answer, then batches of `[fixture_id, key, log]`.
 */
export type RecomputeJob =
  | { type: 'pool'; sport: string; pool: FixtureRow[]; ids: number[] }
  | { type: 'logs'; sport: string; logs: [number, string, StoredLogEntry[]][] };

/** A message from the thread: `[fixture_id, key, json | null]` per fixture of a `logs` batch (null: the log cannot be folded). */
export type RecomputeResult = { type: 'bodies'; results: [number, string, string | null][] };
