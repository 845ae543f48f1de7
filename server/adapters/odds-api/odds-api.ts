/**
 * Source adapter `odds-api`: The Odds API v4 (docs/adapters.md "odds-api";
 * the-odds-api.com/liveapi/guides/v4/). Each poll:
 *
 * 1. `GET /v4/sports` (free of quota; read again every 6 hours): which followed sport keys are in
 *    season, and their titles;
 * 2. per followed sport key (ODDS_API_SPORTS) in season, while the budget allows:
 *    `GET /v4/sports/{sport}/odds?regions=…&markets=h2h,spreads,totals&oddsFormat=decimal&dateFormat=iso`
 *    (markets × regions credits). Every bookmaker's prices become ticks (odds-api-match.ts), on
 *    the Scoreline fixture the event matches (sport, kickoff within the tolerance, team names by
 *    the mapping table) — unmatched events are counted and listed in feed health, never guessed —
 *    or, for a sport key this source owns (ODDS_API_OWN_SPORTS), on the fixture the event becomes;
 * 3. for an owned sport key with a match started and not yet completed:
 *    `GET /v4/sports/{sport}/scores?daysFrom=1&dateFormat=iso` (2 credits): live and final scores
 *    as match events (odds-api-scores.ts).
 *
 * The quota is spent deliberately (odds-api-quota.ts): the answers' `x-requests-*` headers and a
 * monthly budget; the live interval only while a followed match is near kickoff or in play,
 * never more often than the credits left allow; quota exhausted → no request until the month
 * resets. The key (`apiKey` query parameter) never appears in logs, errors, health or metrics.
 */
import type { FeedEvent } from '@/lib/match/state';
import type { Sport } from '@/lib/sports';
import type { OddsApiSettings } from '../../config-odds-api';
import { type Ledger, diffDelivered, readLedger } from '../kit/ledger';
import { UpstreamError } from '../kit/upstream-error';
import type {
  AdapterBatch,
  AdapterSkip,
  AdapterSportFixture,
  AdapterState,
  NearFixture,
  PollContext,
  SourceAdapter,
} from '../types';
import { eventTicks, matchEvent } from './odds-api-match';
import {
  budgetSpacingMs,
  isQuotaExhausted,
  nextMonthStart,
  type QuotaState,
  readQuota,
  recordAnswer,
  refusal,
} from './odds-api-quota';
import {
  OddsApiEventSchema,
  OddsApiErrorSchema,
  OddsApiScoreEventSchema,
  OddsApiSportSchema,
  type OddsApiEvent,
  parseItems,
} from './odds-api-schemas';
import { scoreEvents } from './odds-api-scores';
import { ownLeague, seasonOf, sportOfKey } from './odds-api-sports';
import { teamMatchKey } from './odds-api-teams';

/** Settings of the adapter: its config row's (base URL, sport keys, intervals, budget per minute) and its own. */
export interface OddsApiOptions extends OddsApiSettings {
  /** Default `https://api.the-odds-api.com`. */
  baseUrl: string;
  /** Sport keys to follow. */
  sports: string[];
  intervalMs?: number;
  liveIntervalMs?: number;
  requestsPerMinute?: number;
}

/** What the adapter remembers of one upstream event. */
interface EventMemo {
  sport_key: string;
  commence: string;
  /** The matched fixture (another source's) — or, for an owned event, its source_key. */
  fixture_id?: number;
  source_key?: string;
  /** Last price sent per line (`book|market|line|selection`): an unchanged price is not sent again. */
  prices: Record<string, string>;
  completed?: boolean;
  /** Owned ice hockey: the delivered goals; basketball: points delivered per side. */
  ledger?: Ledger;
  delivered?: { home: number; away: number };
  seen: string;
}

interface OddsApiState {
  v: 1;
  quota: QuotaState;
  /** `/v4/sports`: key → [title, active], and when it was read. */
  sports?: { at: string; keys: Record<string, [string, boolean]> };
  events: Record<string, EventMemo>;
}

/** One unmatched event as feed health lists it. */
export interface UnmatchedEvent {
  event_id: string;
  sport_key: string;
  commence_time: string;
  home_team: string;
  away_team: string;
  reason: string;
}

const HOUR = 3_600_000;
const SPORTS_TTL_MS = 6 * HOUR;
/** How long after kickoff a match counts as in play for pacing when no score says otherwise. */
const PLAYING_MS = 4 * HOUR;
const FORGET_MS = 3 * 24 * HOUR;
/** Unmatched events listed in health (the count covers them all). */
const LISTED = 50;

function readState(raw: unknown, now: Date): OddsApiState {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Partial<OddsApiState>;
  const events: Record<string, EventMemo> = {};
  if (r.v === 1 && r.events && typeof r.events === 'object')
    for (const [k, e] of Object.entries(r.events))
      if (e && typeof e === 'object' && typeof e.sport_key === 'string' && typeof e.seen === 'string')
        events[k] = {
          ...e,
          prices: e.prices && typeof e.prices === 'object' ? e.prices : {},
          ...(e.ledger ? { ledger: readLedger(e.ledger) } : {}),
        };
  const sports =
    r.v === 1 && r.sports && typeof r.sports.at === 'string' && r.sports.keys && typeof r.sports.keys === 'object'
      ? r.sports
      : undefined;
  return { v: 1, quota: readQuota(r.v === 1 ? r.quota : null, now), ...(sports ? { sports } : {}), events };
}

export class OddsApiAdapter implements SourceAdapter {
  readonly name = 'odds-api';
  readonly intervalMs: number;
  readonly liveIntervalMs: number;
  readonly requestsPerMinute: number;
  private readonly base: string;
  /** Credits of one odds request: markets (3) × regions. */
  private readonly oddsCost: number;
  /** Last poll's view for feed health (never the key). */
  private view: {
    unmatched: Map<string, UnmatchedEvent>;
    quota: QuotaState | null;
    notes: string[];
    matched: number;
    owned: number;
  } = { unmatched: new Map(), quota: null, notes: [], matched: 0, owned: 0 };

  /** Errors: Error for a sport key Scoreline does not serve (config.ts checks them first). */
  constructor(private readonly opts: OddsApiOptions) {
    for (const k of opts.sports)
      if (!sportOfKey(k)) throw new Error(`odds-api: sport key ${k} maps to no Scoreline sport`);
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.intervalMs = opts.intervalMs ?? 3_600_000;
    this.liveIntervalMs = opts.liveIntervalMs ?? 120_000;
    this.requestsPerMinute = opts.requestsPerMinute ?? 30;
    this.oddsCost = 3 * opts.regions.length;
  }

  /** Feed-health fields (lib/wire/ops-health.ts AdapterHealthSchema): unmatched events, quota, notes. */
  health(): Record<string, unknown> {
    const q = this.view.quota;
    const unmatched = [...this.view.unmatched.values()];
    return {
      unmatched_events: unmatched.length,
      unmatched: unmatched.slice(0, LISTED),
      events_matched: this.view.matched,
      events_owned: this.view.owned,
      quota: q && {
        month: q.month,
        spent: q.spent,
        budget: this.opts.monthlyBudget,
        remaining: q.remaining,
        used: q.used,
        last: q.last,
        updated_at: q.updated_at,
        status: q.exhausted ? 'exhausted' : q.spent + this.oddsCost > this.opts.monthlyBudget ? 'budget_spent' : 'ok',
        exhausted: q.exhausted,
      },
      notes: this.view.notes,
    };
  }

  /** One poll (see the module comment). Errors: UpstreamError for a failed request (the runner backs off), the key redacted. */
  async poll(ctx: PollContext): Promise<AdapterBatch> {
    const now = ctx.now;
    const state = readState(ctx.state, now);
    const notes: string[] = [];
    const skipped: AdapterSkip[] = [];
    const batch: AdapterBatch & { skipped: AdapterSkip[] } = {
      fixtures: [],
      events: [],
      odds: [],
      skipped,
      state: state as unknown as AdapterState,
    };
    this.view.quota = state.quota;
    this.view.notes = notes;
    let live = false;
    let matched = 0;
    let owned = 0;
    let pollCost = 0;
    try {
      if (state.quota.exhausted) return this.finish(batch, state, now, false, 0);
      const catalogue = await this.sportsList(ctx, state, now);
      for (const key of this.opts.sports) {
        const known = catalogue?.[key];
        if (catalogue && !known?.[1]) {
          notes.push(`${key}: ${known ? 'not in season' : 'not offered'} (/v4/sports)`);
          continue;
        }
        const why = refusal(state.quota, this.oddsCost, this.opts.monthlyBudget);
        if (why) {
          notes.push(`${key}: ${why}`);
          continue;
        }
        pollCost += this.oddsCost;
        const res = await this.get(
          ctx,
          state,
          now,
          `/v4/sports/${key}/odds`,
          {
            regions: this.opts.regions.join(','),
            markets: 'h2h,spreads,totals',
            oddsFormat: 'decimal',
            dateFormat: 'iso',
          },
          this.oddsCost,
        );
        if (res === 'exhausted') break;
        if (res === undefined) {
          skipped.push({ item: `${key} odds`, reason: 'not a list of events' });
          continue;
        }
        const items = parseItems(res, OddsApiEventSchema);
        for (const i of items.bad) skipped.push({ item: `${key} odds[${i}]`, reason: 'malformed event' });
        const events = items.ok.map((x) => x.value).filter((e) => e.sport_key === key);
        const own = this.opts.ownSports.includes(key);
        const sport = sportOfKey(key)!;
        for (const [id, u] of this.view.unmatched) if (u.sport_key === key) this.view.unmatched.delete(id);
        const r = own
          ? this.ownEvents(sport, key, known?.[0], events, state, batch, now)
          : await this.matchedEvents(ctx, sport, key, events, state, batch, now);
        matched += r.matched;
        owned += r.owned;
        live ||= r.live;
        this.gone(key, events, state, notes, now);
        if (own && r.playing) {
          const sc = refusal(state.quota, 2, this.opts.monthlyBudget);
          if (sc) notes.push(`${key} scores: ${sc}`);
          else {
            pollCost += 2;
            const scores = await this.get(
              ctx,
              state,
              now,
              `/v4/sports/${key}/scores`,
              { daysFrom: '1', dateFormat: 'iso' },
              2,
            );
            if (scores === 'exhausted') break;
            this.applyScores(sport, key, scores, state, batch, notes, skipped);
          }
        }
      }
    } finally {
      this.view.matched = matched;
      this.view.owned = owned;
    }
    for (const [k, e] of Object.entries(state.events))
      if (now.getTime() - Date.parse(e.seen) > FORGET_MS) delete state.events[k];
    return this.finish(batch, state, now, live, pollCost);
  }

  private finish(batch: AdapterBatch, state: OddsApiState, now: Date, live: boolean, pollCost: number): AdapterBatch {
    const paused = refusal(state.quota, 1, this.opts.monthlyBudget);
    if (state.quota.exhausted && paused && !this.view.notes.includes(paused)) this.view.notes.push(paused);
    const spacing = budgetSpacingMs(state.quota, this.opts.monthlyBudget, Math.max(pollCost, this.oddsCost), now);
    batch.pacing = { live, ...(spacing > 0 ? { nextPollHintMs: spacing } : {}) };
    batch.followed = Object.values(state.events).filter((e) => e.fixture_id != null || e.source_key).length;
    batch.state = state as unknown as AdapterState;
    return batch;
  }

  /** `/v4/sports` as key → [title, active], read again every 6 h; null when it could not be read (follow every key). */
  private async sportsList(ctx: PollContext, state: OddsApiState, now: Date) {
    if (state.sports && now.getTime() - Date.parse(state.sports.at) < SPORTS_TTL_MS) return state.sports.keys;
    const body = await this.get(ctx, state, now, '/v4/sports', {}, 0);
    if (body === 'exhausted') return state.sports?.keys ?? null;
    const list = parseItems(body, OddsApiSportSchema).ok;
    if (!list.length) return state.sports?.keys ?? null;
    const keys: Record<string, [string, boolean]> = {};
    for (const { value: s } of list) keys[s.key] = [s.title, s.active !== false];
    state.sports = { at: now.toISOString(), keys };
    return keys;
  }

  /** Events of a sport key another source follows: matched to its fixtures, ticks on them; the rest listed unmatched. */
  private async matchedEvents(
    ctx: PollContext,
    sport: Sport,
    key: string,
    events: OddsApiEvent[],
    state: OddsApiState,
    batch: AdapterBatch,
    now: Date,
  ) {
    const out = { matched: 0, owned: 0, live: false, playing: false };
    if (!events.length) return out;
    const tol = this.opts.kickoffToleranceMs;
    const times = events.map((e) => Date.parse(e.commence_time));
    const candidates: NearFixture[] = ctx.findFixtures
      ? await ctx.findFixtures({
          sport,
          from: new Date(Math.min(...times) - tol).toISOString(),
          to: new Date(Math.max(...times) + tol).toISOString(),
        })
      : [];
    for (const e of events) {
      const m = matchEvent(sport, e, candidates, tol);
      if (!m.fixture) {
        this.view.unmatched.set(e.id, {
          event_id: e.id,
          sport_key: key,
          commence_time: e.commence_time,
          home_team: e.home_team,
          away_team: e.away_team,
          reason: m.reason,
        });
        continue;
      }
      out.matched += 1;
      const f = m.fixture;
      const hk = teamMatchKey(sport, f.home_team);
      const ak = teamMatchKey(sport, f.away_team);
      const sideOf = (name: string) => {
        const k = teamMatchKey(sport, name);
        return k === hk ? 'home' : k === ak ? 'away' : null;
      };
      const memo = this.memo(state, e, key, now, { fixture_id: f.fixture_id });
      for (const t of this.freshTicks(e, memo, sideOf, now, batch.skipped!))
        batch.odds!.push({ source_key: `odds-api/${key}/${e.id}`, fixture_id: f.fixture_id, tick: t });
      out.live ||= this.near(e.commence_time, now) && f.status !== 'finished';
    }
    return out;
  }

  /** Events of an owned sport key: each becomes a fixture (source_key `odds-api/<key>/<id>`) with its ticks. */
  private ownEvents(
    sport: Sport,
    key: string,
    title: string | undefined,
    events: OddsApiEvent[],
    state: OddsApiState,
    batch: AdapterBatch,
    now: Date,
  ) {
    const out = { matched: 0, owned: 0, live: false, playing: false };
    const league = ownLeague(key, title ?? events[0]?.sport_title);
    for (const e of events) {
      const source_key = `odds-api/${key}/${e.id}`;
      const kickoff = new Date(e.commence_time).toISOString();
      const fixture: AdapterSportFixture = {
        sport,
        source_key,
        competition: league.slug,
        competition_name: league.name,
        season: seasonOf(sport, kickoff),
        round: null,
        group: null,
        venue: null,
        kickoff,
        home_team: e.home_team,
        away_team: e.away_team,
      };
      batch.fixtures.push(fixture);
      out.owned += 1;
      const memo = this.memo(state, e, key, now, { source_key });
      const sideOf = (name: string) => {
        const k = teamMatchKey(sport, name);
        return k === teamMatchKey(sport, e.home_team) ? 'home' : k === teamMatchKey(sport, e.away_team) ? 'away' : null;
      };
      for (const t of this.freshTicks(e, memo, sideOf, now, batch.skipped!)) batch.odds!.push({ source_key, tick: t });
      const started = Date.parse(e.commence_time) <= now.getTime();
      out.playing ||= started && !memo.completed;
      out.live ||= this.near(e.commence_time, now) && !memo.completed;
    }
    return out;
  }

  /** Applies `/scores` to the owned fixtures: live scores and finals as events (ledger: a goal taken back is retracted). */
  private applyScores(
    sport: Sport,
    key: string,
    body: unknown,
    state: OddsApiState,
    batch: AdapterBatch,
    notes: string[],
    skipped: AdapterSkip[],
  ): void {
    if (body === undefined) {
      skipped.push({ item: `${key} scores`, reason: 'not a list of events' });
      return;
    }
    const items = parseItems(body, OddsApiScoreEventSchema);
    for (const i of items.bad) skipped.push({ item: `${key} scores[${i}]`, reason: 'malformed event' });
    for (const { value: e } of items.ok) {
      const memo = state.events[e.id];
      if (!memo?.source_key || memo.completed) continue;
      const r = scoreEvents(sport, e, memo.delivered);
      if (r.note) notes.push(r.note);
      let events: FeedEvent[] = r.events;
      if (sport === 'ice-hockey') {
        const diff = diffDelivered(memo.ledger ?? { sent: {} }, r.events, { complete: true, source: this.name });
        memo.ledger = diff.ledger;
        events = diff.events;
      } else memo.delivered = r.delivered;
      const at = e.last_update ? new Date(e.last_update).toISOString() : undefined;
      for (const ev of events)
        batch.events.push({
          source_key: memo.source_key,
          event: ev,
          ...(at && ev.type !== 'correction' ? { occurred_at: at } : {}),
        });
      if (e.completed && r.events.some((x) => x.type === 'result')) memo.completed = true;
    }
  }

  /** Notes the followed events of `key` the upstream no longer lists (kept: their ticks stay; nothing is retracted). */
  private gone(key: string, events: OddsApiEvent[], state: OddsApiState, notes: string[], now: Date): void {
    const listed = new Set(events.map((e) => e.id));
    for (const [id, m] of Object.entries(state.events))
      if (m.sport_key === key && !listed.has(id) && !m.completed && m.seen !== now.toISOString())
        notes.push(
          `event ${id} (${key}, kickoff ${m.commence}) is no longer listed upstream: its lines stay as last seen`,
        );
  }

  /** The event's memo (created on first sight), marked seen now. */
  private memo(state: OddsApiState, e: OddsApiEvent, key: string, now: Date, link: Partial<EventMemo>): EventMemo {
    const m = state.events[e.id] ?? { sport_key: key, commence: e.commence_time, prices: {}, seen: now.toISOString() };
    Object.assign(m, link, { commence: e.commence_time, seen: now.toISOString() });
    state.events[e.id] = m;
    return m;
  }

  /** The event's ticks whose price differs from the last one sent for the same line (the memo remembers). */
  private freshTicks(
    e: OddsApiEvent,
    memo: EventMemo,
    sideOf: (name: string) => 'home' | 'away' | null,
    now: Date,
    skipped: AdapterSkip[],
  ) {
    return eventTicks(e, sideOf, now.toISOString(), skipped).filter((t) => {
      const k = `${t.bookmaker}|${t.market}|${t.line ?? ''}|${t.selection}`;
      if (memo.prices[k] === String(t.price)) return false;
      memo.prices[k] = String(t.price);
      return true;
    });
  }

  /** True while `commence` is within ODDS_API_NEAR_KICKOFF_MINUTES ahead or a match started less than 4 h ago. */
  private near(commence: string, now: Date): boolean {
    const d = Date.parse(commence) - now.getTime();
    return d <= this.opts.nearKickoffMs && d > -PLAYING_MS;
  }

  /**
   * GETs `path` with the key and `query`; records the quota headers (cost `cost` when the answer
   * has no `x-requests-last`). Answers the JSON body; undefined for another 4xx or a malformed
   * body (reported); `'exhausted'` when the upstream says the quota is spent (401 / 429 with its
   * error body): then nothing more is sent until the month resets. Other failures throw
   * UpstreamError with the key redacted.
   */
  private async get(
    ctx: PollContext,
    state: OddsApiState,
    now: Date,
    path: string,
    query: Record<string, string>,
    cost: number,
  ): Promise<unknown | 'exhausted'> {
    const qs = new URLSearchParams({ apiKey: this.opts.apiKey, ...query });
    try {
      const res = await ctx.http.getJson(`${this.base}${path}?${qs}`);
      recordAnswer(state.quota, res.headers, res.status === 304 ? 0 : cost, now);
      if (res.status >= 200 && res.status < 400) return res.body;
      if (isQuotaExhausted(res.body)) return this.exhaust(state, now, res.body);
      return undefined;
    } catch (err) {
      if (err instanceof UpstreamError && (err.status === 401 || err.status === 429) && isQuotaExhausted(err.body))
        return this.exhaust(state, now, err.body);
      if (err instanceof UpstreamError && err.kind === 'malformed') return undefined;
      throw this.redact(err);
    }
  }

  private exhaust(state: OddsApiState, now: Date, body: unknown): 'exhausted' {
    const b = OddsApiErrorSchema.safeParse(body);
    const message =
      (b.success ? [b.data.error_code, b.data.message].filter(Boolean).join(': ') : '') || 'quota exhausted';
    state.quota.exhausted = { at: now.toISOString(), message: this.scrub(message), until: nextMonthStart(now) };
    return 'exhausted';
  }

  private scrub(s: string): string {
    return this.opts.apiKey ? s.split(this.opts.apiKey).join('***') : s;
  }

  /** `err` with the key taken out of its message (the kit already hides `apiKey=`; this covers any echo). */
  private redact(err: unknown): unknown {
    if (!(err instanceof Error) || !err.message.includes(this.opts.apiKey)) return err;
    if (err instanceof UpstreamError)
      return new UpstreamError(this.scrub(err.message), err.kind, err.status, err.retryAfterMs, err.phase, err.body);
    return new Error(this.scrub(err.message));
  }
}
