/**
 * What every ESPN sport mapper shares: the output shape (a fixture and its events), sides from
 * `homeAway` (else `order` 1 = home, the first-named), names, the event state, slugs. Pure.
 */
import type { FeedEvent } from '@/lib/match/state';
import type { Sport } from '@/lib/sports';
import { type EspnCompetitor, EspnCompetitorSchema, type EspnStatus } from './espn-schemas';

/** Which Scoreline sport and league an ESPN `{sport}/{league}` path feeds (server/adapters/espn/espn-leagues.ts). */
export interface EspnLeague {
  /** ESPN's path, e.g. `soccer/eng.1`. */
  path: string;
  sport: Sport;
  /** Scoreline league slug (the catalogue's for football), e.g. `premier-league`, `pga-tour`. */
  competition: string;
  competition_name: string;
}

/** A fixture as the ESPN mappers produce it (ImportedSportMatch's identity fields; football's competition is a catalogue slug). */
export interface EspnFixture {
  sport: Sport;
  /** `espn/<sport path>/<event id>[/<competition id>]`. */
  source_key: string;
  competition: string;
  competition_name: string;
  season: string;
  round: string | null;
  group: string | null;
  venue: string | null;
  /** ISO 8601 UTC. */
  kickoff: string;
  home_team: string;
  away_team: string;
}

/**
 * The fixture of ESPN event `e` (competition `part` of it, for a card's bouts) in `league`:
 * source_key `espn/<path>/<event id>[/<part>]`, season = ESPN's season year (else the kickoff's).
 */
export function espnFixture(
  league: EspnLeague,
  e: { id: string; season?: { year?: number } },
  kickoff: string,
  fields: Pick<EspnFixture, 'home_team' | 'away_team' | 'venue'> & { round?: string | null; part?: string },
): EspnFixture {
  return {
    sport: league.sport,
    source_key: `espn/${league.path}/${e.id}${fields.part ? `/${fields.part}` : ''}`,
    competition: league.competition,
    competition_name: league.competition_name,
    season: String(e.season?.year ?? kickoff.slice(0, 4)),
    round: fields.round ?? null,
    group: null,
    venue: fields.venue,
    kickoff,
    home_team: fields.home_team,
    away_team: fields.away_team,
  };
}

/** One fixture and the events its snapshot implies, oldest first (ids deterministic: a re-poll repeats them). */
export interface EspnMapped {
  fixture: EspnFixture;
  events: FeedEvent[];
  /** Upstream items inside the event that could not be used. */
  skipped: { item: string; reason: string }[];
  /** The odds entries of this fixture's own competition (a card's bout, a tournament's match); absent: the event's first competition's. */
  odds?: readonly unknown[] | null;
}

/** ESPN's state of play: `pre`, `in` or `post` (null when missing or unknown). */
export function stateOf(status: EspnStatus | undefined): 'pre' | 'in' | 'post' | null {
  const s = status?.type?.state;
  return s === 'pre' || s === 'in' || s === 'post' ? s : null;
}

/** ESPN status names that mean the event will not be (or was not) played as scheduled. */
export function interruptionOf(status: EspnStatus | undefined): 'postponed' | 'abandoned' | 'suspended' | null {
  const name = status?.type?.name ?? '';
  if (/POSTPONED/.test(name)) return 'postponed';
  if (/CANCEL|ABANDON|FORFEIT/.test(name)) return 'abandoned';
  if (/SUSPENDED|DELAYED/.test(name)) return 'suspended';
  return null;
}

/** The competitor's display name (team, else athlete), trimmed; null when it names nobody. */
export function nameOf(c: EspnCompetitor): string | null {
  const n = c.team?.displayName ?? c.athlete?.displayName ?? c.athlete?.fullName ?? c.team?.name;
  return n?.trim() ? n.trim() : null;
}

/**
 * The two competitors as home and away: by `homeAway`, else by `order` (1 = home, the
 * first-named, as Scoreline's convention for athletes). Null when there are not exactly two usable.
 */
export function sidesOf(raw: readonly unknown[] | undefined): { home: EspnCompetitor; away: EspnCompetitor } | null {
  const cs = (raw ?? [])
    .map((x) => EspnCompetitorSchema.safeParse(x))
    .filter((r) => r.success)
    .map((r) => r.data);
  if (cs.length !== 2 || !cs.every(nameOf)) return null;
  const home = cs.find((c) => c.homeAway === 'home') ?? [...cs].sort((a, b) => (a.order ?? 9) - (b.order ?? 9))[0];
  const away = cs.find((c) => c !== home)!;
  return { home, away };
}

/** Whether ESPN marks the competitor the winner (`true` or `"true"`). */
export const isWinner = (c: EspnCompetitor): boolean => c.winner === true || c.winner === 'true';

/** ESPN's `2022-10-13T04:00Z` as ISO 8601 UTC with seconds (`2022-10-13T04:00:00Z`); null when unreadable. */
export function isoOf(date: string | undefined): string | null {
  if (!date) return null;
  const ms = Date.parse(date);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().replace('.000Z', 'Z');
}

/**
 * A lower-case slug of `s` (accents folded, no length cap), e.g. "Ángel Di María" → `angel-di-maria`:
 * the player part of event keys. Bookmakers take lib/odds/markets.ts `bookmakerSlug` instead.
 */
export function slugOf(s: string): string {
  return (
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'unknown'
  );
}

/** An event (the engine's FeedEvent: any sport's SportEvent plus football's stoppage) with every field empty but `fields`. */
export function sportEvent(event_id: string, type: string, fields: Partial<FeedEvent> = {}): FeedEvent {
  return {
    event_id,
    type,
    side: null,
    player: null,
    minute: null,
    stoppage: null,
    period: null,
    clock_seconds: null,
    detail: {},
    ...fields,
  };
}
