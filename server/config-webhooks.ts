/**
 * The parsers of the webhook settings (WEBHOOK_RETRY_SCHEDULE, WEBHOOK_SECRET_KEY): config.ts
 * validates the environment with them at start, server/webhooks uses their results. Pure: no I/O.
 */

/**
 * Parses a retry schedule such as "0,5,300" or "0,0.5,1": comma-separated non-negative seconds
 * (decimals allowed, spaces ignored). Entry i is the delay before attempt i+1. Errors: throws
 * Error naming the bad entry, or when empty.
 */
export function parseSchedule(text: string): number[] {
  if (!text || !text.trim()) throw new Error('retry schedule is empty: give comma-separated seconds, e.g. "0,5,300"');
  return text.split(',').map((part, i) => {
    const s = part.trim();
    if (!/^(\d+(\.\d*)?|\.\d+)$/.test(s))
      throw new Error(`retry schedule entry ${i + 1} ${JSON.stringify(s)} is not a non-negative number of seconds`);
    return Number(s);
  });
}

/** Decodes one 32-byte key given as 64 hex digits or base64 / base64url. Errors: throws naming the problem. */
function decodeKey(text: string, index: number): Buffer {
  const s = text.trim();
  const buf = /^[0-9a-fA-F]{64}$/.test(s)
    ? Buffer.from(s, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(s)
      ? Buffer.from(s, 'base64')
      : null;
  if (!buf || buf.length !== 32)
    throw new Error(`key ${index + 1} is not 32 bytes as base64 or 64 hex digits (e.g. $(openssl rand -base64 32))`);
  return buf;
}

/**
 * Parses WEBHOOK_SECRET_KEY (or the key file's text): a comma list of 32-byte keys (base64 or
 * hex), current first. Errors: throws Error naming the bad entry, or when the list is empty.
 */
export function parseWebhookKeys(text: string): Buffer[] {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) throw new Error('give at least one 32-byte key (base64 or 64 hex digits)');
  return parts.map(decodeKey);
}
