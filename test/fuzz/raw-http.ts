/**
 * Raw HTTP/1.1 over node:net for what fetch will not send: hostile Host headers, Content-Length
 * that lies, NUL bytes in headers, duplicate Authorization. Resolves with the parsed answer, or
 * `{hang}` when nothing complete came back within `deadlineMs`.
 */
import net from 'node:net';
import type { Answer } from './oracle';

/**
 * Sends `head` (request line and headers, CRLF-separated, without the blank line) and `body`
 * bytes on a fresh connection to 127.0.0.1:`port`, half-closing nothing (a client that goes quiet).
 * Resolves with the first response, or `{hang}` after `deadlineMs`, or `{closed}` when the server
 * closed without answering.
 */
export function rawRequest(
  port: number,
  head: string,
  body: Buffer | string = '',
  deadlineMs = 2_000,
): Promise<Answer | { hang: true; ms: number } | { closed: true; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    let done = false;
    const finish = (v: Answer | { hang: true; ms: number } | { closed: true; ms: number }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      resolve(v);
    };
    const timer = setTimeout(() => finish({ hang: true, ms: Date.now() - started }), deadlineMs);
    sock.on('error', () => finish(parse() ?? { closed: true, ms: Date.now() - started }));
    sock.on('close', () => finish(parse() ?? { closed: true, ms: Date.now() - started }));
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      const a = parse();
      if (a) finish(a);
    });
    sock.write(
      Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body)]),
    );

    function parse(): Answer | null {
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const lines = buf.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(lines[0].split(' ')[1]);
      const headers: Record<string, string> = {};
      for (const l of lines.slice(1)) {
        const i = l.indexOf(':');
        headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      const rest = buf.subarray(end + 4);
      const len = headers['content-length'] != null ? Number(headers['content-length']) : null;
      if (len != null && rest.length < len) return null;
      if (len == null && headers['transfer-encoding'] === 'chunked') {
        if (!rest.includes('0\r\n\r\n')) return null;
        const chunks: Buffer[] = [];
        let at = 0;
        for (;;) {
          const nl = rest.indexOf('\r\n', at);
          const size = parseInt(rest.subarray(at, nl).toString(), 16);
          if (!size) break;
          chunks.push(rest.subarray(nl + 2, nl + 2 + size));
          at = nl + 2 + size + 2;
        }
        return { status, headers, body: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started };
      }
      return { status, headers, body: rest.subarray(0, len ?? rest.length).toString('utf8'), ms: Date.now() - started };
    }
  });
}
