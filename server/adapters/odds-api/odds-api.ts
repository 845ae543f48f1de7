/**
 * Source adapter `odds-api`: The Odds API v4 (docs/adapters.md "odds-api";
 * the-odds-api.com/liveapi/guides/v4/). Each poll:
 *
 * 1. `GET /v4/sports` (free of quota; read again every 6 hours): which followed sport keys are in
 *    season, and their titles;
 * 2. per followed sport key (ODDS_API_SPORTS) in season, while the budget allows:
 *    `GET /v4/sports/{sport}/odds?regions=…&markets=h2h,spreads,totals&oddsFormat=decimal&dateFormat=iso`
 *    (markets × regions credits). Every bookmaker's prices become ticks (odds-api-match.ts, odds-api-listing.ts), on
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
 * resets. The key (`apiKey` query parameter) never appears in logs, errors, health or metrics
 * (odds-api-request.ts).
 *
 * This file is the poll's sequence; its parts: the stored state (odds-api-state.ts), one listing
 * into ticks and fixtures (odds-api-listing.ts), `/scores` into match events
 * (odds-api-score-updates.ts), the requests (odds-api-request.ts).
 */
import type { OddsApiSettings } from '../../config-odds-api';
import type { AdapterBatch, AdapterSkip, AdapterState, PollContext, SourceAdapter } from '../types';
import { type ListingTiming, matchedEvents, ownEvents, type UnmatchedEvent } from './odds-api-listing';
import { budgetSpacingMs, type QuotaState, refusal } from './odds-api-quota';
import { OddsApiRequester } from './odds-api-request';
import { OddsApiEventSchema, OddsApiSportSchema, parseItems } from './odds-api-schemas';
import { applyScores } from './odds-api-score-updates';
import { sportOfKey } from './odds-api-sports';
import { forgetStale, noteGone, type OddsApiState, readState } from './odds-api-state';

export type { UnmatchedEvent } from './odds-api-listing';

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

const HOUR = 3_600_000;
const SPORTS_TTL_MS = 6 * HOUR;
/** Unmatched events listed in health (the count covers them all). */
const LISTED = 50;

/** The Odds API v4 as a source adapter (see the module comment); the runner calls `poll` and `health`. */
export class OddsApiAdapter implements SourceAdapter {
  readonly name = 'odds-api';
  readonly intervalMs: number;
  readonly liveIntervalMs: number;
  readonly requestsPerMinute: number;
  private readonly http: OddsApiRequester;
  private readonly timing: ListingTiming;
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
    this.http = new OddsApiRequester(opts.baseUrl, opts.apiKey);
    this.timing = { kickoffToleranceMs: opts.kickoffToleranceMs, nearKickoffMs: opts.nearKickoffMs };
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
        const res = await this.http.get(
          ctx,
          state.quota,
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
        const pass = { sport, key, events, state, batch, now };
        const r = own
          ? ownEvents(pass, known?.[0], this.timing)
          : await matchedEvents(ctx, pass, this.timing, this.view.unmatched);
        matched += r.matched;
        owned += r.owned;
        live ||= r.live;
        noteGone(key, events, state, notes, now);
        if (own && r.playing) {
          const sc = refusal(state.quota, 2, this.opts.monthlyBudget);
          if (sc) notes.push(`${key} scores: ${sc}`);
          else {
            pollCost += 2;
            const scores = await this.http.get(
              ctx,
              state.quota,
              now,
              `/v4/sports/${key}/scores`,
              { daysFrom: '1', dateFormat: 'iso' },
              2,
            );
            if (scores === 'exhausted') break;
            applyScores(sport, key, scores, state, { batch, notes, skipped }, this.name);
          }
        }
      }
    } finally {
      this.view.matched = matched;
      this.view.owned = owned;
    }
    forgetStale(state, now);
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
    const body = await this.http.get(ctx, state.quota, now, '/v4/sports', {}, 0);
    if (body === 'exhausted') return state.sports?.keys ?? null;
    const list = parseItems(body, OddsApiSportSchema).ok;
    if (!list.length) return state.sports?.keys ?? null;
    const keys: Record<string, [string, boolean]> = {};
    for (const { value: s } of list) keys[s.key] = [s.title, s.active !== false];
    state.sports = { at: now.toISOString(), keys };
    return keys;
  }
}
