import { describe, expect, it } from 'vitest';
import { displayedMinute, elapsedFromCountdown } from './clock';
import { RuleError } from './contract';
import { addPoints, emptyLineScore, openLinePeriod } from './line-score';
import { numberedPeriods, periodValues } from './periods';
import { periodSportStatusRules, statusTransition, SUSPENSION_STATUS_RULES } from './status';

const fail = (message: string, code: RuleError['code']): never => {
  throw new RuleError(code, message);
};

describe('shared rules helpers', () => {
  it('status transitions: suspend remembers, resume restores, finished refuses where asked', () => {
    const rules = periodSportStatusRules('game');
    expect(statusTransition('break', null, 'suspended', rules, fail)).toEqual({
      status: 'suspended',
      resume_to: 'break',
      stopped: true,
    });
    expect(statusTransition('suspended', 'break', 'resumed', rules, fail)).toEqual({
      status: 'break',
      resume_to: null,
      stopped: false,
    });
    expect(statusTransition('break', null, 'resumed', rules, fail).status).toBe('in_play');
    expect(() => statusTransition('finished', null, 'abandoned', rules, fail)).toThrow(
      expect.objectContaining({ code: 'match_over' }),
    );
    expect(() => statusTransition('in_play', null, undefined, rules, fail)).toThrow(/unknown status undefined/);
    expect(statusTransition('in_play', null, 'resumed', SUSPENSION_STATUS_RULES, fail).status).toBe('in_play');
    expect(statusTransition('finished', null, 'abandoned', SUSPENSION_STATUS_RULES, fail).status).toBe('abandoned');
  });

  it('numbered periods: quarters then overtimes', () => {
    const q = numberedPeriods({ prefix: 'q', regulation: 4, regulationSeconds: 720, overtimeSeconds: 300 });
    expect([q.index('q1'), q.index('q4'), q.index('q5'), q.index('ot1'), q.index('ot3'), q.index('half_time')]).toEqual(
      [0, 3, null, 4, 6, null],
    );
    expect([q.name(0), q.name(3), q.name(4)]).toEqual(['q1', 'q4', 'ot1']);
    expect([q.start(4), q.end(4), q.start(5)]).toEqual([2880, 3180, 3180]);
    expect(periodValues(['p1', 'p2'], 1, ['shootout'])).toEqual([
      'not_started',
      'p1',
      'p2',
      'before_ot1',
      'ot1',
      'shootout',
      'final',
    ]);
  });

  it('clock and line score', () => {
    expect(elapsedFromCountdown(720, 720, 330)).toBe(1110);
    expect([
      displayedMinute(0, true, 12),
      displayedMinute(59, true, 12),
      displayedMinute(720, false, 12),
      displayedMinute(720, true, 12),
    ]).toEqual([1, 1, 12, 12]);
    const score = { home: 0, away: 0 };
    const line = emptyLineScore();
    openLinePeriod(line);
    openLinePeriod(line);
    addPoints(score, line, 'home', 3);
    addPoints(score, line, 'away', 2, 0);
    expect({ score, line }).toEqual({ score: { home: 3, away: 2 }, line: { home: [0, 3], away: [2, 0] } });
  });
});
