/**
 * The dashboard's viewer sessions at the HTTP layer: the session cookie given to page loads and
 * GET /session, which renews it (server/auth/viewer-session.ts holds the sessions themselves).
 */
import type http from 'node:http';
import { viewerOf } from '../auth/identity';
import { VIEWER_TTL_S, ViewerSessions } from '../auth/viewer-session';
import type { Services } from '../services';

/** The client's address as the socket sees it (no proxy headers are trusted). */
export function clientIp(req: http.IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * Gives a page request a viewer session cookie when it has no valid one (HTML page loads only;
 * at most VIEWER_SESSIONS_PER_IP_PER_MIN new sessions per IP). The dashboard's own /v1 reads and
 * /v1/ws connection then carry it (server/auth/viewer-session.ts).
 */
export async function issueViewerSession(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  services: Services,
): Promise<boolean> {
  const url = req.url ?? '/';
  const renew = url === '/session';
  if (
    req.method !== 'GET' ||
    url.startsWith('/_next/') ||
    (!renew && !(req.headers.accept ?? '').includes('text/html'))
  )
    return false;
  const current = viewerOf(services, req.headers.cookie);
  // A session with more than half its lifetime left is kept; an older one is renewed (sliding expiry).
  if (current && current.expires * 1000 - Date.now() > (VIEWER_TTL_S * 1000) / 2) return true;
  if (!(await services.viewerLimits.allowNewSession(clientIp(req)))) return false;
  const secure =
    (req.socket as { encrypted?: boolean }).encrypted === true || req.headers['x-forwarded-proto'] === 'https';
  res.setHeader('set-cookie', ViewerSessions.setCookie(services.viewers.issue().value, secure));
  return true;
}

/**
 * GET /session — renews the dashboard's viewer session without a page load: 204 (with a new
 * cookie when the old one is missing, expired or past half its lifetime), 429 past
 * VIEWER_SESSIONS_PER_IP_PER_MIN. The live client calls it before reconnecting, so a tab left
 * open longer than a session's lifetime reconnects.
 */
export async function renewViewerSession(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  services: Services,
): Promise<void> {
  const ok = req.method === 'GET' && (await issueViewerSession(req, res, services));
  res.writeHead(req.method !== 'GET' ? 405 : ok ? 204 : 429, {
    'cache-control': 'no-store',
    ...(req.method !== 'GET' ? { allow: 'GET' } : {}),
  });
  res.end();
}
