/**
 * The one check every string accepted from a query, a path or a JSON body passes: no NUL
 * (U+0000, which PostgreSQL text and jsonb refuse) and no lone UTF-16 surrogate (not Unicode
 * text; it would be stored as U+FFFD). Callers turn a finding into a 400 problem+json
 * (invalid_parameter / invalid_body), or into one rejected item of an ingest batch.
 */

const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `s` holds a NUL or a lone (unpaired) surrogate. */
export function isUnsafeString(s: string): boolean {
  return UNSAFE.test(s);
}

/**
 * The path (`events.3.detail.note`, `name`, `[key]` for an object key) of the first unsafe string
 * in a parsed JSON value — keys included — or null when every string is safe. `skipItemsOf` names
 * a top-level array whose elements are left to a per-item check (ingest batches). Depth-first,
 * iterative, so a deeply nested body cannot overflow the stack.
 */
export function unsafeStringPath(value: unknown, skipItemsOf?: string): string | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (isUnsafeString(v)) return path || 'body';
    } else if (Array.isArray(v)) {
      if (skipItemsOf !== undefined && path === skipItemsOf) continue;
      v.forEach((x, i) => stack.push({ v: x, path: path ? `${path}.${i}` : String(i) }));
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        if (isUnsafeString(k)) return `${path ? `${path}.` : ''}[key]`;
        stack.push({ v: x, path: p });
      }
    }
  }
  return null;
}

/** Why a query or path carries an unsafe string (`league: must not contain …`), or null. */
export function unsafeRequestPart(query: URLSearchParams, params: Record<string, string>): string | null {
  for (const [k, v] of Object.entries(params)) if (isUnsafeString(v)) return `${k}: ${UNSAFE_MESSAGE}`;
  for (const [k, v] of query)
    if (isUnsafeString(k) || isUnsafeString(v)) return `${isUnsafeString(k) ? 'query' : k}: ${UNSAFE_MESSAGE}`;
  return null;
}

/** The message of every refusal. */
export const UNSAFE_MESSAGE = 'must not contain NUL (U+0000) or unpaired UTF-16 surrogates';
