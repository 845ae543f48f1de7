/**
 * Node's own refusals (a request whose headers or body do not arrive within headersTimeout /
 * requestTimeout, malformed HTTP, oversized headers) answered as problem+json instead of Node's
 * bare text, and the time limits that bound them (seconds, not Node's default 5 minutes).
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';

/** ms a client has to send a request's headers (Node answers 408 past it). */
export const HEADERS_TIMEOUT_MS = 20_000;
/** ms a client has to send a whole request, headers and body (Node answers 408 past it; our body reader answers 408 after 10 s already). */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Options for http.createServer: the limits above, checked every 5 s (Node's default 30 s check
 * would let a stalled request live ~50 s), so Node's 408 comes 20–25 s after a stall.
 */
export const SERVER_TIMEOUTS: http.ServerOptions = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  connectionsCheckingInterval: 5_000,
};

const ANSWERS: Record<string, [number, string, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'request_timeout', 'The request did not arrive in time.'],
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'invalid_parameter',
    'The request headers are too large.',
  ],
};

/**
 * Answers `server`'s client errors with problem+json (408 for a timeout, 431 for oversized
 * headers, 400 otherwise), then closes the connection. Create the server with SERVER_TIMEOUTS.
 */
export function installClientErrors(server: http.Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const busy = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (err.code === 'ECONNRESET' || !socket.writable || busy) return void socket.destroy();
    const [status, title, code, detail] = ANSWERS[err.code ?? ''] ?? [
      400,
      'Bad Request',
      'invalid_parameter',
      'The request is not valid HTTP/1.1.',
    ];
    const body = JSON.stringify({ type: `/docs/errors#${code}`, title, status, detail, code });
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
