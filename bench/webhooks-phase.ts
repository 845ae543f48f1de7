/**
 * The figures of one phase of bench/webhooks.ts, for Scoreline and for each baseline alike: the
 * open-loop driver that triggers events on a schedule, the wait until every receiver has every
 * delivery, and the latency and throughput summary of what the receivers got.
 */
import { now, sleep } from './lib/clock';
import { summaryWithCount } from './lib/stats';
import type { BenchReceiver } from './lib/webhook-receiver';

export interface Phase {
  label: string;
  expected: number;
  delivered: number;
  duplicates: number;
  latency: ReturnType<typeof summaryWithCount>;
  from_schedule: ReturnType<typeof summaryWithCount>;
  first_per_event: ReturnType<typeof summaryWithCount>;
  last_per_event: ReturnType<typeof summaryWithCount>;
  deliveries_per_s: number;
  trigger_late_ms: ReturnType<typeof summaryWithCount>;
}

/**
 * Latencies of ids[i] (arrival − trigger[i]) over every receiver; the i-th event's parent command
 * time is cmd[i].
 */
export function measure(
  label: string,
  receivers: BenchReceiver[],
  ids: string[],
  trigger: number[],
  cmd: number[],
): Phase {
  const lat: number[] = [];
  const sched: number[] = [];
  const first: number[] = [];
  const last: number[] = [];
  let lastArrival = -Infinity;
  ids.forEach((id, i) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const r of receivers) {
      const a = r.arrivals.get(id);
      if (!a) continue;
      lat.push(a.t - trigger[i]);
      sched.push(a.t - cmd[i]);
      lo = Math.min(lo, a.t - trigger[i]);
      hi = Math.max(hi, a.t - trigger[i]);
      lastArrival = Math.max(lastArrival, a.t);
    }
    if (lo !== Infinity) {
      first.push(lo);
      last.push(hi);
    }
  });
  return {
    label,
    expected: receivers.length * ids.length,
    delivered: lat.length,
    duplicates: receivers.reduce((a, r) => a + r.duplicates, 0),
    latency: summaryWithCount(lat),
    from_schedule: summaryWithCount(sched),
    first_per_event: summaryWithCount(first),
    last_per_event: summaryWithCount(last),
    deliveries_per_s: Math.round(lat.length / ((lastArrival - Math.min(...trigger)) / 1000)),
    trigger_late_ms: summaryWithCount(trigger.map((t, i) => t - cmd[i])),
  };
}

/** Waits until every receiver has every id, or nothing new arrived for `idleMs`. */
export async function drain(receivers: BenchReceiver[], ids: string[], idleMs: number): Promise<void> {
  const expected = receivers.length * ids.length;
  let got = -1;
  let lastProgress = now();
  for (;;) {
    let n = 0;
    for (const r of receivers) for (const id of ids) if (r.arrivals.has(id)) n++;
    if (n > got) lastProgress = now();
    got = n;
    if (got >= expected || now() - lastProgress > idleMs) return;
    await sleep(100);
  }
}

/**
 * Sends trigger i (from ≤ i < to) every `interval` ms on the clock (0: all at once), stamping
 * cmd[i] just before; then waits until `acked()` reaches to − from.
 */
export async function openLoop(
  from: number,
  to: number,
  interval: number,
  cmd: number[],
  trigger: (i: number) => void,
  acked: () => number,
): Promise<void> {
  const start = now() + 50;
  for (let i = from; i < to; i++) {
    await sleep(start + (i - from) * interval - now());
    cmd[i] = now();
    trigger(i);
  }
  while (acked() < to - from) await sleep(20);
}
