/**
 * The pre-match pass thread (a worker_threads Worker started by prematch-thread.ts): runs a
 * sport's ratings pass (server/read/prematch-batch.ts `prematchOfRows`, the same pure function
 * the tests and the calibration call) off the main thread's event loop and answers it packed
 * (server/read/prematch-table.ts), its buffers transferred. Messages:
 * - in: `{ id, sport, rows }` — every stored fixture row of the sport;
 * - in: `{ id, run_tables: true }` — baseball's run tables (server/read/baseball-tables.ts);
 * - out: `{ id, table }` / `{ id, tables }`, or `{ id, error }` when it threw (its message).
 * The bundled seed files (international results, FiveThirtyEight) are read here, once per thread.
 */
import { parentPort } from 'node:worker_threads';
import { baseballTables } from '../read/baseball-tables';
import { prematchOfRows } from '../read/prematch-batch';
import { packPrematch, transferablesOf } from '../read/prematch-table';
import type { PassJob, PassReply } from './prematch-thread';

parentPort?.on('message', (job: PassJob) => {
  let reply: PassReply;
  try {
    if ('run_tables' in job) {
      const tables = baseballTables();
      parentPort!.postMessage({ id: job.id, tables } satisfies PassReply);
      return;
    }
    const table = packPrematch(prematchOfRows(job.sport, job.rows));
    reply = { id: job.id, table };
    parentPort!.postMessage(reply, transferablesOf(table));
  } catch (e) {
    reply = { id: job.id, error: e instanceof Error ? e.message : String(e) };
    parentPort!.postMessage(reply);
  }
});
