import { describe, expect, it } from 'vitest';
import { clockLabel, countdownSeconds, eventLabel, gameClock, minuteLabel, periodLabel } from './display';

const base = { minute: 0, stoppage_time: null, penalties: null } as const;

describe('dashboard wording', () => {
  it("runs the minute from the clock at the viewer's time", () => {
    const clock = { running: true, clock_seconds: 2700, as_of: '2024-01-01T15:00:00.000Z', rate: 1 };
    const m = { ...base, status: 'in_play' as const, period: '2nd_half' as const, clock };
    expect(clockLabel(m, Date.parse('2024-01-01T15:00:00Z'))).toBe("46'");
    expect(clockLabel(m, Date.parse('2024-01-01T15:21:30Z'))).toBe("67'");
    expect(clockLabel(m, Date.parse('2024-01-01T15:47:10Z'))).toBe("90+3'");
  });
  it('names breaks and endings', () => {
    expect(clockLabel({ ...base, status: 'break', period: 'half_time', clock: null }, 0)).toBe('HT');
    expect(clockLabel({ ...base, status: 'finished', period: 'full_time', clock: null, minute: 90 }, 0)).toBe('FT');
    expect(
      clockLabel(
        { ...base, status: 'finished', period: 'full_time', clock: null, minute: 120, penalties: { home: 4, away: 2 } },
        0,
      ),
    ).toBe('FT (Pens)');
    expect(minuteLabel(45, 2)).toBe("45+2'");
    expect(periodLabel('football', 'extra_time_half_time')).toBe('ET HT');
  });
  it('labels events', () => {
    expect(eventLabel({ type: 'goal', detail: { penalty: true }, period: '1st_half' })).toBe('Goal (pen.)');
    expect(eventLabel({ type: 'card', detail: { card: 'second_yellow' }, period: null })).toBe('Second yellow');
    expect(eventLabel({ type: 'period_end', detail: {}, period: '1st_half' })).toBe('End of 1st half');
    expect(eventLabel({ type: 'period_start', detail: {}, period: 'q3' }, 'basketball')).toBe('Q3 starts');
    expect(eventLabel({ type: 'period_end', detail: {}, period: 'set_2' }, 'tennis')).toBe('End of set 2');
    expect(eventLabel({ type: 'field_goal', detail: {}, period: 'q1' }, 'basketball')).toBe('Field goal');
  });
});

describe('periods of every sport', () => {
  it.each([
    ['basketball', 'q3', 'Q3'],
    ['basketball', 'after_q1', 'End Q1'],
    ['basketball', 'half_time', 'Half time'],
    ['basketball', 'ot1', 'OT'],
    ['basketball', 'before_ot2', 'Before 2OT'],
    ['basketball', 'final', 'Final'],
    ['ice-hockey', 'p2', '2nd period'],
    ['ice-hockey', 'intermission_1', '1st int.'],
    ['ice-hockey', 'shootout', 'Shootout'],
    ['cricket', 'innings_2', '2nd inns'],
    ['cricket', 'innings_break', 'Innings break'],
    ['cricket', 'super_over', 'Super over'],
    ['tennis', 'set_3', 'Set 3'],
    ['baseball', 'top_7', '▲ 7'],
    ['baseball', 'bottom_11', '▼ 11'],
    ['baseball', 'middle_3', 'Mid 3'],
    ['baseball', 'end_9', 'End 9'],
    ['rugby', '2nd_half', '2nd half'],
    ['golf', 'round_2', 'Round 2'],
    ['golf', 'after_round_4', 'After R4'],
    ['mma', 'round_3', 'R3'],
    ['mma', 'after_round_1', 'End R1'],
    ['esports', 'map_2', 'Map 2'],
    ['esports', 'after_map_1', 'After map 1'],
    ['curling', 'end_4', 'end 4'],
  ])('%s %s → %s', (sport, period, label) => {
    expect(periodLabel(sport, period)).toBe(label);
  });
});

describe('clocks of every sport', () => {
  const at = '2024-01-01T20:00:00.000Z';
  const t0 = Date.parse(at);
  const sportMatch = (
    sport: string,
    status: string,
    period: string,
    state: Record<string, unknown> | null,
    minute = 0,
  ) => ({ ...base, minute, sport, status, period, clock: null, state, updated_at: at });

  it('counts basketball, ice hockey and MMA clocks down while they run', () => {
    const bb = sportMatch('basketball', 'in_play', 'q3', { clock_seconds: 462, clock_running: true });
    expect(clockLabel(bb, t0)).toBe('Q3\n7:42');
    expect(clockLabel(bb, t0 + 12_000)).toBe('Q3\n7:30');
    expect(clockLabel(bb, t0 + 3_600_000)).toBe('Q3\n0:00');
    expect(clockLabel({ ...bb, state: { clock_seconds: 462, clock_running: false } }, t0 + 12_000)).toBe('Q3\n7:42');
    expect(
      clockLabel(sportMatch('ice-hockey', 'in_play', 'p2', { clock_seconds: 1200, clock_running: false }), t0),
    ).toBe('2nd\n20:00');
    expect(
      clockLabel(sportMatch('mma', 'in_play', 'round_2', { clock_seconds: 194.5, clock_running: false }), t0),
    ).toBe('R2\n3:15');
    expect(countdownSeconds({ state: null }, t0)).toBeNull();
    expect(gameClock(59.2)).toBe('1:00');
  });
  it("shows the period where a sport has no clock, and rugby's minute", () => {
    expect(clockLabel(sportMatch('cricket', 'in_play', 'innings_2', {}), t0)).toBe('2nd inns');
    expect(clockLabel(sportMatch('tennis', 'in_play', 'set_3', {}), t0)).toBe('Set 3');
    expect(clockLabel(sportMatch('baseball', 'in_play', 'bottom_7', {}), t0)).toBe('▼ 7');
    expect(clockLabel(sportMatch('baseball', 'break', 'middle_7', {}), t0)).toBe('Mid 7');
    expect(clockLabel(sportMatch('baseball', 'delayed', 'top_3', {}), t0)).toBe('Delayed');
    expect(clockLabel(sportMatch('rugby', 'in_play', '2nd_half', {}, 63), t0)).toBe("63'");
    expect(clockLabel(sportMatch('golf', 'in_play', 'round_2', {}), t0)).toBe('Round 2');
    expect(clockLabel(sportMatch('esports', 'break', 'after_map_1', {}), t0)).toBe('After map 1');
    expect(clockLabel(sportMatch('basketball', 'in_play', 'q1', null), t0)).toBe('Q1');
  });
  it('marks how a match ended', () => {
    expect(clockLabel(sportMatch('basketball', 'finished', 'final', { result: { overtimes: 2 } }), t0)).toBe(
      'Final/2OT',
    );
    expect(
      clockLabel(sportMatch('ice-hockey', 'finished', 'final', { result: { decision: 'SO', overtimes: 1 } }), t0),
    ).toBe('Final/SO');
    expect(
      clockLabel(sportMatch('ice-hockey', 'finished', 'final', { result: { decision: 'OT', overtimes: 1 } }), t0),
    ).toBe('Final/OT');
    expect(clockLabel(sportMatch('baseball', 'finished', 'final', { result: { innings: 11 } }), t0)).toBe('Final/11');
    expect(clockLabel(sportMatch('tennis', 'finished', 'ended', { result: { outcome: 'retired' } }), t0)).toBe(
      'Final (ret.)',
    );
    expect(clockLabel(sportMatch('mma', 'finished', 'final', { result: { method: 'KO', round: 2 } }), t0)).toBe(
      'KO\nR2',
    );
    expect(clockLabel(sportMatch('rugby', 'finished', 'full_time', null), t0)).toBe('FT');
    expect(clockLabel(sportMatch('golf', 'finished', 'final', null), t0)).toBe('Final');
  });
});
