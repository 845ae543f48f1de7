/**
 * Leader election through PostgreSQL (docs/deploy.md "What is elected"): the process whose
 * dedicated connection holds session advisory lock `(SCORELINE_LOCKS, LOCK.singletons)` runs the
 * singletons (replay, source adapters, model odds, webhook delivery); the others try to take it
 * every `checkMs`.
 *
 * A leader that dies (kill -9, crash, host loss) releases the lock with its connection: when the
 * process dies the kernel closes the socket and PostgreSQL ends the session at once; when the host
 * or network is lost, the session's TCP keepalives (5 s idle, 2 × 2 s probes, set below) end it
 * within ~9 s. A leader that loses its connection stops its singletons before another can start
 * them (its own check fails first: it runs every `checkMs` with a CHECK_TIMEOUT_MS timeout).
 */
import pg from 'pg';
import type { Logger } from 'pino';
import { LOCK, SCORELINE_LOCKS } from '../store/advisory-locks';

/**
 * How long the leader's connection check (and an attempt to take the lock) may take before the
 * connection counts as lost: longer than a busy machine's stalls, shorter than the ~9 s after which
 * PostgreSQL's keepalives end a vanished leader's session — so a cut-off leader stops first.
 */
const CHECK_TIMEOUT_MS = 5000;

export interface LeadershipOptions {
  databaseUrl: string;
  instanceId: string;
  /** Milliseconds between attempts / connection checks (LEADER_CHECK_MS, default 1000). */
  checkMs: number;
  log: Logger;
  /** Starts the singletons; called once per election. Errors are logged and leadership is given up. */
  onElected(): Promise<void>;
  /** Stops them; called when leadership is lost or given up. Must not throw. */
  onDeposed(): Promise<void>;
}

export class Leadership {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private leader = false;
  private stopped = false;
  private busy = false;
  /** When this process last became leader (ms), null when it is not. */
  since: number | null = null;
  /** Elections won since start. */
  elections = 0;

  constructor(private readonly opts: LeadershipOptions) {}

  /** True while this process holds the singletons' lock. */
  get isLeader(): boolean {
    return this.leader;
  }

  /** Tries at once, then every `checkMs`. */
  start(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), this.opts.checkMs);
    this.timer.unref();
  }

  /** Stops the singletons (if leader), releases the lock and disconnects. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.busy) await new Promise((r) => setTimeout(r, 10));
    await this.depose('stopping');
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }

  private async check(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    try {
      // The lock belongs to the connection: a leader whose connection broke is no longer leader.
      if (this.leader && !this.client) await this.depose('connection lost');
      const c = this.client ?? (await this.connect());
      if (this.leader) {
        await c.query({ text: 'select 1', query_timeout: CHECK_TIMEOUT_MS } as pg.QueryConfig);
        return;
      }
      const r = await c.query<{ ok: boolean }>({
        text: 'select pg_try_advisory_lock($1, $2) as ok',
        values: [SCORELINE_LOCKS, LOCK.singletons],
        query_timeout: CHECK_TIMEOUT_MS,
      } as pg.QueryConfig);
      if (!r.rows[0]?.ok || this.stopped) return;
      this.leader = true;
      this.since = Date.now();
      this.elections += 1;
      this.opts.log.info({ instance: this.opts.instanceId }, 'elected leader: starting the singletons');
      try {
        await this.opts.onElected();
      } catch (err) {
        this.opts.log.error({ err }, 'singletons failed to start; giving up leadership');
        await this.depose('start failed');
        await c.query('select pg_advisory_unlock($1, $2)', [SCORELINE_LOCKS, LOCK.singletons]).catch(() => undefined);
      }
    } catch (err) {
      // The connection is gone or hung: whatever lock it held is (or soon is) released by PostgreSQL.
      this.opts.log.warn({ err: (err as Error).message }, 'leader election connection failed');
      const c = this.client;
      this.client = null;
      void c?.end().catch(() => undefined);
      await this.depose('connection lost');
    } finally {
      this.busy = false;
    }
  }

  private async depose(reason: string): Promise<void> {
    if (!this.leader) return;
    this.leader = false;
    this.since = null;
    this.opts.log.warn({ instance: this.opts.instanceId, reason }, 'leadership lost: stopping the singletons');
    await this.opts.onDeposed();
  }

  private async connect(): Promise<pg.Client> {
    const c = new pg.Client({
      connectionString: this.opts.databaseUrl,
      application_name: `${this.opts.instanceId}/leader`,
      keepAlive: true,
    });
    c.on('error', () => {
      if (this.client === c) this.client = null;
    });
    await c.connect();
    // The server side ends this session (releasing the lock) when this host stops answering.
    await c.query('set tcp_keepalives_idle = 5; set tcp_keepalives_interval = 2; set tcp_keepalives_count = 2');
    this.client = c;
    return c;
  }
}
