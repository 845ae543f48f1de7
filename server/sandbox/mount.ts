/**
 * The sandbox's place in the production process (/sandbox/v1 and /sandbox/v1/ws, docs/sandbox.md):
 * built in the background once the port listens, answered 404 when SANDBOX=off and 503 with
 * Retry-After while it loads (or after it failed to start).
 */
import { problem } from '../api/problem';
import type { Config } from '../config';
import type { Services } from '../services';
import { WsGateway } from '../ws/gateway';
import { startSandbox, type Sandbox } from './sandbox';

/** The sandbox as the HTTP front, the upgrades and the shutdown see it. */
export interface SandboxMount {
  /** The services that answer an API path: production for /v1, the sandbox's for /sandbox/v1; else a problem response. */
  target(isSandbox: boolean, instance: string, requestId: string): Services | Response;
  /** The sandbox's WebSocket gateway once it is ready, else null. */
  gateway(): WsGateway | null;
  /** Builds the sandbox in the background (call once the port listens); a failure is logged, not thrown. */
  start(): void;
  /** Closes its gateway (clients told "going away"). */
  closeGateway(): void;
  /** Stops it (and one still starting as soon as it is built). */
  stop(): Promise<void>;
}

/** The sandbox mount of `services` (the production services) under `config`'s SANDBOX settings. */
export function mountSandbox(services: Services, config: Config): SandboxMount {
  let sandbox: Sandbox | null = null;
  let sandboxGateway: WsGateway | null = null;
  let state: 'off' | 'starting' | 'ready' | 'failed' = config.SANDBOX === 'on' ? 'starting' : 'off';
  let stopped = false;
  return {
    target(isSandbox, instance, requestId) {
      if (!isSandbox) return services;
      if (sandbox) return sandbox.services;
      if (state === 'off')
        return problem('not_found', 'The sandbox is off on this server (SANDBOX=off).', instance, requestId);
      const detail =
        state === 'failed'
          ? 'The sandbox failed to start; see the server log.'
          : 'The sandbox is loading its sample data; retry in a few seconds.';
      return problem('unavailable', detail, instance, requestId, { 'retry-after': '5' }, true);
    },
    gateway: () => sandboxGateway,
    start() {
      if (state !== 'starting') return;
      void startSandbox(services, {
        replaySpeed: config.SANDBOX_REPLAY_SPEED,
        leadMs: config.REPLAY_LEAD_SECONDS * 1000,
        dataDir: config.dataDir,
        sampleDir: config.SANDBOX_SAMPLE_DIR,
      }).then(
        (sb) => {
          if (stopped) return void sb.stop();
          sandbox = sb;
          sandboxGateway = new WsGateway(sb.services);
          state = 'ready';
        },
        (err) => {
          state = 'failed';
          services.log.error({ err }, 'sandbox failed to start');
        },
      );
    },
    closeGateway() {
      stopped = true;
      sandboxGateway?.close();
    },
    async stop() {
      stopped = true;
      await sandbox?.stop();
    },
  };
}
