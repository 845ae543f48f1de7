/**
 * REST client for the Scoreline API `/v1/...` (docs/api.md): Bearer authentication, retries of
 * 429 / 503 (honouring `Retry-After`) and of network errors (exponential backoff, full jitter),
 * RFC 9457 problem errors, and cursor pagination (`next_cursor` → `cursor`).
 */
import { backoffDelay, parseRetryAfter, sleep, type BackoffOptions } from './backoff';
import { ScorelineApiError, ScorelineNetworkError, type ProblemBody } from './errors';

/** Query parameters; `undefined` values are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined>;

/** Options of `new ScorelineRest(...)`. */
export interface ScorelineRestOptions {
  /** Server origin, e.g. `http://127.0.0.1:3000` (paths such as `/v1/football/live` are appended). */
  baseUrl: string;
  /** API key, sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /** Retries after the first attempt, for 429, 503 and network errors. Default 3. */
  maxRetries?: number;
  /** Backoff of retries without `Retry-After`, in ms. Default { initialMs: 500, maxMs: 30 000 }. */
  retryBackoff?: BackoffOptions;
  /** Largest `Retry-After` honoured, in ms. Default 60 000 (60 s). */
  maxRetryAfterMs?: number;
}

/** A page of a cursor-paginated list endpoint (docs/api.md "Pagination"). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

const RETRY_STATUSES = new Set([429, 503]);

/** REST client of `/v1/...` (docs/api.md): `get` with retries, `paginate` over cursor pages. Errors: ScorelineApiError, ScorelineNetworkError. */
export class ScorelineRest {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly maxRetries: number;

  /** Creates a client; nothing is sent until the first call. */
  constructor(private readonly opts: ScorelineRestOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = opts.fetch ?? globalThis.fetch.bind(globalThis);
    this.maxRetries = Math.max(0, opts.maxRetries ?? 3);
  }

  /** The absolute URL of `path` (e.g. `/v1/football/live`) with `params` as its query string. */
  url(path: string, params: QueryParams = {}): string {
    const u = new URL(this.baseUrl + (path.startsWith('/') ? path : `/${path}`));
    for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, String(v));
    return u.toString();
  }

  /**
   * GET `path` (e.g. `/v1/football/matches/123`) and return its parsed JSON body. 429 and 503 are
   * retried after `Retry-After` seconds (capped at 60 s) or a backoff delay; network errors with
   * exponential backoff and full jitter; up to `maxRetries` times.
   * Errors: `ScorelineApiError` for any other 4xx/5xx (or 429/503 when retries run out),
   * `ScorelineNetworkError` when the server could not be reached after every retry.
   */
  async get<T>(path: string, params?: QueryParams): Promise<T> {
    const url = this.url(path, params);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.maxRetries;
      let res: Response;
      try {
        res = await this.fetchImpl(url, {
          headers: { authorization: `Bearer ${this.opts.apiKey}`, accept: 'application/json' },
        });
      } catch (e) {
        if (last) throw new ScorelineNetworkError(url, e);
        await sleep(backoffDelay(attempt, this.opts.retryBackoff));
        continue;
      }
      if (res.ok) return (await res.json()) as T;
      const problem = await readProblem(res);
      if (!RETRY_STATUSES.has(res.status) || last) throw new ScorelineApiError(res.status, problem, res.statusText);
      const wait = parseRetryAfter(res.headers.get('retry-after'), this.opts.maxRetryAfterMs ?? 60_000);
      await sleep(wait ?? backoffDelay(attempt, this.opts.retryBackoff));
    }
  }

  /**
   * Iterates over every item of a cursor-paginated list (`{ data, next_cursor }`), fetching pages
   * with `cursor=<next_cursor>` until `next_cursor` is null. Errors: as `get`, per page.
   */
  async *paginate<T>(path: string, params: QueryParams = {}): AsyncGenerator<T, void, undefined> {
    let cursor: string | undefined;
    do {
      const page: Page<T> = await this.get<Page<T>>(path, { ...params, cursor });
      yield* page.data;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }
}

/** The response's problem+json body, or `{}` when it is not JSON. */
async function readProblem(res: Response): Promise<ProblemBody> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as unknown;
    return body && typeof body === 'object' ? (body as ProblemBody) : {};
  } catch {
    return {};
  }
}
