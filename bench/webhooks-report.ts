/**
 * The printed report of bench/webhooks.ts: per phase Scoreline's and each baseline's deliveries,
 * latency and throughput, their ratios and capacity, then the server's own figures (signatures,
 * RSS, event loop, PGlite work per delivery and per statement) and each baseline child's. The
 * same figures go to the run's JSON file.
 */
import type { Msg } from './lib/child';
import { MB, type summaryWithCount } from './lib/stats';
import type { Phase } from './webhooks-phase';

/** What the report prints (see bench/webhooks.ts main for where each comes from). */
export interface WebhookReport {
  endpoints: number;
  phases: { label: string; rate: number | null; events: number }[];
  baselines: string[];
  scorelinePhases: Phase[];
  baselinePhases: Map<string, Phase[]>;
  blStatsByMode: Record<string, Msg>;
  /** Deliveries whose signature verified with standardwebhooks / failed; bodies with a wrong seq or type. */
  verified: number;
  badSig: number;
  badBody: number;
  /** Seconds from the first measured ingest to the last arrival. */
  runS: number;
  serverFig: {
    rss_idle_mb: number;
    rss_end_mb: number;
    rss_peak_mb: number;
    event_loop_utilization: number;
    transactions_per_delivery: number;
    pglite_calls_per_delivery: number;
    pglite_wasm_ms_per_delivery: number;
    pglite_sync_ms_per_delivery: number;
    pglite_ms_total: number;
    dispatcher_failed_attempts: number;
  };
  ingestCall: ReturnType<typeof summaryWithCount>;
  /** The server child's failed attempts by error. */
  errors: { error: string; n: number }[];
  /** PGlite wasm time per statement during the run, heaviest first. */
  statements: { sql: string; n: number; ms: number; ms_per_call: number }[];
}

/** Prints `r` to stdout. */
export function printReport(r: WebhookReport): void {
  const { endpoints, phases, baselines, scorelinePhases, baselinePhases, blStatsByMode, serverFig } = r;
  const { verified, badSig, badBody, runS, ingestCall, statements, errors } = r;
  const row = (p: Phase) =>
    `${p.label.padEnd(24)} ${`${p.delivered}/${p.expected}`.padStart(13)} ${String(p.duplicates).padStart(4)} ${[p.latency.p50, p.latency.p90, p.latency.p99, p.latency.max].map((x) => x.toFixed(1).padStart(10)).join('')} ${p.deliveries_per_s.toLocaleString('en').padStart(13)}`;
  const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
  console.log('');
  console.log(
    'ms, ingest → delivery                  delivered  dup       p50       p90       p99       max  deliveries/s',
  );
  phases.forEach((_, k) => {
    console.log(row(scorelinePhases[k]));
    for (const mode of baselines) console.log(row(baselinePhases.get(mode)![k]));
  });
  console.log('');
  for (const mode of baselines) {
    const cells = phases.map((ph, k) => {
      const a = scorelinePhases[k];
      const b = baselinePhases.get(mode)![k];
      return `${ph.label}: p50 ${ratio(a.latency.p50, b.latency.p50).toFixed(2)} p99 ${ratio(a.latency.p99, b.latency.p99).toFixed(2)} deliveries/s ${ratio(a.deliveries_per_s, b.deliveries_per_s).toFixed(2)}`;
    });
    console.log(`ratio Scoreline ÷ ${mode}: ${cells.join('; ')}`);
  }
  const maxK = phases.findIndex((p) => p.rate == null);
  if (maxK >= 0)
    console.log(
      `capacity (max phase, ${phases[maxK].events} events × ${endpoints} endpoints at once): Scoreline ${scorelinePhases[maxK].deliveries_per_s.toLocaleString('en')} deliveries/s; ${baselines.map((m) => `${m} ${baselinePhases.get(m)![maxK].deliveries_per_s.toLocaleString('en')}`).join(', ')}`,
    );
  console.log('');
  console.log(
    `from the parent's schedule, p99 per phase: Scoreline ${scorelinePhases.map((p) => p.from_schedule.p99).join(' / ')} ms (trigger stamped late by p99 ${scorelinePhases.map((p) => p.trigger_late_ms.p99).join(' / ')} ms)`,
  );
  console.log(
    `per event, last endpoint p99 per phase: Scoreline ${scorelinePhases.map((p) => p.last_per_event.p99).join(' / ')} ms`,
  );
  console.log(
    `signatures: ${verified} verified with standardwebhooks, ${badSig} failed; bodies with a wrong seq/type: ${badBody}; Scoreline run ${runS.toFixed(1)} s`,
  );
  console.log(
    `server: RSS idle ${serverFig.rss_idle_mb} MB, end ${serverFig.rss_end_mb} MB, peak ${serverFig.rss_peak_mb} MB; event loop utilization ${serverFig.event_loop_utilization}; engine.ingest call p50 ${ingestCall.p50} / p99 ${ingestCall.p99} ms`,
  );
  console.log(
    `server per delivery: ${serverFig.transactions_per_delivery} transactions, ${serverFig.pglite_calls_per_delivery} PGlite protocol calls, ${serverFig.pglite_wasm_ms_per_delivery} ms in PGlite wasm + ${serverFig.pglite_sync_ms_per_delivery} ms file sync (${serverFig.pglite_ms_total} ms of the ${(runS * 1000).toFixed(0)} ms run); ${serverFig.dispatcher_failed_attempts} failed attempts`,
  );
  if (errors.length)
    console.log(`server failed attempts by error: ${errors.map((e) => `${e.n}× ${e.error}`).join('; ')}`);
  console.log('server PGlite wasm time by statement (heaviest first):');
  for (const x of statements.slice(0, 8))
    console.log(
      `  ${String(x.ms).padStart(7)} ms ${String(x.n).padStart(7)}× ${x.ms_per_call.toFixed(3).padStart(7)} ms/call  ${x.sql}`,
    );
  for (const mode of baselines)
    console.log(
      `baseline ${mode} child: event loop utilization ${Number(blStatsByMode[mode].elu).toFixed(2)}, RSS ${MB(Number(blStatsByMode[mode].rss))} MB, ${blStatsByMode[mode].failed} failed POSTs`,
    );
}
