/**
 * Request bodies of the few /v1 write routes (keys now; webhooks later): JSON only, size-capped,
 * validated with zod. Anything else is a 4xx problem+json and changes nothing.
 */
import type { z } from 'zod';
import { ApiError } from './problem';
import { UNSAFE_MESSAGE, unsafeStringPath } from './safe-strings';

/** Largest accepted body, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;
/** Largest accepted body on /v1/ops (ingest batches of up to 1,000 items), in bytes. */
export const MAX_OPS_BODY_BYTES = 1024 * 1024;

/**
 * Reads and validates a JSON body. An empty body is parsed as `{}` (so `schema` decides whether
 * fields are required). Errors: ApiError unsupported_media_type (415) when a non-empty body is not
 * `application/json`, payload_too_large (413) past `maxBytes` (default MAX_BODY_BYTES), invalid_body (400) for malformed
 * JSON or a body the schema rejects (the detail names each field), and for any string — value or
 * key, at any depth — holding NUL or a lone surrogate (server/api/safe-strings.ts). `perItem` names
 * a top-level array (an ingest batch) whose items the handler checks one by one instead.
 */
export async function readJsonBody<S extends z.ZodType>(
  req: Request,
  schema: S,
  maxBytes = MAX_BODY_BYTES,
  perItem?: string,
): Promise<z.infer<S>> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new ApiError('payload_too_large', `The body is larger than ${maxBytes} bytes.`);
  const buf = await req.arrayBuffer();
  if (buf.byteLength > maxBytes) throw new ApiError('payload_too_large', `The body is larger than ${maxBytes} bytes.`);
  let raw: unknown = {};
  if (buf.byteLength > 0) {
    const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json')
      throw new ApiError('unsupported_media_type', 'Send the body as JSON with "Content-Type: application/json".');
    try {
      raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(buf));
    } catch {
      throw new ApiError('invalid_body', 'The body is not valid UTF-8 JSON.');
    }
  }
  const unsafe = unsafeStringPath(raw, perItem);
  if (unsafe) throw new ApiError('invalid_body', `${unsafe}: ${UNSAFE_MESSAGE}`);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new ApiError(
      'invalid_body',
      parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  }
  return parsed.data;
}
