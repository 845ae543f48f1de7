/**
 * Football under the sport-rules contract (lib/football/match-rules.ts): the adapter computes
 * exactly what football's own reducer does, on a real match (openfootball's 2022 World Cup final
 * as lib/replay/timeline.ts feeds it), and the registry hands it out like every other sport.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IMPORT_FORMATS } from '@/lib/import/index';
import {
  applyMatchEvent,
  initialMatchState,
  isRuleError,
  keepsOwnState,
  nextProjectionChangeAt,
  projectionRunsOnWallTime,
} from '@/lib/match/state';
import { rulesFor } from '@/lib/match/registry';
import { buildTimeline } from '@/lib/replay/timeline';
import { RuleError } from '@/lib/rules/contract';
import { SPORTS } from '@/lib/sports';
import { footballRules } from './match-rules';
import { applyEvent, initialState, matchMinute, nextMinuteChangeAt } from './rules';
import type { FootballState } from './state';

const DATA = fileURLToPath(new URL('../../datasets/football/', import.meta.url));
const at = (base: string, seconds: number) => new Date(Date.parse(base) + seconds * 1000).toISOString();

async function final2022() {
  const all = await IMPORT_FORMATS.openfootball([`${DATA}openfootball-worldcup.json/2022/worldcup.json`], {});
  const m = all.find((x) => x.round === 'Final');
  if (!m) throw new Error('no 2022 final');
  return buildTimeline(m).events.map((t) => ({
    event: { ...t.event, stoppage: t.event.stoppage ?? null },
    occurred_at: at(m.kickoff, t.at),
  }));
}

describe('football behind the contract', () => {
  it('is registered with the other sports; only football keeps its own state', () => {
    expect(rulesFor('football')).toBe(footballRules);
    expect(SPORTS.filter((s) => keepsOwnState(s))).toEqual(['football']);
    expect(footballRules.clock).toBe('up');
  });

  it("only football's projection moves with wall time: nextChangeAt is its clock's next minute", async () => {
    expect(SPORTS.filter((s) => projectionRunsOnWallTime(s))).toEqual(['football']);
    const feed = await final2022();
    let s: FootballState = initialState();
    for (const { event, occurred_at } of feed.slice(0, 5)) s = applyEvent(s, { ...event, occurred_at });
    const t = Date.parse(feed[4].occurred_at) + 12_345;
    expect(nextProjectionChangeAt('football', s, t)).toBe(nextMinuteChangeAt(s, t));
    expect(nextProjectionChangeAt('football', s, t)).toBeLessThan(Infinity);
    expect(nextProjectionChangeAt('tennis', initialMatchState('tennis'), t)).toBe(Infinity);
  });

  it('applies every event exactly as lib/football/rules.ts does, through the engine face too', async () => {
    const feed = await final2022();
    let direct: FootballState = initialState();
    let adapted: FootballState = footballRules.initialState();
    let engine = initialMatchState('football');
    expect(engine).toEqual(direct);
    for (const { event, occurred_at } of feed) {
      direct = applyEvent(direct, { ...event, occurred_at });
      adapted = footballRules.applyEvent(adapted, { ...event, occurred_at });
      engine = applyMatchEvent('football', engine, event, occurred_at);
      expect(adapted).toEqual(direct);
      expect(engine).toEqual(direct);
    }
    expect(direct.status).toBe('finished');
    expect(direct.penalties).toEqual({ home: 4, away: 2 });
  });

  it('projects the spec 2.1 fields football shows (minute from the clock, extras at the top)', async () => {
    const feed = await final2022();
    let s: FootballState = initialState();
    for (const { event, occurred_at } of feed.slice(0, 6)) s = applyEvent(s, { ...event, occurred_at });
    const nowMs = Date.parse(feed[5]!.occurred_at) + 95_000;
    const p = footballRules.project(s, nowMs);
    const { minute, stoppage } = matchMinute(s, nowMs);
    expect(p).toEqual({
      score: s.score,
      minute,
      period: s.period,
      status: s.status,
      state: {},
      top_level: {
        stoppage_time: stoppage,
        clock: s.clock,
        halftime_score: s.halftime_score,
        penalties: s.penalties,
        red_cards: { home: s.cards.home.red, away: s.cards.away.red },
      },
    });
    // Without a wall time it reads the clock at the latest event.
    expect(footballRules.project(s).minute).toBe(matchMinute(s, Date.parse(s.updated_at!)).minute);
  });

  it('refuses with the one RuleError every sport throws', () => {
    const bad = {
      event_id: 'x',
      type: 'corner',
      side: null,
      player: null,
      minute: 1,
      period: null,
      clock_seconds: null,
      detail: {},
      stoppage: null,
    };
    let error: unknown;
    try {
      applyMatchEvent('football', initialState(), bad, '2024-01-01T00:00:00.000Z');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RuleError);
    expect(isRuleError(error)).toBe(true);
    expect((error as RuleError).code).toBe('invalid_event');
    expect(() => footballRules.applyEvent(initialState(), bad)).toThrow(RuleError);
  });
});
