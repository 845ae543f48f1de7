/** Errors raised by the Scoreline client (REST: RFC 9457 problem bodies, docs/api.md "Errors"). */

/** An RFC 9457 `application/problem+json` body as Scoreline sends it (docs/api.md). */
export interface ProblemBody {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  code?: string;
  request_id?: string;
  [extra: string]: unknown;
}

/**
 * A REST call answered with a 4xx/5xx status (after retries, for 429 and 503). `status` is the
 * HTTP status, `code` / `detail` / `requestId` come from the problem body (`code` is
 * `http_<status>` and `detail` the status text when the body is not problem JSON).
 */
export class ScorelineApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  /** The problem's `request_id` (quote it when reporting an issue), or null. */
  readonly requestId: string | null;
  /** The parsed problem body (or `{}` when the body was not JSON). */
  readonly problem: ProblemBody;

  /** Builds the error from the HTTP status and the (possibly empty) problem body. */
  constructor(status: number, problem: ProblemBody, statusText = '') {
    const code = typeof problem.code === 'string' ? problem.code : `http_${status}`;
    const detail = typeof problem.detail === 'string' ? problem.detail : statusText || `HTTP ${status}`;
    super(`Scoreline API ${status} ${code}: ${detail}`);
    this.name = 'ScorelineApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.requestId = typeof problem.request_id === 'string' ? problem.request_id : null;
    this.problem = problem;
  }

  /** The problem body's `request_id` under its wire name. */
  get request_id(): string | null {
    return this.requestId;
  }
}

/** A REST call that never got an HTTP answer (DNS, refused, reset, timeout) after every retry; `cause` is the last fetch error. */
export class ScorelineNetworkError extends Error {
  /** Wraps the last fetch error of `url`. */
  constructor(url: string, cause: unknown) {
    super(`Scoreline API unreachable (${url}): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ScorelineNetworkError';
  }
}

/** Why a stream stopped for good. */
export type StreamErrorCode = 'unauthorized' | 'key_revoked' | 'upgrade_refused';

/**
 * A `ScorelineStream` stopped for good and will not reconnect: the key was refused on upgrade
 * (HTTP 401, or another 4xx except 429), or revoked while connected (close 4001).
 */
export class ScorelineStreamError extends Error {
  readonly code: StreamErrorCode;
  /** The HTTP status of a refused upgrade, else null. */
  readonly status: number | null;
  /** The WebSocket close code (4001), else null. */
  readonly closeCode: number | null;

  /** Builds the error; `info` carries the refused upgrade's status or the close code. */
  constructor(code: StreamErrorCode, message: string, info: { status?: number; closeCode?: number } = {}) {
    super(message);
    this.name = 'ScorelineStreamError';
    this.code = code;
    this.status = info.status ?? null;
    this.closeCode = info.closeCode ?? null;
  }
}
