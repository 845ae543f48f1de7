/**
 * Webhook signing secrets at rest (docs/webhooks.md): AES-256-GCM with a server key, so a copy of
 * the store (a backup, a dump) does not let anyone forge Scoreline's signatures. A stored secret
 * reads `enc:v1:<key id>:<base64url(12-byte IV | ciphertext | 16-byte tag)>`; the key id is the
 * first 8 hex digits of the key's SHA-256, so a secret written under a previous key is still read
 * while that key is listed (rotation). The key comes from WEBHOOK_SECRET_KEY (a comma list: the
 * first encrypts, all decrypt) or, without it, from DATA_DIR/webhook-secret.key (0600, created on
 * first start; the embedded store is one process, so one file suffices).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseWebhookKeys } from '../config-webhooks';

const PREFIX = 'enc:v1:';
/** File in DATA_DIR holding the key when WEBHOOK_SECRET_KEY is unset. */
export const WEBHOOK_KEY_FILE = 'webhook-secret.key';

const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** Encrypts and decrypts webhook signing secrets with the current key and any previous ones. */
export class SecretBox {
  private readonly byId: Map<string, Buffer>;
  /** Id of the key that encrypts (8 hex digits). */
  readonly currentId: string;

  /** `keys`: 32-byte keys, the current (encrypting) one first. */
  constructor(private readonly keys: Buffer[]) {
    if (!keys.length || keys.some((k) => k.length !== 32)) throw new Error('SecretBox needs 32-byte keys');
    this.byId = new Map(keys.map((k) => [keyId(k), k]));
    this.currentId = keyId(keys[0]);
  }

  /** The stored form of `secret` under the current key (a fresh random IV each time). */
  seal(secret: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.keys[0], iv);
    const body = Buffer.concat([iv, c.update(secret, 'utf8'), c.final(), c.getAuthTag()]);
    return `${PREFIX}${this.currentId}:${body.toString('base64url')}`;
  }

  /**
   * The secret of a stored value. A value without the `enc:v1:` prefix is a plaintext secret from
   * before encryption and is returned as is (startup encrypts those). Errors: throws when the key
   * that sealed it is not configured, or the value was altered.
   */
  open(stored: string): string {
    if (!isSealed(stored)) return stored;
    const [id, b64] = stored.slice(PREFIX.length).split(':');
    const key = this.byId.get(id);
    if (!key) throw new Error(`webhook secret sealed with key ${id}, which is not in WEBHOOK_SECRET_KEY`);
    const body = Buffer.from(b64 ?? '', 'base64url');
    const d = createDecipheriv('aes-256-gcm', key, body.subarray(0, 12));
    d.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([d.update(body.subarray(12, body.length - 16)), d.final()]).toString('utf8');
  }

  /** Whether `stored` is already sealed with the current key (nothing to re-encrypt). */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`${PREFIX}${this.currentId}:`);
  }
}

/** Whether a stored secret is encrypted (else it is a plaintext `whsec_…` from before encryption). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/**
 * The box for this server: WEBHOOK_SECRET_KEY when set, else the key file in `dataDir` (created
 * with mode 0600 when missing). Errors: throws when the file exists but does not hold a key, or is
 * readable by others (mode wider than 0600).
 */
export function loadSecretBox(opts: { envKeys?: string; dataDir: string }): SecretBox {
  if (opts.envKeys) return new SecretBox(parseWebhookKeys(opts.envKeys));
  const file = path.join(opts.dataDir, WEBHOOK_KEY_FILE);
  fs.mkdirSync(opts.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077) throw new Error(`${file} is readable by others (mode ${mode.toString(8)}): chmod 600 it`);
  return new SecretBox(parseWebhookKeys(fs.readFileSync(file, 'utf8')));
}
