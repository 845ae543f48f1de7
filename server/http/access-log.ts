/**
 * Access log of the API (/v1, /sandbox/v1): one structured pino line per request when its response
 * ends, carrying the request id that the response's `x-request-id` header and problem bodies
 * carry too. Keys, cookies and other headers are never logged.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { RequestMeta } from '../api/handler';

/** Where the router leaves who asked (server/api/handler.ts RequestMeta), for the log line. */
export const META = Symbol.for('scoreline.requestMeta');
type WithMeta = IncomingMessage & { [META]?: RequestMeta };

/** A client's `x-request-id` when it is 1–64 printable ASCII characters, else a new UUID. */
export function chooseRequestId(header: string | string[] | undefined): string {
  const v = Array.isArray(header) ? header[0] : header;
  return v && /^[\x21-\x7e]{1,64}$/.test(v) ? v : randomUUID();
}

/** An access logger: call it as `log(req, res)` first thing for an API request; `req.id` is then the request id. */
export type AccessLog = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Builds the access logger: one line per request when its response finishes (level info; error
 * for a 5xx or a connection closed before the response ended), with `reqId`, `req` {id, method,
 * url, ip}, `res` {status}, `responseTime` (ms) and `principal`. One call on `logger` per request,
 * no child logger: the line is cheap, and the logger's destination (server/start.ts) writes
 * asynchronously, off the request's path.
 */
export function createAccessLog(logger: Logger): AccessLog {
  return (req, res) => {
    const id = chooseRequestId(req.headers['x-request-id']);
    (req as IncomingMessage & { id?: string }).id = id;
    const started = performance.now();
    let done = false;
    const line = (failed: boolean) => {
      if (done) return;
      done = true;
      const status = res.statusCode;
      const path = (req.url ?? '').split('?')[0];
      const fields = {
        reqId: id,
        req: { id, method: req.method, url: req.url, ip: req.socket.remoteAddress },
        res: { status },
        responseTime: Math.round(performance.now() - started),
        principal: (req as WithMeta)[META]?.principal,
      };
      if (failed || status >= 500) logger.error(fields, `${req.method} ${path} ${status}${failed ? ' (failed)' : ''}`);
      else logger.info(fields, `${req.method} ${path} ${status}`);
    };
    res.once('finish', () => line(false));
    res.once('close', () => line(!res.writableFinished));
  };
}

/** Attaches the router's meta to the Node request so the access log line can name the principal. */
export function attachMeta(req: IncomingMessage, meta: RequestMeta): void {
  (req as WithMeta)[META] = meta;
}
