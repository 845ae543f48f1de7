import type { IncomingMessage, ServerResponse } from 'node:http';

/** Converts a Node request (GET/HEAD, no body needed) to a WHATWG Request. */
export function toWebRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else if (v != null) headers.set(k, v);
  }
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: req.method, headers });
}

/** Writes a WHATWG Response to a Node response (body omitted for HEAD). */
export async function sendWebResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const body = head ? '' : Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}
