'use client';
/**
 * The event timeline, in order (seq = the order the feed stored them, which follows match time):
 * home incidents on the left, away on the right, period changes across the middle.
 */
import { eventIcon, eventLabel, minuteLabel } from '@/lib/live/display';
import type { MatchEvent } from '@/lib/wire/schemas';

const SHOWN = new Set(['goal', 'card', 'substitution', 'corner', 'penalty_awarded', 'penalty_missed', 'period_start', 'period_end', 'full_time', 'shootout', 'status']);

function detailText(e: MatchEvent): string {
  const d = e.detail as Record<string, unknown>;
  if (e.type === 'substitution' && typeof d.replacement === 'string') return `${d.replacement} on, ${e.player ?? '?'} off`;
  return e.player ?? e.team ?? '';
}

const ICON_CLASS = {
  goal: 'h-3 w-3 rounded-full border-2 border-fg bg-card',
  yellow: 'h-3.5 w-2.5 rounded-sm bg-yellow-400',
  red: 'h-3.5 w-2.5 rounded-sm bg-red-600',
  sub: 'h-3 w-3 rounded-full border-2 border-dashed border-accent',
  corner: 'h-3 w-1 bg-muted',
  penalty: 'h-3 w-3 rounded-full border-2 border-live',
  other: 'h-1.5 w-1.5 rounded-full bg-muted',
} as const;

function EventIcon({ kind }: { kind: keyof typeof ICON_CLASS }) {
  return <span aria-hidden="true" className={`inline-block shrink-0 self-center ${ICON_CLASS[kind]}`} />;
}

export function Timeline({ events, home, away }: { events: MatchEvent[]; home: string; away: string }) {
  const shown = events.filter((e) => SHOWN.has(e.type));
  return (
    <section aria-labelledby="timeline-h" className="rounded-xl border border-line bg-card p-4">
      <h2 id="timeline-h" className="mb-3 font-bold">Timeline</h2>
      {shown.length === 0 ? (
        <p className="text-sm text-muted">No events yet.</p>
      ) : (
        <ol className="grid gap-1" data-testid="timeline">
          {shown.map((e) => {
            const minute = e.minute != null ? minuteLabel(e.minute, e.stoppage_time) : '';
            const common = { 'data-testid': 'timeline-event', 'data-type': e.type, 'data-minute': e.minute ?? '', 'data-seq': e.seq, 'data-side': e.side ?? '' };
            if (!e.side) {
              return (
                <li key={e.event_id} {...common} className="my-1 rounded bg-bg py-1 text-center text-xs font-semibold uppercase tracking-wide text-muted">
                  {eventLabel(e)} {minute && <span className="tabular">· {minute}</span>}
                </li>
              );
            }
            const body = (
              <span className={`flex items-baseline gap-2 ${e.side === 'away' ? 'flex-row-reverse text-right' : ''}`}>
                <span className="w-12 shrink-0 text-center text-sm font-semibold tabular">{minute}</span>
                <EventIcon kind={eventIcon(e)} />
                <span className="min-w-0">
                  <span className={e.type === 'goal' ? 'font-bold' : ''}>{eventLabel(e)}</span>
                  <span className="block truncate text-sm text-muted">{detailText(e)}</span>
                </span>
              </span>
            );
            return (
              <li key={e.event_id} {...common} className={`grid grid-cols-2 gap-2 ${e.type === 'goal' ? 'rounded bg-bg' : ''}`}>
                <span className="sr-only">{e.side === 'home' ? home : away}: </span>
                {e.side === 'home' ? body : <span />}
                {e.side === 'away' ? body : <span />}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
