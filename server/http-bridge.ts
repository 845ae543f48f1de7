import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Reads a request body, keeping at most `limit + 1` bytes (the rest is drained and dropped, so a
 * huge upload costs no memory and the handler still sees that it was too large).
 */
function readCapped(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    req.on('data', (c: Buffer) => {
      if (kept > limit) return;
      const part = c.subarray(0, limit + 1 - kept);
      chunks.push(part);
      kept += part.length;
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Converts a Node request to a WHATWG Request. GET and HEAD carry no body; other methods carry at
 * most `bodyLimit + 1` bytes of theirs (server/api/body.ts answers 413 beyond `bodyLimit`).
 */
export async function toWebRequest(req: IncomingMessage, bodyLimit = 16 * 1024): Promise<Request> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else if (v != null) headers.set(k, v);
  }
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  if (req.method === 'GET' || req.method === 'HEAD') return new Request(url, { method: req.method, headers });
  headers.delete('content-length'); // the body below may be shorter than declared (capped)
  headers.delete('transfer-encoding');
  return new Request(url, { method: req.method, headers, body: new Uint8Array(await readCapped(req, bodyLimit)) });
}

/** Writes a WHATWG Response to a Node response (body omitted for HEAD). */
export async function sendWebResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const body = head ? '' : Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}
