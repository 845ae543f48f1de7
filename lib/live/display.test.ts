import { describe, expect, it } from 'vitest';
import { clockLabel, eventLabel, minuteLabel, periodLabel } from './display';

const base = { minute: 0, stoppage_time: null, penalties: null } as const;

describe('dashboard wording', () => {
  it('runs the minute from the clock at the viewer\'s time', () => {
    const clock = { running: true, clock_seconds: 2700, as_of: '2024-01-01T15:00:00.000Z', rate: 1 };
    const m = { ...base, status: 'in_play' as const, period: '2nd_half' as const, clock };
    expect(clockLabel(m, Date.parse('2024-01-01T15:00:00Z'))).toBe("46'");
    expect(clockLabel(m, Date.parse('2024-01-01T15:21:30Z'))).toBe("67'");
    expect(clockLabel(m, Date.parse('2024-01-01T15:47:10Z'))).toBe("90+3'");
  });
  it('names breaks and endings', () => {
    expect(clockLabel({ ...base, status: 'break', period: 'half_time', clock: null }, 0)).toBe('HT');
    expect(clockLabel({ ...base, status: 'finished', period: 'full_time', clock: null, minute: 90 }, 0)).toBe('FT');
    expect(clockLabel({ ...base, status: 'finished', period: 'full_time', clock: null, minute: 120, penalties: { home: 4, away: 2 } }, 0)).toBe('FT (Pens)');
    expect(minuteLabel(45, 2)).toBe("45+2'");
    expect(periodLabel('extra_time_half_time')).toBe('ET HT');
  });
  it('labels events', () => {
    expect(eventLabel({ type: 'goal', detail: { penalty: true }, period: '1st_half' })).toBe('Goal (pen.)');
    expect(eventLabel({ type: 'card', detail: { card: 'second_yellow' }, period: null })).toBe('Second yellow');
    expect(eventLabel({ type: 'period_end', detail: {}, period: '1st_half' })).toBe('End of 1st half');
  });
});
