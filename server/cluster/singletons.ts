/**
 * The jobs that must run in exactly one process at a time (docs/deploy.md "What is elected"):
 * the replay driver, the in-play model odds, the source adapters and webhook delivery (the durable
 * outbox's enqueue, sends and retry clock). With the embedded store they start with the process;
 * on PostgreSQL the elected leader starts them (server/cluster/leadership.ts).
 *
 * Each keeps its progress in the store, so a new leader continues where the old one stopped: the
 * replay from its anchored cycle (replay_channels; events that fell due meanwhile are ingested at
 * once, ones already stored are duplicates by event id), adapters from adapter_states (their
 * events are idempotent by event id), the model from its stored prices, webhooks from the outbox
 * cursor and deliveries (claims of a dead process expire and are retried).
 */
import { startAdapters, stopAdapters } from '../adapters/start-adapters';
import { REPLAY_CHANNELS } from '../replay/channels';
import { ReplayDriver } from '../replay/driver';
import { ModelOdds } from '../replay/model-odds';
import type { Services } from '../services';
import { WebhookDispatcher } from '../webhooks/dispatcher';

export interface RunningSingletons {
  replay: ReplayDriver | null;
  /** Stops them all (waits for webhook attempts in flight and adapter polls). Never throws. */
  stop(): Promise<void>;
}

/**
 * Starts the singletons the configuration enables, using `services` (sets `services.webhooks`
 * and `services.adapters`). Errors: store errors while the replay loads its cycle or an adapter its
 * state (what started is stopped again).
 */
export async function startSingletons(services: Services): Promise<RunningSingletons> {
  const { config, engine, live, log } = services;
  const replay =
    config.REPLAY === 'on'
      ? new ReplayDriver(engine, log, {
          speed: config.REPLAY_SPEED,
          leadMs: config.REPLAY_LEAD_SECONDS * 1000,
          channels: REPLAY_CHANNELS.filter((c) => config.BOOTSTRAP_SPORTS.includes(c.sport)),
        })
      : null;
  // The in-play model prices replayed matches: every 60 match seconds (at least every 2 s of wall time).
  const modelOdds = replay
    ? new ModelOdds(engine, live, log, { intervalMs: Math.max(2000, 60_000 / config.REPLAY_SPEED) })
    : null;
  const webhooks = config.WEBHOOKS === 'on' ? new WebhookDispatcher(services) : null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    replay?.stop();
    modelOdds?.stop();
    await stopAdapters(services.adapters ?? [], log);
    services.adapters = [];
    if (services.webhooks === webhooks) services.webhooks = null;
    await webhooks?.stop().catch((err) => log.error({ err }, 'webhook dispatcher did not stop cleanly'));
  };
  try {
    modelOdds?.start();
    services.webhooks = webhooks;
    webhooks?.start();
    await replay?.start();
    // Upstream source adapters (docs/adapters.md): poll in the background, back off on failures.
    services.adapters = await startAdapters({ config, engine, log });
  } catch (err) {
    await stop();
    throw err;
  }
  return { replay, stop };
}
