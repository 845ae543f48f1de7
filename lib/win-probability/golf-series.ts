/**
 * Golf's win-probability series (GET /v1/golf/matches/{fixture_id}/win-probability, docs/odds.md
 * "Golf"): a tournament's events folded through the golf rules (lib/golf/rules.ts) and, after
 * each event that changes it, every active player's probability to win the tournament from
 * strokes to par and holes left (golf.ts, exact). The pre-match point rates each player by the
 * scoring average of their completed rounds in earlier tournaments, strictly before this one's
 * first tee time (no leakage). Pure: the same logs give the same series.
 *
 * Shape: a point lists the {@link GOLF_TOP_N} most likely winners (probability descending, then
 * name) and `others`, the rest of the field's total, so a point's probabilities sum to 1 with a
 * bounded size whatever the field (a PGA Tour field is ~150). A playoff is sudden death between
 * the players level after the last round: until it is decided they share it evenly (the model's
 * tie rule); the `result` event ends the series with the winner at exactly 1.
 */
import { golfRules } from '../golf/rules';
import { GOLF_ROUNDS, type GolfState } from '../golf/types';
import { ownedFold } from '../rules/owned-fold';
import { type GolfPlayer, golfWinProbabilities, scoringAverage, TOUR_MEAN_TO_PAR } from './golf';
import type { LoggedEvent } from './series';

/** Players listed per point (the rest summed in `others`). */
export const GOLF_TOP_N = 10;

/** One player's line at a point. */
export interface GolfFieldEntry {
  player: string;
  /** P(wins the tournament), in [0, 1]. */
  probability: number;
  /** Strokes relative to par over the regulation holes completed. */
  to_par: number;
  /** Regulation holes still to play (0 once finished or in a playoff). */
  holes_left: number;
}

/** One point of a golf series. */
export interface GolfSeriesPoint {
  /** ISO 8601 UTC: when the event happened (the first tee time for the pre-match point). */
  observed_at: string;
  /** Golf has no minute: period, null, the reading ("round 2: Smith thru 14"). */
  clock: { period: string; minute: null; label: string };
  /** The event that moved it (null: the pre-match point). */
  event: { event_id: string; type: string; player: string | null } | null;
  field: GolfFieldEntry[];
  /** P(someone not listed wins): 1 − Σ field. */
  others: number;
}

/** A player's pre-match rating. */
export interface GolfRating {
  player: string;
  /** Shrunk scoring average, strokes relative to par per round (golf.ts scoringAverage). */
  scoring_average: number;
  /** Completed rounds it is computed from. */
  rounds: number;
}

/**
 * Pre-match ratings from earlier tournaments' logs: each player's completed rounds (every round
 * of a line whose latest round has 18 holes; a withdrawn player's partial line is left out) among
 * the events that happened strictly before `kickoff`.
 * @param earlier effective logs (corrections applied) of tournaments that started before `kickoff`
 * @param kickoff ISO 8601 UTC, this tournament's first tee time
 */
export function golfRatings(earlier: readonly (readonly LoggedEvent[])[], kickoff: string): Map<string, GolfRating> {
  const rounds = new Map<string, number[]>();
  const cutoff = Date.parse(kickoff);
  for (const log of earlier) {
    const fold = ownedFold(golfRules);
    for (const { event, occurred_at } of log) if (Date.parse(occurred_at) < cutoff) fold.apply(event);
    for (const p of fold.state.players) {
      if (p.rounds.length === 0 || p.holes.length !== 18) continue;
      const per = p.to_par / p.rounds.length;
      const xs = rounds.get(p.name) ?? [];
      for (let i = 0; i < p.rounds.length; i++) xs.push(per);
      rounds.set(p.name, xs);
    }
  }
  const out = new Map<string, GolfRating>();
  for (const [player, xs] of rounds)
    out.set(player, { player, scoring_average: scoringAverage(xs), rounds: xs.length });
  return out;
}

/** The active field of a state with holes left (regulation rounds: {@link GOLF_ROUNDS}). */
function fieldOf(s: GolfState, ratings: ReadonlyMap<string, GolfRating>): GolfPlayer[] {
  const playoff = s.period === 'playoff' && s.playoff ? new Set(s.playoff) : null;
  const out: GolfPlayer[] = [];
  for (const p of s.players) {
    if (p.status !== 'active' || (playoff && !playoff.has(p.name))) continue;
    const left = playoff
      ? 0
      : s.round === 0
        ? GOLF_ROUNDS * 18
        : Math.max(0, (GOLF_ROUNDS - s.round) * 18 + 18 - p.holes.length);
    out.push({
      player: p.name,
      to_par: p.to_par,
      holes_left: left,
      round_to_par: ratings.get(p.name)?.scoring_average ?? TOUR_MEAN_TO_PAR,
    });
  }
  return out;
}

/** The golf clock: period, no minute, "round 2: Smith thru 14" / "after round 2" / "playoff". */
function golfClock(s: GolfState, player: string | null): GolfSeriesPoint['clock'] {
  const p = player ? s.players.find((x) => x.name === player) : undefined;
  const round = /^round_(\d)$/.exec(s.period)?.[1];
  const label = round
    ? `round ${round}${p ? `: ${p.name} thru ${p.holes.length}` : ''}`
    : s.period.replaceAll('_', ' ');
  return { period: s.period, minute: null, label };
}

/** Top {@link GOLF_TOP_N} lines and the rest's total. */
function pointField(
  probs: ReadonlyMap<string, number>,
  field: readonly GolfPlayer[],
): { field: GolfFieldEntry[]; others: number } {
  const lines = field
    .map((p) => ({
      player: p.player,
      probability: probs.get(p.player) ?? 0,
      to_par: p.to_par,
      holes_left: p.holes_left,
    }))
    .sort((a, b) => b.probability - a.probability || (a.player < b.player ? -1 : a.player > b.player ? 1 : 0));
  const top = lines.slice(0, GOLF_TOP_N);
  const listed = top.reduce((a, b) => a + b.probability, 0);
  return { field: top, others: Math.max(0, 1 - listed) };
}

const sameField = (a: GolfSeriesPoint, b: { field: GolfFieldEntry[]; others: number }) =>
  a.field.length === b.field.length &&
  a.field.every(
    (x, i) =>
      x.player === b.field[i].player &&
      Math.abs(x.probability - b.field[i].probability) < 1e-12 &&
      x.to_par === b.field[i].to_par,
  );

/**
 * The tournament's field, known before the first tee shot (who plays, not how): the players
 * named on round 1's `round_start`, else every player the log names, in order first named.
 */
export function golfEntrants(events: readonly LoggedEvent[]): string[] {
  const named = events.find((e) => e.event.type === 'round_start' && Array.isArray(e.event.detail?.players));
  return (
    (named?.event.detail?.players as string[] | undefined) ?? [
      ...new Set(events.map((e) => e.event.player).filter((x): x is string => typeof x === 'string')),
    ]
  );
}

/**
 * The pre-match point of a tournament: its field (the players named on round 1's `round_start`,
 * else every player the log names: who plays is known before the first tee shot, their scores are
 * not), each rated by {@link golfRatings} (an unrated player gets the tour mean).
 * @param kickoff ISO 8601 UTC first tee time (the point's time)
 * @param events the tournament's effective events so far (only who plays is read from them)
 */
export function golfPrematchPoint(
  ratings: ReadonlyMap<string, GolfRating>,
  kickoff: string,
  events: readonly LoggedEvent[],
): GolfSeriesPoint {
  const entrants = golfEntrants(events).map((name) => ({
    player: name,
    to_par: 0,
    holes_left: GOLF_ROUNDS * 18,
    round_to_par: ratings.get(name)?.scoring_average ?? TOUR_MEAN_TO_PAR,
  }));
  return {
    observed_at: kickoff,
    clock: golfClock(ownedFold(golfRules).state, null),
    event: null,
    ...pointField(golfWinProbabilities(entrants), entrants),
  };
}

/**
 * A tournament's series folded one event at a time (the live follower keeps one between events:
 * server/read/live-golf-win-probability.ts): the golf rules state and the series' last point.
 * Stepping every effective event from {@link golfPrematchPoint} gives exactly
 * {@link golfWinProbabilitySeries}' points; each step costs one fold of the event and, when the
 * event is accepted, one exact field computation (golf.ts).
 */
export class GolfSeriesFold {
  private readonly fold = ownedFold(golfRules);
  /** The series' last point so far (the pre-match point until an event moves it). */
  last: GolfSeriesPoint;

  /** @param prematch the series' first point ({@link golfPrematchPoint}) */
  constructor(
    private readonly ratings: ReadonlyMap<string, GolfRating>,
    prematch: GolfSeriesPoint,
  ) {
    this.last = prematch;
  }

  /**
   * Folds the next effective event (never a correction: corrections rewrite the log, so fold the
   * effective log again from a new fold).
   * @returns the new point when the event moved the series, else null (refused by the rules, no
   *   active player left, or the same field as the last point)
   */
  step({ event, occurred_at }: LoggedEvent): GolfSeriesPoint | null {
    if (!this.fold.apply(event)) return null;
    const s = this.fold.state;
    const field = fieldOf(s, this.ratings);
    let next: { field: GolfFieldEntry[]; others: number };
    if (s.result) {
      const winner = s.result.winner;
      next = pointField(
        new Map([[winner, 1]]),
        field.some((p) => p.player === winner)
          ? field
          : [...field, { player: winner, to_par: s.result.to_par ?? 0, holes_left: 0 }],
      );
    } else {
      if (field.length === 0) return null;
      next = pointField(golfWinProbabilities(field), field);
    }
    if (this.last.field.length > 0 && sameField(this.last, next)) return null;
    this.last = {
      observed_at: occurred_at,
      clock: golfClock(s, event.player ?? null),
      event: { event_id: event.event_id, type: event.type, player: event.player ?? null },
      ...next,
    };
    return this.last;
  }
}

/**
 * The series of one tournament.
 * @param ratings pre-match ratings ({@link golfRatings}); an unrated player gets the tour mean
 * @param kickoff ISO 8601 UTC first tee time (the pre-match point's time)
 * @param events the tournament's effective events in order (corrections applied)
 * @returns the pre-match point ({@link golfPrematchPoint}), then one point per event that moves
 *   it; refused events are skipped; after `result` the winner at 1 and everyone else at 0
 */
export function golfWinProbabilitySeries(
  ratings: ReadonlyMap<string, GolfRating>,
  kickoff: string,
  events: readonly LoggedEvent[],
): GolfSeriesPoint[] {
  const fold = new GolfSeriesFold(ratings, golfPrematchPoint(ratings, kickoff, events));
  const out = [fold.last];
  for (const e of events) {
    const p = fold.step(e);
    if (p) out.push(p);
  }
  return out;
}
