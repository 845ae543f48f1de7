/**
 * A TCP proxy on 127.0.0.1 that the test controls: forwards every connection to the current
 * target port, can reset every open connection at once (a dropped network: RST, no WebSocket
 * close frame) and can be pointed at a restarted server's new port. Connections while the target
 * is down are reset, as a refused connection would be.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** Forwards new connections to `port` from now on. */
  setTarget(port: number): void;
  /** Resets every open connection (both sides); returns how many were open. */
  dropAll(): number;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (free port) to 127.0.0.1:`targetPort`. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let target = targetPort;
  let accepted = 0;
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    accepted++;
    const upstream = net.connect(target, '127.0.0.1');
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const reset = () => {
      pairs.delete(pair);
      if (!client.destroyed) client.resetAndDestroy();
      if (!upstream.destroyed) upstream.resetAndDestroy();
    };
    client.on('error', reset).on('close', reset);
    upstream.on('error', reset).on('close', reset);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    get accepted() {
      return accepted;
    },
    setTarget(port) {
      target = port;
    },
    dropAll() {
      const n = pairs.size;
      for (const [c, u] of [...pairs]) {
        c.resetAndDestroy();
        u.resetAndDestroy();
      }
      pairs.clear();
      return n;
    },
    close() {
      for (const [c, u] of pairs) {
        c.destroy();
        u.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
