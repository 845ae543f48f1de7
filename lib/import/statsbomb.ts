import type { SourceEvent } from '@/lib/match/events';
import type { FootballPeriod, MatchResult, Side } from '../football/types';
import { canonicalTeamName } from '../catalogue/teams';
import { ImportError } from './errors';
import { toIsoUtc } from './kickoff';
import { parseStatsbombLineups, type StartingXiEvent } from './statsbomb-lineups';
import type { ImportedMatch } from './types';

/*
 * StatsBomb open-data event files (github.com/statsbomb/open-data `data/events/<id>.json`,
 * StatsBomb Public Data User Agreement). See docs/data-formats.md "StatsBomb open-data events".
 */

interface Named {
  id?: number;
  name: string;
}
/** The subset of a StatsBomb event this importer reads. */
interface SbEvent {
  id: string;
  index: number;
  period: number;
  minute: number;
  second: number;
  type: Named;
  team: Named;
  player?: Named;
  related_events?: string[];
  shot?: { outcome?: Named; type?: Named };
  foul_committed?: { card?: Named; penalty?: boolean };
  bad_behaviour?: { card?: Named };
  substitution?: { outcome?: Named; replacement?: Named };
  pass?: { type?: Named };
  tactics?: StartingXiEvent['tactics'];
}

/** Options of {@link parseStatsbomb}. */
export interface StatsbombOptions {
  /** StatsBomb match id (the events file name), e.g. `3788741`. */
  matchId: string;
  competition: string;
  season: string;
  /** Kickoff, any ISO 8601 string `Date.parse` accepts; emitted as ISO UTC with Z. */
  kickoff: string;
  /** Home team as spelled by StatsBomb (or any alias); default: team of the first Starting XI. */
  home?: string;
}

const PERIODS: Record<number, FootballPeriod> = {
  1: '1st_half',
  2: '2nd_half',
  3: 'extra_time_1st',
  4: 'extra_time_2nd',
  5: 'penalties',
};
const REGULATION_END: Record<number, number> = { 1: 45, 2: 90, 3: 105, 4: 120 };
const CARDS: Record<string, string> = {
  'Yellow Card': 'yellow',
  'Second Yellow': 'second_yellow',
  'Red Card': 'red',
};

/**
 * Displayed minute/stoppage of a StatsBomb clock reading: minute = min(minute+1, regulation end
 * of the period), stoppage = the overflow or null (period 1 at 45:55 → 45+1; period 2 at 93:03
 * → 90+4). Shoot-out (period 5) readings have no displayed minute (both null).
 */
export function statsbombMinute(period: number, minute: number): { minute: number | null; stoppage: number | null } {
  const end = REGULATION_END[period];
  if (end === undefined) return { minute: null, stoppage: null };
  const shown = minute + 1;
  return shown > end ? { minute: end, stoppage: shown - end } : { minute: shown, stoppage: null };
}

function checkEvents(events: unknown): SbEvent[] {
  if (!Array.isArray(events)) throw new ImportError('StatsBomb events file must be a JSON array');
  events.forEach((e: Partial<SbEvent> | null, i) => {
    const ok =
      e &&
      typeof e.id === 'string' &&
      typeof e.period === 'number' &&
      typeof e.minute === 'number' &&
      typeof e.second === 'number' &&
      typeof e.type?.name === 'string' &&
      typeof e.team?.name === 'string';
    if (!ok) throw new ImportError(`StatsBomb event #${i + 1} lacks id/period/minute/second/type/team`);
  });
  return events as SbEvent[];
}

/**
 * Parses one StatsBomb match (events + lineups files) into an ImportedMatch.
 *
 * Mapping: `Half Start`/`Half End` → period_start/period_end once per period (StatsBomb has one
 * per team), plus `full_time` after the last period end; Shot with outcome Goal → goal
 * (detail.penalty for shot type Penalty); `Own Goal For` → goal for that team with the player of
 * the related/same-time `Own Goal Against`, detail.own_goal; foul_committed.card /
 * bad_behaviour.card → card (yellow | second_yellow | red); Substitution → substitution (player
 * leaving, detail.replacement, detail.reason tactical|injury); Pass type Corner → corner;
 * Foul Committed with penalty → penalty_awarded for the opponent of the fouling team; a
 * Penalty Shot not scored in periods 1–4 → penalty_missed. Period 5 kicks become one
 * `shootout` event {home, away} placed before the shoot-out's period_end.
 *
 * Events stay in StatsBomb order (period, then clock); clock_seconds = minute*60+second (the
 * StatsBomb match clock, period 2 from 45:00), minute/stoppage per {@link statsbombMinute}.
 * event_id = `statsbomb:${matchId}:${uuid}`; a second live event from the same StatsBomb event
 * (a foul with both a card and a penalty, the full_time after a Half End) gets `:${type}` appended.
 * result: ft = goals in periods 1–2, ht = period 1, et = periods 1–4 (null without extra time),
 * p = shoot-out (null without period 5).
 * @param events parsed events JSON (array)
 * @param lineups parsed lineups JSON (array of `{team_id, team_name, lineup[]}`)
 * @throws ImportError on malformed input, an invalid kickoff, or `home` naming neither team.
 */
export function parseStatsbomb(events: unknown, lineups: unknown, opts: StatsbombOptions): ImportedMatch {
  const evs = checkEvents(events);
  const kickoffMs = Date.parse(opts.kickoff);
  if (Number.isNaN(kickoffMs)) throw new ImportError(`invalid kickoff "${opts.kickoff}" (expected ISO 8601)`);
  const xi = evs.filter((e) => e.type.name === 'Starting XI');
  const teams = [...new Set([...xi, ...evs].map((e) => e.team.name))];
  if (teams.length !== 2)
    throw new ImportError(`StatsBomb match ${opts.matchId}: expected 2 teams, found ${teams.length}`);
  let home = teams[0];
  if (opts.home !== undefined) {
    const want = canonicalTeamName(opts.home);
    const found = teams.find((t) => t === opts.home || canonicalTeamName(t) === want);
    if (!found) throw new ImportError(`--home "${opts.home}" is neither ${teams[0]} nor ${teams[1]}`);
    home = found;
  }
  const away = teams.find((t) => t !== home) as string;
  const sideOf = (e: SbEvent): Side => (e.team.name === home ? 'home' : 'away');
  const other = (s: Side): Side => (s === 'home' ? 'away' : 'home');

  const out: SourceEvent[] = [];
  const used = new Set<string>();
  const push = (e: SbEvent, type: SourceEvent['type'], side: Side | null, player: string | null, detail = {}) => {
    let eventId = `statsbomb:${opts.matchId}:${e.id}`;
    if (used.has(eventId)) eventId += `:${type}`;
    used.add(eventId);
    const { minute, stoppage } = statsbombMinute(e.period, e.minute);
    const period = PERIODS[e.period] ?? null;
    out.push({
      event_id: eventId,
      type,
      side,
      player,
      minute,
      stoppage,
      period,
      clock_seconds: e.minute * 60 + e.second,
      detail,
    });
  };

  const goals: Record<number, [number, number]> = {};
  const addGoal = (period: number, side: Side) => {
    const g = (goals[period] ??= [0, 0]);
    g[side === 'home' ? 0 : 1] += 1;
  };
  const started = new Set<number>();
  const ended = new Set<number>();
  let lastEnd: SbEvent | null = null;
  for (const e of evs) {
    const side = sideOf(e);
    const player = e.player?.name ?? null;
    switch (e.type.name) {
      case 'Half Start':
        if (!started.has(e.period)) push(e, 'period_start', null, null);
        started.add(e.period);
        break;
      case 'Half End':
        if (ended.has(e.period)) break;
        ended.add(e.period);
        if (e.period === 5 && goals[5]) push(e, 'shootout', null, null, { home: goals[5][0], away: goals[5][1] });
        push(e, 'period_end', null, null);
        lastEnd = e;
        break;
      case 'Shot': {
        const scored = e.shot?.outcome?.name === 'Goal';
        const penalty = e.shot?.type?.name === 'Penalty';
        if (e.period === 5) {
          goals[5] ??= [0, 0];
          if (scored) addGoal(5, side);
        } else if (scored) {
          addGoal(e.period, side);
          push(e, 'goal', side, player, penalty ? { penalty: true } : {});
        } else if (penalty) push(e, 'penalty_missed', side, player);
        break;
      }
      case 'Own Goal For': {
        const against = evs.find(
          (a) =>
            a.type.name === 'Own Goal Against' &&
            (a.related_events?.includes(e.id) ||
              e.related_events?.includes(a.id) ||
              (a.period === e.period && a.minute === e.minute && a.second === e.second)),
        );
        addGoal(e.period, side);
        push(e, 'goal', side, against?.player?.name ?? null, { own_goal: true });
        break;
      }
      case 'Foul Committed':
      case 'Bad Behaviour': {
        const card = (e.foul_committed ?? e.bad_behaviour)?.card?.name;
        if (card && CARDS[card]) push(e, 'card', side, player, { card: CARDS[card] });
        if (e.foul_committed?.penalty) push(e, 'penalty_awarded', other(side), null);
        break;
      }
      case 'Substitution': {
        const reason = e.substitution?.outcome?.name?.toLowerCase();
        const detail: Record<string, unknown> = { replacement: e.substitution?.replacement?.name ?? null };
        if (reason === 'tactical' || reason === 'injury') detail.reason = reason;
        push(e, 'substitution', side, player, detail);
        break;
      }
      case 'Pass':
        if (e.pass?.type?.name === 'Corner') push(e, 'corner', side, player);
        break;
    }
  }
  if (goals[5] && !ended.has(5))
    push(evs[evs.length - 1], 'shootout', null, null, { home: goals[5][0], away: goals[5][1] });
  if (lastEnd) push(lastEnd, 'full_time', null, null);

  const sum = (ps: number[]): [number, number] =>
    ps.reduce<[number, number]>((acc, p) => [acc[0] + (goals[p]?.[0] ?? 0), acc[1] + (goals[p]?.[1] ?? 0)], [0, 0]);
  const hasEt = evs.some((e) => e.period === 3 || e.period === 4);
  const result: MatchResult = {
    ht: sum([1]),
    ft: sum([1, 2]),
    et: hasEt ? sum([1, 2, 3, 4]) : null,
    p: evs.some((e) => e.period === 5) ? sum([5]) : null,
  };
  return {
    source: 'statsbomb',
    source_key: `statsbomb/${opts.matchId}`,
    competition: opts.competition,
    season: opts.season,
    round: null,
    group: null,
    venue: null,
    kickoff: toIsoUtc(kickoffMs),
    home_team: home,
    away_team: away,
    status: 'finished',
    result,
    events: out,
    lineups: parseStatsbombLineups(lineups, xi, { home, away }),
    odds: [],
    stats: null,
  };
}
