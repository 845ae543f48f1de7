/**
 * cdn.nba.com play-by-play (`playbyplay_{gameId}.json`) and box score (`boxscore_{gameId}.json`)
 * → the basketball rules' events (lib/basketball/types.ts, docs/sports/basketball.md). Pure: the
 * whole file in, every event it implies out, with ids from the upstream's `actionNumber`
 * (`nba/<gameId>/<actionNumber>`), so an action edited upstream maps to the same id with new
 * content and a deleted one to a missing id — the kit's delivered-events ledger turns those into
 * amend / retract corrections (server/adapters/kit/ledger.ts).
 *
 * Actions in `orderNumber` order: `period` start/end → `period_start` / `period_end` (q1–q4,
 * ot1…); `2pt` / `3pt` → `field_goal` {points, made, person_id, assist?, score}; `freethrow` →
 * `free_throw` {made, attempt}; `foul` → `foul` {kind}; `timeout` (a team's) → `timeout`;
 * `substitution` in → `substitution` {replaced}; `game` end → `result` {home, away, overtimes}.
 * Players are named as the CDN abbreviates them (`playerNameI`, "K. Irving"), stable across
 * files; their ids are in `detail.person_id`. Rebounds, steals, blocks, turnovers, jump balls,
 * violations and stoppages have no event in the rules: the box score's lines carry them.
 * Every event is folded through lib/basketball/rules as it is built; an action the rules refuse
 * ends the mapping there (reported), since what follows would be refused too.
 */
import { applyEvent, initialState } from '@/lib/basketball/rules';
import type { BasketballState, BoxScoreLine } from '@/lib/basketball/types';
import type { FeedEvent } from '@/lib/match/state';
import { RuleError, type Side } from '@/lib/rules/contract';
import type { NbaGameInfo } from './cdn-game';
import { nbaSourceKey } from './cdn-game';
import {
  type NbaAction,
  NbaActionSchema,
  type NbaBoxScore,
  NbaBoxPlayerSchema,
  NbaPlayByPlaySchema,
} from './cdn-schema';

/** One mapped event and the upstream wall time it happened (ISO 8601 UTC), when the file has it. */
export interface MappedEvent {
  event: FeedEvent;
  occurred_at?: string;
}

/** What one play-by-play file maps to. */
export interface NbaMapping {
  source_key: string;
  events: MappedEvent[];
  skipped: { item: string; reason: string }[];
  /** The last action is the game's end. */
  final: boolean;
}

/** ISO 8601 duration `PT11M32.00S` → seconds (692); null when unreadable. */
export function clockSeconds(clock: string | null | undefined): number | null {
  const m = /^PT(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(clock ?? '');
  if (!m || (!m[1] && !m[2])) return null;
  return Math.round((Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 100) / 100;
}

/** The period of an action: q1–q4, then ot1, ot2, … */
export function periodName(period: number): string {
  return period <= 4 ? `q${period}` : `ot${period - 4}`;
}

/** The rules' foul kind of a `foul` action (subType personal/offensive/technical/flagrant, descriptor shooting/loose ball/type1…). */
function foulKind(a: NbaAction): string {
  const sub = (a.subType ?? '').toLowerCase();
  const desc = (a.descriptor ?? '').toLowerCase();
  if (sub.startsWith('technical')) return 'technical';
  if (sub.startsWith('flagrant')) return /2/.test(desc) ? 'flagrant_2' : 'flagrant_1';
  if (sub.startsWith('offensive') || desc.includes('offensive')) return 'offensive';
  if (desc.includes('shooting')) return 'shooting';
  if (desc.includes('loose')) return 'loose_ball';
  return 'personal';
}

/**
 * Maps a play-by-play file to the game's events (see the module header).
 * @param body the parsed JSON of `playbyplay_{gameId}.json`
 * @param game the game's teams (home/away CDN team ids) from the scoreboard, schedule or box score
 * @throws ZodError when the body is not a play-by-play file at all (no `game.actions`)
 */
export function mapPlayByPlay(body: unknown, game: NbaGameInfo): NbaMapping {
  const pbp = NbaPlayByPlaySchema.parse(body);
  const prefix = nbaSourceKey(game.gameId);
  const out: NbaMapping = { source_key: prefix, events: [], skipped: [], final: false };
  const actions: NbaAction[] = [];
  pbp.game.actions.forEach((raw, i) => {
    const a = NbaActionSchema.safeParse(raw);
    if (a.success) actions.push(a.data);
    else out.skipped.push({ item: `${prefix} actions[${i}]`, reason: a.error.issues[0]?.message ?? 'malformed' });
  });
  actions.sort((a, b) => (a.orderNumber ?? a.actionNumber) - (b.orderNumber ?? b.actionNumber));

  const sideOf = (a: NbaAction): Side | null =>
    a.teamId === game.home.teamId ? 'home' : a.teamId === game.away.teamId ? 'away' : null;
  const playerOf = (a: NbaAction): string | null =>
    a.personId && a.personId > 0 ? (a.playerNameI ?? a.playerName ?? String(a.personId)) : null;

  let state: BasketballState = initialState();
  let refused = false;
  const emit = (a: NbaAction, e: Pick<FeedEvent, 'type' | 'side' | 'player' | 'detail'>): void => {
    if (refused) return;
    const period = periodName(a.period);
    const event: FeedEvent = {
      event_id: `${prefix}/${a.actionNumber}`,
      minute: null,
      period,
      // Whole seconds (the event schema's): the clock as displayed, rounded up (0.7 s left reads 1).
      clock_seconds: ((c) => (c === null ? null : Math.ceil(c)))(clockSeconds(a.clock)),
      stoppage: null,
      ...e,
    };
    try {
      state = applyEvent(state, event);
    } catch (err) {
      if (!(err instanceof RuleError)) throw err;
      out.skipped.push({ item: event.event_id, reason: `refused by the basketball rules: ${err.message}` });
      refused = true;
      return;
    }
    out.events.push(a.timeActual ? { event, occurred_at: a.timeActual } : { event });
  };
  const score = (a: NbaAction) =>
    a.scoreHome != null && a.scoreAway != null ? { home: a.scoreHome, away: a.scoreAway } : null;
  // Substitutions come as an "out" then an "in" action of the same team at the same clock.
  const leaving = new Map<string, string>();

  for (const a of actions) {
    if (refused) break;
    const side = sideOf(a);
    const player = playerOf(a);
    const person = a.personId && a.personId > 0 ? String(a.personId) : null;
    switch (a.actionType) {
      case 'period':
        if (a.subType === 'start') emit(a, { type: 'period_start', side: null, player: null, detail: {} });
        else if (a.subType === 'end') emit(a, { type: 'period_end', side: null, player: null, detail: {} });
        break;
      case '2pt':
      case '3pt':
        if (!side || !player) break;
        emit(a, {
          type: 'field_goal',
          side,
          player,
          detail: {
            points: a.actionType === '3pt' ? 3 : 2,
            made: a.shotResult === 'Made',
            person_id: person,
            shot: a.subType ?? null,
            ...(a.assistPersonId
              ? { assist: a.assistPlayerNameInitial ?? null, assist_id: String(a.assistPersonId) }
              : {}),
            score: score(a),
          },
        });
        break;
      case 'freethrow':
        if (!side || !player) break;
        emit(a, {
          type: 'free_throw',
          side,
          player,
          detail: { made: a.shotResult === 'Made', person_id: person, attempt: a.subType ?? null, score: score(a) },
        });
        break;
      case 'foul':
        if (!side) break;
        emit(a, { type: 'foul', side, player, detail: { kind: foulKind(a), person_id: person } });
        break;
      case 'timeout':
        if (!side) break;
        emit(a, {
          type: 'timeout',
          side,
          player: null,
          detail: { kind: a.subType === 'full' || a.subType === 'short' ? 'full' : 'official' },
        });
        break;
      case 'substitution':
        if (!side || !player) break;
        if (a.subType === 'out') leaving.set(`${side}/${a.clock}`, player);
        else if (a.subType === 'in') {
          const replaced = leaving.get(`${side}/${a.clock}`) ?? null;
          leaving.delete(`${side}/${a.clock}`);
          emit(a, { type: 'substitution', side, player, detail: { person_id: person, replaced } });
        }
        break;
      case 'game':
        if (a.subType !== 'end') break;
        out.final = true;
        if (state.status === 'finished' || state.score.home !== state.score.away) {
          const s = score(a) ?? state.score;
          emit(a, {
            type: 'result',
            side: null,
            player: null,
            detail: { home: s.home, away: s.away, overtimes: Math.max(0, a.period - 4) },
          });
        }
        break;
      default:
        break;
    }
  }
  return out;
}

/**
 * The box score as a `box_score` event (lib/basketball/types.ts BoxScoreDetail): every player who
 * played, named as the play-by-play names them (`nameI`). Its id is
 * `nba/<gameId>/box/<final | p<period>>`: one snapshot per period while live, and the final one.
 * @returns the event, and the players skipped (malformed) — null event when no player played yet
 */
export function boxScoreEvent(box: NbaBoxScore): {
  event: FeedEvent | null;
  skipped: { item: string; reason: string }[];
} {
  const g = box.game;
  const skipped: { item: string; reason: string }[] = [];
  const players: BoxScoreLine[] = [];
  for (const side of ['home', 'away'] as const) {
    const team = side === 'home' ? g.homeTeam : g.awayTeam;
    team.players.forEach((raw, i) => {
      const p = NbaBoxPlayerSchema.safeParse(raw);
      if (!p.success) {
        skipped.push({
          item: `${nbaSourceKey(g.gameId)} ${side}Team.players[${i}]`,
          reason: p.error.issues[0]?.message ?? 'malformed',
        });
        return;
      }
      const s = p.data.statistics;
      const seconds = clockSeconds(s?.minutes) ?? 0;
      if (!s || (p.data.played !== '1' && seconds === 0)) return;
      players.push({
        player: p.data.nameI ?? p.data.name ?? String(p.data.personId),
        player_id: String(p.data.personId),
        side,
        starter: p.data.starter === '1',
        seconds: Math.round(seconds),
        points: s.points ?? 0,
        rebounds: s.reboundsTotal ?? 0,
        assists: s.assists ?? 0,
        steals: s.steals ?? 0,
        blocks: s.blocks ?? 0,
        turnovers: s.turnovers ?? 0,
        fgm: s.fieldGoalsMade ?? 0,
        fga: s.fieldGoalsAttempted ?? 0,
        tpm: s.threePointersMade ?? 0,
        tpa: s.threePointersAttempted ?? 0,
        ftm: s.freeThrowsMade ?? 0,
        fta: s.freeThrowsAttempted ?? 0,
        fouls: s.foulsPersonal ?? 0,
      });
    });
  }
  if (!players.length) return { event: null, skipped };
  const key = g.gameStatus === 3 ? 'final' : `p${g.period ?? 0}`;
  return {
    event: {
      event_id: `${nbaSourceKey(g.gameId)}/box/${key}`,
      type: 'box_score',
      side: null,
      player: null,
      minute: null,
      period: null,
      clock_seconds: null,
      stoppage: null,
      detail: { players },
    },
    skipped,
  };
}
