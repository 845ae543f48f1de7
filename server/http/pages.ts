/** The Next.js pages in this process (PAGES=on): Next's request handler and the stand-in server its upgrades go to. */
import { EventEmitter } from 'node:events';
import type http from 'node:http';
import type { Config } from '../config';
import { ROOT } from '../root';

/** Next's handler for one page request. */
export type PageHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** Prepares Next (production build unless NODE_ENV is not `production`). Errors: Next's own (e.g. no build) propagate. */
export async function openPages(config: Config): Promise<{ handler: PageHandler; upgrades: EventEmitter }> {
  const { default: next } = await import('next');
  // Next attaches its own 'upgrade' listener to the server it is given (or, by default, to the
  // server of the first page request) and answers every upgrade its routes match — with the API
  // mounted at app/v1/[[...route]], that includes /v1/ws, which it closed right after the gateway
  // accepted it. It gets a stand-in instead, fed only the upgrades that are Next's (/_next/*).
  const upgrades = new EventEmitter();
  const app = next({
    dev: config.NODE_ENV !== 'production',
    dir: ROOT,
    quiet: true,
    httpServer: upgrades as unknown as http.Server,
  });
  await app.prepare();
  const handle = app.getRequestHandler();
  return { handler: (req, res) => handle(req, res), upgrades };
}
