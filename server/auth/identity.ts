/**
 * Who is asking, for REST (server/api/handler.ts), WebSocket upgrades (server/ws/gateway.ts) and
 * the pages' viewer session alike: a bearer key, the dashboard's viewer session, a sandbox
 * caller or nobody → the principal and its plan, the limit it is counted against, and — when it
 * may not go on — the one answer for it from {@link ANSWERS} (401 / 403 / 429 problem+json,
 * docs/errors.md). The counting stays where it was (KeyLimits, ViewerLimits, the gateway's open
 * sockets); this module decides and words the outcome.
 */
import type { ErrorCode } from '@/lib/wire/error-codes';
import { bearerToken, type KeyRecord, type KeyVerifier } from './keys';
import type { KeyLimits } from './key-limits';
import { planOf, type PlanName } from './plans';
import { rateLimitHeaders, type LimitDecision, type ViewerLimits } from './viewer-limits';
import { VIEWER_HEADER, sameOrigin, type ViewerSession, type ViewerSessions } from './viewer-session';

/**
 * Who is asking: an API key, the dashboard's viewer session (server/auth/viewer-session.ts), a
 * sandbox caller (no key), or nobody yet (the one route that needs no key: POST /v1/keys).
 */
export type Principal =
  | { kind: 'key'; key: KeyRecord }
  | { kind: 'viewer'; session: ViewerSession }
  | { kind: 'sandbox' }
  | { kind: 'anonymous' };

/**
 * How a route authenticates: `feed` — a data key, or the viewer session where `viewer` is set,
 * or nothing in the sandbox (per-IP limit); `key` — a data key only (webhooks); `self` — any
 * key, managing itself (/v1/keys/current); `operator` — an operator key only (/v1/ops: ingest,
 * feed health); `none` — no key (the handler applies its own per-IP limit); `public` — no key,
 * counted against the per-IP limit of requests without a key (never 401): the OpenAPI document;
 * `any` — any key of either role, or the viewer session: routing errors (404/405), so an unknown
 * path or a wrong method is 404/405 for an operator key too, never 403.
 * A key of the wrong role gets 403 `forbidden_role` (docs/operators.md).
 */
export type AuthMode = 'feed' | 'key' | 'self' | 'operator' | 'none' | 'public' | 'any';

/** What the identity check reads: the key verifier, the limits and the viewer sessions. */
export interface IdentityServices {
  environment: 'production' | 'sandbox';
  keys: Pick<KeyVerifier, 'verify'>;
  keyLimits: Pick<KeyLimits, 'consumeAnonymous' | 'consumeSandbox' | 'consumeKey' | 'plans'>;
  viewers: Pick<ViewerSessions, 'fromCookieHeader'>;
  viewerLimits: Pick<ViewerLimits, 'consumeRest' | 'openSocket'>;
}

/** Read access to a request's headers (a WHATWG Headers, or server/http/fast-read.ts's view of a Node request). */
export interface HeaderSource {
  get(name: string): string | null;
}

/** The facts an outcome's wording reads: the limit's decision, the plan, a connection cap. */
interface OutcomeFacts {
  d?: LimitDecision;
  plan?: PlanName;
  cap?: number;
  origin?: string;
}

/**
 * Every way a caller is refused, with its code (hence status, lib/wire/error-codes.ts) and its
 * words. Request limits (`*_requests`) carry the RateLimit headers and Retry-After of the
 * decision; connection caps (`*_sockets`) do not count requests.
 */
export const ANSWERS = {
  public_requests: {
    code: 'rate_limited',
    detail: ({ d }: OutcomeFacts) =>
      `Too many requests without an API key from this address; retry in ${d?.resetSeconds} s.`,
  },
  sandbox_requests: {
    code: 'rate_limited',
    detail: ({ d }: OutcomeFacts) =>
      `The sandbox allows ${d?.limit} requests per minute per address; retry in ${d?.resetSeconds} s.`,
  },
  viewer_requests: {
    code: 'rate_limited',
    detail: ({ d }: OutcomeFacts) =>
      `Viewer limit reached (${d?.limit} requests per minute); retry in ${d?.resetSeconds} s.`,
  },
  guess_requests: {
    code: 'rate_limited',
    detail: ({ d }: OutcomeFacts) =>
      `Too many requests without a valid API key from this address; retry in ${d?.resetSeconds} s.`,
  },
  plan_requests: {
    code: 'rate_limited',
    detail: ({ d, plan }: OutcomeFacts) =>
      `The ${plan} plan allows ${d?.limit} requests per ${d?.window === 60 ? 'minute' : 'day'}; retry in ${d?.resetSeconds} s.`,
  },
  sandbox_sockets: {
    code: 'rate_limited',
    detail: ({ cap }: OutcomeFacts) => `The sandbox allows ${cap} open WebSocket connections per address.`,
  },
  viewer_sockets: {
    code: 'rate_limited',
    detail: () => 'Too many open live connections for this viewer session or address.',
  },
  plan_sockets: {
    code: 'rate_limited',
    detail: ({ cap, plan }: OutcomeFacts) =>
      `The ${plan} plan allows ${cap} open WebSocket connection${cap === 1 ? '' : 's'} per key.`,
  },
  invalid_key: { code: 'unauthorized', detail: () => 'The API key is invalid or revoked.' },
  missing_key: { code: 'unauthorized', detail: () => 'Send your API key as "Authorization: Bearer <API_KEY>".' },
  socket_key: { code: 'unauthorized', detail: () => 'A valid API key is required.' },
  operator_only: {
    code: 'forbidden_role',
    detail: () => 'This endpoint feeds the service: it needs an operator key (npm run cli -- keys create --operator).',
  },
  data_only: {
    code: 'forbidden_role',
    detail: () => 'Operator keys feed the service and cannot read the feed: use a data key here.',
  },
  origin: {
    code: 'forbidden_origin',
    detail: ({ origin }: OutcomeFacts) => `Origin ${origin} is not allowed to connect (WS_ALLOWED_ORIGINS).`,
  },
} satisfies Record<string, { code: ErrorCode; detail: (f: OutcomeFacts) => string }>;

export type Outcome = keyof typeof ANSWERS;

/** A refusal: the problem's code and detail, and the headers to send with it. */
export interface Refusal {
  outcome: Outcome;
  code: ErrorCode;
  detail: string;
  headers: Record<string, string>;
}

/**
 * The answer for `outcome`. With a limit decision `facts.d` the headers are its RateLimit headers
 * (server/auth/viewer-limits.ts), plus `Retry-After` for a refused request; 401s add
 * `WWW-Authenticate`.
 */
export function refusal(outcome: Outcome, facts: OutcomeFacts = {}): Refusal {
  const a = ANSWERS[outcome];
  const headers: Record<string, string> = facts.d ? rateLimitHeaders(facts.d) : {};
  if (facts.d && !facts.d.allowed) headers['retry-after'] = String(facts.d.resetSeconds);
  if (a.code === 'unauthorized') headers['www-authenticate'] = 'Bearer realm="scoreline"';
  return { outcome, code: a.code, detail: a.detail(facts), headers };
}

/** Thrown by {@link identifyRequest} (the REST wrapper turns it into its problem+json). */
export class RefusedError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.detail);
  }
}

/** A principal and the RateLimit headers of the limit it was counted against. */
export interface Identity {
  principal: Principal;
  headers: Record<string, string>;
}

/** Counts one request against a per-address or per-session limit: its headers, or a refusal. */
async function counted(consume: Promise<LimitDecision>, outcome: Outcome): Promise<Record<string, string>> {
  const d = await consume;
  if (!d.allowed) throw new RefusedError(refusal(outcome, { d }));
  return rateLimitHeaders(d);
}

/**
 * Authenticates one REST request by the route's {@link AuthMode}: a bearer key, or (only where
 * `viewerAllowed`) the dashboard's viewer session with its `x-scoreline-viewer: 1` header; in the
 * sandbox nobody, counted per address. Every request is counted against the limit of whoever it
 * is (the key's plan per rotation lineage, the session, the address).
 * @throws RefusedError 401 `unauthorized` (no or a bad key, after counting the guess per address),
 *   403 `forbidden_role` (a key of the wrong role), 429 `rate_limited` (a limit reached)
 */
export async function identifyRequest(
  h: HeaderSource,
  services: IdentityServices,
  ip: string,
  mode: AuthMode,
  viewerAllowed: boolean,
): Promise<Identity> {
  if (mode === 'none') return { principal: { kind: 'anonymous' }, headers: {} };
  if (mode === 'public' && services.environment !== 'sandbox')
    return {
      principal: { kind: 'anonymous' },
      headers: await counted(services.keyLimits.consumeAnonymous(ip), 'public_requests'),
    };
  if (services.environment === 'sandbox')
    return {
      principal: { kind: 'sandbox' },
      headers: await counted(services.keyLimits.consumeSandbox(ip), 'sandbox_requests'),
    };
  const token = bearerToken(h.get('authorization'));
  if (!token && (mode === 'feed' || mode === 'any') && viewerAllowed && h.get(VIEWER_HEADER) === '1') {
    const session = services.viewers.fromCookieHeader(h.get('cookie'));
    if (session)
      return {
        principal: { kind: 'viewer', session },
        headers: await counted(services.viewerLimits.consumeRest(session.sid, ip), 'viewer_requests'),
      };
  }
  const key = await services.keys.verify(token);
  if (!key) {
    const headers = await counted(services.keyLimits.consumeAnonymous(ip), 'guess_requests');
    const r = refusal(token ? 'invalid_key' : 'missing_key');
    throw new RefusedError({ ...r, headers: { ...headers, ...r.headers } });
  }
  if (mode === 'operator' && key.role !== 'operator') throw new RefusedError(refusal('operator_only'));
  if ((mode === 'feed' || mode === 'key') && key.role === 'operator') throw new RefusedError(refusal('data_only'));
  const plan = planOf(key.plan);
  const decisions = await services.keyLimits.consumeKey(key.limitId, plan); // per lineage: rotating does not reset it
  const headers = rateLimitHeaders(decisions);
  const refused = decisions.find((d) => !d.allowed);
  if (refused) {
    const r = refusal('plan_requests', { d: refused, plan });
    throw new RefusedError({ ...r, headers: { ...headers, 'retry-after': r.headers['retry-after'] } });
  }
  return { principal: { kind: 'key', key }, headers };
}

/** A WebSocket upgrade request as the identity check reads it. */
export interface UpgradeRequest {
  /** The `Authorization` header's bearer key, else the `api_key` query parameter. */
  token: string | null;
  origin: string | undefined;
  host: string | undefined;
  cookie: string | undefined;
  ip: string;
  /** WS_ALLOWED_ORIGINS: browser origins that may connect with an API key (unset: any). */
  allowedOrigins: string | undefined;
}

/** The gateway's open-connection counts: each takes a slot and returns its release, or null when full. */
export interface SocketSlots {
  /** One of `cap` connections of a sandbox address. */
  sandbox(ip: string, cap: number): (() => void) | null;
  /** One of `cap` connections of a key's lineage (`limitId`). */
  key(limitId: number, cap: number): (() => void) | null;
  /** The sandbox's per-address cap (SANDBOX_WS_PER_IP). */
  sandboxCap: number;
}

/** An upgrade that may go on: who it is, the slot it holds, and the key it connected with (null: none). */
export type UpgradeIdentity =
  | { ok: true; principal: Principal; release: () => void; keyToken: string | null }
  | { ok: false; refusal: Refusal; instance?: string };

/** Whether a browser `Origin` may connect with an API key (WS_ALLOWED_ORIGINS; unset: any). */
export function originAllowed(origin: string | undefined, allowed: string | undefined): boolean {
  if (!origin || !allowed) return true;
  return allowed
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .includes(origin);
}

/**
 * Authenticates a WebSocket upgrade (docs/websocket.md "Connecting") and takes its connection
 * slot: in the sandbox one of the address's; a same-origin page's viewer session one of the
 * session's and address's; otherwise a data key (an operator key is refused exactly like a wrong
 * one: same 401, same per-address count, so an upgrade never tells a valid operator key from a
 * guess) from an allowed origin, one of its plan's `websocket_connections`.
 * Refusals: 401 `unauthorized` (counted per address, 429 past it), 403 `forbidden_origin`,
 * 429 `rate_limited` for a full cap.
 */
export async function identifyUpgrade(
  r: UpgradeRequest,
  services: IdentityServices,
  slots: SocketSlots,
): Promise<UpgradeIdentity> {
  if (services.environment === 'sandbox') {
    const release = slots.sandbox(r.ip, slots.sandboxCap);
    if (!release)
      return { ok: false, refusal: refusal('sandbox_sockets', { cap: slots.sandboxCap }), instance: '/sandbox/v1/ws' };
    return { ok: true, principal: { kind: 'sandbox' }, release, keyToken: null };
  }
  if (!r.token && sameOrigin(r.origin, r.host)) {
    const session = services.viewers.fromCookieHeader(r.cookie);
    if (session) {
      const release = services.viewerLimits.openSocket(session.sid, r.ip);
      if (!release) return { ok: false, refusal: refusal('viewer_sockets') };
      return { ok: true, principal: { kind: 'viewer', session }, release, keyToken: null };
    }
  }
  const key = await services.keys.verify(r.token).catch(() => null);
  if (!key || key.role === 'operator') {
    const d = await services.keyLimits.consumeAnonymous(r.ip).catch(() => null);
    if (d && !d.allowed) return { ok: false, refusal: refusal('guess_requests', { d }) };
    const no = refusal('socket_key', d ? { d } : {});
    return { ok: false, refusal: no };
  }
  if (!sameOrigin(r.origin, r.host) && !originAllowed(r.origin, r.allowedOrigins))
    return { ok: false, refusal: refusal('origin', { origin: r.origin }) };
  const plan = planOf(key.plan);
  const cap = services.keyLimits.plans[plan].websocket_connections;
  const release = slots.key(key.limitId, cap);
  if (!release) return { ok: false, refusal: refusal('plan_sockets', { cap, plan }) };
  return { ok: true, principal: { kind: 'key', key }, release, keyToken: r.token };
}

/**
 * The dashboard's viewer session a page request carries (its cookie), or null: what the pages'
 * session issuing (server/http/viewer-session-route.ts) checks before renewing one.
 */
export function viewerOf(
  services: Pick<IdentityServices, 'viewers'>,
  cookie: string | undefined,
): ViewerSession | null {
  return services.viewers.fromCookieHeader(cookie);
}
