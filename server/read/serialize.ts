/**
 * Serialization of stored state to the wire shapes in lib/wire/schemas.ts (instants ISO 8601 UTC
 * with Z). The read layer (REST, pages), the WebSocket gateway and the webhook payloads all call
 * these: the same stored event is never computed three times. Football and the other sports keep
 * their own serializers.
 */
import { matchMinute } from '@/lib/football/rules';
import type { FootballState, LastEvent } from '@/lib/football/state';
import type { z } from 'zod';
import type { FixtureSchema, LiveMatchSchema, LiveSummarySchema, MatchEventSchema, ResultSchema } from '@/lib/wire/schemas';
import { projectSportState, rulesOptions, type MatchState, type SportMatchState } from '@/lib/match/state';
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
 * Spec 2.1 live match of any sport at wall time `nowMs` (football reads its minute from the match
 * clock; other sports' minute, period and own state come from their rules' projection).
 */
export function toLiveMatch(info: FixtureInfo, state: MatchState, seq: number, nowMs = Date.now()): LiveMatch {
  if (info.sport !== 'football') return toSportLiveMatch(info, state as SportMatchState, seq);
  return toFootballLiveMatch(info, state as FootballState, seq, nowMs);
}

function toSportLiveMatch(info: FixtureInfo, state: SportMatchState, seq: number): LiveMatch {
  const p = projectSportState(info.sport, state, rulesOptions(info));
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
    stoppage_time: null,
    clock: null,
    halftime_score: null,
    penalties: null,
    red_cards: null,
    state: p.state,
    seq,
  };
}

function toFootballLiveMatch(info: FixtureInfo, state: FootballState, seq: number, nowMs: number): LiveMatch {
  const { minute, stoppage } = matchMinute(state, nowMs);
  return {
    fixture_id: info.id,
    sport: info.sport,
    league: info.competition.name,
    home_team: info.home_team,
    away_team: info.away_team,
    home_team_id: info.home_team_id,
    away_team_id: info.away_team_id,
    score: { ...state.score },
    minute,
    period: state.period,
    status: state.status,
    last_event: lastEvent(info, state.last_event),
    updated_at: isoUtc(state.updated_at ?? info.kickoff),
    league_slug: info.competition.slug,
    season: info.competition.season,
    kickoff: info.kickoff,
    stoppage_time: stoppage,
    clock: state.clock ? { ...state.clock, as_of: isoUtc(state.clock.as_of) } : null,
    halftime_score: state.halftime_score,
    penalties: state.penalties,
    red_cards: { home: state.cards.home.red, away: state.cards.away.red },
    state: null,
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

/**
 * A finished match. Football: half-time score and shoot-out from the snapshot, `winner` decided
 * after extra time and penalties. Other sports: `winner` from their rules' recorded result (a tie
 * or no result is `draw`), and `result` carries the sport's detail (cricket margin and method,
 * tennis sets, ice hockey OT/SO, rugby tries…: the projection's `result`).
 */
export function toResult(r: FixtureRow, state: MatchState | null): z.infer<typeof ResultSchema> {
  const home = r.homeScore ?? 0;
  const away = r.awayScore ?? 0;
  const byScore = home !== away ? (home > away ? 'home' : 'away') : 'draw';
  if (r.sport !== 'football') {
    const p = state ? projectSportState(r.sport, state as SportMatchState, rulesOptions(r)) : null;
    const result = (p?.state.result as Record<string, unknown> | null | undefined) ?? null;
    const w = result?.winner;
    const winner = w === 'home' || w === 'away' ? w : result && 'winner' in result ? 'draw' : byScore;
    return { ...toFixture(r), status: 'finished', score: { home, away }, halftime_score: null, penalties: null, winner, result };
  }
  const fs = state as FootballState | null;
  const pens = fs?.penalties ?? null;
  const winner = byScore !== 'draw' ? byScore : pens && pens.home !== pens.away ? (pens.home > pens.away ? 'home' : 'away') : 'draw';
  return { ...toFixture(r), status: 'finished', score: { home, away }, halftime_score: fs?.halftime_score ?? null, penalties: pens, winner, result: null };
}

/** A stored event on the wire (REST timeline, WebSocket `event`). */
export function toMatchEvent(e: StoredEvent & { amended?: boolean }, info: FixtureInfo): z.infer<typeof MatchEventSchema> {
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
