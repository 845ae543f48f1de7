/**
 * Frame once, write to many (issue 18 target 3): a server message that goes to many connections
 * (a live `update` or `odds`) is serialized and framed ONCE — one Buffer holding the WebSocket
 * header and the UTF-8 payload, built with ws's own `Sender.frame` — and that same Buffer is
 * written to every subscriber's TCP socket with a single `write`. `ws.send(text)` per socket would
 * instead measure and encode the text again, allocate a header and write two chunks (`writev`) for
 * each of them.
 *
 * Writing beside ws's Sender is safe only while the Sender writes synchronously in call order,
 * i.e. its state is DEFAULT (0: not compressing, not reading a Blob) and its queue is empty, and
 * when no extension changes the frame (the gateway does not negotiate permessage-deflate). Then a
 * direct write lands exactly where `ws.send` would have put it, and it counts in
 * `ws.bufferedAmount` (the socket's writable length) like any other send, so the send-buffer limit
 * and the slow-consumer close (4002) see it. Otherwise — or if a ws upgrade changes these
 * internals — `sendShared` falls back to `ws.send(text)`: same bytes, per-socket cost.
 * test/integration/ws-fanout.test.ts checks the bytes on the wire.
 */
import * as wsLib from 'ws';
import type { WebSocket } from 'ws';

/** A message for many connections: its JSON text and the complete unmasked text frame carrying it. */
export interface SharedFrame {
  /** The JSON text (what `ws.send` would send). */
  readonly text: string;
  /** FIN + opcode 1 (text), no RSV bits, unmasked (server to client), then the UTF-8 text. */
  readonly frame: Buffer;
}

/** Frames `text` (a serialized message) once; the result may be written to any number of sockets. */
export function shareFrame(text: string): SharedFrame {
  const data = Buffer.from(text, 'utf8');
  const parts = Sender.frame(data, { fin: true, opcode: 0x01, mask: false, readOnly: true, rsv1: false });
  return { text, frame: parts.length === 1 ? parts[0] : Buffer.concat(parts) };
}

/** ws's frame builder (`Sender.frame`, lib/sender.js; exported by ws but not typed in @types/ws). */
const Sender = (
  wsLib as unknown as {
    Sender: {
      frame(
        data: Buffer,
        o: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
      ): Buffer[];
    };
  }
).Sender;

/** The parts of ws's WebSocket / Sender (ws 8.x, lib/websocket.js and lib/sender.js) a direct write relies on. */
interface WsInternals {
  _socket?: { write(chunk: Buffer): boolean; destroyed?: boolean } | null;
  _sender?: { _state?: number; _queue?: unknown[] } | null;
  _extensions?: Record<string, unknown>;
}

/** Whether `frame` can be written straight to `ws`'s socket, in order with what ws's Sender wrote before. */
function canWriteDirect(ws: WebSocket): boolean {
  const w = ws as unknown as WsInternals;
  const sender = w._sender;
  return (
    !!w._socket &&
    !w._socket.destroyed &&
    !!sender &&
    sender._state === 0 &&
    Array.isArray(sender._queue) &&
    sender._queue.length === 0 &&
    !!w._extensions &&
    Object.keys(w._extensions).length === 0
  );
}

/**
 * Sends a shared frame on an OPEN `ws`: one `socket.write` of the pre-built frame when ws's Sender
 * is idle (see the module comment), else `ws.send(text)`. The caller checks readyState and limits.
 */
export function sendShared(ws: WebSocket, msg: SharedFrame): void {
  if (canWriteDirect(ws)) (ws as unknown as Required<WsInternals>)._socket!.write(msg.frame);
  else ws.send(msg.text);
}
