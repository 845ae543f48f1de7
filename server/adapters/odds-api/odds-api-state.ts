/**
 * What the odds-api adapter keeps between polls (the runner stores it as the adapter's state):
 * the quota ledger, the `/v4/sports` catalogue and a memo per upstream event (the fixture it
 * matched or became, the last price sent per line, the delivered scores). Pure.
 */
import { type Ledger, readLedger } from '../kit/ledger';
import { type QuotaState, readQuota } from './odds-api-quota';
import type { OddsApiEvent } from './odds-api-schemas';

/** What the adapter remembers of one upstream event. */
export interface EventMemo {
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

/** The adapter's stored state (version 1). */
export interface OddsApiState {
  v: 1;
  quota: QuotaState;
  /** `/v4/sports`: key → [title, active], and when it was read. */
  sports?: { at: string; keys: Record<string, [string, boolean]> };
  events: Record<string, EventMemo>;
}

const HOUR = 3_600_000;
/** How long an event unseen upstream is remembered. */
const FORGET_MS = 3 * 24 * HOUR;

/**
 * The stored state read back from `raw` (anything: a missing, old or damaged state starts
 * afresh; memos without `sport_key`/`seen` are dropped). The quota is read for the month of `now`.
 */
export function readState(raw: unknown, now: Date): OddsApiState {
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

/** The event's memo in `state` (created on first sight under sport key `key`), linked by `link` and marked seen `now`. */
export function eventMemo(
  state: OddsApiState,
  e: OddsApiEvent,
  key: string,
  now: Date,
  link: Partial<EventMemo>,
): EventMemo {
  const m = state.events[e.id] ?? { sport_key: key, commence: e.commence_time, prices: {}, seen: now.toISOString() };
  Object.assign(m, link, { commence: e.commence_time, seen: now.toISOString() });
  state.events[e.id] = m;
  return m;
}

/**
 * Pushes to `notes` one line per followed event of `key` the upstream no longer lists in
 * `events` (kept: their ticks stay; nothing is retracted).
 */
export function noteGone(key: string, events: OddsApiEvent[], state: OddsApiState, notes: string[], now: Date): void {
  const listed = new Set(events.map((e) => e.id));
  for (const [id, m] of Object.entries(state.events))
    if (m.sport_key === key && !listed.has(id) && !m.completed && m.seen !== now.toISOString())
      notes.push(
        `event ${id} (${key}, kickoff ${m.commence}) is no longer listed upstream: its lines stay as last seen`,
      );
}

/** Drops the memos of events last seen more than three days before `now`. */
export function forgetStale(state: OddsApiState, now: Date): void {
  for (const [k, e] of Object.entries(state.events))
    if (now.getTime() - Date.parse(e.seen) > FORGET_MS) delete state.events[k];
}
