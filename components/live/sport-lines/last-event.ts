/** The card's default summary: the latest event in words ("Goal · Kane 67'", "Try · Smith 12'"). */
import { eventLabel, minuteLabel } from '@/client/live/display';
import type { LiveMatch } from '@/lib/wire/schemas';

/** Sports whose events carry a meaningful match minute. */
const MINUTE_SPORTS = new Set(['football', 'rugby', 'basketball', 'ice-hockey']);

export function lastEventText(m: Pick<LiveMatch, 'sport' | 'last_event'>): string | null {
  const ev = m.last_event;
  if (!ev) return null;
  const label = eventLabel({ type: ev.type, detail: {}, period: null }, m.sport);
  const who = ev.player || ev.team;
  const minute = MINUTE_SPORTS.has(m.sport) && ev.minute > 0 ? ` ${minuteLabel(ev.minute, ev.stoppage_time)}` : '';
  return `${label} · ${who}${minute}`;
}
