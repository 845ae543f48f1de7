/**
 * WebSocket gateway at /v1/ws (docs/websocket.md, protocol lib/wire/ws.ts). Authenticated like
 * REST (Authorization header, or `?api_key=` for clients that cannot set headers), or by the
 * dashboard's viewer session. Accepted connections (server/ws/connection.ts) subscribe to
 * channels, resume by seq after a drop, and receive every matching stored event and odds tick;
 * the server pings every WS_HEARTBEAT_S and re-checks API keys, closing revoked ones (4001).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { WS_CLOSE, WS_MAX_CLIENT_MESSAGE_BYTES, WS_PROTOCOL } from '@/lib/wire/ws';
import { ERROR_CODES } from '@/lib/wire/error-codes';
import { identifyUpgrade } from '../auth/identity';
import { bearerToken } from '../auth/keys';
import type { FeedMessage, OddsMessage } from '../engine/types';
import type { AnyWinProbabilityPoint } from '@/lib/wire/golf-win-probability';
import type { GatewayServices } from './gateway-services';
import { Connection } from './connection';
import { shareFrame, type SharedFrame } from './frame';
import { oddsMessage, updateMessage, winProbabilityMessage } from './messages';
import { anyCovers } from './subscriptions';

/**
 * Answers a refused upgrade with an HTTP problem+json response and closes the socket. A 429 gets
 * `Retry-After: 30` unless `headers` carries its own.
 */
function refuse(
  socket: Duplex,
  status: 401 | 403 | 429,
  code: string,
  detail: string,
  instance = '/v1/ws',
  headers: Record<string, string> = {},
): void {
  const title = status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Too Many Requests';
  const all = { ...(status === 429 ? { 'retry-after': '30' } : {}), ...headers };
  const extra = Object.entries(all)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\n${extra}Connection: close\r\n\r\n` +
      JSON.stringify({ type: `/docs/errors#${code}`, title, status, detail, instance, code }),
  );
}

export class WsGateway {
  /** No permessage-deflate (ws's server default, stated here): one uncompressed frame fits every subscriber (frame.ts). */
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_MAX_CLIENT_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  private readonly clients = new Set<Connection>();
  /** Closes the server started since start, by close code (/metrics: 4002 is a slow consumer's send buffer overflowing). */
  private readonly serverCloses = new Map<number, number>();
  /** Open connections per API key lineage (KeyRecord.limitId; plan cap: websocket_connections). */
  private readonly openByKey = new Map<number, number>();
  /** Sandbox only: open connections per IP (SANDBOX_WS_PER_IP). */
  private readonly openByIp = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribeBus: () => void;

  constructor(private readonly services: GatewayServices) {
    const offEvents = services.bus.subscribe((m) => this.fanOut(m));
    const offOdds = services.bus.subscribeOdds((m) => this.fanOutOdds(m));
    const offPoints = services.livePoints.onPoint((m, point) => this.fanOutWinProbability(m, point));
    this.unsubscribeBus = () => {
      offEvents();
      offOdds();
      offPoints();
    };
    this.heartbeat = setInterval(() => void this.beat(), services.config.WS_HEARTBEAT_S * 1000).unref();
  }

  /** Number of open connections and subscriptions (feed health). */
  stats(): { connections: number; subscriptions: number; serverCloses: ReadonlyMap<number, number> } {
    let subscriptions = 0;
    for (const c of this.clients) subscriptions += c.subs.size;
    return { connections: this.clients.size, subscriptions, serverCloses: this.serverCloses };
  }

  /**
   * Handles an HTTP upgrade for /v1/ws: authenticates an API key (header or `?api_key=`; a
   * browser's Origin must be in WS_ALLOWED_ORIGINS when that is set), or the dashboard's viewer
   * session (its cookie plus a same-origin `Origin`, within the per-session and per-IP connection
   * caps), then accepts; otherwise answers 401, 403 or 429 problem+json and closes. A missing,
   * wrong or operator key is 401 and counts against the per-IP limit of requests without a valid
   * key (429 past ANON_IP_RPM).
   */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const id = await identifyUpgrade(
      {
        token: bearerToken(req.headers.authorization) ?? url.searchParams.get('api_key'),
        origin: req.headers.origin,
        host: req.headers.host,
        cookie: req.headers.cookie,
        ip: req.socket.remoteAddress ?? 'unknown',
        allowedOrigins: this.services.config.WS_ALLOWED_ORIGINS,
      },
      this.services,
      {
        sandbox: (ip, cap) => this.reserve(this.openByIp, ip, cap),
        key: (limitId, cap) => this.reserve(this.openByKey, limitId, cap),
        sandboxCap: this.services.config.SANDBOX_WS_PER_IP,
      },
    );
    if (!id.ok) {
      const r = id.refusal;
      return refuse(socket, ERROR_CODES[r.code].status as 401 | 403 | 429, r.code, r.detail, id.instance, r.headers);
    }
    const { release, keyToken } = id;
    let accepted = false;
    socket.once('close', () => {
      if (!accepted) release(); // the handshake never completed
    });
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      accepted = true;
      this.accept(ws, keyToken, release);
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

  private accept(ws: WebSocket, keyToken: string | null, release?: () => void): void {
    const conn = new Connection(ws, this.services, keyToken);
    conn.onServerClose = (code) => this.serverCloses.set(code, (this.serverCloses.get(code) ?? 0) + 1);
    this.clients.add(conn);
    ws.on('pong', () => (conn.alive = true));
    ws.on('close', () => {
      this.clients.delete(conn);
      conn.dispose();
      release?.();
    });
    // A frame ws refuses (over maxPayload: 1009; malformed: 1002 / 1007): ws has already sent the
    // close frame with that code and keeps reading and discarding what the client still sends.
    // Terminating here reset a connection whose big frame was still arriving, and the client saw 1006.
    ws.on('error', () => conn.refused());
    ws.on('message', (data, isBinary) => conn.receive(isBinary ? null : data.toString()));
    const c = this.services.config;
    conn.sendJson({
      type: 'welcome',
      protocol: WS_PROTOCOL,
      heartbeat_ms: c.WS_HEARTBEAT_S * 1000,
      idle_timeout_ms: c.WS_IDLE_TIMEOUT_S * 1000,
      resume_retention_s: c.WS_RESUME_RETENTION_S,
      seq: this.services.live.lastSeq,
    });
  }

  /**
   * Sends a stored event's `update` to every connection subscribed to it: serialized and framed
   * once, on the first subscriber (server/ws/frame.ts), the same frame written to all of them.
   */
  private fanOut(m: FeedMessage): void {
    let msg: SharedFrame | null = null;
    for (const c of this.clients) {
      if (!anyCovers(c.subs.values(), 'live', m.fixture)) continue;
      msg ??= shareFrame(JSON.stringify(this.mark(updateMessage(m))));
      c.deliver(m.seq, m.fixture.id, msg);
    }
  }

  /** Sends a fixture's new odds ticks to the subscribers of its `<sport>.odds` channel (framed once, like `fanOut`). */
  private fanOutOdds(m: OddsMessage): void {
    let msg: SharedFrame | null = null;
    for (const c of this.clients) {
      if (!anyCovers(c.subs.values(), 'odds', m.fixture)) continue;
      msg ??= shareFrame(JSON.stringify(this.mark(oddsMessage(m))));
      c.deliver(m.seq, m.fixture.id, msg);
    }
  }

  /**
   * A fixture's new last win-probability point after a stored event (server/read/live-points.ts,
   * computed once per event in seq order, after the event's `update`, same seq) to the connections
   * following its `<sport>.win-probability` channel.
   */
  private fanOutWinProbability(m: FeedMessage, point: AnyWinProbabilityPoint): void {
    let msg: SharedFrame | null = null;
    for (const c of this.clients) {
      if (!anyCovers(c.subs.values(), 'win-probability', m.fixture)) continue;
      msg ??= shareFrame(JSON.stringify(this.mark(winProbabilityMessage(m.fixture, m.seq, point))));
      c.deliver(m.seq, m.fixture.id, msg);
    }
  }

  private mark<T extends object>(msg: T): T {
    return this.services.environment === 'sandbox' ? { ...msg, sandbox: true } : msg;
  }

  /** Heartbeat of every connection (Connection.heartbeat: ping, drop or 4002), then closes those whose key was revoked (4001). */
  private async beat(): Promise<void> {
    for (const c of this.clients) c.heartbeat();
    await this.recheckKeys();
  }

  /** Closes (4001) every connection whose API key is no longer valid; called on each heartbeat and when keys were revoked (server/cluster/key-watch.ts). */
  async recheckKeys(): Promise<void> {
    for (const c of [...this.clients]) {
      if (!c.keyToken) continue;
      const key = await this.services.keys.verify(c.keyToken).catch(() => undefined);
      if (key === null) c.close(WS_CLOSE.key_revoked, 'API key revoked');
    }
  }

  /** Closes every connection (1001 going away) and stops listening to the bus. */
  close(): void {
    clearInterval(this.heartbeat);
    this.unsubscribeBus();
    for (const c of this.clients) c.close(WS_CLOSE.going_away, 'server shutting down');
    this.wss.close();
  }
}
