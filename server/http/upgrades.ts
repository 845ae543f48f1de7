/**
 * The HTTP server's `upgrade` requests: /v1/ws to the production gateway, /sandbox/v1/ws to the
 * sandbox's (503 problem+json while it is not ready), Next's own /_next/* (dev HMR) to Next,
 * anything else dropped. A malformed Host is refused first (server/http/host.ts).
 */
import type { EventEmitter } from 'node:events';
import type http from 'node:http';
import type { WsGateway } from '../ws/gateway';
import { refuseBadHostUpgrade } from './host';

/** Who answers which upgrade. `nextUpgrades` is the stand-in server Next listens on (server/http/pages.ts). */
export interface UpgradeTargets {
  gateway: WsGateway;
  sandboxGateway(): WsGateway | null;
  nextUpgrades: EventEmitter | null;
}

/** Routes `server`'s upgrades to `t`. */
export function routeUpgrades(server: http.Server, t: UpgradeTargets): void {
  server.on('upgrade', (req, socket, head) => {
    if (refuseBadHostUpgrade(req, socket)) return;
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname === '/v1/ws') void t.gateway.handleUpgrade(req, socket, head);
    else if (pathname === '/sandbox/v1/ws') {
      const sandboxGateway = t.sandboxGateway();
      if (sandboxGateway) void sandboxGateway.handleUpgrade(req, socket, head);
      else {
        const body = JSON.stringify({
          type: '/docs/errors#unavailable',
          title: 'Service Unavailable',
          status: 503,
          detail: 'The sandbox is not ready (or is off); retry in a few seconds.',
          instance: '/sandbox/v1/ws',
          code: 'unavailable',
          sandbox: true,
        });
        socket.end(
          `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\nRetry-After: 5\r\nConnection: close\r\n\r\n${body}`,
        );
      }
    } else if (pathname.startsWith('/_next/') && t.nextUpgrades && t.nextUpgrades.listenerCount('upgrade') > 0)
      t.nextUpgrades.emit('upgrade', req, socket, head); // Next's own (dev HMR)
    else socket.destroy();
  });
}
