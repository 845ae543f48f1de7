/**
 * The Odds API `/scores` → match events of a fixture this source owns (a league no other source
 * follows, ODDS_API_OWN_SPORTS). The upstream gives only the two scores, `completed` and
 * `last_update` — no clock, periods or scorers — so a fixture goes in play at its first score
 * (`period_start` of the first period), each point scored becomes the sport's scoring event
 * without player or minute, and `completed` the `result` with the final score. Pure.
 *
 * - ice hockey: goal n of a side is event `…:goal:<side>:<n>` (a score taken back upstream
 *   retracts the goals above it, through the kit's ledger);
 * - basketball: the points a side gained since the last poll, as 3-point and 2-point field goals
 *   and a free throw for an odd point (`…:pts:<side>:<total after>`); a score that goes down is
 *   reported, not applied.
 */
import type { FeedEvent } from '@/lib/match/state';
import type { Sport } from '@/lib/sports';
import { feedEvent } from '../kit/ledger';
import type { OddsApiScoreEvent } from './odds-api-schemas';
import { teamMatchKey } from './odds-api-teams';

type Side = 'home' | 'away';

/** The two scores of a score event by side (by team name), or null before the start or when unreadable. */
export function scoresOf(sport: Sport, e: OddsApiScoreEvent): { home: number; away: number } | null {
  if (!e.scores?.length) return null;
  const out: Partial<Record<Side, number>> = {};
  const hk = teamMatchKey(sport, e.home_team);
  const ak = teamMatchKey(sport, e.away_team);
  for (const s of e.scores) {
    const n = Number(s.score);
    if (!Number.isInteger(n) || n < 0) return null;
    const k = teamMatchKey(sport, s.name);
    if (k === hk) out.home = n;
    else if (k === ak) out.away = n;
  }
  return out.home != null && out.away != null ? { home: out.home, away: out.away } : null;
}

/** What {@link scoreEvents} produced: events in order and the scores they bring the fixture to. */
export interface ScoreEvents {
  events: FeedEvent[];
  /** Points delivered per side after these events (basketball's running totals). */
  delivered: { home: number; away: number };
  /** A note when the upstream score went down (basketball: not applied). */
  note?: string;
}

const FIRST_PERIOD: Partial<Record<Sport, string>> = { 'ice-hockey': 'p1', basketball: 'q1' };

/**
 * The events of owned fixture `e` (id prefix `odds-api:<event id>`) of `sport` now: for ice
 * hockey the full list (period start, every goal, the result when completed — for the ledger);
 * for basketball the new points since `delivered` (and the period start and result each once:
 * their ids repeat, the engine keeps them idempotent).
 */
export function scoreEvents(
  sport: Sport,
  e: OddsApiScoreEvent,
  delivered: { home: number; away: number } = { home: 0, away: 0 },
): ScoreEvents {
  const score = scoresOf(sport, e);
  const id = `odds-api:${e.id}`;
  const first = FIRST_PERIOD[sport];
  if (!score || !first) return { events: [], delivered };
  const events: FeedEvent[] = [feedEvent(`${id}:start`, 'period_start', { period: first })];
  const now = { ...delivered };
  let note: string | undefined;
  for (const side of ['home', 'away'] as const) {
    if (sport === 'ice-hockey') {
      for (let n = 1; n <= score[side]; n++) events.push(feedEvent(`${id}:goal:${side}:${n}`, 'goal', { side }));
      now[side] = score[side];
      continue;
    }
    if (score[side] < now[side]) {
      note = `event ${e.id}: ${side} score went down upstream (${now[side]} → ${score[side]}): not applied`;
      continue;
    }
    let total = now[side];
    while (total < score[side]) {
      const gain = score[side] - total;
      const points = gain >= 3 ? 3 : gain;
      total += points;
      events.push(
        points === 1
          ? feedEvent(`${id}:pts:${side}:${total}`, 'free_throw', { side, detail: { made: true } })
          : feedEvent(`${id}:pts:${side}:${total}`, 'field_goal', { side, detail: { points } }),
      );
    }
    now[side] = total;
  }
  if (e.completed && score.home !== score.away)
    events.push(feedEvent(`${id}:result`, 'result', { detail: { home: score.home, away: score.away } }));
  return { events, delivered: now, ...(note ? { note } : {}) };
}
