/** The card's default summary: the latest event in words ("Goal · Kane 67'", "Try · Smith 12'"). */
import { eventLabel, minuteLabel, type Words } from '@/browser/live/display';
import type { LiveMatch } from '@/lib/wire/schemas';
import { featuresOf } from '@/lib/sport-features';

/** Sports whose events carry a meaningful match minute. */

/** `w`: the viewer's `display` words (English by default). */
export function lastEventText(m: Pick<LiveMatch, 'sport' | 'last_event'>, w?: Words): string | null {
  const ev = m.last_event;
  if (!ev) return null;
  const label = eventLabel({ type: ev.type, detail: {}, period: null }, m.sport, w);
  const who = ev.player || ev.team;
  const minute = featuresOf(m.sport).eventMinute && ev.minute > 0 ? ` ${minuteLabel(ev.minute, ev.stoppage_time)}` : '';
  return `${label} · ${who}${minute}`;
}
