/**
 * Source adapter for the football-data.org API v4 (https://docs.football-data.org/general/v4/).
 *
 * Each poll: `GET /v4/competitions/{code}/matches?dateFrom=&dateTo=` per configured competition
 * (fixtures, statuses, scores), then `GET /v4/matches/{id}` for every match in progress — and once
 * more for a match that just finished — for goals, bookings and substitutions. Requests go
 * through the kit's upstream client (`ctx.http`: bounded, classified, budgeted) and carry the `X-Auth-Token` header; a 429's wait is read from `Retry-After`, else
 * `X-RequestCounter-Reset`. Mapping: server/adapters/football-data-org-mapping.ts, docs/adapters.md.
 */
import { getCompetition } from '@/lib/catalogue/competitions';
import {
  FDO_COMPETITIONS,
  FdoMatchListSchema,
  FdoMatchSchema,
  fdoNeedsDetail,
  mapFdoMatch,
  readFdoState,
  type FdoMatch,
  type FdoState,
} from './football-data-org-mapping';
import { UpstreamError } from './kit/upstream-error';
import type { AdapterBatch, AdapterSkip, PollContext, SourceAdapter, UpstreamSettings } from './types';

export interface FootballDataOrgOptions {
  /** API token (sent as `X-Auth-Token`). */
  token: string;
  /** Competition codes to follow, e.g. `['PL', 'BL1']` (see FDO_COMPETITIONS for the supported ones). */
  competitions: string[];
  /** Default `https://api.football-data.org`. */
  baseUrl?: string;
  /** Poll interval in ms; default 60 000 (the free plan allows 10 requests a minute). */
  intervalMs?: number;
  /** Days before / after today (UTC) to list matches for; defaults 1 and 7. */
  daysBack?: number;
  daysAhead?: number;
  /** Fetch /v4/matches/{id} for matches in progress (goals, bookings, substitutions); default true. */
  details?: boolean;
  /** At most this many single-match requests per poll (the rest wait for the next poll); default 8. */
  maxDetailRequests?: number;
  /** Adapter name (event `source`); default `football-data-org`. */
  name?: string;
  /** Forget matches not seen for this long (ms); default 3 days. */
  forgetAfterMs?: number;
  /** The client's request budget per minute; default 60 (the free plan allows 10: a 429 then backs off). */
  requestsPerMinute?: number;
}

const DAY = 86_400_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class FootballDataOrgAdapter implements SourceAdapter {
  readonly name: string;
  readonly intervalMs: number;
  readonly requestsPerMinute: number;
  readonly upstream: UpstreamSettings;
  private readonly base: string;
  private readonly codes: { code: string; slug: string }[];

  /** Errors: Error for an empty token or a competition code the catalogue cannot hold. */
  constructor(private readonly opts: FootballDataOrgOptions) {
    if (!opts.token?.trim()) throw new Error('football-data.org adapter: a token is required');
    this.name = opts.name ?? 'football-data-org';
    this.intervalMs = opts.intervalMs ?? 60_000;
    this.requestsPerMinute = opts.requestsPerMinute ?? 60;
    // football-data.org also says when the minute's counter resets (X-RequestCounter-Reset, seconds).
    this.upstream = {
      headers: { 'X-Auth-Token': opts.token },
      retryAfterHeaders: ['retry-after', 'x-requestcounter-reset'],
    };
    this.base = (opts.baseUrl ?? 'https://api.football-data.org').replace(/\/+$/, '');
    this.codes = opts.competitions.map((raw) => {
      const code = raw.trim().toUpperCase();
      const slug = FDO_COMPETITIONS[code];
      if (!slug || !getCompetition(slug)) {
        throw new Error(
          `football-data.org adapter: competition ${JSON.stringify(raw)} is not supported (known: ${Object.keys(FDO_COMPETITIONS).join(', ')})`,
        );
      }
      return { code, slug };
    });
    if (!this.codes.length) throw new Error('football-data.org adapter: no competitions configured');
  }

  async poll(ctx: PollContext): Promise<AdapterBatch> {
    const prev = readFdoState(ctx.state);
    const next: FdoState = { v: 1, matches: { ...prev.matches } };
    const batch: AdapterBatch & { skipped: AdapterSkip[] } = { fixtures: [], events: [], state: next, skipped: [] };
    const nowMs = ctx.now.getTime();
    const dateFrom = ymd(nowMs - (this.opts.daysBack ?? 1) * DAY);
    const dateTo = ymd(nowMs + (this.opts.daysAhead ?? 7) * DAY);
    let detailBudget = this.opts.details === false ? 0 : (this.opts.maxDetailRequests ?? 8);

    for (const { code, slug } of this.codes) {
      const path = `/v4/competitions/${code}/matches?dateFrom=${dateFrom}&dateTo=${dateTo}`;
      const body = await this.get(ctx, path, batch.skipped);
      if (body === undefined) continue;
      const list = FdoMatchListSchema.safeParse(body);
      if (!list.success) {
        batch.skipped.push({
          item: `${code} matches`,
          reason: `not a v4 match list: ${list.error.issues[0]?.message ?? 'invalid'}`,
        });
        continue;
      }
      for (const [i, raw] of list.data.matches.entries()) {
        const parsed = FdoMatchSchema.safeParse(raw);
        if (!parsed.success) {
          const id = (raw as { id?: unknown } | null)?.id;
          batch.skipped.push({
            item: `${code} matches[${i}]${typeof id === 'number' ? ` (match ${id})` : ''}`,
            reason: parsed.error.issues.map((x) => `${x.path.join('.') || '.'}: ${x.message}`).join('; '),
          });
          continue;
        }
        let match: FdoMatch = parsed.data;
        const key = String(match.id);
        const track = prev.matches[key];
        if (detailBudget > 0 && fdoNeedsDetail(match, track)) {
          detailBudget -= 1;
          const detail = await this.get(ctx, `/v4/matches/${match.id}`, batch.skipped);
          if (detail !== undefined) {
            const d = FdoMatchSchema.safeParse(detail);
            if (d.success && d.data.id === match.id) match = d.data;
            else
              batch.skipped.push({
                item: `match ${match.id} detail`,
                reason: d.success
                  ? `answered match ${d.data.id}`
                  : d.error.issues.map((x) => `${x.path.join('.') || '.'}: ${x.message}`).join('; '),
              });
          }
        }
        const mapped = mapFdoMatch(match, { slug, now: ctx.now, prev: track });
        if (!mapped) continue; // a team is not known yet
        batch.fixtures.push(mapped.fixture);
        batch.events.push(...mapped.events);
        batch.skipped.push(...mapped.skipped);
        next.matches[key] = mapped.track;
      }
    }
    const forget = this.opts.forgetAfterMs ?? 3 * DAY;
    for (const [key, t] of Object.entries(next.matches)) {
      if (nowMs - Date.parse(t.seen) > forget) delete next.matches[key];
    }
    return batch;
  }

  /**
   * GETs a path through the kit's client and answers its JSON body. Throws UpstreamError for
   * transport failures, 401/403, 429 and 5xx (the runner backs off); answers undefined — with a
   * skip recorded — for other 4xx (a competition outside the plan, an unknown match) and for
   * bodies that are not JSON.
   */
  private async get(ctx: PollContext, path: string, skipped: AdapterSkip[]): Promise<unknown | undefined> {
    try {
      const res = await ctx.http.getJson(this.base + path);
      if (res.status >= 200 && res.status < 400) return res.body;
      skipped.push({ item: path, reason: `HTTP ${res.status} ${upstreamMessage(res.body)}`.trim() });
      return undefined;
    } catch (e) {
      if (!(e instanceof UpstreamError) || e.kind !== 'malformed') throw e;
      skipped.push({ item: path, reason: e.message });
      return undefined;
    }
  }
}

/** The `message` of a football-data.org error body, if it has one. */
function upstreamMessage(body: unknown): string {
  const m = (body as { message?: unknown } | null | undefined)?.message;
  return typeof m === 'string' ? m : '';
}
