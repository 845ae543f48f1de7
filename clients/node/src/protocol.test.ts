/** The client's plain wire types agree with the server's zod schemas (lib/wire/ws.ts); checked by tsc. */
import { expect, test } from 'vitest';
import type { z } from 'zod';
import { type ClientMessageSchema, type ServerMessageSchema, WS_PROTOCOL as SERVER_PROTOCOL } from '@/lib/wire/ws';
import { WS_PROTOCOL, type ClientMessage, type ServerMessage } from './protocol';

/** `true` only when every A is assignable to B (no distribution over unions). */
type Extends<A, B> = [A] extends [B] ? true : false;

test('every server message the schemas allow is a ServerMessage, every ClientMessage is valid input', () => {
  const serverFits: Extends<z.infer<typeof ServerMessageSchema>, ServerMessage> = true;
  const clientFits: Extends<ClientMessage, z.input<typeof ClientMessageSchema>> = true;
  expect([serverFits, clientFits]).toEqual([true, true]);
  expect(WS_PROTOCOL).toBe(SERVER_PROTOCOL);
});
