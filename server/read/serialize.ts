/**
 * Serialization of stored state to the wire shapes in lib/wire/schemas.ts (instants ISO 8601 UTC
 * with Z). The read layer (REST, pages), the WebSocket gateway and the webhook payloads all call
 * these: the same stored event is never computed three times. Every sport goes through the same
 * path: its rules' projection (lib/rules/contract.ts), nothing sport-specific here.
 */
import type { LastEvent } from '@/lib/match/events';
import type { z } from 'zod';
import type {
  FixtureSchema,
  LiveMatchSchema,
  LiveSummarySchema,
  MatchEventSchema,
  ResultSchema,
} from '@/lib/wire/schemas';
import { projectMatch, rulesOptions, type MatchState } from '@/lib/match/state';
import type { FixtureInfo, StoredEvent } from '@/lib/match/types';
import { isoUtc, type FixtureRow } from '../store/fixture-info';

type LiveMatch = z.infer<typeof LiveMatchSchema>;

function teamName(info: FixtureInfo, side: 'home' | 'away' | null): string | null {
  return side === 'home' ? info.home_team : side === 'away' ? info.away_team : null;
}

function lastEvent(info: FixtureInfo, le: LastEvent | null): LiveMatch['last_event'] {
  return le && le.side
    ? {
        type: le.type,
        team: teamName(info, le.side)!,
        player: le.player ?? '',
        minute: le.minute ?? 0,
        event_id: le.event_id,
        side: le.side,
        stoppage_time: le.stoppage,
        occurred_at: isoUtc(le.occurred_at),
      }
    : null;
}

/**
 * Spec 2.1 live match of any sport at wall time `nowMs` (ms since epoch), from its rules'
 * projection (lib/match/state.ts projectMatch): score, minute, period and status for all ten
 * sports; the sport's live state under `state`, or — for a sport whose projection has
 * `top_level` (football, docs/football.md) — stoppage time, clock, half-time score, penalties
 * and red cards at the top and `state: null`. Those five are null for the other sports.
 */
export function toLiveMatch(info: FixtureInfo, state: MatchState, seq: number, nowMs = Date.now()): LiveMatch {
  const p = projectMatch(info.sport, state, nowMs, rulesOptions(info));
  const top = p.top_level;
  return {
    fixture_id: info.id,
    sport: info.sport,
    league: info.competition.name,
    home_team: info.home_team,
    away_team: info.away_team,
    home_team_id: info.home_team_id,
    away_team_id: info.away_team_id,
    score: { ...p.score },
    minute: p.minute,
    period: p.period,
    status: p.status,
    last_event: lastEvent(info, state.last_event),
    updated_at: isoUtc(state.updated_at ?? info.kickoff),
    league_slug: info.competition.slug,
    season: info.competition.season,
    kickoff: info.kickoff,
    stoppage_time: top ? top.stoppage_time : null,
    clock: top?.clock ? { ...top.clock, as_of: isoUtc(top.clock.as_of) } : null,
    halftime_score: top ? top.halftime_score : null,
    penalties: top ? top.penalties : null,
    red_cards: top ? top.red_cards : null,
    state: top ? null : p.state,
    seq,
  };
}

/** Spec 2.2 summary from a live match. */
export function toLiveSummary(m: LiveMatch): z.infer<typeof LiveSummarySchema> {
  return {
    match: `${m.home_team} vs ${m.away_team}`,
    score: `${m.score.home}-${m.score.away}`,
    minute: m.minute,
    fixture_id: m.fixture_id,
    league: m.league,
    status: m.status,
    period: m.period,
    last_event: m.last_event,
    updated_at: m.updated_at,
  };
}

/** A fixture in a list (fixtures endpoint). */
export function toFixture(r: FixtureRow): z.infer<typeof FixtureSchema> {
  const started = r.status !== 'scheduled' && r.status !== 'postponed' && r.homeScore != null && r.awayScore != null;
  return {
    fixture_id: r.id,
    sport: r.sport,
    league: r.league,
    league_slug: r.slug,
    season: r.season,
    round: r.round,
    group: r.group,
    kickoff: isoUtc(r.kickoff),
    home_team: r.homeTeam,
    away_team: r.awayTeam,
    venue: r.venue,
    status: r.status,
    score: started ? { home: r.homeScore!, away: r.awayScore! } : null,
    home_team_id: r.homeTeamId,
    away_team_id: r.awayTeamId,
    season_id: r.competitionId,
  };
}

/** The side that won a shoot-out, null without one or when it is level. */
function shootoutWinner(pens: { home: number; away: number } | null): 'home' | 'away' | null {
  return pens && pens.home !== pens.away ? (pens.home > pens.away ? 'home' : 'away') : null;
}

/**
 * A finished match, from its rules' projection (lib/match/state.ts projectMatch), the same path
 * for every sport. `winner`: the rules' recorded result where the sport keeps one (a tie or no
 * result is `draw`; cricket, tennis, ice hockey OT/SO, rugby…), and `result` carries its detail
 * (cricket margin and method, tennis sets, tries…: the projection's `state.result`); otherwise
 * the score, then the shoot-out. Half-time score and penalties come from the projection's
 * `top_level` (football), null for the other sports. A null `state` (no events) gives the score's
 * winner and no detail.
 */
export function toResult(r: FixtureRow, state: MatchState | null): z.infer<typeof ResultSchema> {
  const home = r.homeScore ?? 0;
  const away = r.awayScore ?? 0;
  const byScore = home !== away ? (home > away ? 'home' : 'away') : 'draw';
  const p = state ? projectMatch(r.sport, state, undefined, rulesOptions(r)) : null;
  const top = p?.top_level;
  const result = (p?.state.result as Record<string, unknown> | null | undefined) ?? null;
  const pens = top ? top.penalties : null;
  const w = result?.winner;
  const winner =
    w === 'home' || w === 'away'
      ? w
      : result && 'winner' in result
        ? 'draw'
        : byScore !== 'draw'
          ? byScore
          : (shootoutWinner(pens) ?? 'draw');
  return {
    ...toFixture(r),
    status: 'finished',
    score: { home, away },
    halftime_score: top ? top.halftime_score : null,
    penalties: pens,
    winner,
    result,
  };
}

/** A stored event on the wire (REST timeline, WebSocket `event`). */
export function toMatchEvent(
  e: StoredEvent & { amended?: boolean },
  info: FixtureInfo,
): z.infer<typeof MatchEventSchema> {
  return {
    ...(e.amended ? { amended: true } : {}),
    seq: e.seq,
    event_id: e.event_id,
    fixture_id: e.fixture_id,
    type: e.type,
    team: teamName(info, e.side),
    side: e.side,
    player: e.player,
    minute: e.minute,
    stoppage_time: e.stoppage,
    period: e.period,
    detail: e.detail,
    occurred_at: isoUtc(e.occurred_at),
    received_at: isoUtc(e.received_at),
  };
}

/** The stored fields of one odds tick that the wire carries (server/engine/types.ts StoredTick has them). */
export interface OddsTickFields {
  bookmaker: string;
  market: string;
  selection: string;
  line: number | null;
  /** Decimal odds. */
  price: number;
  /** ISO 8601 UTC. */
  observed_at: string;
  seq: number;
}

/**
 * The wire form of a match's new odds ticks, in the order given: the WebSocket `odds` message's
 * `ticks` (lib/wire/ws.ts) and the webhook `odds.updated` data's (lib/wire/webhooks.ts) alike.
 */
export function toOddsTicks(ticks: readonly OddsTickFields[]): OddsTickFields[] {
  return ticks.map((x) => ({
    bookmaker: x.bookmaker,
    market: x.market,
    selection: x.selection,
    line: x.line,
    price: x.price,
    observed_at: x.observed_at,
    seq: x.seq,
  }));
}
