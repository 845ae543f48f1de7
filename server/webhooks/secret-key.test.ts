import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseWebhookKeys } from '../config-webhooks';
import { isSealed, loadSecretBox, SecretBox, WEBHOOK_KEY_FILE } from './secret-key';
import { newSigningSecret } from './signing';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-secret-key-'));
  dirs.push(d);
  return d;
};

describe('webhook secrets at rest', () => {
  it('seals with AES-256-GCM (fresh IV each time) and opens again; the stored form holds none of the secret', () => {
    const box = new SecretBox([randomBytes(32)]);
    const secret = newSigningSecret();
    const a = box.seal(secret);
    const b = box.seal(secret);
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toContain(secret.slice(6, 16));
    expect(box.open(a)).toBe(secret);
    expect(box.open(b)).toBe(secret);
    expect(box.isCurrent(a)).toBe(true);
    // A plaintext secret from before encryption is read as is.
    expect(box.open(secret)).toBe(secret);
  });

  it('refuses an altered value and a value sealed with a key it was not given', () => {
    const box = new SecretBox([randomBytes(32)]);
    const sealed = box.seal('whsec_abc');
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(() => box.open(sealed.slice(0, -2) + last + sealed.at(-1))).toThrow();
    expect(() => new SecretBox([randomBytes(32)]).open(sealed)).toThrow(/not in WEBHOOK_SECRET_KEY/);
  });

  it('rotates: a new key first still opens what the previous key sealed, and seals under the new one', () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const sealedOld = new SecretBox([oldKey]).seal('whsec_old');
    const both = new SecretBox([newKey, oldKey]);
    expect(both.open(sealedOld)).toBe('whsec_old');
    expect(both.isCurrent(sealedOld)).toBe(false);
    expect(both.isCurrent(both.seal('whsec_new'))).toBe(true);
  });

  it('parses WEBHOOK_SECRET_KEY as a comma list of 32-byte base64 or hex keys', () => {
    const k = randomBytes(32);
    expect(parseWebhookKeys(`${k.toString('base64')}, ${k.toString('hex')}`).map((b) => b.equals(k))).toEqual([
      true,
      true,
    ]);
    expect(() => parseWebhookKeys('')).toThrow(/at least one/);
    expect(() => parseWebhookKeys('abc')).toThrow(/key 1 is not 32 bytes/);
    expect(() => parseWebhookKeys(`${k.toString('base64')},${randomBytes(16).toString('base64')}`)).toThrow(/key 2/);
  });

  it('without WEBHOOK_SECRET_KEY keeps one key in a 0600 file in the data dir, and refuses a file others can read', () => {
    const dir = tempDir();
    const box = loadSecretBox({ dataDir: dir });
    const file = path.join(dir, WEBHOOK_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const sealed = box.seal('whsec_x');
    expect(loadSecretBox({ dataDir: dir }).open(sealed)).toBe('whsec_x'); // the same key on the next start
    fs.chmodSync(file, 0o644);
    expect(() => loadSecretBox({ dataDir: dir })).toThrow(/chmod 600/);
    // The environment wins over the file.
    const env = randomBytes(32).toString('base64');
    expect(loadSecretBox({ envKeys: env, dataDir: tempDir() }).currentId).toBe(
      new SecretBox(parseWebhookKeys(env)).currentId,
    );
  });
});
