/**
 * Access log of the API (/v1, /sandbox/v1): one structured JSON line per request when its response
 * ends, carrying the request id that the response's `x-request-id` header and problem bodies
 * carry too. Keys, cookies and other headers are never logged.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino, { type Logger } from 'pino';
import type { RequestMeta } from '../api/handler';
import type { ResponseObserver } from './response-observer';

/** Where the router leaves who asked (server/api/handler.ts RequestMeta), for the log line. */
export const META = Symbol.for('scoreline.requestMeta');
type Tagged = IncomingMessage & { [META]?: RequestMeta; id?: string };

/** A client's `x-request-id` when it is 1–64 printable ASCII characters, else a new UUID. */
export function chooseRequestId(header: string | string[] | undefined): string {
  const v = Array.isArray(header) ? header[0] : header;
  return v && /^[\x21-\x7e]{1,64}$/.test(v) ? v : randomUUID();
}

/** The access log: `begin` first thing for an API request (sets and returns `req.id`), `observer` when it closes. */
export interface AccessLog {
  begin(req: IncomingMessage): string;
  observer: ResponseObserver;
}

/** The part of a pino destination the access log writes to. */
interface LineSink {
  write(line: string): unknown;
}

/**
 * Builds the access log on `logger`: one line per request (level info; error for a 5xx or a
 * connection closed before the response ended), with `reqId`, `req` {id, method, url, ip},
 * `res` {status}, `responseTime` (ms) and `principal` — pino's line format (level, time in epoch
 * ms, the logger's bindings, then the fields and `msg`).
 *
 * The info line, one per request on the hot path, is serialized here and written straight to the
 * logger's destination (asynchronous and buffered, server/start.ts): the same bytes pino would
 * write, without its per-call generic serialization. Error lines go through `logger.error`.
 */
export function createAccessLog(logger: Logger): AccessLog {
  const stream = (logger as unknown as Record<symbol, LineSink | undefined>)[pino.symbols.streamSym];
  const bindings = logger.bindings();
  const chindings = Object.keys(bindings).length ? `,${JSON.stringify(bindings).slice(1, -1)}` : '';
  const infoLevel = logger.levels.values.info;
  // The batch's info lines, written to the destination in one call by `flush` (response-observer.ts).
  let pending = '';
  const observer: ResponseObserver = (req, res, elapsedMs, finished, atMs) => {
    const status = res.statusCode;
    const id = (req as Tagged).id ?? '';
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const principal = (req as Tagged)[META]?.principal;
    const responseTime = Math.round(elapsedMs);
    const method = req.method ?? '';
    const ip = (req as Tagged)[META]?.ip ?? req.socket.remoteAddress; // read at arrival: a closed socket may have forgotten it
    if (logger.levelVal > infoLevel && finished && status < 500) return;
    if (!stream || !finished || status >= 500) {
      // Error lines (and a logger without a destination of its own) take pino's generic path.
      const fields = { reqId: id, req: { id, method, url, ip }, res: { status }, responseTime, principal };
      const msg = `${method} ${path} ${status}${finished ? '' : ' (failed)'}`;
      if (finished && status < 500) logger.info(fields, msg);
      else logger.error(fields, msg);
      return;
    }
    const rid = JSON.stringify(id);
    pending += `{"level":${infoLevel},"time":${atMs}${chindings},"reqId":${rid},"req":{"id":${rid},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)}${ip === undefined ? '' : `,"ip":${JSON.stringify(ip)}`}},"res":{"status":${status}},"responseTime":${responseTime}${principal === undefined ? '' : `,"principal":${JSON.stringify(principal)}`},"msg":${JSON.stringify(`${method} ${path} ${status}`)}}\n`;
  };
  observer.flush = () => {
    if (!pending || !stream) return;
    const lines = pending;
    pending = '';
    stream.write(lines);
  };
  return {
    begin(req) {
      const id = chooseRequestId(req.headers['x-request-id']);
      (req as Tagged).id = id;
      return id;
    },
    observer,
  };
}

/** Attaches the router's meta to the Node request so the access log line can name the principal. */
export function attachMeta(req: IncomingMessage, meta: RequestMeta): void {
  (req as Tagged)[META] = meta;
}
