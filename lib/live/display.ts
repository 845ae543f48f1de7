/**
 * How the dashboard words a match's clock, period, status and events (docs/football.md has the
 * values). Pure; the running minute is computed from the live shape's `clock` at `nowMs`.
 */
import { matchMinute } from '@/lib/football/rules';
import type { FootballState } from '@/lib/football/state';
import type { LiveMatch, MatchEvent } from '@/lib/wire/schemas';

export const LIVE_STATUSES = new Set(['in_play', 'break', 'suspended']);

const PERIOD_SHORT: Record<string, string> = {
  not_started: 'Not started',
  '1st_half': '1st half',
  half_time: 'HT',
  '2nd_half': '2nd half',
  before_extra_time: 'End of 90',
  extra_time_1st: 'ET 1st half',
  extra_time_half_time: 'ET HT',
  extra_time_2nd: 'ET 2nd half',
  before_penalties: 'End of ET',
  penalties: 'Penalties',
  full_time: 'FT',
};

/** Short label of a period value ("HT", "2nd half"…). */
export function periodLabel(period: string): string {
  return PERIOD_SHORT[period] ?? period.replace(/_/g, ' ');
}

/** The minute as live-score apps print it: 67', 45+2', 90+4'. */
export function minuteLabel(minute: number, stoppage: number | null | undefined): string {
  return stoppage ? `${minute}+${stoppage}'` : `${minute}'`;
}

/**
 * The status cell of a match card: a running minute while in play, the break's name, FT (AET,
 * Pens when decided so), or a status word. `nowMs`: wall time for the running clock.
 */
export function clockLabel(m: Pick<LiveMatch, 'status' | 'period' | 'clock' | 'minute' | 'stoppage_time' | 'penalties'>, nowMs: number): string {
  switch (m.status) {
    case 'in_play': {
      if (m.period === 'penalties') return 'Pens';
      if (!m.clock) return minuteLabel(m.minute, m.stoppage_time);
      const { minute, stoppage } = matchMinute({ status: m.status, period: m.period, clock: m.clock } as unknown as FootballState, nowMs);
      return minuteLabel(minute, stoppage);
    }
    case 'break':
      return periodLabel(m.period);
    case 'finished':
      return m.penalties ? 'FT (Pens)' : m.minute > 90 || m.period === 'extra_time_2nd' ? 'AET' : 'FT';
    case 'scheduled':
      return 'Not started';
    case 'postponed':
      return 'Postponed';
    case 'suspended':
      return 'Suspended';
    case 'abandoned':
      return 'Abandoned';
    default:
      return m.status;
  }
}

/** One line describing an event ("Goal (pen.)", "Yellow card", "Substitution"…). */
export function eventLabel(e: Pick<MatchEvent, 'type' | 'detail' | 'period'>): string {
  const d = e.detail as Record<string, unknown>;
  switch (e.type) {
    case 'goal':
      return d.own_goal ? 'Own goal' : d.penalty ? 'Goal (pen.)' : 'Goal';
    case 'card':
      return d.card === 'red' ? 'Red card' : d.card === 'second_yellow' ? 'Second yellow' : 'Yellow card';
    case 'substitution':
      return 'Substitution';
    case 'corner':
      return 'Corner';
    case 'penalty_awarded':
      return 'Penalty awarded';
    case 'penalty_missed':
      return 'Penalty missed';
    case 'period_start':
      return `${periodLabel(e.period ?? '')} starts`.replace(/^Penalties starts$/, 'Penalty shoot-out');
    case 'period_end':
      return `End of ${periodLabel(e.period ?? '').toLowerCase()}`;
    case 'full_time':
      return 'Full time';
    case 'shootout':
      return `Shoot-out ${d.home ?? '?'}–${d.away ?? '?'}`;
    case 'status':
      return `Match ${String(d.status ?? 'status')}`;
    case 'clock':
      return 'Clock corrected';
    case 'result':
      return 'Result confirmed';
    default:
      return e.type.replace(/_/g, ' ');
  }
}

/** The icon kind of an event (rendered with CSS shapes, no emoji font needed): goal, yellow, red, sub, corner, penalty, other. */
export function eventIcon(e: Pick<MatchEvent, 'type' | 'detail'>): 'goal' | 'yellow' | 'red' | 'sub' | 'corner' | 'penalty' | 'other' {
  const d = e.detail as Record<string, unknown>;
  if (e.type === 'goal') return 'goal';
  if (e.type === 'card') return d.card === 'yellow' ? 'yellow' : 'red';
  if (e.type === 'substitution') return 'sub';
  if (e.type === 'corner') return 'corner';
  if (e.type === 'penalty_awarded' || e.type === 'penalty_missed') return 'penalty';
  return 'other';
}
