/**
 * GUMBO live feed (`/api/v1.1/game/{gamePk}/feed/live`) → the baseball rules' events
 * (lib/baseball/types.ts, docs/sports/baseball.md). Pure: the whole feed in, every event it
 * implies out, with deterministic ids, so each poll maps the feed afresh and the engine's
 * idempotency (and the kit's diff of what was delivered) keeps only what is new or changed.
 *
 * Per game (`mlb/<gamePk>`):
 * - `lineup` away then home, from the box score's starters (battingOrder `N00`, first of
 *   `allPositions`; a designated-hitter game's starting pitcher at batting_order 0), once the
 *   first play exists;
 * - per plate appearance (`allPlays[]`, by `atBatIndex`), in the order they happened:
 *   `pitching_change` / `substitution` for its substitution actions; a `base_running` per group
 *   of runner movements at one `playIndex` that is not the batter's (stolen base, wild pitch,
 *   pickoff…); then, once `about.isComplete`, the `plate_appearance` (batter, pitcher, outcome
 *   from `result.eventType`, every runner's movement with `rbi` and `earned` as MLB credits
 *   them, errors from the fielding credits) — or a `base_running` when the play ended the half
 *   without ending the at-bat (caught stealing for the third out);
 * - `half_inning_end` after a play that ends a half (three outs) when the game goes on;
 * - at `Final`: `result` with the runs of the line score, innings, the decisions (W/L/S) and
 *   every pitcher's earned runs from the box score (`pitching.earnedRuns`);
 * - a postponed (`detailedState` Postponed) or cancelled game: a `status` event instead.
 * Every event is folded through lib/baseball/rules as it is built: a play the rules refuse
 * ends the mapping there (reported in `skipped`), since everything after it would be refused too.
 */
import { applyEvent, initialState } from '@/lib/baseball/rules';
import type { Advance, BaseballState, LineupEntry, PlayDetail } from '@/lib/baseball/types';
import type { FeedEvent } from '@/lib/match/state';
import { RuleError, type Side } from '@/lib/rules/contract';
import { isRunningEventType, playModifiers, plateAppearanceOutcome, runningOutcome } from './gumbo-outcomes';
import {
  type GumboBoxTeam,
  type GumboFeed,
  type GumboPlay,
  type GumboPlayEvent,
  type GumboRunner,
  GumboPlaySchema,
} from './gumbo-schema';

/** One mapped event and the upstream wall time it happened (ISO 8601 UTC), when the feed has it. */
export interface MappedEvent {
  event: FeedEvent;
  occurred_at?: string;
}

/** What one feed maps to. */
export interface GumboMapping {
  source_key: string;
  events: MappedEvent[];
  /** Plays that could not be used (malformed, or refused by the rules), with the reason. */
  skipped: { item: string; reason: string }[];
  /** The game's state as the feed says: `live` while Live (and not delayed/suspended). */
  live: boolean;
  final: boolean;
}

/** The Scoreline source key of a game: `mlb/<gamePk>`. */
export const mlbSourceKey = (gamePk: number): string => `mlb/${gamePk}`;

const BASE: Readonly<Record<string, Advance['to']>> = { '1B': '1', '2B': '2', '3B': '3', score: 'H' };
const SUBSTITUTIONS = new Set([
  'pitching_substitution',
  'offensive_substitution',
  'defensive_substitution',
  'defensive_switch',
]);
const other = (s: Side): Side => (s === 'home' ? 'away' : 'home');

/** Fielding position code ('1'…'10', '11' pinch hitter, '12' pinch runner; abbreviations PH/PR/DH) → 1–12, else null. */
function positionNumber(code: string | null | undefined, abbreviation?: string | null): number | null {
  const n = Number(code);
  if (Number.isInteger(n) && n >= 1 && n <= 12) return n;
  return ({ PH: 11, PR: 12, DH: 10, P: 1 } as Record<string, number>)[abbreviation ?? ''] ?? null;
}

/** battingOrder "301" → slot 3; null/absent → null. */
function battingSlot(order: string | null | undefined): number | null {
  const n = Number(order);
  return Number.isInteger(n) && n >= 100 ? Math.floor(n / 100) : null;
}

/** A group of runner movements at one playIndex as the rules' advances (a runner moved twice at one index is merged). */
function toAdvances(runners: GumboRunner[]): Advance[] {
  const byRunner = new Map<number, Advance>();
  for (const r of runners) {
    const m = r.movement;
    const start = m.start == null ? 'B' : BASE[m.start];
    if (!start || start === 'H') continue;
    const from: Advance['from'] = start;
    const out = m.isOut === true;
    const to = out ? (BASE[m.outBase ?? ''] ?? BASE[m.end ?? ''] ?? (from === 'B' ? '1' : from)) : BASE[m.end ?? ''];
    if (!to) continue;
    const prev = byRunner.get(r.details.runner.id);
    const a: Advance = { from: prev?.from ?? from, to, out: out || (prev?.out ?? false) };
    if (a.to === 'H' && !a.out) {
      a.rbi = r.details.rbi === true;
      if (r.details.earned === false) a.earned = false;
    }
    byRunner.set(r.details.runner.id, a);
  }
  // A runner who stays where he was (start = end, no out) is not a movement.
  return [...byRunner.values()].filter((a) => a.out || a.from !== a.to);
}

/** Errors charged on a group of movements: distinct (fielder, credit) error credits. */
function errorCount(runners: GumboRunner[]): number {
  const seen = new Set<string>();
  for (const r of runners)
    for (const c of r.credits ?? [])
      if (c.credit.endsWith('_error')) seen.add(`${c.player?.id ?? '?'}/${c.credit}/${r.details.playIndex}`);
  return seen.size;
}

/** Starting lineup of one team from its box score (null when the box score has no starters yet). */
function startingLineup(team: GumboBoxTeam | undefined, nameOf: (id: number) => string): LineupEntry[] | null {
  if (!team) return null;
  const players: LineupEntry[] = [];
  for (const p of Object.values(team.players)) {
    const slot = battingSlot(p.battingOrder);
    if (slot === null || Number(p.battingOrder) % 100 !== 0) continue;
    const position = positionNumber(p.allPositions?.[0]?.code ?? p.position?.code) ?? 10;
    players.push({ player: nameOf(p.person.id), player_id: String(p.person.id), batting_order: slot, position });
  }
  if (!players.length) return null;
  const starter = team.pitchers[0];
  if (starter !== undefined && !players.some((p) => p.player_id === String(starter)))
    players.push({ player: nameOf(starter), player_id: String(starter), batting_order: 0, position: 1 });
  return players.sort((a, b) => a.batting_order - b.batting_order);
}

/** The official scorer's earned runs of every pitcher who pitched (box score order), per side. */
export function earnedRunsOf(
  teams: { away: GumboBoxTeam; home: GumboBoxTeam },
  nameOf: (id: number) => string,
): { pitcher_id: string; pitcher: string; side: Side; er: number }[] {
  return (['away', 'home'] as const).flatMap((side) =>
    teams[side].pitchers.map((id) => ({
      pitcher_id: String(id),
      pitcher: nameOf(id),
      side,
      er: teams[side].players[`ID${id}`]?.stats?.pitching?.earnedRuns ?? 0,
    })),
  );
}

/**
 * Maps a whole GUMBO feed to the game's events (see the module header).
 * @param feed a feed checked by GumboFeedSchema (plays are checked one by one here)
 * @returns events in the order they happened, the plays skipped, and whether the game is live / final
 * Throws nothing: unusable plays are reported in `skipped`.
 */
export function mapGumboEvents(feed: GumboFeed): GumboMapping {
  const prefix = mlbSourceKey(feed.gamePk);
  const status = feed.gameData.status;
  const detailed = status.detailedState ?? '';
  const out: GumboMapping = {
    source_key: prefix,
    events: [],
    skipped: [],
    live: status.abstractGameState === 'Live' && !/^(Delayed|Suspended)/.test(detailed),
    final: status.abstractGameState === 'Final',
  };
  const players = feed.gameData.players;
  const nameOf = (id: number, fallback?: string | null): string =>
    players[`ID${id}`]?.fullName ?? fallback ?? String(id);

  let state: BaseballState = initialState();
  let refused = false;
  const emit = (e: Omit<FeedEvent, 'minute' | 'clock_seconds' | 'stoppage'>, at?: string | null): boolean => {
    if (refused) return false;
    const event: FeedEvent = { minute: null, clock_seconds: null, stoppage: null, ...e };
    try {
      state = applyEvent(state, event);
    } catch (err) {
      if (!(err instanceof RuleError)) throw err;
      out.skipped.push({ item: event.event_id, reason: `refused by the baseball rules: ${err.message}` });
      refused = true;
      return false;
    }
    out.events.push(at ? { event, occurred_at: at } : { event });
    return true;
  };

  if (/^(Postponed|Cancelled)/.test(detailed) && status.abstractGameState !== 'Live') {
    const s = detailed.startsWith('Postponed') ? 'postponed' : 'abandoned';
    emit({
      event_id: `${prefix}/status/${s}`,
      type: 'status',
      side: null,
      player: null,
      period: null,
      detail: { status: s },
    });
    return out;
  }

  const plays: GumboPlay[] = [];
  feed.liveData.plays.allPlays.forEach((raw, i) => {
    const p = GumboPlaySchema.safeParse(raw);
    if (p.success) plays.push(p.data);
    else out.skipped.push({ item: `${prefix} allPlays[${i}]`, reason: p.error.issues[0]?.message ?? 'malformed' });
  });
  plays.sort((a, b) => a.about.atBatIndex - b.about.atBatIndex);
  if (!plays.length && !out.final) return out;

  const box = feed.liveData.boxscore?.teams;
  for (const side of ['away', 'home'] as const) {
    const lineup = startingLineup(box?.[side], (id) => nameOf(id));
    if (lineup)
      emit({
        event_id: `${prefix}/lineup/${side}`,
        type: 'lineup',
        side,
        player: null,
        period: null,
        detail: { players: lineup },
      });
  }

  for (const play of plays) {
    if (refused) break;
    mapPlay(play);
  }

  if (out.final && !refused) {
    const d = feed.liveData.decisions;
    const person = (p: { id: number; fullName?: string | null } | null | undefined) =>
      p ? { id: String(p.id), name: nameOf(p.id, p.fullName) } : null;
    const line = (feed.liveData.linescore as { teams?: Record<Side, { runs?: number }> } | null | undefined)?.teams;
    const home = line?.home?.runs ?? state.runs.home;
    const away = line?.away?.runs ?? state.runs.away;
    const last = plays.at(-1);
    emit(
      {
        event_id: `${prefix}/result`,
        type: 'result',
        side: null,
        player: null,
        period: null,
        detail: {
          home,
          away,
          ...(state.inning ? { innings: state.inning } : {}),
          winning_pitcher: person(d?.winner),
          losing_pitcher: person(d?.loser),
          save: person(d?.save),
          ...(box ? { earned_runs: earnedRunsOf(box, (id) => nameOf(id)) } : {}),
        },
      },
      last?.about.endTime ?? last?.playEndTime,
    );
  }
  return out;

  function mapPlay(play: GumboPlay): void {
    const { atBatIndex, halfInning, inning } = play.about;
    const batting: Side = halfInning === 'top' ? 'away' : 'home';
    const fielding = other(batting);
    const period = `${halfInning}_${inning}`;
    const id = `${prefix}/play/${atBatIndex}`;
    const batter = play.matchup.batter;
    const batterName = nameOf(batter.id, batter.fullName);
    const complete = play.about.isComplete === true;
    const endsAtBat = complete && !isRunningEventType(play.result.eventType);

    const groups = new Map<number, GumboRunner[]>();
    for (const r of play.runners) groups.set(r.details.playIndex, [...(groups.get(r.details.playIndex) ?? []), r]);
    // The batter's own movement marks the plate appearance's index; every other index is a running play.
    const paIndex = endsAtBat
      ? (play.runners.find((r) => r.details.runner.id === batter.id && r.movement.start == null)?.details.playIndex ??
        Math.max(-1, ...groups.keys()))
      : null;
    const eventsByIndex = new Map<number, GumboPlayEvent>(play.playEvents.map((e) => [e.index, e]));
    const indices = [
      ...new Set([
        ...play.playEvents.filter((e) => SUBSTITUTIONS.has(e.details?.eventType ?? '')).map((e) => e.index),
        ...groups.keys(),
      ]),
    ].sort((a, b) => a - b);
    let pitcher = { id: play.matchup.pitcher.id, name: nameOf(play.matchup.pitcher.id, play.matchup.pitcher.fullName) };

    for (const index of indices) {
      if (refused) return;
      const pe = eventsByIndex.get(index);
      const at = pe?.endTime ?? pe?.startTime;
      const type = pe?.details?.eventType ?? '';
      if (SUBSTITUTIONS.has(type) && pe?.player) {
        const position = positionNumber(pe.position?.code, pe.position?.abbreviation);
        const isPitcher = type === 'pitching_substitution' || position === 1;
        const slot = battingSlot(pe.battingOrder) ?? (isPitcher ? 0 : null);
        const team = type === 'offensive_substitution' ? batting : fielding;
        if (position !== null && slot !== null)
          emit(
            {
              event_id: `${id}/${index}`,
              type: isPitcher ? 'pitching_change' : 'substitution',
              side: team,
              player: nameOf(pe.player.id),
              period,
              detail: {
                player_id: String(pe.player.id),
                batting_order: slot,
                position,
                description: pe.details?.description ?? null,
              },
            },
            at,
          );
        if (isPitcher && team === fielding) pitcher = { id: pe.player.id, name: nameOf(pe.player.id) };
      }
      const group = groups.get(index);
      // The batter's own movement belongs to the plate appearance: never a running play.
      const battersOwn = group?.some((r) => r.details.runner.id === batter.id && r.movement.start == null);
      if (index === paIndex) plateAppearance();
      else if (group && !battersOwn) {
        const runType = group[0].details.eventType ?? type;
        emitPlay(`${id}/${index}`, 'base_running', runningOutcome(runType), runType, group, pitcher, at);
      }
    }
    if (paIndex !== null && !indices.includes(paIndex)) plateAppearance();
    if (complete && !refused && state.status === 'break')
      emit(
        {
          event_id: `${prefix}/half/${inning}-${halfInning}`,
          type: 'half_inning_end',
          side: batting,
          player: null,
          period,
          detail: { outs: state.outs },
        },
        play.about.endTime,
      );

    function plateAppearance(): void {
      pitcher = { id: play.matchup.pitcher.id, name: nameOf(play.matchup.pitcher.id, play.matchup.pitcher.fullName) };
      const eventType = play.result.eventType ?? '';
      const at = play.about.endTime ?? play.playEndTime;
      emitPlay(
        id,
        'plate_appearance',
        plateAppearanceOutcome(eventType),
        eventType,
        groups.get(paIndex!) ?? [],
        pitcher,
        at,
      );
    }

    function emitPlay(
      eventId: string,
      type: 'plate_appearance' | 'base_running',
      outcome: PlayDetail['outcome'],
      code: string,
      runners: GumboRunner[],
      by: { id: number; name: string },
      at: string | null | undefined,
    ): void {
      const detail: PlayDetail & { description: string | null } = {
        outcome,
        advances: toAdvances(runners),
        errors: errorCount(runners),
        code,
        count: null,
        pitches: null,
        pitcher: by.name,
        batter_id: String(batter.id),
        pitcher_id: String(by.id),
        modifiers: type === 'plate_appearance' ? playModifiers(code) : [],
        description: type === 'plate_appearance' ? (play.result.description ?? null) : null,
      };
      emit(
        {
          event_id: eventId,
          type,
          side: batting,
          player: batterName,
          period,
          detail: detail as unknown as Record<string, unknown>,
        },
        at,
      );
    }
  }
}
