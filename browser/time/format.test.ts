import { describe, expect, it } from 'vitest';
import { dayKey, formatInZone, isTimeZone, shiftDay, zonedRange } from './format';

describe('viewer time zone formatting', () => {
  it('shows a UTC kickoff in the viewer zone, across DST', () => {
    expect(formatInZone('2024-05-19T15:00:00Z', 'Europe/London', 'HH:mm')).toBe('16:00');
    expect(formatInZone('2024-01-20T15:00:00Z', 'Europe/London', 'HH:mm')).toBe('15:00');
    expect(formatInZone('2022-12-18T15:00:00Z', 'America/New_York', 'EEE d MMM HH:mm')).toBe('Sun 18 Dec 10:00');
  });
  it("puts late kickoffs on the viewer's day", () => {
    expect(dayKey('2024-05-19T23:30:00Z', 'UTC')).toBe('2024-05-19');
    expect(dayKey('2024-05-19T23:30:00Z', 'Asia/Tokyo')).toBe('2024-05-20');
    expect(dayKey('2024-05-19T03:30:00Z', 'America/Los_Angeles')).toBe('2024-05-18');
  });
  it('gives the UTC bounds of a zoned day and ISO week', () => {
    expect(zonedRange('2024-05-19', 'Europe/London', 'day')).toEqual({
      from: '2024-05-18T23:00:00.000Z',
      to: '2024-05-19T23:00:00.000Z',
      days: ['2024-05-19'],
    });
    const w = zonedRange('2024-05-19', 'UTC', 'week');
    expect(w.from).toBe('2024-05-13T00:00:00.000Z');
    expect(w.to).toBe('2024-05-20T00:00:00.000Z');
    expect(w.days).toHaveLength(7);
    expect(() => zonedRange('19/05/2024', 'UTC', 'day')).toThrow(RangeError);
  });
  it('validates zones and shifts days', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone(undefined)).toBe(false);
    expect(shiftDay('2024-03-31', 1)).toBe('2024-04-01');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
  });
});
