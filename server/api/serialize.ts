/**
 * Serialization of stored state to the wire shapes in lib/wire/schemas.ts. REST, WebSocket and
 * (later) webhooks all call these: the same stored event is never computed three times.
 */
import { matchMinute } from '@/lib/football/rules';
import type { FootballState } from '@/lib/football/state';
import type { FootballPeriod, FootballStatus } from '@/lib/football/types';
import type { z } from 'zod';
import type { FixtureSchema, LiveMatchSchema, LiveSummarySchema, MatchEventSchema, ResultSchema } from '@/lib/wire/schemas';
import type { FixtureInfo, StoredEvent } from '../engine/types';
import { isoUtc, type FixtureRow } from '../store/fixture-info';

type LiveMatch = z.infer<typeof LiveMatchSchema>;

function teamName(info: FixtureInfo, side: 'home' | 'away' | null): string | null {
  return side === 'home' ? info.home_team : side === 'away' ? info.away_team : null;
}

/** Spec 2.1 live match at wall time `nowMs` (the minute is read from the match clock). */
export function toLiveMatch(info: FixtureInfo, state: FootballState, seq: number, nowMs = Date.now()): LiveMatch {
  const { minute, stoppage } = matchMinute(state, nowMs);
  const le = state.last_event;
  return {
    fixture_id: info.id,
    sport: info.sport,
    league: info.competition.name,
    home_team: info.home_team,
    away_team: info.away_team,
    score: { ...state.score },
    minute,
    period: state.period,
    status: state.status,
    last_event:
      le && le.side
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
        : null,
    updated_at: isoUtc(state.updated_at ?? info.kickoff),
    league_slug: info.competition.slug,
    season: info.competition.season,
    kickoff: info.kickoff,
    stoppage_time: stoppage,
    clock: state.clock ? { ...state.clock, as_of: isoUtc(state.clock.as_of) } : null,
    halftime_score: state.halftime_score,
    penalties: state.penalties,
    red_cards: { home: state.cards.home.red, away: state.cards.away.red },
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
    status: r.status as FootballStatus,
    score: started ? { home: r.homeScore!, away: r.awayScore! } : null,
  };
}

/** A full-time result; half-time score and shoot-out come from the match snapshot. */
export function toResult(r: FixtureRow, state: FootballState | null): z.infer<typeof ResultSchema> {
  const home = r.homeScore ?? 0;
  const away = r.awayScore ?? 0;
  const pens = state?.penalties ?? null;
  const winner = home !== away ? (home > away ? 'home' : 'away') : pens && pens.home !== pens.away ? (pens.home > pens.away ? 'home' : 'away') : 'draw';
  return { ...toFixture(r), status: 'finished', score: { home, away }, halftime_score: state?.halftime_score ?? null, penalties: pens, winner };
}

/** A stored event on the wire (REST timeline, WebSocket `event`). */
export function toMatchEvent(e: StoredEvent, info: FixtureInfo): z.infer<typeof MatchEventSchema> {
  return {
    seq: e.seq,
    event_id: e.event_id,
    fixture_id: e.fixture_id,
    type: e.type,
    team: teamName(info, e.side),
    side: e.side,
    player: e.player,
    minute: e.minute,
    stoppage_time: e.stoppage,
    period: e.period as FootballPeriod | null,
    detail: e.detail,
    occurred_at: isoUtc(e.occurred_at),
    received_at: isoUtc(e.received_at),
  };
}
