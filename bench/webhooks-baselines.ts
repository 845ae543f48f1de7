/**
 * The baselines of bench/webhooks.ts: after the Scoreline phases, each `--baselines` mode (e.g.
 * `undici`, `agent-false`) runs in a child of its own (bench/webhooks-server.ts `baseline`) and
 * POSTs the very bodies and signature headers Scoreline sent to the same receivers, with the
 * same warm-up, phases and schedule, so each phase's figures compare side by side.
 */
import type { BenchChild, Msg } from './lib/child';
import { sleep } from './lib/clock';
import type { BenchReceiver } from './lib/webhook-receiver';
import { drain, measure, openLoop, type Phase } from './webhooks-phase';

/** What the baselines replay: Scoreline's run, its receivers and its captured deliveries. */
export interface BaselineRun {
  /** Forks bench/webhooks-server.ts in a role. */
  child: (role: string, env: NodeJS.ProcessEnv) => BenchChild;
  /** The `--baselines` modes, in order. */
  modes: string[];
  receivers: BenchReceiver[];
  /** POSTs in flight at once (as Scoreline's dispatcher). */
  concurrency: number;
  /** Warm-up events before the first phase (they send `sample`). */
  warmup: number;
  /** Each phase's label and interval between events (ms; 0: all at once). */
  phases: { label: string; interval: number }[];
  /** [from, to) event indexes of each phase, after the warm-up. */
  spans: (readonly [number, number])[];
  /** A Scoreline body, sent for the warm-up events. */
  sample: string;
  /** Scoreline's body of each measured event, in order (event i uses bodies[i − warmup]). */
  bodies: string[];
  /** The headers every POST carries (Scoreline's content type, user agent and a signature). */
  headers: Record<string, string>;
}

/**
 * Runs every mode's phases and returns their figures per mode and each child's final stats
 * (event loop utilization, RSS, failed POSTs). Delivery ids are `<mode>_<event index>`.
 */
export async function runBaselines(
  o: BaselineRun,
): Promise<{ baselinePhases: Map<string, Phase[]>; blStatsByMode: Record<string, Msg> }> {
  const total = o.warmup + o.bodies.length;
  const baselinePhases = new Map<string, Phase[]>();
  const blStatsByMode: Record<string, Msg> = {};
  for (const mode of o.modes) {
    const bl = o.child('baseline', { ...process.env });
    await bl.next('ready');
    await bl.request(
      { type: 'targets', urls: o.receivers.map((r) => r.url), concurrency: o.concurrency, mode },
      'targets',
    );
    const fired: number[] = new Array(total);
    bl.on('fired', (m) => void (fired[m.i as number] = m.t as number));
    const blCmd: number[] = new Array(total);
    const fire = (from: number, to: number, interval: number) =>
      openLoop(
        from,
        to,
        interval,
        blCmd,
        (i) =>
          bl.send({
            type: 'fire',
            i,
            id: `${mode}_${i}`,
            body: i < o.warmup ? o.sample : o.bodies[i - o.warmup],
            headers: o.headers,
          }),
        () => fired.slice(from, to).filter((x) => x != null).length,
      );
    const blIds = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => `${mode}_${from + k}`);
    await fire(0, o.warmup, 50);
    await drain(o.receivers, blIds(0, o.warmup), 15_000);
    await bl.request({ type: 'stats' }, 'stats');
    const phases: Phase[] = [];
    for (const [k, [from, to]] of o.spans.entries()) {
      await fire(from, to, o.phases[k].interval);
      await drain(o.receivers, blIds(from, to), 15_000);
      phases.push(
        measure(
          `${mode} ${o.phases[k].label}`,
          o.receivers,
          blIds(from, to),
          fired.slice(from, to),
          blCmd.slice(from, to),
        ),
      );
      await sleep(500);
    }
    baselinePhases.set(mode, phases);
    blStatsByMode[mode] = await bl.request<Msg>({ type: 'stats' }, 'stats');
    await bl.stop({ type: 'stop' }, 15_000);
  }
  return { baselinePhases, blStatsByMode };
}
