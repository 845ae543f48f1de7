/**
 * The webhook receivers of bench/webhooks.ts: each a node:http server on its own 127.0.0.1 port
 * that answers 200 and records when each webhook-id arrived.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { now } from './clock';

/** One webhook-id's first arrival at a receiver. */
export interface Arrival {
  t: number;
  timestamp: string;
  signature: string;
  /** The body when it differs from the first body seen for its webhook-id (normally never). */
  body?: string;
}

/** One node:http server on its own port; records each webhook-id's arrival (request end). */
export class BenchReceiver {
  readonly arrivals = new Map<string, Arrival>();
  duplicates = 0;
  secret = '';
  port = 0;
  private readonly server: http.Server;

  /** `bodies`: webhook-id → the first body seen for it, shared by all receivers (filled here). */
  constructor(private readonly bodies: Map<string, string>) {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const t = now();
        const id = String(req.headers['webhook-id'] ?? '');
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
        if (this.arrivals.has(id)) {
          this.duplicates++;
          return;
        }
        const body = Buffer.concat(chunks).toString('utf8');
        const first = this.bodies.get(id);
        if (first === undefined) this.bodies.set(id, body);
        this.arrivals.set(id, {
          t,
          timestamp: String(req.headers['webhook-timestamp'] ?? ''),
          signature: String(req.headers['webhook-signature'] ?? ''),
          ...(first !== undefined && first !== body ? { body } : {}),
        });
      });
    });
  }

  /** Listens on 127.0.0.1 and a free port (`port` once resolved). */
  listen(): Promise<void> {
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => ((this.port = (this.server.address() as AddressInfo).port), resolve())),
    );
  }

  /** The URL to register as the endpoint. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  /** Closes the server and every connection. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
