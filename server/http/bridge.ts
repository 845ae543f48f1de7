import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../api/problem';

/** Default ms a client has to send a request body once its headers arrived (BODY_TIMEOUT_S; 408 problem+json past it). */
export const BODY_TIMEOUT_MS = 10_000;
/** How long a connection refused mid-body (413, 408) keeps discarding what the client still sends, so it reads the answer before the close. */
const LINGER_MS = 2_000;

/**
 * Reads a request body, at most `limit` bytes. Errors: ApiError payload_too_large as soon as the
 * body passes `limit` (reading stops there: the rest is never buffered), request_timeout when the
 * body has not ended within `timeoutMs`, invalid_body when the client aborts it.
 */
function readCapped(req: IncomingMessage, limit: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    const finish = (err: ApiError | null) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      if (err) {
        req.pause();
        reject(err);
      } else resolve(Buffer.concat(chunks));
    };
    const onData = (c: Buffer) => {
      kept += c.length;
      if (kept > limit)
        return finish(
          new ApiError('payload_too_large', `The body is larger than ${limit} bytes.`, { connection: 'close' }),
        );
      chunks.push(c);
    };
    const onEnd = () => finish(null);
    const onError = () => finish(new ApiError('invalid_body', 'The body could not be read.', { connection: 'close' }));
    const onAborted = onError;
    const timer = setTimeout(
      () =>
        finish(
          new ApiError('request_timeout', `The body did not arrive within ${timeoutMs / 1000} s.`, {
            connection: 'close',
          }),
        ),
      timeoutMs,
    );
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}

/**
 * Converts a Node request to a WHATWG Request. The URL is built from the request target
 * (`req.url`) alone, never from the Host header. GET and HEAD carry no body; other methods carry
 * theirs, at most `bodyLimit` bytes, read within `timeoutMs`. Errors: ApiError payload_too_large
 * (413) at once when Content-Length declares more than `bodyLimit` (nothing is read) or as soon
 * as a chunked body passes it; request_timeout (408) past `timeoutMs`. These carry
 * `connection: close`: the connection ends once the answer is sent.
 */
export async function toWebRequest(
  req: IncomingMessage,
  bodyLimit = 16 * 1024,
  timeoutMs = BODY_TIMEOUT_MS,
): Promise<Request> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else if (v != null) headers.set(k, v);
  }
  // 'http://localhost' + an origin-form target: the authority ends at its first '/', whatever Host says.
  const target = req.url?.startsWith('/') ? req.url : '/';
  const url = `http://localhost${target}`;
  if (req.method === 'GET' || req.method === 'HEAD') return new Request(url, { method: req.method, headers });
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > bodyLimit)
    throw new ApiError('payload_too_large', `The body is larger than ${bodyLimit} bytes.`, { connection: 'close' });
  headers.delete('content-length'); // the body is re-framed below
  headers.delete('transfer-encoding');
  return new Request(url, {
    method: req.method,
    headers,
    body: new Uint8Array(await readCapped(req, bodyLimit, timeoutMs)),
  });
}

/**
 * Writes a WHATWG Response to a Node response (body omitted for HEAD). A response with
 * `connection: close` sent before its request's body was read whole closes gracefully: the server
 * stops answering on the connection but discards what the client still sends for LINGER_MS, so
 * the client reads the answer instead of a reset.
 */
export async function sendWebResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const body = head ? '' : Buffer.from(await response.arrayBuffer());
  const socket = res.req?.socket;
  if (socket && response.headers.get('connection') === 'close' && !res.req.complete) {
    (socket as unknown as { destroySoon: () => void }).destroySoon = () => {
      socket.end();
      socket.resume();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    };
  }
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}
