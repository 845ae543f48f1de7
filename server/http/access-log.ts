/**
 * Access log of the API (/v1, /sandbox/v1): one structured pino line per request when its response
 * ends, carrying the request id that the response's `x-request-id` header and problem bodies
 * carry too (pino-http). Keys, cookies and other headers are never logged.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { serializeError } from '../log-errors';
import type { RequestMeta } from '../api/handler';

/** Where the router leaves who asked (server/api/handler.ts RequestMeta), for the log line. */
export const META = Symbol.for('scoreline.requestMeta');
type WithMeta = IncomingMessage & { [META]?: RequestMeta };

/** A client's `x-request-id` when it is 1–64 printable ASCII characters, else a new UUID. */
export function chooseRequestId(header: string | string[] | undefined): string {
  const v = Array.isArray(header) ? header[0] : header;
  return v && /^[\x21-\x7e]{1,64}$/.test(v) ? v : randomUUID();
}

/**
 * Builds the access logger. Call it as `log(req, res)` first thing for an API request; `req.id`
 * is then the request id. Levels: 5xx error, everything else info.
 */
export function createAccessLog(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req) => chooseRequestId(req.headers['x-request-id']),
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res) => `${req.method} ${(req.url ?? '').split('?')[0]} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${(req.url ?? '').split('?')[0]} ${res.statusCode} (failed)`,
    customProps: (req) => ({ principal: (req as WithMeta)[META]?.principal }),
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({ id: req.id, method: req.method, url: req.url, ip: req.remoteAddress }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      err: serializeError,
    },
    quietReqLogger: true,
  });
}

/** Attaches the router's meta to the Node request so the access log line can name the principal. */
export function attachMeta(req: IncomingMessage, meta: RequestMeta): void {
  (req as WithMeta)[META] = meta;
}
