/**
 * Validates real WebSocket and webhook messages against the served AsyncAPI document
 * (/v1/asyncapi.json; payloads are JSON Schema draft-07, ajv), strictly: every object schema with
 * `properties` also gets `additionalProperties: false` (test/helpers/openapi.ts strict), so an
 * undocumented field fails.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { strict } from './openapi';

type Json = Record<string, any>;
const BASE = 'https://scoreline.test/asyncapi.json';

export interface AsyncApiValidator {
  /**
   * The schema errors of a server message received on /v1/ws (null when it validates): checked as
   * the message of its `type` on the channel of its `channel` (update, odds, …) or on the connection.
   * Errors: throws when the document has no such message there.
   */
  wsMessage(msg: Json): string | null;
  /** The schema errors of a webhook delivery (headers and parsed body; null when both validate). */
  webhook(headers: Record<string, string>, body: Json): string | null;
}

/** A validator of live messages against `doc`, an AsyncAPI 3.0 document as /v1/asyncapi.json serves it. */
export function asyncApiValidator(doc: Json): AsyncApiValidator {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: BASE, components: strict(doc.components) });
  const compiled = new Map<string, ValidateFunction>();
  const compile = (pointer: string) => {
    let v = compiled.get(pointer);
    if (!v) compiled.set(pointer, (v = ajv.compile({ $ref: `${BASE}${pointer}` })));
    return v;
  };
  /** The components.messages pointer of the message `key` of channel `channelId`. */
  const messageRef = (channelId: string, key: string): string => {
    const ref = doc.channels[channelId]?.messages?.[key]?.$ref as string | undefined;
    if (!ref) throw new Error(`the AsyncAPI document has no message "${key}" on channel "${channelId}"`);
    return ref;
  };
  const errorsOf = (pointer: string, value: unknown): string | null => {
    const v = compile(pointer);
    return v(value) ? null : ajv.errorsText(v.errors);
  };
  return {
    wsMessage(msg) {
      const channelId =
        Object.entries(doc.channels as Record<string, Json>).find(
          ([, c]) => c.address === msg.channel && c.messages?.[msg.type],
        )?.[0] ?? 'connection';
      return errorsOf(`${messageRef(channelId, msg.type)}/payload`, msg);
    },
    webhook(headers, body) {
      const m = messageRef('webhooks', String(body.type).replace(/[^A-Za-z0-9_-]/g, '_'));
      const h = errorsOf(`${m}/headers`, headers);
      const p = errorsOf(`${m}/payload`, body);
      return h || p ? [h, p].filter(Boolean).join('; ') : null;
    },
  };
}
