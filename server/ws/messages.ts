/**
 * The WebSocket's data messages (lib/wire/ws.ts `update`, `odds` and `win_probability`), built from the same stored
 * event / ticks that REST and webhooks serialize. Live fan-out and resume both use these.
 */
import { toLiveMatch, toMatchEvent, toOddsTicks } from '../read/serialize';
import type { AnyWinProbabilityPoint } from '@/lib/wire/golf-win-probability';
import type { FixtureInfo } from '@/lib/match/types';
import type { FeedMessage, OddsMessage } from '../engine/types';

/**
 * `update`: the stored event and the live match right after it. `nowMs` reads the match clock
 * (live: now; replayed: the event's receipt time, so the minute is the one clients saw then).
 */
export function updateMessage(m: FeedMessage, opts: { replayed?: boolean; nowMs?: number } = {}) {
  return {
    type: 'update' as const,
    channel: `${m.fixture.sport}.live`,
    league: m.fixture.competition.slug,
    seq: m.seq,
    event_id: m.event.event_id,
    data: toLiveMatch(m.fixture, m.state, m.seq, opts.nowMs),
    event: toMatchEvent(m.event, m.fixture),
    ...(opts.replayed ? { replayed: true as const } : {}),
  };
}

/** `odds`: one match's new ticks (seq = the last tick's). */
export function oddsMessage(m: OddsMessage, opts: { replayed?: boolean } = {}) {
  return {
    type: 'odds' as const,
    channel: `${m.fixture.sport}.odds`,
    league: m.fixture.competition.slug,
    seq: m.seq,
    fixture_id: m.fixture.id,
    ticks: toOddsTicks(m.ticks),
    ...(opts.replayed ? { replayed: true as const } : {}),
  };
}

/** `win_probability`: the fixture's new last win-probability point after the event at `seq` (golf: the field point). */
export function winProbabilityMessage(
  fixture: FixtureInfo,
  seq: number,
  point: AnyWinProbabilityPoint,
  opts: { replayed?: boolean } = {},
) {
  return {
    type: 'win_probability' as const,
    channel: `${fixture.sport}.win-probability`,
    league: fixture.competition.slug,
    seq,
    fixture_id: fixture.id,
    bookmaker: 'scoreline-model' as const,
    started_from: 'rating' as const,
    point,
    ...(opts.replayed ? { replayed: true as const } : {}),
  };
}
