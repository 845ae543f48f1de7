import { describe, expect, it } from 'vitest';
import { bearerToken, displayPrefix, generateApiKey, hashApiKey, looksLikeApiKey } from './keys';

describe('API key format', () => {
  it('generates sl_ keys whose checksum verifies, and detects a changed character', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const k of keys) {
      expect(k).toMatch(/^sl_[0-9A-Za-z]{36}$/);
      expect(looksLikeApiKey(k)).toBe(true);
      const i = 5;
      const flipped = k.slice(0, i) + (k[i] === 'a' ? 'b' : 'a') + k.slice(i + 1);
      expect(looksLikeApiKey(flipped)).toBe(false);
    }
  });

  it('stores a SHA-256 hex digest, never the key', () => {
    const k = generateApiKey();
    const h = hashApiKey(k);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain(k.slice(3, 13));
    expect(hashApiKey(k)).toBe(h);
  });

  it('shows a generated key by its first 7 characters, an operator-chosen one by a hash prefix that reveals none of it', () => {
    const k = generateApiKey();
    expect(displayPrefix(k)).toBe(k.slice(0, 7));
    const o = generateApiKey('operator');
    expect(displayPrefix(o)).toBe(o.slice(0, 7));
    for (const chosen of [
      'my-operator-key-1234',
      'sl_notchecksummed_key_000000000000',
      'test_abcdefghijklmnopqrstuv',
    ]) {
      const p = displayPrefix(chosen);
      expect(p).toBe(`cfg_${hashApiKey(chosen).slice(0, 4)}`);
      for (let i = 0; i + 3 <= chosen.length; i++) expect(p.slice(4)).not.toContain(chosen.slice(i, i + 3));
    }
  });

  it('reads only well-formed Bearer headers', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
