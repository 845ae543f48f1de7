/**
 * Corrections folded over a real match: StatsBomb's Turkey 0–3 Italy (Euro 2020 opener), as the
 * importer reads it. Retracting and amending its goals changes the score the sport's rules give,
 * and impossible corrections are refused.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FootballState } from '@/lib/football/state';
import { IMPORT_FORMATS } from '@/lib/import/index';
import type { ImportedMatch } from '@/lib/import/types';
import { CorrectionError, effectiveLog, foldLog, LogFold, type LogItem } from './corrections';
import { isRuleError, type FeedEvent } from './state';

const DATA = fileURLToPath(new URL('../../datasets/football/statsbomb/', import.meta.url));
let log: LogItem[];
let goals: FeedEvent[];

const correction = (event_id: string, detail: Record<string, unknown>): LogItem => ({
  event: {
    event_id,
    type: 'correction',
    side: null,
    player: null,
    minute: null,
    stoppage: null,
    period: null,
    clock_seconds: null,
    detail,
  },
  occurred_at: '2021-06-11T21:30:00.000Z',
});
const score = (s: unknown) => (s as FootballState).score;

beforeAll(async () => {
  const [m] = (await IMPORT_FORMATS.statsbomb([`${DATA}events/3788741.json`, `${DATA}lineups/3788741.json`], {
    league: 'euro',
    season: '2020',
    kickoff: '2021-06-11T19:00:00Z',
  })) as ImportedMatch[];
  log = m.events.map((e) => ({
    event: e as FeedEvent,
    occurred_at: new Date(Date.parse(m.kickoff) + (e.clock_seconds ?? 0) * 1000).toISOString(),
  }));
  goals = log.map((x) => x.event).filter((e) => e.type === 'goal');
});

describe('corrections over a real match', () => {
  it('the log as recorded folds to 0–3 with three goals', () => {
    expect(goals).toHaveLength(3);
    expect(score(foldLog('football', log))).toEqual({ home: 0, away: 3 });
  });

  it('a retracted goal no longer counts; the correction itself is no event of the match', () => {
    const target = goals[1];
    const corrected = [
      ...log,
      correction('c1', { action: 'retract', target_event_id: target.event_id, reason: 'VAR' }),
    ];
    const { effective, retracted } = effectiveLog(corrected);
    expect(retracted).toEqual(new Set([target.event_id]));
    expect(effective).toHaveLength(log.length - 1);
    expect(effective.some((x) => x.event.type === 'correction')).toBe(false);
    expect(score(foldLog('football', corrected))).toEqual({ home: 0, away: 2 });
  });

  it('an amended goal counts for the side it is amended to', () => {
    const target = goals[0];
    const corrected = [
      ...log,
      correction('c2', {
        action: 'amend',
        target_event_id: target.event_id,
        changes: { side: 'home', player: 'Someone Else' },
      }),
    ];
    const { effective, amended } = effectiveLog(corrected);
    expect(amended.has(target.event_id)).toBe(true);
    expect(effective.find((x) => x.event.event_id === target.event_id)!.event).toMatchObject({
      side: 'home',
      player: 'Someone Else',
      type: 'goal',
    });
    expect(score(foldLog('football', corrected))).toEqual({ home: 1, away: 2 });
  });

  it('folding an event at a time gives the same states as refolding the whole log', () => {
    const corrected = [
      ...log.slice(0, 15),
      correction('c3', { action: 'retract', target_event_id: goals[0].event_id }),
      ...log.slice(15),
    ];
    const fold = new LogFold('football');
    corrected.forEach((x, i) => {
      const s = fold.apply(x.event, x.occurred_at);
      if (i % 4 === 0 || i === corrected.length - 1)
        expect(score(s)).toEqual(score(foldLog('football', corrected.slice(0, i + 1))));
    });
    expect(score(fold.state)).toEqual({ home: 0, away: goals[0].side === 'away' ? 2 : 3 });
  });

  it('refuses a correction of an unknown, retracted or correction event, and bad changes', () => {
    const retract = (id: string, target: string) => correction(id, { action: 'retract', target_event_id: target });
    expect(() => foldLog('football', [...log, retract('x', 'no-such-event')])).toThrow(CorrectionError);
    expect(() =>
      foldLog('football', [...log, retract('x', goals[0].event_id), retract('y', goals[0].event_id)]),
    ).toThrow(/already retracted/);
    expect(() => foldLog('football', [...log, retract('x', goals[0].event_id), retract('y', 'x')])).toThrow(
      CorrectionError,
    );
    expect(() =>
      foldLog('football', [
        ...log,
        correction('x', { action: 'amend', target_event_id: goals[0].event_id, changes: { colour: 'red' } }),
      ]),
    ).toThrow(CorrectionError);
    expect(() =>
      foldLog('football', [
        ...log,
        correction('x', { action: 'amend', target_event_id: goals[0].event_id, changes: {} }),
      ]),
    ).toThrow(CorrectionError);
  });

  it('refuses a correction after which the match no longer follows the rules', () => {
    const fold = new LogFold('football', {}, log);
    let error: unknown;
    try {
      // A goal needs a side: amending it to none is refused by football's rules on the refold.
      fold.apply(
        correction('x', { action: 'amend', target_event_id: goals[0].event_id, changes: { side: null } }).event,
        '2021-06-11T21:30:00.000Z',
      );
    } catch (e) {
      error = e;
    }
    expect(isRuleError(error)).toBe(true);
    expect((error as Error).message).toMatch(/needs side/);
    // Unchanged after a refused correction, and the next one still applies.
    expect(score(fold.state)).toEqual({ home: 0, away: 3 });
    expect(
      score(
        fold.apply(
          correction('y', { action: 'retract', target_event_id: goals[2].event_id }).event,
          '2021-06-11T21:31:00.000Z',
        ),
      ),
    ).toEqual({ home: 0, away: 2 });
  });
});
