/**
 * A local stand-in for an adapter's upstream (docs/adapters.md "Testing an adapter"): node:http on
 * 127.0.0.1 answering at the upstream's real paths with what a test's route function returns —
 * typically a recorded game "as it stood" at the current `cut` (each adapter's tests bring their
 * own cut function, e.g. test/helpers/nhl-cuts.ts) — with ETag / If-None-Match (304), gzip when
 * asked, and fault injection:
 *
 * - `status`: any status with headers and body (500, 503, 404, a 429 with Retry-After: {@link retryAfter});
 * - `hang`: accept, read the request, never answer (the socket stays open until close());
 * - `hang-body`: send headers and part of the body, then nothing;
 * - `malformed`: a 200 whose body is cut off mid-JSON;
 * - `transform`: answer the route's body after a function changed it (remove a play, postpone…).
 *
 * Every request is recorded (path, headers, time). Used by the adapter tests, the integration
 * tests and bench/adapters.ts of every source.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import zlib from 'node:zlib';

/** What a route answers: a JSON value (or a string sent as is), a status and headers. */
export interface UpstreamAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** Answers a request (path and query as sent), or undefined for a 404. */
export type UpstreamRoute = (path: string, url: URL) => UpstreamAnswer | undefined;

/** A fault for the requests it matches. */
export type UpstreamFault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'hang' }
  | { kind: 'hang-body' }
  | { kind: 'malformed' }
  | { kind: 'transform'; change: (body: unknown, path: string) => unknown };

/** One request the upstream received. */
export interface UpstreamRequest {
  path: string;
  at: number;
  headers: http.IncomingHttpHeaders;
  /** What it was answered: a status, `hang`, `hang-body`. */
  answered: number | 'hang' | 'hang-body';
}

/** A started local upstream (see the module comment). */
export interface LocalUpstream {
  /** `http://127.0.0.1:<port>`: the adapter's base URL. */
  url: string;
  /** The current cut: route functions read it; tests advance it. */
  cut: number;
  route: UpstreamRoute;
  requests: UpstreamRequest[];
  /** Applies `fault` to the next `times` requests whose path matches (default: every path, once). */
  inject(fault: UpstreamFault, opts?: { match?: RegExp | string; times?: number }): void;
  /** Drops every pending fault. */
  clearFaults(): void;
  /** Requests held open by `hang` / `hang-body` right now. */
  hanging(): number;
  close(): Promise<void>;
}

/** A 429 with `Retry-After: <seconds>`. */
export function retryAfter(seconds: number): UpstreamFault {
  return {
    kind: 'status',
    status: 429,
    headers: { 'retry-after': String(seconds) },
    body: '{"message":"Too Many Requests"}',
  };
}

/**
 * Starts a local upstream on 127.0.0.1 (port 0: a free one). `etag` (default true): 200s carry an
 * ETag of the body and a matching If-None-Match is answered 304. `gzip` (default true): bodies are
 * gzipped when the request accepts gzip.
 */
export async function startUpstream(
  opts: { route?: UpstreamRoute; etag?: boolean; gzip?: boolean } = {},
): Promise<LocalUpstream> {
  const faults: { fault: UpstreamFault; match: RegExp | string | undefined; left: number }[] = [];
  const sockets = new Set<Socket>();
  const held = new Set<http.ServerResponse>();
  const up: LocalUpstream = {
    url: '',
    cut: 0,
    route: opts.route ?? (() => undefined),
    requests: [],
    inject(fault, o = {}) {
      faults.push({ fault, match: o.match, left: o.times ?? 1 });
    },
    clearFaults() {
      faults.length = 0;
    },
    hanging: () => held.size,
    close: async () => undefined,
  };
  const takeFault = (path: string): UpstreamFault | null => {
    const i = faults.findIndex(
      (f) =>
        f.left > 0 && (f.match == null || (typeof f.match === 'string' ? path.includes(f.match) : f.match.test(path))),
    );
    if (i < 0) return null;
    const f = faults[i];
    f.left -= 1;
    if (f.left <= 0) faults.splice(i, 1);
    return f.fault;
  };
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const record: UpstreamRequest = { path, at: Date.now(), headers: req.headers, answered: 200 };
    up.requests.push(record);
    req.resume();
    const fault = takeFault(path);
    if (fault?.kind === 'hang') {
      record.answered = 'hang';
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    if (fault?.kind === 'status') {
      record.answered = fault.status;
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      res.end(fault.body ?? '{"message":"injected fault"}');
      return;
    }
    const answer = up.route(path, new URL(path, 'http://127.0.0.1'));
    if (!answer) {
      record.answered = 404;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"message":"Not Found"}');
      return;
    }
    let body = answer.body;
    if (fault?.kind === 'transform') body = fault.change(structuredClone(body), path);
    let text = typeof body === 'string' ? body : JSON.stringify(body);
    if (fault?.kind === 'malformed') text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    const status = answer.status ?? 200;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...answer.headers };
    if (opts.etag !== false && status === 200 && fault?.kind !== 'malformed') {
      const etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
      headers.etag = etag;
      if (req.headers['if-none-match'] === etag) {
        record.answered = 304;
        res.writeHead(304, { etag });
        res.end();
        return;
      }
    }
    let payload: Buffer = Buffer.from(text);
    if (opts.gzip !== false && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      payload = zlib.gzipSync(payload);
      headers['content-encoding'] = 'gzip';
    }
    record.answered = status;
    if (fault?.kind === 'hang-body') {
      record.answered = 'hang-body';
      headers['content-length'] = String(payload.length);
      res.writeHead(status, headers);
      res.write(payload.subarray(0, Math.floor(payload.length / 2)));
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    headers['content-length'] = String(payload.length);
    res.writeHead(status, headers);
    res.end(payload);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // Longer than any pause in a test, so a client never reuses a connection the server is closing.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  up.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  up.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return up;
}
