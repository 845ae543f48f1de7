/**
 * Viewer sessions: how the dashboard reads /v1 and /v1/ws without an API key, without becoming a
 * keyless back door to the API (docs/dashboard.md "Viewer sessions").
 *
 * The site issues a signed, HttpOnly, SameSite=Strict cookie `sl_viewer` on page loads:
 * `<sid>.<expires unix seconds>.<HMAC-SHA256(secret, "sid.expires") base64url>`. A request counts
 * as a viewer request only when the cookie verifies AND it looks like the dashboard's own fetch:
 * REST needs the header `x-scoreline-viewer: 1` (a cross-site page cannot send it without a CORS
 * preflight, which /v1 never grants); the WebSocket needs an `Origin` equal to the request's host.
 * Viewer requests reach only the read endpoints that the dashboard uses and are rate limited per
 * session and per IP (server/auth/viewer-limits.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const VIEWER_COOKIE = 'sl_viewer';
export const VIEWER_HEADER = 'x-scoreline-viewer';
/** Session lifetime in seconds (12 h); a page load after expiry gets a new session. */
export const VIEWER_TTL_S = 12 * 3600;

export interface ViewerSession {
  sid: string;
  /** Expiry, unix seconds. */
  expires: number;
}

/** Reads one cookie's value from a Cookie header; null when absent. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * Loads the signing secret: SESSION_SECRET when set, else a random 32-byte secret kept in
 * `<dataDir>/session.secret` (created on first start, mode 0600) so sessions survive restarts.
 */
export function loadSessionSecret(dataDir: string, fromEnv?: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const file = path.join(dataDir, 'session.secret');
  try {
    const s = fs.readFileSync(file);
    if (s.length >= 32) {
      fs.chmodSync(file, 0o600);
      return s;
    }
  } catch {
    /* create below */
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  fs.writeFileSync(file, secret, { mode: 0o600 });
  fs.chmodSync(file, 0o600); // also when an old, too-short file was replaced
  return secret;
}

/** Issues and verifies viewer session cookies with one HMAC secret. */
export class ViewerSessions {
  constructor(private readonly secret: Buffer) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  /** A new session and its cookie value. `now` in ms. */
  issue(now = Date.now()): { session: ViewerSession; value: string } {
    const session = { sid: randomBytes(16).toString('base64url'), expires: Math.floor(now / 1000) + VIEWER_TTL_S };
    const payload = `${session.sid}.${session.expires}`;
    return { session, value: `${payload}.${this.sign(payload)}` };
  }

  /** The session a cookie value stands for; null when malformed, forged or expired. `now` in ms. */
  verify(value: string | null | undefined, now = Date.now()): ViewerSession | null {
    if (!value) return null;
    const m = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!m) return null;
    const expected = Buffer.from(this.sign(`${m[1]}.${m[2]}`));
    const given = Buffer.from(m[3]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const expires = Number(m[2]);
    if (expires * 1000 <= now) return null;
    return { sid: m[1], expires };
  }

  /** The session in a Cookie header, if any (see verify). */
  fromCookieHeader(header: string | null | undefined, now = Date.now()): ViewerSession | null {
    return this.verify(readCookie(header, VIEWER_COOKIE), now);
  }

  /** A Set-Cookie header value for a cookie value (HttpOnly, SameSite=Strict, Path=/, Secure over https). */
  static setCookie(value: string, secure: boolean): string {
    return `${VIEWER_COOKIE}=${value}; Path=/; Max-Age=${VIEWER_TTL_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  }
}

/**
 * True when a WebSocket upgrade's Origin names the same host it was sent to (a browser on one of
 * our own pages). Requests without Origin (non-browser clients) are not viewer requests.
 */
export function sameOrigin(origin: string | undefined | null, host: string | undefined | null): boolean {
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
