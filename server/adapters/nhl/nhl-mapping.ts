/**
 * api-web.nhle.com play-by-play → Scoreline (docs/adapters.md "nhl"): the fixture upsert and the
 * whole list of ice-hockey events the upstream shows now for one game, in `sortOrder` (the kit's
 * ledger, server/adapters/kit/ledger.ts, turns that list into new events and corrections). Pure.
 *
 * | upstream | Scoreline |
 * |---|---|
 * | `period-start` / `period-end` | `period_start` / `period_end` (`p1`…`p3`, `ot<n>`, `shootout`) |
 * | `goal` | a `shot` on goal, then `goal`: scorer, `detail.assists`, `detail.strength` from `situationCode`, `detail.goalie` |
 * | `shot-on-goal` | `shot` (`on_goal`, `goalie`) |
 * | `penalty` | `penalty`: side = the penalised team, player = `committedByPlayerId` (none for a bench minor; `served_by`), `kind` from `typeCode`, `minutes` = `duration`, `infraction` = `descKey` |
 * | shoot-out `goal` / `shot-on-goal` / `missed-shot` | `shootout_attempt` {scored} |
 * | `gameState` FINAL/OFF | `result` {home, away, decision REG/OT/SO, overtimes} |
 * | `gameScheduleState` PPD / CNCL | `status` postponed / abandoned |
 *
 * Hits, faceoffs, giveaways, takeaways, stoppages, missed and blocked shots are not events in
 * Scoreline's ice-hockey vocabulary and are left out. Event ids: `nhl:<gameId>:<eventId>`.
 */
import type { FeedEvent } from '@/lib/match/state';
import { NHL_TEAMS_2022_23 } from '@/lib/ice-hockey/teams';
import { feedEvent } from '../kit/ledger';
import type { AdapterSkip, AdapterSportFixture } from '../types';
import {
  NHL_LIVE_STATES,
  NHL_OVER_STATES,
  NhlPlaySchema,
  NhlRosterSpotSchema,
  type NhlPlay,
  type NhlPlayByPlay,
  type NhlTeam,
} from './nhl-schemas';

/** What one play-by-play maps to. */
export interface MappedNhlGame {
  fixture: AdapterSportFixture;
  /** Every event the upstream shows now, in application order (ids = upstream identity). */
  events: FeedEvent[];
  skipped: AdapterSkip[];
  live: boolean;
  over: boolean;
}

/** Bundled franchise names (FiveThirtyEight's, lib/ice-hockey/teams.ts) by NHL abbreviation. */
const BUNDLED_BY_ABBREV = new Map(Object.entries(NHL_TEAMS_2022_23).map(([name, t]) => [t.abbreviation, name]));

/** A team's name: the bundled franchise's when the abbreviation is one of them, else "<place> <common name>". */
export function nhlTeamName(t: NhlTeam): string {
  return (
    BUNDLED_BY_ABBREV.get(t.abbrev) ??
    t.name?.default ??
    ([t.placeName?.default, t.commonName?.default].filter(Boolean).join(' ') || t.abbrev)
  );
}

/** 20242025 → `2024-25` (the bundled season label). */
export function nhlSeasonLabel(season: number): string {
  const start = Math.floor(season / 10_000);
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The fixture source key of game `id`. */
export const nhlSourceKey = (id: number | string) => `api-web.nhle.com/gamecenter/${id}`;

/** The fixture of a game: the `nhl` league, season `2024-25`, round `Playoffs` for playoff games (gameType 3), else none (regular season). */
export function nhlFixture(g: NhlPlayByPlay): AdapterSportFixture {
  return {
    sport: 'ice-hockey',
    source_key: nhlSourceKey(g.id),
    competition: 'nhl',
    competition_name: 'NHL',
    season: nhlSeasonLabel(g.season),
    round: g.gameType === 3 ? 'Playoffs' : null,
    group: null,
    venue: g.venue?.default ?? null,
    kickoff: g.startTimeUTC,
    home_team: nhlTeamName(g.homeTeam),
    away_team: nhlTeamName(g.awayTeam),
  };
}

const secs = (mmss: string) => {
  const [m, s] = mmss.split(':').map(Number);
  return m * 60 + s;
};

/** Scoreline's period of a play: REG n → `p<n>`, OT → `ot<n − 3>`, SO → `shootout`. */
export function nhlPeriod(p: NhlPlay['periodDescriptor']): string {
  if (p.periodType === 'SO') return 'shootout';
  if (p.periodType === 'OT') return `ot${Math.max(1, p.number - 3)}`;
  return `p${p.number}`;
}

/**
 * Goal strength from `situationCode` (4 digits: away goalie, away skaters, home skaters, home
 * goalie) for the scoring side: the opponent's net empty → `empty_net`; more skaters →
 * `power_play`; fewer → `short_handed`; else `even`. Null when the code is absent.
 */
export function nhlStrength(code: string | undefined, scoringSide: 'home' | 'away'): string | null {
  if (!code || !/^\d{4}$/.test(code)) return null;
  const [awayG, awayS, homeS, homeG] = code.split('').map(Number);
  const own = scoringSide === 'home' ? homeS : awayS;
  const opp = scoringSide === 'home' ? awayS : homeS;
  const oppGoalie = scoringSide === 'home' ? awayG : homeG;
  if (oppGoalie === 0) return 'empty_net';
  if (own > opp) return 'power_play';
  if (own < opp) return 'short_handed';
  return 'even';
}

/** Penalty `typeCode` → Scoreline penalty kind (bench minors are minors). */
const PENALTY_KINDS: Record<string, string> = {
  MIN: 'minor',
  BEN: 'minor',
  DBL: 'double_minor',
  MAJ: 'major',
  MIS: 'misconduct',
  GAM: 'game_misconduct',
  MAT: 'match',
};

/** Player id → "First Last" from the play-by-play's `rosterSpots` (unreadable spots are left out). */
export function nhlRosterNames(g: Pick<NhlPlayByPlay, 'rosterSpots'>): Map<number, string> {
  const names = new Map<number, string>();
  for (const r of g.rosterSpots) {
    const p = NhlRosterSpotSchema.safeParse(r);
    if (p.success) names.set(p.data.playerId, `${p.data.firstName.default} ${p.data.lastName.default}`);
  }
  return names;
}

/**
 * Maps one play-by-play (see the module comment). `plays` are parsed one by one (a bad one is
 * skipped and reported) and applied in `sortOrder`.
 */
export function mapNhlGame(g: NhlPlayByPlay): MappedNhlGame {
  const gid = g.id;
  const skipped: AdapterSkip[] = [];
  const names = nhlRosterNames(g);
  const name = (id: unknown) => (typeof id === 'number' ? (names.get(id) ?? `#${id}`) : null);
  const sideOf = (teamId: unknown): 'home' | 'away' | null =>
    teamId === g.homeTeam.id ? 'home' : teamId === g.awayTeam.id ? 'away' : null;
  const plays: NhlPlay[] = [];
  g.plays.forEach((raw, i) => {
    const p = NhlPlaySchema.safeParse(raw);
    if (p.success) plays.push(p.data);
    else
      skipped.push({
        item: `game ${gid} plays[${i}]`,
        reason: p.error.issues.map((x) => `${x.path.join('.') || '.'}: ${x.message}`).join('; '),
      });
  });
  plays.sort((a, b) => a.sortOrder - b.sortOrder);
  const otSeconds = g.gameType === 3 ? 1200 : 300;
  const events: FeedEvent[] = [];
  const id = (p: NhlPlay, suffix = '') => `nhl:${gid}:${p.eventId}${suffix}`;
  for (const p of plays) {
    const period = nhlPeriod(p.periodDescriptor);
    const d = p.details ?? {};
    const elapsedInPeriod = secs(p.timeInPeriod);
    const n = p.periodDescriptor.number;
    const periodStart = n <= 3 ? (n - 1) * 1200 : 3600 + (n - 4) * otSeconds;
    const periodLen = n <= 3 ? 1200 : otSeconds;
    const timing =
      period === 'shootout'
        ? { period }
        : {
            period,
            clock_seconds: secs(p.timeRemaining),
            minute: Math.floor((periodStart + Math.min(elapsedInPeriod, periodLen - 1)) / 60) + 1,
          };
    const side = sideOf(d.eventOwnerTeamId);
    switch (p.typeDescKey) {
      case 'period-start':
        events.push(feedEvent(id(p), 'period_start', { period }));
        break;
      case 'period-end':
        if (period !== 'shootout') events.push(feedEvent(id(p), 'period_end', { period }));
        break;
      case 'goal':
      case 'shot-on-goal':
      case 'missed-shot':
      case 'failed-shot-attempt': {
        if (!side) {
          skipped.push({ item: `game ${gid} play ${p.eventId}`, reason: `${p.typeDescKey} without a known team` });
          break;
        }
        const shooter = name(d.scoringPlayerId ?? d.shootingPlayerId);
        if (period === 'shootout') {
          events.push(
            feedEvent(id(p), 'shootout_attempt', {
              side,
              player: shooter,
              period,
              detail: { scored: p.typeDescKey === 'goal' },
            }),
          );
          break;
        }
        if (p.typeDescKey === 'missed-shot' || p.typeDescKey === 'failed-shot-attempt') break;
        const goalie = name(d.goalieInNetId);
        const shot = feedEvent(id(p, p.typeDescKey === 'goal' ? ':shot' : ''), 'shot', {
          side,
          player: shooter,
          ...timing,
          detail: { on_goal: true, ...(goalie ? { goalie } : {}) },
        });
        events.push(shot);
        if (p.typeDescKey !== 'goal') break;
        const assists = [d.assist1PlayerId, d.assist2PlayerId].map(name).filter((x): x is string => x !== null);
        const strength = nhlStrength(p.situationCode, side);
        events.push(
          feedEvent(id(p), 'goal', {
            side,
            player: shooter,
            ...timing,
            detail: { assists, ...(strength ? { strength } : {}), ...(goalie ? { goalie } : {}) },
          }),
        );
        break;
      }
      case 'penalty': {
        if (!side) {
          skipped.push({ item: `game ${gid} play ${p.eventId}`, reason: 'penalty without a known team' });
          break;
        }
        const minutes = typeof d.duration === 'number' ? d.duration : null;
        const kind = typeof d.typeCode === 'string' ? PENALTY_KINDS[d.typeCode] : undefined;
        if (!kind && ![2, 4, 5, 10].includes(minutes ?? -1)) {
          skipped.push({
            item: `game ${gid} play ${p.eventId}`,
            reason: `penalty ${String(d.typeCode)} of ${minutes} minutes`,
          });
          break;
        }
        events.push(
          feedEvent(id(p), 'penalty', {
            side,
            // A bench minor is the team's: served by a player, not charged to one.
            player: name(d.committedByPlayerId),
            ...timing,
            detail: {
              ...(kind ? { kind: kind === 'minor' && minutes === 4 ? 'double_minor' : kind } : {}),
              ...(minutes != null ? { minutes } : {}),
              ...(typeof d.descKey === 'string' ? { infraction: d.descKey } : {}),
              ...(d.servedByPlayerId ? { served_by: name(d.servedByPlayerId) } : {}),
            },
          }),
        );
        break;
      }
      default:
        break; // not part of Scoreline's ice-hockey vocabulary (hits, faceoffs, stoppages, …)
    }
  }
  const schedule = g.gameScheduleState ?? 'OK';
  if (schedule === 'PPD')
    events.push(feedEvent(`nhl:${gid}:status:postponed`, 'status', { detail: { status: 'postponed' } }));
  if (schedule === 'CNCL')
    events.push(feedEvent(`nhl:${gid}:status:cancelled`, 'status', { detail: { status: 'abandoned' } }));
  const over = NHL_OVER_STATES.has(g.gameState);
  if (over && g.homeTeam.score != null && g.awayTeam.score != null && g.homeTeam.score !== g.awayTeam.score) {
    const decision = g.gameOutcome?.lastPeriodType ?? 'REG';
    const lastOt = plays.filter((p) => p.periodDescriptor.periodType === 'OT').at(-1)?.periodDescriptor.number;
    events.push(
      feedEvent(`nhl:${gid}:result`, 'result', {
        detail: {
          home: g.homeTeam.score,
          away: g.awayTeam.score,
          decision,
          overtimes: lastOt ? lastOt - 3 : decision === 'REG' ? 0 : 1,
        },
      }),
    );
  }
  return { fixture: nhlFixture(g), events, skipped, live: NHL_LIVE_STATES.has(g.gameState), over };
}
