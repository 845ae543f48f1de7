/**
 * The baseline of bench/rest.ts, in its own process: a bare node:http server that answers each
 * path with the status, headers and body bytes Scoreline answered it with (captured by the parent
 * and sent over IPC as `{type:'answers', answers: {path: {status, headers, body(base64)}}}`).
 * Replies `{type:'listening', port}`; stops on `{type:'stop'}` or when the parent goes away.
 */
import http from 'node:http';
import { toParent } from './lib/in-child';

interface Captured {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const answers = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
const server = http.createServer((req, res) => {
  const a = answers.get(req.url ?? '/');
  if (!a) {
    res.writeHead(404);
    return void res.end();
  }
  res.writeHead(a.status, a.headers);
  res.end(a.body);
});
server.keepAliveTimeout = 65_000;

process.on('message', (m: { type: string; answers?: Record<string, Captured> }) => {
  if (m.type === 'answers') {
    for (const [p, c] of Object.entries(m.answers ?? {}))
      answers.set(p, { status: c.status, headers: c.headers, body: Buffer.from(c.body, 'base64') });
    server.listen(0, '127.0.0.1', () =>
      toParent({ type: 'listening', port: (server.address() as { port: number }).port }),
    );
  }
  if (m.type === 'stop') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
// A parent that died (a crashed bench) must not leave this server running, nor its stdout open.
process.on('disconnect', () => process.exit(0));
