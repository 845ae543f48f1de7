/**
 * Source adapter `espn`: ESPN's site API as a declared poll plan (docs/adapters.md "ESPN").
 * Each poll, per followed league (ESPN_LEAGUES):
 *   GET {ESPN_API_URL}/apis/site/v2/sports/{sport}/{league}/scoreboard?dates=YYYYMMDD (UTC today)
 * for discovery and live state, then for each soccer match in progress (and once more after it
 * ends) GET …/summary?event={id} for the timeline (key events) and odds (pickcenter / odds).
 * Scores and states come from the scoreboard alone while a summary is unavailable (an error, a
 * malformed body): the match is still followed and the summary tried again next poll.
 * Mapping (pure): espn-football.ts, espn-golf.ts, espn-mma.ts, espn-tennis.ts,
 * espn-cricket.ts, espn-odds.ts. What was delivered
 * per fixture is kept in the kit's ledger (server/adapters/kit/ledger.ts) inside the adapter
 * state, so a re-poll sends only new events and a changed incident becomes an amend correction.
 */
import { type Ledger, diffDelivered, readLedger } from '../kit/ledger';
import { UpstreamError } from '../kit/upstream-error';
import type { AdapterBatch, AdapterFixture, AdapterSkip, AdapterState, PollContext, SourceAdapter } from '../types';
import type { EspnLeague, EspnMapped } from './espn-common';
import { stateOf } from './espn-common';
import { mapCricket } from './espn-cricket';
import { mapFootball } from './espn-football';
import { mapGolf } from './espn-golf';
import { espnLeague } from './espn-leagues';
import { mapMmaCard } from './espn-mma';
import { mapTennis } from './espn-tennis';
import { espnOddsTicks } from './espn-odds';
import {
  EspnCompetitionSchema,
  EspnEventSchema,
  EspnScoreboardSchema,
  type EspnEvent,
  type EspnSummary,
  EspnSummarySchema,
  parseEach,
} from './espn-schemas';

/** Settings of the adapter (server/config-sources.ts row `espn`). */
export interface EspnOptions {
  /** Default `https://site.api.espn.com`. */
  baseUrl: string;
  /** ESPN `{sport}/{league}` paths (espn-leagues.ts). */
  leagues: string[];
  /** Follow only fixtures with one of these teams or athletes (upper-cased substrings); empty = all. */
  teams?: string[];
  intervalMs?: number;
  liveIntervalMs?: number;
  requestsPerMinute?: number;
}

/** The adapter state: each fixture's ledger and whether its summary after the end was read. */
interface EspnState {
  v: 1;
  fixtures: Record<string, { ledger: Ledger; seen: string; done?: boolean; tries?: number }>;
}
const DAY = 86_400_000;
/** Polls after a match's end that try its summary while it is unavailable. */
const SUMMARY_TRIES = 3;

function readState(raw: unknown): EspnState {
  const r = raw as Partial<EspnState> | null;
  const fixtures: EspnState['fixtures'] = {};
  if (r && r.v === 1 && r.fixtures && typeof r.fixtures === 'object')
    for (const [k, f] of Object.entries(r.fixtures))
      if (f && typeof f === 'object' && typeof (f as { seen?: unknown }).seen === 'string')
        fixtures[k] = {
          ledger: readLedger(f.ledger),
          seen: f.seen,
          ...(f.done ? { done: true } : {}),
          ...(Number.isInteger(f.tries) ? { tries: f.tries } : {}),
        };
  return { v: 1, fixtures };
}

const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');

export class EspnAdapter implements SourceAdapter {
  readonly name = 'espn';
  readonly intervalMs: number;
  readonly liveIntervalMs: number;
  readonly requestsPerMinute: number;
  private readonly leagues: EspnLeague[];
  private readonly base: string;

  /** Errors: Error for a league path espn-leagues.ts cannot map (config.ts checks them first). */
  constructor(private readonly opts: EspnOptions) {
    this.leagues = opts.leagues.map(espnLeague);
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.intervalMs = opts.intervalMs ?? 300_000;
    this.liveIntervalMs = opts.liveIntervalMs ?? 30_000;
    this.requestsPerMinute = opts.requestsPerMinute ?? 30;
  }

  /** One poll (see the module comment). Errors: UpstreamError for a failed scoreboard request (the runner backs off). */
  async poll(ctx: PollContext): Promise<AdapterBatch> {
    const state = readState(ctx.state);
    const observedAt = ctx.now.toISOString();
    const batch: AdapterBatch & { skipped: AdapterSkip[] } = {
      fixtures: [],
      events: [],
      odds: [],
      skipped: [],
      state: state as unknown as AdapterState,
    };
    let live = false;
    let followed = 0;
    for (const league of this.leagues) {
      const path = `/apis/site/v2/sports/${league.path}/scoreboard?dates=${ymd(ctx.now)}`;
      const board = EspnScoreboardSchema.safeParse(await this.get(ctx, path, batch.skipped));
      if (!board.success) {
        batch.skipped.push({ item: path, reason: 'not a scoreboard (no events)' });
        continue;
      }
      const events = parseEach(board.data.events, EspnEventSchema);
      for (const i of events.bad)
        batch.skipped.push({ item: `${league.path} events[${i}]`, reason: 'malformed event' });
      for (const { value: e } of events.ok) {
        const c = EspnCompetitionSchema.safeParse(e.competitions?.[0]);
        const st = stateOf(c.data?.status ?? e.status);
        if (st === 'in') live = true;
        const summary = await this.summaryFor(ctx, league, e, st, state, batch.skipped);
        const mapped = this.map(league, e, summary, batch.skipped);
        for (const m of mapped) {
          if (!this.wanted(m)) continue;
          followed += 1;
          batch.fixtures.push(m.fixture as AdapterFixture);
          batch.skipped.push(...m.skipped);
          const key = m.fixture.source_key;
          const prev = state.fixtures[key] ?? { ledger: { sent: {} }, seen: observedAt };
          const diff = diffDelivered(prev.ledger, m.events, { complete: false, source: this.name });
          for (const ev of diff.events) batch.events.push({ source_key: key, event: ev });
          state.fixtures[key] = { ...prev, ledger: diff.ledger, seen: observedAt };
          // After the end the summary is read once (tried at most SUMMARY_TRIES times while unavailable).
          if (m.fixture.sport === 'football' && st === 'post') {
            const tries = (prev.tries ?? 0) + 1;
            state.fixtures[key].tries = tries;
            if (summary || tries >= SUMMARY_TRIES) state.fixtures[key].done = true;
          }
          const own = m.odds !== undefined ? m.odds : c.data?.odds;
          const entries = [...(own ?? []), ...(summary?.pickcenter ?? []), ...(summary?.odds ?? [])];
          const idOf = m.fixture.source_key.split('/').slice(3).join(':');
          for (const t of espnOddsTicks(idOf, entries, observedAt)) batch.odds!.push({ source_key: key, tick: t });
        }
      }
    }
    for (const [k, f] of Object.entries(state.fixtures))
      if (ctx.now.getTime() - Date.parse(f.seen) > 3 * DAY) delete state.fixtures[k];
    batch.pacing = { live };
    batch.followed = followed;
    return batch;
  }

  /** The fixtures and events of one scoreboard event, by sport (rugby: not mapped yet → none); event-level skips go to `skipped`. */
  private map(league: EspnLeague, e: EspnEvent, summary: EspnSummary | null, skipped: AdapterSkip[]): EspnMapped[] {
    if (league.sport === 'football') return [mapFootball(e, league, summary)].filter((m): m is EspnMapped => m != null);
    if (league.sport === 'golf') return [mapGolf(e, league)].filter((m): m is EspnMapped => m != null);
    if (league.sport === 'mma') return mapMmaCard(e, league);
    if (league.sport === 'tennis') return mapTennis(e, league, skipped);
    if (league.sport === 'cricket') return [mapCricket(e, league)].filter((m): m is EspnMapped => m != null);
    return [];
  }

  /** Whether a fixture passes the team filter (ESPN_TEAMS): a team or athlete name containing one of them. */
  private wanted(m: EspnMapped): boolean {
    const teams = this.opts.teams ?? [];
    if (!teams.length) return true;
    const names = `${m.fixture.home_team}|${m.fixture.away_team}`.toUpperCase();
    return teams.some((t) => names.includes(t));
  }

  /** The summary of a soccer match in progress or just finished (not yet read after its end); null when not needed or unavailable. */
  private async summaryFor(
    ctx: PollContext,
    league: EspnLeague,
    e: EspnEvent,
    st: ReturnType<typeof stateOf>,
    state: EspnState,
    skipped: AdapterSkip[],
  ): Promise<EspnSummary | null> {
    if (league.sport !== 'football' || (st !== 'in' && st !== 'post')) return null;
    if (st === 'post' && state.fixtures[`espn/${league.path}/${e.id}`]?.done) return null;
    const path = `/apis/site/v2/sports/${league.path}/summary?event=${encodeURIComponent(e.id)}`;
    try {
      const body = await this.get(ctx, path, skipped);
      const r = EspnSummarySchema.safeParse(body);
      return r.success && body !== undefined ? r.data : null;
    } catch (err) {
      if (!(err instanceof UpstreamError) || err.kind === 'stopped' || err.kind === 'budget') throw err;
      skipped.push({ item: path, reason: `${err.message}: scores from the scoreboard alone` });
      return null;
    }
  }

  /**
   * GETs a path through the kit's client; its JSON body, or undefined (a skip recorded) for a 4xx
   * or a malformed body. Transport failures, 429 and 5xx throw UpstreamError: for the scoreboard
   * the runner backs off; a summary's is caught by summaryFor (scoreboard alone).
   */
  private async get(ctx: PollContext, path: string, skipped: AdapterSkip[]): Promise<unknown> {
    try {
      const res = await ctx.http.getJson(this.base + path);
      if (res.status >= 200 && res.status < 400) return res.body;
      skipped.push({ item: path, reason: `HTTP ${res.status}` });
      return undefined;
    } catch (e) {
      if (!(e instanceof UpstreamError) || e.kind !== 'malformed') throw e;
      skipped.push({ item: path, reason: e.message });
      return undefined;
    }
  }
}
