/** Stopping a started process (server/start.ts), in the order that loses nothing. */
import type http from 'node:http';
import type { SandboxMount } from './sandbox/mount';
import { setServices, type Services } from './services';
import type { WsGateway } from './ws/gateway';

/** What a started process holds open. */
export interface Running {
  services: Services;
  server: http.Server;
  gateway: WsGateway;
  sandbox: SandboxMount;
  /** The elected singletons (replay, model odds, webhooks, adapters) or a follower's role. */
  role: { stop(): Promise<void> };
  metrics: { close(): void };
  feedStats: { close(): void };
  limiterStore: { close(): Promise<void> };
}

/**
 * Stops listening first (so clients told "going away" cannot reconnect to this process), closes
 * the WebSocket gateways and every connection, then the role's work, the sandbox, the monitors,
 * the store and the rate-limit store.
 */
export async function shutdown(r: Running): Promise<void> {
  const roleStopped = r.role.stop();
  const closed = new Promise<void>((done) => r.server.close(() => done()));
  r.gateway.close();
  r.sandbox.closeGateway();
  r.server.closeAllConnections();
  await closed;
  await roleStopped;
  await r.sandbox.stop();
  r.metrics.close();
  r.feedStats.close();
  await r.services.store.close();
  await r.limiterStore.close();
  setServices(undefined);
}
