/**
 * Real webhook receivers on 127.0.0.1 for integration tests (no mocks): configurable failures,
 * delays, Retry-After, redirects, signature verification (standardwebhooks), and down/up on the
 * same port to simulate an outage.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceiverOptions {
  /** The first failTimes requests are answered with failStatus (or 429 + Retry-After when retryAfterS is set). */
  failTimes?: number;
  /** Status of those failures; default 500. */
  failStatus?: number;
  /** Wait this many ms before answering. */
  delayMs?: number;
  /** Verify signatures with standardwebhooks' Webhook.verify; invalid → 400, recorded with verified:false. */
  secret?: string;
  /** Answer every (non-failing) request with this status, e.g. 410. */
  status?: number;
  /** With failTimes: answer those failures 429 with `Retry-After: <retryAfterS>` (seconds). */
  retryAfterS?: number;
  /** Answer 302 with this Location. */
  redirectTo?: string;
  /** Body of every answer; default "ok" (or "fail" for failures). */
  responseBody?: string;
  /** Port to listen on; default a free one. */
  port?: number;
}

export interface ReceivedDelivery {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** Parsed body, or null when it is not JSON. */
  json: unknown;
  /** Signature check result; null when the receiver has no secret. */
  verified: boolean | null;
  /** Date.now() at arrival. */
  at: number;
  /** Status answered. */
  status: number;
}

export interface Receiver {
  url: string;
  port: number;
  /** Every request, in arrival order, including rejected ones. */
  received: ReceivedDelivery[];
  /** Accepted (2xx) deliveries only. */
  accepted(): ReceivedDelivery[];
  /** TCP connections accepted so far (keep-alive reuse shows as fewer connections than requests). */
  connections(): number;
  /** Stops listening and destroys open sockets; the port is kept for up(). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
  /** Resolves once n deliveries were accepted; rejects after timeoutMs (default 10 000). */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
}

const header = (req: http.IncomingMessage, name: string): string => {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : (v ?? '');
};

/** Starts a receiver on 127.0.0.1 (see ReceiverOptions); resolves once it is listening. */
export async function startReceiver(opts: ReceiverOptions = {}): Promise<Receiver> {
  const received: ReceivedDelivery[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const timers = new Set<NodeJS.Timeout>();
  const waiters = new Set<() => void>();
  let failuresLeft = opts.failTimes ?? 0;

  const answer = (
    req: http.IncomingMessage,
    body: string,
  ): { status: number; headers: Record<string, string>; verified: boolean | null } => {
    let verified: boolean | null = null;
    if (opts.secret) {
      try {
        new Webhook(opts.secret).verify(body, {
          'webhook-id': header(req, 'webhook-id'),
          'webhook-timestamp': header(req, 'webhook-timestamp'),
          'webhook-signature': header(req, 'webhook-signature'),
        });
        verified = true;
      } catch {
        return { status: 400, headers: {}, verified: false };
      }
    }
    if (failuresLeft > 0) {
      failuresLeft--;
      if (opts.retryAfterS != null)
        return { status: 429, headers: { 'retry-after': String(opts.retryAfterS) }, verified };
      return { status: opts.failStatus ?? 500, headers: {}, verified };
    }
    if (opts.redirectTo) return { status: 302, headers: { location: opts.redirectTo }, verified };
    return { status: opts.status ?? 200, headers: {}, verified };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const { status, headers, verified } = answer(req, body);
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {}
      const send = () => {
        received.push({
          id: header(req, 'webhook-id'),
          timestamp: header(req, 'webhook-timestamp'),
          signature: header(req, 'webhook-signature'),
          body,
          json,
          verified,
          at: Date.now(),
          status,
        });
        res.writeHead(status, { 'content-type': 'text/plain', ...headers });
        res.end(opts.responseBody ?? (status >= 200 && status < 300 ? 'ok' : 'fail'));
        for (const w of [...waiters]) w();
      };
      if (!opts.delayMs) return send();
      const t = setTimeout(() => {
        timers.delete(t);
        if (!res.destroyed) send();
      }, opts.delayMs);
      timers.add(t);
    });
  });
  server.on('connection', (s) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(opts.port ?? 0);
  const port = (server.address() as AddressInfo).port;

  const down = () =>
    new Promise<void>((resolve) => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });

  const accepted = () => received.filter((r) => r.status >= 200 && r.status < 300);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    accepted,
    connections: () => connections,
    down,
    up: () => (server.listening ? Promise.resolve() : listen(port)),
    close: down,
    waitFor: (n, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (accepted().length < n) return;
          waiters.delete(check);
          clearTimeout(t);
          resolve();
        };
        const t = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `receiver: ${accepted().length} of ${n} deliveries accepted after ${timeoutMs} ms (${received.length} received)`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}
