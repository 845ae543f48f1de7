/**
 * One sport key's `/odds` listing turned into the batch: each bookmaker price that changed since
 * the last one sent becomes a tick — on the Scoreline fixture the event matches (another source's;
 * sport, kickoff within the tolerance, team names by the mapping table; the rest listed as
 * unmatched, never guessed), or, for a sport key this source owns, on the fixture the event
 * becomes (source_key `odds-api/<key>/<id>`).
 */
import type { Sport } from '@/lib/sports';
import type { AdapterBatch, AdapterSkip, AdapterSportFixture, NearFixture, PollContext } from '../types';
import { eventTicks, matchEvent } from './odds-api-match';
import type { OddsApiEvent } from './odds-api-schemas';
import { ownLeague, seasonOf } from './odds-api-sports';
import { type EventMemo, eventMemo, type OddsApiState } from './odds-api-state';
import { teamMatchKey } from './odds-api-teams';

/** One unmatched event as feed health lists it. */
export interface UnmatchedEvent {
  event_id: string;
  sport_key: string;
  commence_time: string;
  home_team: string;
  away_team: string;
  reason: string;
}

/** One sport key's listing in one poll: what it is, where it goes. */
export interface ListingPass {
  sport: Sport;
  /** The Odds API sport key, e.g. `icehockey_nhl`. */
  key: string;
  /** The listing's events (already filtered to `key`). */
  events: OddsApiEvent[];
  state: OddsApiState;
  batch: AdapterBatch;
  now: Date;
}

/** The adapter's timing settings a listing needs (milliseconds). */
export interface ListingTiming {
  /** How far a fixture's kickoff may be from the event's `commence_time` to match. */
  kickoffToleranceMs: number;
  /** How long before kickoff a match counts as near (the live interval applies). */
  nearKickoffMs: number;
}

/** What a listing counted: events matched / owned, whether one is near or in play (pacing), whether an owned one is playing (scores wanted). */
export interface ListingResult {
  matched: number;
  owned: number;
  live: boolean;
  playing: boolean;
}

const HOUR = 3_600_000;
/** How long after kickoff a match counts as in play for pacing when no score says otherwise. */
const PLAYING_MS = 4 * HOUR;

/**
 * Events of a sport key another source follows: matched to its fixtures (asked of
 * `ctx.findFixtures` around the events' kickoffs), ticks on them; the rest set in `unmatched`
 * by event id.
 */
export async function matchedEvents(
  ctx: PollContext,
  p: ListingPass,
  timing: ListingTiming,
  unmatched: Map<string, UnmatchedEvent>,
): Promise<ListingResult> {
  const { sport, key, events, state, batch, now } = p;
  const out = { matched: 0, owned: 0, live: false, playing: false };
  if (!events.length) return out;
  const tol = timing.kickoffToleranceMs;
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
      unmatched.set(e.id, {
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
    const memo = eventMemo(state, e, key, now, { fixture_id: f.fixture_id });
    for (const t of freshTicks(e, memo, sideOf, now, batch.skipped!))
      batch.odds!.push({ source_key: `odds-api/${key}/${e.id}`, fixture_id: f.fixture_id, tick: t });
    out.live ||= isNear(e.commence_time, now, timing) && f.status !== 'finished';
  }
  return out;
}

/**
 * Events of an owned sport key: each becomes a fixture (source_key `odds-api/<key>/<id>`, league
 * from the key and `title`, /v4/sports's) with its ticks.
 */
export function ownEvents(p: ListingPass, title: string | undefined, timing: ListingTiming): ListingResult {
  const { sport, key, events, state, batch, now } = p;
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
    const memo = eventMemo(state, e, key, now, { source_key });
    const sideOf = (name: string) => {
      const k = teamMatchKey(sport, name);
      return k === teamMatchKey(sport, e.home_team) ? 'home' : k === teamMatchKey(sport, e.away_team) ? 'away' : null;
    };
    for (const t of freshTicks(e, memo, sideOf, now, batch.skipped!)) batch.odds!.push({ source_key, tick: t });
    const started = Date.parse(e.commence_time) <= now.getTime();
    out.playing ||= started && !memo.completed;
    out.live ||= isNear(e.commence_time, now, timing) && !memo.completed;
  }
  return out;
}

/** The event's ticks whose price differs from the last one sent for the same line (the memo remembers). */
function freshTicks(
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
function isNear(commence: string, now: Date, timing: ListingTiming): boolean {
  const d = Date.parse(commence) - now.getTime();
  return d <= timing.nearKickoffMs && d > -PLAYING_MS;
}
