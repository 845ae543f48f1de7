/**
 * A TCP proxy the fault tests control (node:net, no mocks): listens on 127.0.0.1 on a free port
 * and pipes every connection to `target`. `cut()` destroys every open connection and refuses new
 * ones (connections are accepted and reset at once, as when a database host is down);
 * `pause()` stops forwarding bytes both ways without closing anything (a black-holed network);
 * `restore()` forwards again; `dropAll()` resets the open connections only (a dropped network:
 * RST, no WebSocket close frame); `setTarget()` points new connections at a restarted server's
 * new port. Never touches the target itself.
 */
import net from 'node:net';

export type ProxyState = 'open' | 'paused' | 'cut';

export interface TcpProxy {
  /** The port the proxy listens on (127.0.0.1). */
  port: number;
  state(): ProxyState;
  /** Connections accepted so far (including the refused ones while cut). */
  accepted(): number;
  /** Forwards new connections to 127.0.0.1:`port` from now on. */
  setTarget(port: number): void;
  /** Resets every open connection (both sides), new ones still pass; returns how many were open. */
  dropAll(): number;
  /** Destroys every open connection and resets new ones until restore(). */
  cut(): void;
  /** Holds bytes in both directions (sockets stay open) until restore(). */
  pause(): void;
  /** Forwards again: new connections reach the target, paused sockets resume. */
  restore(): void;
  /** Stops listening and destroys every connection. */
  close(): Promise<void>;
}

/** Starts a proxy to `target` (host 127.0.0.1 unless given). Resolves once it listens. */
export async function startTcpProxy(target: { port: number; host?: string }): Promise<TcpProxy> {
  let to = { port: target.port, host: target.host ?? '127.0.0.1' };
  let state: ProxyState = 'open';
  let accepted = 0;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();

  const server = net.createServer((client) => {
    accepted++;
    if (state === 'cut') return void client.resetAndDestroy();
    const upstream = net.connect(to.port, to.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
    if (state === 'paused') {
      client.pause();
      upstream.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    state: () => state,
    accepted: () => accepted,
    setTarget(p) {
      to = { port: p, host: '127.0.0.1' };
    },
    dropAll() {
      const n = pairs.size;
      for (const { client, upstream } of [...pairs]) {
        client.resetAndDestroy();
        upstream.resetAndDestroy();
      }
      pairs.clear();
      return n;
    },
    cut() {
      state = 'cut';
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    pause() {
      state = 'paused';
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    restore() {
      const was = state;
      state = 'open';
      if (was !== 'paused') return;
      for (const { client, upstream } of pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
        upstream.resume();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream.destroy();
        }
        pairs.clear();
        server.close(() => resolve());
      }),
  };
}
