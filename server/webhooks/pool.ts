/**
 * Keep-alive connection pools for webhook delivery (undici Agent: one Pool per endpoint origin)
 * whose every new connection passes the SSRF guard: the host name is resolved through
 * guardedLookup (every address checked under the policy, the connection pinned to a checked
 * address), and once connected the socket's peer address is checked again. A pooled socket is
 * only ever reused for the origin it was opened to and stays connected to the address checked
 * when it was opened; a re-resolved host is checked afresh on the next new connection.
 */
import type { Socket } from 'node:net';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { guardedLookup, isAllowedAddress, refusalReason, type AddressPolicy } from './ssrf';

/** Options of webhookPool. */
export interface PoolOptions {
  /** Connections kept per origin (endpoint scheme + host + port); default 32. */
  connectionsPerOrigin?: number;
  /**
   * Idle time before a pooled connection is closed, ms; default 2,000. A receiver's Keep-Alive
   * hint can lower it, never raise it: well below common server idle timeouts (Node 5 s, nginx
   * 75 s), so that a request is rarely sent on a connection the receiver is closing at that moment
   * (that attempt fails with "other side closed" and is retried by the schedule like any failure).
   */
  keepAliveMs?: number;
}

/**
 * undici's connector with the SSRF guard: `lookup` is guardedLookup(policy) (an ESSRF error
 * naming the address fails the connection), and a socket whose peer address is not allowed
 * (e.g. an IP literal that skipped the lookup) is destroyed with an ESSRF error.
 */
export function guardedConnector(policy: AddressPolicy, timeoutMs = 10_000): buildConnector.connector {
  const connect = buildConnector({ lookup: guardedLookup(policy), timeout: timeoutMs });
  return (opts, cb) =>
    connect(opts, (err, socket) => {
      if (err) return cb(err, null);
      const peer = (socket as Socket).remoteAddress;
      if (!peer || !isAllowedAddress(peer, policy)) {
        socket.destroy();
        const e: NodeJS.ErrnoException = new Error(
          peer ? refusalReason(peer, opts.hostname) : `${opts.hostname}: no peer address`,
        );
        e.code = 'ESSRF';
        return cb(e, null);
      }
      cb(null, socket);
    });
}

/**
 * A new undici Agent for webhook POSTs under `policy`: keep-alive pools per origin, no
 * pipelining, the guarded connector. The caller closes it (`await agent.close()`).
 */
export function webhookPool(policy: AddressPolicy, opts: PoolOptions = {}): Dispatcher {
  return new Agent({
    connections: opts.connectionsPerOrigin ?? 32,
    pipelining: 1,
    keepAliveTimeout: opts.keepAliveMs ?? 2000,
    keepAliveMaxTimeout: opts.keepAliveMs ?? 2000,
    connect: guardedConnector(policy),
  });
}

const shared = new Map<string, Dispatcher>();

/** The process-wide pool for `policy` (for callers that own none, e.g. unit tests); created on first use. */
export function sharedWebhookPool(policy: AddressPolicy): Dispatcher {
  const key = `${policy.allowLoopback ? 1 : 0}${policy.allowPrivate ? 1 : 0}`;
  let p = shared.get(key);
  if (!p) shared.set(key, (p = webhookPool(policy)));
  return p;
}
