/**
 * Service configuration from the environment, validated at start (zod).
 * A bad value stops the start with a message naming the variable and what it accepts.
 */
import path from 'node:path';
import { z } from 'zod';
import { isSport, SPORTS, type Sport } from '@/lib/sports';
import { resolvePlans } from './auth/plans';
import { type OddsApiSettings, readOddsApiSettings } from './config-odds-api';
import { FDO_COMPETITIONS, readSourceSettings, type SourceSettings } from './config-sources';
import { parseSchedule, parseWebhookKeys } from './config-webhooks';

/** A zod check that runs `parse` (which throws an Error with a readable message) on the value. */
const parsesWith = (parse: (v: string) => unknown) => (v: string, ctx: z.RefinementCtx) => {
  try {
    parse(v);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: (e as Error).message.replace(/^[A-Z_]+: /, '') });
  }
};

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    REPLAY: z.enum(['on', 'off']).default('on'),
    /**
     * Recompute every finished match's win-probability series in a worker thread at start-up and
     * after each event of a match, so GET …/win-probability answers finished matches from it
     * (server/win-probability/finished-series.ts). `off`: every read computes its series itself.
     */
    WIN_PROBABILITY_RECOMPUTE: z.enum(['on', 'off']).default('on'),
    REPLAY_SPEED: z.coerce.number().positive().max(10_000).default(1),
    /** Seconds (wall time) from a replay cycle's start to its first kickoff. */
    REPLAY_LEAD_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    INITIAL_API_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16–128 characters of A–Z, a–z, 0–9, _ or -')
      .optional(),
    /**
     * An operator key (role `operator`: feeds the service through /v1/ops, cannot read the feed) to
     * accept from the start, e.g. for the live scoring console. Create more with
     * `npm run cli -- keys create --operator`.
     */
    OPERATOR_API_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16–128 characters of A–Z, a–z, 0–9, _ or -')
      .optional(),
    /** Plan of INITIAL_API_KEY and of the key printed on first start: the operator's own key. */
    INITIAL_API_KEY_PLAN: z.enum(['free', 'pro', 'enterprise']).default('enterprise'),
    /** Import the bundled real data into an empty store on start. */
    BOOTSTRAP: z.enum(['on', 'off']).default('on'),
    /**
     * Which sports' bundled data the server loads — bootstrap imports and replay channels: `all` (default) or a comma list of slugs
     * (e.g. `football` — what most tests use, to start fast).
     */
    BOOTSTRAP_SPORTS: z
      .string()
      .default('all')
      .refine(
        (v) => v === 'all' || v.split(',').every((s) => isSport(s.trim())),
        'must be all or a comma list of sport slugs',
      )
      .transform((v) => (v === 'all' ? [...SPORTS] : v.split(',').map((s) => s.trim() as Sport))),
    /**
     * Where prebuilt store seeds live (server/seed/seed.ts; `npm run build` makes the one of the
     * default sports): a first start on an empty embedded store copies the seed of BOOTSTRAP_SPORTS
     * from here instead of importing. Relative paths are from the app's folder.
     */
    STORE_SEED_DIR: z.string().min(1).default('.store-seed'),
    /** Secret that signs the dashboard's viewer-session cookies; a random one is kept in DATA_DIR when unset. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Dashboard viewer sessions: REST requests per minute per session and per IP. */
    VIEWER_RPM: z.coerce.number().int().positive().default(300),
    VIEWER_IP_RPM: z.coerce.number().int().positive().default(1200),
    /** Dashboard viewer sessions: open WebSocket connections per session and per IP. */
    VIEWER_WS_PER_SESSION: z.coerce.number().int().positive().default(4),
    VIEWER_WS_PER_IP: z.coerce.number().int().positive().default(32),
    /** New viewer sessions issued per IP per minute. */
    VIEWER_SESSIONS_PER_IP_PER_MIN: z.coerce.number().int().positive().default(60),
    /** redis://… : rate-limit counters shared by every process (memory when unset). */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    /** Prefix of the rate-limit keys in Redis. */
    RATE_LIMIT_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,64}$/)
      .default('scoreline'),
    /** JSON overrides of the plans' limits (server/auth/plans.ts), e.g. {"free":{"requests_per_minute":120}}. */
    PLAN_LIMITS: z.string().superRefine(parsesWith(resolvePlans)).optional(),
    /** Seconds a client has to send a request body after its headers (408 problem+json past it). */
    BODY_TIMEOUT_S: z.coerce.number().positive().max(300).default(10),
    /** Requests per minute per IP without a valid API key (each answered 401 until the limit, then 429). */
    ANON_IP_RPM: z.coerce.number().int().positive().default(120),
    /** The no-key sandbox at /sandbox/v1 (its own sample store, a fresh copy on each start; docs/sandbox.md). */
    SANDBOX: z.enum(['on', 'off']).default('on'),
    /** Where the sandbox's sample store is built once per version and kept (default DATA_DIR/sandbox); processes and data dirs may share it. */
    SANDBOX_SAMPLE_DIR: z.string().min(1).optional(),
    /** Speed of the sandbox's looping replay (× real time). */
    SANDBOX_REPLAY_SPEED: z.coerce.number().positive().max(10_000).default(1),
    /** Sandbox requests per minute per IP, and open sandbox WebSocket connections per IP. */
    SANDBOX_IP_RPM: z.coerce.number().int().positive().default(60),
    SANDBOX_WS_PER_IP: z.coerce.number().int().positive().default(5),
    /** Self-serve API keys created per IP per hour (POST /v1/keys, the /keys page). */
    KEY_CREATE_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(5),
    /** WebSocket resume: how far back (seconds) a reconnecting client can resume by seq (at least 2 h by default: 6 h). */
    WS_RESUME_RETENTION_S: z.coerce.number().int().min(1).default(21_600),
    /** WebSocket resume: more missed messages than this get a `resync` with fresh snapshots instead. */
    WS_RESUME_MAX_MESSAGES: z.coerce.number().int().positive().default(50_000),
    /** Bytes a connection may have waiting to be sent before it is closed as a slow consumer (4002). */
    WS_SEND_BUFFER_BYTES: z.coerce
      .number()
      .int()
      .min(16_384)
      .default(4 * 1024 * 1024),
    /** Seconds a connection may stay without any subscription before it is closed (4000). */
    WS_IDLE_TIMEOUT_S: z.coerce.number().int().positive().default(60),
    /** Seconds between server pings; a connection that missed the previous ping's pong is dropped. */
    WS_HEARTBEAT_S: z.coerce.number().int().positive().default(30),
    /** Comma-separated browser origins allowed to connect with an API key (unset: any; a request without Origin is not a browser). */
    WS_ALLOWED_ORIGINS: z.string().optional(),
    /** Webhook delivery (docs/webhooks.md): `off` stops the dispatcher (registrations still work, deliveries wait). */
    WEBHOOKS: z.enum(['on', 'off']).default('on'),
    /** Allow webhook URLs that resolve to loopback (127.0.0.0/8, ::1) or private/link-local addresses (refused by default: SSRF). */
    WEBHOOK_ALLOW_LOOPBACK: z.enum(['on', 'off']).default('off'),
    WEBHOOK_ALLOW_PRIVATE: z.enum(['on', 'off']).default('off'),
    /** Milliseconds one delivery attempt may take (connect, send, response). */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Seconds before each attempt, comma-separated (default: Standard Webhooks' 0,5,300,1800,7200,18000,36000,36000). */
    WEBHOOK_RETRY_SCHEDULE: z.string().superRefine(parsesWith(parseSchedule)).optional(),
    /**
     * Keys that encrypt webhook signing secrets at rest (AES-256-GCM, docs/webhooks.md): a comma list
     * of 32-byte keys, each base64 or 64 hex digits; the first encrypts, every one decrypts (rotation).
     * Unset: a key kept in DATA_DIR/webhook-secret.key (0600). Required with DATABASE_URL.
     */
    WEBHOOK_SECRET_KEY: z.string().superRefine(parsesWith(parseWebhookKeys)).optional(),
    /** An endpoint whose deliveries have failed without a success for this many seconds is disabled (default 5 days). */
    WEBHOOK_DISABLE_AFTER_S: z.coerce.number().int().positive().default(432_000),
    /** Delivery attempts in flight at once (all endpoints). */
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
    /**
     * Where delivery attempts are signed and sent: `thread` — a worker thread beside the dispatcher
     * (server/webhooks/send-thread.ts), `inline` — the main event loop.
     */
    WEBHOOK_SENDER: z.enum(['thread', 'inline']).default('thread'),
    /** When set, GET /metrics requires `Authorization: Bearer <METRICS_TOKEN>` (docs/operations.md); open when unset. */
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, 'must be 16–256 printable ASCII characters without spaces')
      .optional(),
    /** football-data.org v4 adapter (docs/adapters.md): its API token; the adapter runs only when set. */
    FOOTBALL_DATA_ORG_TOKEN: z.string().trim().min(1).optional(),
    /** Base URL of the football-data.org v4 API (a trailing `/v4` is optional: requests go to `…/v4/…`). */
    FOOTBALL_DATA_ORG_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('https://api.football-data.org/v4'),
    /** Comma list of football-data.org competition codes to follow (default: every code the adapter maps). */
    FOOTBALL_DATA_ORG_COMPETITIONS: z
      .string()
      .default(Object.keys(FDO_COMPETITIONS).join(','))
      .transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((c) => c.trim().toUpperCase())
            .filter(Boolean),
        ),
      ])
      .refine(
        (codes) => codes.length > 0 && codes.every((c) => c in FDO_COMPETITIONS),
        `must be a comma list of ${Object.keys(FDO_COMPETITIONS).join(', ')}`,
      ),
    /** Seconds between the football-data.org adapter's polls (default: the adapter's 60). */
    FOOTBALL_DATA_ORG_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
    /**
     * Live sources to run (server/config-sources.ts, docs/adapters.md): a comma list such as
     * `nhl,mlb,nba`; none by default. Their `<SOURCE>_…` variables are read by readSourceSettings.
     */
    SOURCES: z.string().optional(),
    /** `on`: the `nba` source also reads the NBA's odds feed (liveData/odds/odds_todaysGames.json) into bookmaker odds ticks. */
    NBA_ODDS: z.enum(['on', 'off']).default('off'),
    /** Overall bound of every upstream request of the source adapters, ms (connect ≤ 5 s, headers and body within it). */
    ADAPTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
    /**
     * Cluster settings (docs/deploy.md), only with DATABASE_URL. INSTANCE_ID names this process in
     * logs, feed health and PostgreSQL's application_name (default `<hostname>-<pid>`; unique per process).
     */
    INSTANCE_ID: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,48}$/, 'must be 1–48 characters of A–Z, a–z, 0–9, ., _ or -')
      .optional(),
    /** Milliseconds between safety-net reads of the committed feed head (a lost notification costs at most this). */
    LOG_POLL_MS: z.coerce.number().int().min(50).max(60_000).optional(),
    /** Milliseconds between a standby's attempts to take the singletons (and the leader's connection checks). */
    LEADER_CHECK_MS: z.coerce.number().int().min(100).max(5000).optional(),
    /** Directory of the built client packages served at /clients/ (scripts/build-clients.mjs; relative to the repository root). */
    CLIENTS_DIR: z.string().min(1).default('.clients'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    NODE_ENV: z.string().default('development'),
    /** `off` serves only the API (no Next.js pages): tests and API-only deployments. */
    PAGES: z.enum(['on', 'off']).default('on'),
    /**
     * Who answers /v1 and /sandbox/v1: `node` (default) the API app (server/api/app.ts) served by this
     * server behind the cached-read fast path; `next` the same app mounted in Next
     * (app/v1/[[...route]]/route.ts), every request through Next (needs PAGES=on; tests of that mount).
     */
    API_LANE: z.enum(['node', 'next']).default('node'),
  })
  .superRefine((c, ctx) => {
    // Several processes share one PostgreSQL: a key file in one process's DATA_DIR would not reach the others.
    if (c.DATABASE_URL && !c.WEBHOOK_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOK_SECRET_KEY'],
        message:
          'required with DATABASE_URL (every process must share it): set 32 random bytes as base64, e.g. WEBHOOK_SECRET_KEY=$(openssl rand -base64 32)',
      });
    }
  });

export type Config = z.infer<typeof ConfigSchema> & {
  dataDir: string;
  /** The enabled live sources' settings, in SOURCES order (server/config-sources.ts). */
  sources: SourceSettings[];
  /** The `odds-api` source's own settings (server/config-odds-api.ts) when SOURCES names it. */
  oddsApi?: OddsApiSettings | null;
};

/** Thrown with a readable, multi-line message when the environment is invalid. */
export class ConfigError extends Error {}

/**
 * Reads and validates configuration from `env` (default process.env).
 * Errors: ConfigError listing every invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ConfigSchema.safeParse(clean);
  const sources = readSourceSettings(clean);
  const oddsApi = readOddsApiSettings(clean);
  if (!parsed.success || sources.issues.length || oddsApi.issues.length) {
    const lines = [
      ...(parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)),
      ...[...sources.issues, ...oddsApi.issues].map((i) => `  ${i.variable}: ${i.message}`),
    ];
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const clusterOnly = (['INSTANCE_ID', 'LOG_POLL_MS', 'LEADER_CHECK_MS'] as const).filter(
    (k) => parsed.data[k] !== undefined,
  );
  if (clusterOnly.length && !parsed.data.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  ${clusterOnly.join(', ')}: only for several instances sharing PostgreSQL (docs/deploy.md). ` +
        'Set DATABASE_URL, or remove them: the embedded store (DATA_DIR) runs as one process.',
    );
  }
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    sources: sources.sources,
    oddsApi: oddsApi.settings,
  };
}
