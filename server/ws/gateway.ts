/**
 * WebSocket gateway at /v1/ws (docs/websocket.md). Authenticated like REST (Authorization header,
 * or `?api_key=` for clients that cannot set headers). Clients subscribe with the spec's
 * `{"channel":"football.live","league":"<slug>"}` and then receive every update of matching
 * matches in shape 2.1. Malformed messages get an `error` message; the connection stays up.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { isSport } from '@/lib/sports';
import { bearerToken } from '../auth/keys';
import { planOf } from '../auth/plans';
import { sameOrigin } from '../auth/viewer-session';
import { toLiveMatch, toMatchEvent } from '../api/serialize';
import type { FeedMessage, OddsMessage } from '../engine/types';
import type { Services } from '../services';

const HEARTBEAT_MS = 30_000;
const MAX_SUBSCRIPTIONS = 100;

const Subscribe = z.object({
  type: z.literal('subscribe').optional(),
  channel: z.string().regex(/^[a-z-]+\.(live|odds)$/, 'must look like "<sport>.live" or "<sport>.odds"'),
  league: z.string().regex(/^[a-z0-9-]{1,64}$/).optional(),
});
const Unsubscribe = Subscribe.extend({ type: z.literal('unsubscribe') });

interface Sub {
  sport: string;
  league: string | null;
  /** `live`: match updates (spec 4.4); `odds`: odds ticks. */
  kind: 'live' | 'odds';
}
interface Client {
  ws: WebSocket;
  subs: Map<string, Sub>;
  alive: boolean;
}

function send(ws: WebSocket, msg: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
}

/** Answers a refused upgrade with an HTTP problem+json response and closes the socket. */
function refuse(socket: Duplex, status: 401 | 429, code: string, detail: string, instance = '/v1/ws'): void {
  const title = status === 401 ? 'Unauthorized' : 'Too Many Requests';
  socket.end(`HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nConnection: close\r\n\r\n` +
    JSON.stringify({ type: `/docs/errors#${code}`, title, status, detail, instance, code }));
}

export class WsGateway {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  private readonly clients = new Set<Client>();
  /** Open connections per API key id (plan cap: websocket_connections). */
  private readonly openByKey = new Map<number, number>();
  /** Sandbox only: open connections per IP (SANDBOX_WS_PER_IP). */
  private readonly openByIp = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribeBus: () => void;

  constructor(private readonly services: Services) {
    const offEvents = services.bus.subscribe((m) => this.fanOut(m));
    const offOdds = services.bus.subscribeOdds((m) => this.fanOutOdds(m));
    this.unsubscribeBus = () => {
      offEvents();
      offOdds();
    };
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS).unref();
  }

  /** Number of open connections and subscriptions (feed health). */
  stats(): { connections: number; subscriptions: number } {
    let subscriptions = 0;
    for (const c of this.clients) subscriptions += c.subs.size;
    return { connections: this.clients.size, subscriptions };
  }

  /**
   * Handles an HTTP upgrade for /v1/ws: authenticates an API key (header or `?api_key=`), or the
   * dashboard's viewer session (its cookie plus a same-origin `Origin`, within the per-session and
   * per-IP connection caps), then accepts; otherwise answers 401 or 429 problem+json and closes.
   */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const token = bearerToken(req.headers.authorization) ?? url.searchParams.get('api_key');
    let release: (() => void) | undefined;
    if (this.services.environment === 'sandbox') {
      release = this.reserve(this.openByIp, req.socket.remoteAddress ?? 'unknown', this.services.config.SANDBOX_WS_PER_IP) ?? undefined;
      if (!release) return refuse(socket, 429, 'rate_limited', `The sandbox allows ${this.services.config.SANDBOX_WS_PER_IP} open WebSocket connections per address.`, '/sandbox/v1/ws');
    } else if (!token && sameOrigin(req.headers.origin, req.headers.host)) {
      const session = this.services.viewers.fromCookieHeader(req.headers.cookie);
      if (session) {
        const r = this.services.viewerLimits.openSocket(session.sid, req.socket.remoteAddress ?? 'unknown');
        if (!r) return refuse(socket, 429, 'rate_limited', 'Too many open live connections for this viewer session or address.');
        release = r;
      }
    }
    if (!release) {
      const key = await this.services.keys.verify(token).catch(() => null);
      if (!key) return refuse(socket, 401, 'unauthorized', 'A valid API key is required.');
      const plan = planOf(key.plan);
      const cap = this.services.keyLimits.plans[plan].websocket_connections;
      release = this.reserve(this.openByKey, key.id, cap) ?? undefined;
      if (!release) return refuse(socket, 429, 'rate_limited', `The ${plan} plan allows ${cap} open WebSocket connection${cap === 1 ? '' : 's'} per key.`);
    }
    let accepted = false;
    socket.once('close', () => {
      if (!accepted) release?.(); // the handshake never completed
    });
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      accepted = true;
      this.accept(ws, release);
    });
  }

  /** Takes one of `cap` connection slots of `id` in `counts`; returns its release (idempotent), or null when full. */
  private reserve<K>(counts: Map<K, number>, id: K, cap: number): (() => void) | null {
    const open = counts.get(id) ?? 0;
    if (open >= cap) return null;
    counts.set(id, open + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const n = (counts.get(id) ?? 1) - 1;
      if (n <= 0) counts.delete(id);
      else counts.set(id, n);
    };
  }

  private accept(ws: WebSocket, release?: () => void): void {
    const client: Client = { ws, subs: new Map(), alive: true };
    this.clients.add(client);
    ws.on('pong', () => (client.alive = true));
    ws.on('close', () => {
      this.clients.delete(client);
      release?.();
    });
    ws.on('error', () => ws.terminate());
    ws.on('message', (data, isBinary) => this.onMessage(client, isBinary ? null : data.toString()));
    const sandbox = this.services.environment === 'sandbox' ? { sandbox: true } : {};
    send(ws, { type: 'welcome', protocol: 'scoreline.v1', heartbeat_ms: HEARTBEAT_MS, seq: this.services.live.lastSeq, ...sandbox });
  }

  private onMessage(client: Client, text: string | null): void {
    let msg: unknown;
    try {
      msg = text == null ? undefined : JSON.parse(text);
    } catch {
      return send(client.ws, { type: 'error', code: 'invalid_json', message: 'Messages must be JSON objects.' });
    }
    const type = (msg as { type?: unknown } | null)?.type;
    if (type === 'ping') return send(client.ws, { type: 'pong', seq: this.services.live.lastSeq });
    const parsed = type === 'unsubscribe' ? Unsubscribe.safeParse(msg) : Subscribe.safeParse(msg);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ');
      return send(client.ws, { type: 'error', code: 'invalid_message', message: detail });
    }
    const { channel, league } = parsed.data;
    const kind = channel.endsWith('.odds') ? 'odds' : 'live';
    const sport = channel.slice(0, channel.lastIndexOf('.'));
    if (!isSport(sport)) return send(client.ws, { type: 'error', code: 'unknown_channel', message: `Unknown channel "${channel}".` });
    const id = `${channel}:${league ?? '*'}`;
    if (type === 'unsubscribe') {
      client.subs.delete(id);
      return send(client.ws, { type: 'unsubscribed', channel, league: league ?? null });
    }
    if (client.subs.size >= MAX_SUBSCRIPTIONS && !client.subs.has(id)) {
      return send(client.ws, { type: 'error', code: 'too_many_subscriptions', message: `At most ${MAX_SUBSCRIPTIONS} subscriptions per connection.` });
    }
    client.subs.set(id, { sport, league: league ?? null, kind });
    if (kind === 'odds') return send(client.ws, { type: 'subscribed', channel, league: league ?? null, seq: this.services.live.lastSeq });
    const now = Date.now();
    const snapshot = this.services.live.list(sport, league).map((e) => toLiveMatch(e.fixture, e.state, e.seq, now));
    send(client.ws, { type: 'subscribed', channel, league: league ?? null, seq: this.services.live.lastSeq, snapshot });
  }

  private fanOut(m: FeedMessage): void {
    if (!this.clients.size) return;
    const channel = `${m.fixture.sport}.live`;
    let payload: string | null = null;
    for (const c of this.clients) {
      for (const s of c.subs.values()) {
        if (s.kind !== 'live' || s.sport !== m.fixture.sport || (s.league && s.league !== m.fixture.competition.slug)) continue;
        payload ??= JSON.stringify({
          type: 'update',
          channel,
          league: m.fixture.competition.slug,
          seq: m.seq,
          event_id: m.event.event_id,
          data: toLiveMatch(m.fixture, m.state, m.seq),
          event: toMatchEvent(m.event, m.fixture),
        });
        if (c.ws.readyState === c.ws.OPEN) c.ws.send(payload);
        break;
      }
    }
  }

  /** Sends a fixture's new odds ticks to the subscribers of its `<sport>.odds` channel (and league). */
  private fanOutOdds(m: OddsMessage): void {
    if (!this.clients.size) return;
    let payload: string | null = null;
    for (const c of this.clients) {
      for (const s of c.subs.values()) {
        if (s.kind !== 'odds' || s.sport !== m.fixture.sport || (s.league && s.league !== m.fixture.competition.slug)) continue;
        payload ??= JSON.stringify({
          type: 'odds',
          channel: `${m.fixture.sport}.odds`,
          league: m.fixture.competition.slug,
          seq: m.seq,
          fixture_id: m.fixture.id,
          ticks: m.ticks.map((x) => ({ bookmaker: x.bookmaker, market: x.market, selection: x.selection, line: x.line, price: x.price, observed_at: x.observed_at, seq: x.seq })),
        });
        if (c.ws.readyState === c.ws.OPEN) c.ws.send(payload);
        break;
      }
    }
  }

  private beat(): void {
    for (const c of this.clients) {
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }

  /** Closes every connection (1001 going away) and stops listening to the bus. */
  close(): void {
    clearInterval(this.heartbeat);
    this.unsubscribeBus();
    for (const c of this.clients) c.ws.close(1001, 'server shutting down');
    this.wss.close();
  }
}
