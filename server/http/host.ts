/**
 * The Host header check: routing never reads Host (server/http/bridge.ts builds every URL from the
 * request target), and a Host that is not `host[:port]` is refused with 400 `invalid_host`
 * problem+json before anything else runs, on pages, the API and WebSocket upgrades alike.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** A DNS name (underscores allowed: container names such as `my_app` use them) or IPv4 address, or a bracketed IPv6 literal, then an optional port. */
const HOST =
  /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** Host values already found valid (a server sees a handful: its names and addresses); bounded, cleared when full. */
const VALID = new Set<string>();

/** Whether a Host header value is acceptable: absent (HTTP/1.0), or `host[:port]` within 255 characters. */
export function validHost(host: string | undefined): boolean {
  if (host === undefined || VALID.has(host)) return true;
  if (host.length > 255 || !HOST.test(host)) return false;
  const port = /:(\d+)$/.exec(host.replace(/^\[.*\]/, ''));
  if (port && Number(port[1]) > 65535) return false;
  if (VALID.size >= 256) VALID.clear();
  VALID.add(host);
  return true;
}

const body = (instance: string) =>
  JSON.stringify({
    type: '/docs/errors#invalid_host',
    title: 'Bad Request',
    status: 400,
    detail: 'The Host header is not a host name or address with an optional port.',
    instance,
    code: 'invalid_host',
  });

/** Answers 400 invalid_host (problem+json, connection closed) when `req`'s Host is invalid; returns whether it did. */
export function refuseBadHost(req: IncomingMessage, res: ServerResponse): boolean {
  if (validHost(req.headers.host)) return false;
  res.writeHead(400, { 'content-type': 'application/problem+json', 'cache-control': 'no-store', connection: 'close' });
  res.end(body((req.url ?? '/').split('?')[0]));
  return true;
}

/** The same check for a WebSocket upgrade: answers 400 on the raw socket and returns true when refused. */
export function refuseBadHostUpgrade(req: IncomingMessage, socket: Duplex): boolean {
  if (validHost(req.headers.host)) return false;
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/problem+json\r\nConnection: close\r\n\r\n${body((req.url ?? '/').split('?')[0])}`,
  );
  return true;
}
