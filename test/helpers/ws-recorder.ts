/**
 * A recording /v1/ws client for integration tests: every server message is parsed, checked
 * strictly against lib/wire/ws.ts ServerMessageSchema (a message that does not validate fails the
 * waiting test) and kept with its receipt time.
 */
import WebSocket from 'ws';
import { ServerMessageSchema } from '@/lib/wire/ws';

export interface Recorder {
  ws: WebSocket;
  /** Every message: parsed, its text exactly as received, and its receipt time (ms). */
  messages: { msg: any; raw: string; at: number }[];
  /** Messages that failed the schema (with the zod issues). */
  invalid: { raw: string; issues: string }[];
  /** Resolves with the first message at index ≥ `from` matching `pred`. */
  next(pred: (m: any) => boolean, timeoutMs?: number, from?: number): Promise<any>;
  send(msg: unknown): void;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens a connection with `Bearer key` (or no key) and resolves once it is open. Errors: rejects when refused. */
export function openRecorder(url: string, key: string | null, headers: Record<string, string> = {}): Promise<Recorder> {
  const ws = new WebSocket(url, { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });
  const messages: Recorder['messages'] = [];
  const invalid: Recorder['invalid'] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    const raw = data.toString();
    const msg = JSON.parse(raw);
    const r = ServerMessageSchema.safeParse(msg);
    if (!r.success) invalid.push({ raw, issues: JSON.stringify(r.error.issues) });
    messages.push({ msg, raw, at: Date.now() });
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const rec: Recorder = {
    ws,
    messages,
    invalid,
    closed,
    send: (m) => ws.send(JSON.stringify(m)),
    next: (pred, timeoutMs = 15_000, from = 0) =>
      new Promise((resolve, reject) => {
        let seen = from;
        const check = () => {
          if (invalid.length) {
            finish();
            return reject(new Error(`message failed the schema: ${JSON.stringify(invalid[0])}`));
          }
          for (; seen < messages.length; seen++) {
            if (pred(messages[seen].msg)) {
              finish();
              return resolve(messages[seen].msg);
            }
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(
            new Error(
              `no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages.slice(-20).map((m) => m.msg.type))}`,
            ),
          );
        }, timeoutMs);
        const finish = () => {
          waiters.delete(check);
          clearTimeout(timer);
        };
        waiters.add(check);
        check();
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(rec));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}
