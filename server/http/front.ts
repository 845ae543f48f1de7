/**
 * The HTTP front: every Node request of the process, in order — a malformed Host refused (400),
 * the operator endpoints (/metrics, /healthz, /readyz), the client packages (/clients/), the API
 * reference's renderer (/docs/api/scalar/, server/http/scalar-assets.ts), the API
 * (/v1 and /sandbox/v1: access log and observers, then Next's lane when API_LANE=next; else the
 * router (server/api/router.ts) matches the request once: a cached read's hit is served from its
 * bytes (server/http/fast-read.ts), anything else by the API app (server/api/app.ts handleApi)
 * over a WHATWG Request with that match), the viewer session renewal (/session), and the pages
 * (Next) for the rest.
 */
import type http from 'node:http';
import path from 'node:path';
import { MAX_BODY_BYTES, MAX_OPS_BODY_BYTES } from '../api/body';
import { handleApi } from '../api/app';
import type { RequestMeta } from '../api/handler';
import { ApiError, problem } from '../api/problem';
import { matchRoute, type RouteMatch } from '../api/router';
import { handleClients } from '../clients-route';
import { ROOT } from '../root';
import type { Services } from '../services';
import { attachMeta, type createAccessLog } from './access-log';
import { sendWebResponse, toWebRequest } from './bridge';
import { requestTarget, serveCachedRead } from './fast-read';
import { refuseBadHost } from './host';
import { handleScalarAsset, SCALAR_PREFIX } from './scalar-assets';
import { handToNext } from './next-api';
import type { PageHandler } from './pages';
import { clientIp, issueViewerSession, renewViewerSession } from './viewer-session-route';

/** A Node request handler that may answer asynchronously. */
type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** What the front hands requests to. */
export interface FrontParts {
  services: Services;
  metrics: { handle: NodeHandler };
  health: { handle: NodeHandler };
  accessLog: ReturnType<typeof createAccessLog>;
  /** Starts watching an API response (access log line, metrics, feed health) as it closes. */
  observeApi(req: http.IncomingMessage, res: http.ServerResponse): void;
  /** The services that answer an API path, or the problem answering it (server/sandbox/mount.ts). */
  apiTarget(isSandbox: boolean, instance: string, requestId: string): Services | Response;
  pages: PageHandler | null;
}

/** The request listener of the process's one HTTP server. */
export function createFront(p: FrontParts): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  const { services, accessLog } = p;
  const { config, log } = services;
  return (req, res) => {
    if (refuseBadHost(req, res)) return; // routes come from req.url only; a malformed Host is 400
    const url = req.url ?? '/';
    const pathname = url.split('?')[0];
    if (pathname === '/metrics')
      return void p.metrics.handle(req, res).catch((err) => log.error({ err }, 'metrics failed'));
    if (pathname === '/healthz' || pathname === '/readyz')
      return void p.health.handle(req, res).catch((err) => log.error({ err }, 'health check failed'));
    if (pathname === '/clients' || pathname.startsWith('/clients/'))
      return handleClients(req, res, path.resolve(ROOT, config.CLIENTS_DIR)); // client packages (docs/clients.md)
    if (pathname.startsWith(SCALAR_PREFIX))
      return void handleScalarAsset(req, res).catch((err) => log.error({ err }, 'API reference asset failed'));
    const isSandbox = url === '/sandbox' || url.startsWith('/sandbox/') || url.startsWith('/sandbox?');
    if (isSandbox || url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?')) {
      const requestId = accessLog.begin(req);
      const meta: RequestMeta & { requestId: string } = { ip: clientIp(req), requestId };
      p.observeApi(req, res);
      attachMeta(req, meta);
      const instance = url.split('?')[0];
      const target = p.apiTarget(isSandbox, instance, meta.requestId);
      if (p.pages && config.API_LANE === 'next' && /^\/(sandbox\/)?v1(\/|\?|$)/.test(url)) {
        // API_LANE=next: the same API app, mounted in Next (app/v1/[[...route]]/route.ts).
        handToNext(req, target, meta, (done) => res.on('close', done));
        void p.pages(req, res).catch((err) => log.error({ err }, 'API request through Next failed'));
        return;
      }
      let match: RouteMatch | undefined;
      if (!(target instanceof Response)) {
        // Matched once; a cached read whose answer is current is served from its bytes (server/http/fast-read.ts).
        const t = requestTarget(req.url);
        match = t ? matchRoute(req.method ?? 'GET', t.url.pathname, target.environment === 'sandbox') : undefined;
        if (t && match?.cache && serveCachedRead(req, res, target, meta, t, match)) return;
      }
      Promise.resolve()
        .then(async () => {
          return target instanceof Response
            ? target
            : handleApi(
                await toWebRequest(
                  req,
                  url.startsWith('/v1/ops/') ? MAX_OPS_BODY_BYTES : MAX_BODY_BYTES,
                  config.BODY_TIMEOUT_S * 1000,
                ),
                target,
                meta,
                match,
              );
        })
        .then((r) => sendWebResponse(res, r, req.method === 'HEAD'))
        .catch((err) => {
          // A body refused while reading (413 past the limit, 408 too slow): its problem, then the connection closes.
          const refused =
            err instanceof ApiError
              ? problem(err.code, err.detail, instance, meta.requestId, err.headers, isSandbox)
              : null;
          if (!refused) log.warn({ err, requestId: meta.requestId }, 'unparseable API request');
          if (!res.headersSent)
            void sendWebResponse(
              res,
              refused ?? problem('invalid_parameter', 'The request could not be parsed.', instance, meta.requestId),
              false,
            );
          else res.end();
        });
      return;
    }
    if (url === '/session') {
      void renewViewerSession(req, res, services).catch((err) => log.error({ err }, 'session renewal failed'));
      return;
    }
    const pages = p.pages;
    if (pages) {
      void issueViewerSession(req, res, services)
        .then(() => pages(req, res))
        .catch((err) => log.error({ err }, 'page failed'));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  };
}
