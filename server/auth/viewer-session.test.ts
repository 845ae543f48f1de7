/**
 * Viewer session cookies (server/auth/viewer-session.ts): issue → verify round trip, every way a
 * cookie can be wrong (forged, edited, expired, malformed), Cookie header parsing, the WebSocket
 * same-origin check, and the signing secret kept in the data directory.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  loadSessionSecret,
  readCookie,
  sameOrigin,
  VIEWER_COOKIE,
  VIEWER_TTL_S,
  ViewerSessions,
} from './viewer-session';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);
const sessions = new ViewerSessions(randomBytes(32));

/** Replaces the character at `i` with another character of the base64url alphabet. */
function flip(s: string, i: number): string {
  return s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
}

describe('ViewerSessions', () => {
  it('verifies the cookie it issued and returns the same session', () => {
    const { session, value } = sessions.issue(NOW);
    expect(session.sid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(session.expires).toBe(Math.floor(NOW / 1000) + VIEWER_TTL_S);
    expect(value).toMatch(/^[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(sessions.verify(value, NOW)).toEqual(session);
    expect(sessions.verify(value, NOW + (VIEWER_TTL_S - 1) * 1000)).toEqual(session);
    expect(sessions.fromCookieHeader(`theme=dark; ${VIEWER_COOKIE}=${value}; tz=UTC`, NOW)).toEqual(session);
  });

  it('issues a different session id every time', () => {
    const ids = new Set(Array.from({ length: 100 }, () => sessions.issue(NOW).session.sid));
    expect(ids.size).toBe(100);
  });

  it('rejects a cookie signed with another secret', () => {
    const other = new ViewerSessions(randomBytes(32));
    const { value } = other.issue(NOW);
    expect(other.verify(value, NOW)).not.toBeNull();
    expect(sessions.verify(value, NOW)).toBeNull();
  });

  it('rejects a tampered signature, session id or expiry', () => {
    const { session, value } = sessions.issue(NOW);
    const [sid, exp, sig] = value.split('.');
    expect(sessions.verify(`${sid}.${exp}.${flip(sig, 10)}`, NOW)).toBeNull();
    expect(sessions.verify(`${flip(sid, 3)}.${exp}.${sig}`, NOW)).toBeNull();
    expect(sessions.verify(`${sid}.${session.expires + 86_400}.${sig}`, NOW)).toBeNull();
    expect(sessions.verify(`${sid}.${session.expires - 1}.${sig}`, NOW)).toBeNull();
    // Another session's signature on this payload.
    const otherSig = sessions.issue(NOW).value.split('.')[2];
    expect(sessions.verify(`${sid}.${exp}.${otherSig}`, NOW)).toBeNull();
  });

  it('rejects an expired cookie (at and after its expiry)', () => {
    const { session, value } = sessions.issue(NOW);
    expect(sessions.verify(value, session.expires * 1000)).toBeNull();
    expect(sessions.verify(value, session.expires * 1000 + 1)).toBeNull();
    expect(sessions.verify(value, NOW + 30 * 86_400_000)).toBeNull();
  });

  it('rejects garbage and malformed values', () => {
    const { value } = sessions.issue(NOW);
    const [sid, exp, sig] = value.split('.');
    for (const bad of [
      null,
      undefined,
      '',
      'x',
      'not-a-cookie',
      '...',
      `${sid}.${exp}`,
      `${sid}.${exp}.${sig}.extra`,
      `${sid}.${exp}.${sig}=`,
      `${sid}.-${exp}.${sig}`,
      `${sid}.${exp}x.${sig}`,
      `${sid.slice(1)}.${exp}.${sig}`,
      `${sid}.${exp}.${sig.slice(1)}`,
      `${sid}.${'9'.repeat(13)}.${sig}`,
      ` ${value}`,
      `${value}\n`,
      value.replaceAll('.', ','),
      '\u0000'.repeat(80),
    ]) {
      expect(sessions.verify(bad, NOW), JSON.stringify(bad)).toBeNull();
    }
    expect(sessions.fromCookieHeader(undefined, NOW)).toBeNull();
    expect(sessions.fromCookieHeader('other=1', NOW)).toBeNull();
    expect(sessions.fromCookieHeader(`${VIEWER_COOKIE}=`, NOW)).toBeNull();
  });

  it('builds a HttpOnly, SameSite=Strict, Path=/ Set-Cookie, Secure only over https', () => {
    const plain = ViewerSessions.setCookie('v', false);
    expect(plain).toBe(`${VIEWER_COOKIE}=v; Path=/; Max-Age=${VIEWER_TTL_S}; HttpOnly; SameSite=Strict`);
    expect(ViewerSessions.setCookie('v', true)).toBe(`${plain}; Secure`);
  });
});

describe('readCookie', () => {
  it('finds a cookie among others, trimming spaces', () => {
    expect(readCookie('a=1; b=2; c=3', 'b')).toBe('2');
    expect(readCookie('a=1;b=2', 'b')).toBe('2');
    expect(readCookie('  a = 1 ;b=2', 'a')).toBe('1');
    expect(readCookie('a=1', 'a')).toBe('1');
  });

  it('keeps "=" inside the value and takes the first of duplicates', () => {
    expect(readCookie('a=x=y=; b=2', 'a')).toBe('x=y=');
    expect(readCookie('a=1; a=2', 'a')).toBe('1');
  });

  it('matches whole names only, and returns null when absent or empty header', () => {
    expect(readCookie('xa=1; ab=2', 'a')).toBeNull();
    expect(readCookie('a', 'a')).toBeNull();
    expect(readCookie('=a', 'a')).toBeNull();
    expect(readCookie('', 'a')).toBeNull();
    expect(readCookie(null, 'a')).toBeNull();
    expect(readCookie(undefined, 'a')).toBeNull();
    expect(readCookie('a=', 'a')).toBe('');
  });
});

describe('sameOrigin', () => {
  it('accepts an Origin whose host (with port) equals Host', () => {
    expect(sameOrigin('http://localhost:3000', 'localhost:3000')).toBe(true);
    expect(sameOrigin('https://scores.example.org', 'scores.example.org')).toBe(true);
    expect(sameOrigin('http://127.0.0.1:4100', '127.0.0.1:4100')).toBe(true);
  });

  it('refuses other hosts, other ports, missing or unparseable values', () => {
    expect(sameOrigin('http://evil.example', 'localhost:3000')).toBe(false);
    expect(sameOrigin('http://localhost:3001', 'localhost:3000')).toBe(false);
    expect(sameOrigin('http://localhost', 'localhost:3000')).toBe(false);
    expect(sameOrigin('http://scores.example.org.evil.example', 'scores.example.org')).toBe(false);
    expect(sameOrigin('null', 'localhost:3000')).toBe(false);
    expect(sameOrigin('not a url', 'localhost:3000')).toBe(false);
    expect(sameOrigin(undefined, 'localhost:3000')).toBe(false);
    expect(sameOrigin(null, 'localhost:3000')).toBe(false);
    expect(sameOrigin('', 'localhost:3000')).toBe(false);
    expect(sameOrigin('http://localhost:3000', undefined)).toBe(false);
    expect(sameOrigin('http://localhost:3000', '')).toBe(false);
  });
});

describe('loadSessionSecret', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-secret-'));
    dirs.push(d);
    return d;
  };

  it('creates a 32-byte secret file with mode 0600 once, then reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data'); // created on demand
    const first = loadSessionSecret(dataDir);
    const file = path.join(dataDir, 'session.secret');
    expect(first.length).toBe(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const mtime = fs.statSync(file).mtimeMs;
    const again = loadSessionSecret(dataDir);
    expect(again.equals(first)).toBe(true);
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    // Cookies issued before a restart still verify after it.
    const { value, session } = new ViewerSessions(first).issue(NOW);
    expect(new ViewerSessions(again).verify(value, NOW)).toEqual(session);
  });

  it('uses SESSION_SECRET when given and writes nothing', () => {
    const dataDir = tempDir();
    const s = loadSessionSecret(dataDir, 'x'.repeat(40));
    expect(s.equals(Buffer.from('x'.repeat(40)))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'session.secret'))).toBe(false);
  });

  it('replaces a secret file that is too short', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'session.secret');
    fs.writeFileSync(file, 'short');
    const s = loadSessionSecret(dataDir);
    expect(s.length).toBe(32);
    expect(fs.readFileSync(file).equals(s)).toBe(true);
  });
});
