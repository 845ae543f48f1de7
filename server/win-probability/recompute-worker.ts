/**
 * The win-probability recompute thread (a worker_threads Worker started by finished-series.ts):
 * folds finished fixtures' logs into their series off the main thread's event loop. Messages, in
 * order per sport:
 * - `{ type: 'pool', sport, pool, ids }`: the sport's fixture rows (every one: the ratings' pool) and
 *   the ids to answer; the ratings run once here (server/read/win-probability-batch.ts);
 * - `{ type: 'logs', sport, logs: [fixture_id, key, StoredLogEntry[]][] }`: answered with
 *   `{ type: 'bodies', results: [fixture_id, key, json | null][] }` — json the endpoint's answer
 *   serialized, null when the log cannot be folded.
 */
import { parentPort } from 'node:worker_threads';
import type { SeriesSource } from '../read/read-win-probability';
import { batchBody, poolSources } from '../read/win-probability-batch';
import type { RecomputeJob, RecomputeResult } from './recompute-types';

const sources = new Map<string, Map<number, SeriesSource>>();

parentPort?.on('message', (job: RecomputeJob) => {
  if (job.type === 'pool') {
    // A recompute handles one sport at a time (its pool, then its logs): earlier sports' pools are not read again.
    sources.clear();
    sources.set(job.sport, poolSources(job.sport as Parameters<typeof poolSources>[0], job.pool, job.ids));
    return;
  }
  const src = sources.get(job.sport);
  const results: RecomputeResult['results'] = job.logs.map(([id, key, log]) => {
    const s = src?.get(id);
    const body = s ? batchBody(s, log) : null;
    return [id, key, body ? JSON.stringify(body) : null];
  });
  parentPort!.postMessage({ type: 'bodies', results } satisfies RecomputeResult);
});
