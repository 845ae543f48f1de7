/** WebSocket helpers for integration tests (package `ws`). */
import WebSocket from 'ws';

/**
 * Attempts an upgrade that should be refused; resolves with the HTTP status and body of the
 * refusal. Errors: rejects when the upgrade is accepted instead.
 */
export function refusedUpgrade(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      reject(new Error('upgrade was accepted'));
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', () => {}); // the refusal itself
  });
}
