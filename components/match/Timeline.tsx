'use client';
/**
 * The event timeline, in order (seq = the order the feed stored them, which follows match time):
 * home incidents on the left, away on the right, period changes across the middle.
 */
import { useTranslations } from 'next-intl';
import { useDisplayWords } from '@/components/i18n/display-words';
import { ClockText } from '@/components/live/ClockText';
import { eventIcon } from '@/browser/live/display';
import type { Lineup, MatchEvent } from '@/lib/wire/schemas';
import { eventTime, shownEvent, timelineLabel } from './timeline-events';

/** Player names as the lineups print them: full legal name → display name ("Lionel Andrés Messi Cuccittini" → "Lionel Messi"). */
export type PlayerNames = ReadonlyMap<string, string>;

/** The display-name map of a match's lineups (nickname when the source gives one). */
export function playerNames(lineups: readonly Lineup[]): PlayerNames {
  return new Map(
    lineups.flatMap((l) => l.players.filter((p) => p.nickname).map((p) => [p.name, p.nickname!] as const)),
  );
}

function detailText(e: MatchEvent, names: PlayerNames, onOff: (on: string, off: string) => string): string {
  const d = e.detail as Record<string, unknown>;
  const n = (x: unknown) => (typeof x === 'string' ? (names.get(x) ?? x) : '?');
  if (e.type === 'substitution' && typeof d.replacement === 'string') return onOff(n(d.replacement), n(e.player));
  if (e.type === 'wicket' && typeof d.bowler === 'string') return `${n(e.player)} · b. ${d.bowler}`;
  return e.player ? n(e.player) : (e.team ?? '');
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

export function Timeline({
  sport = 'football',
  events,
  home,
  away,
  names = new Map(),
  empty,
}: {
  sport?: string;
  events: MatchEvent[];
  home: string;
  away: string;
  names?: PlayerNames;
  empty?: string;
}) {
  const t = useTranslations('match');
  const w = useDisplayWords();
  const shown = events.filter((e) => shownEvent(sport, e));
  return (
    <section aria-labelledby="timeline-h" className="rounded-xl border border-line bg-card p-4">
      <h2 id="timeline-h" className="mb-3 font-bold">
        {t('timeline')}
      </h2>
      {shown.length === 0 ? (
        <p className="text-sm text-muted" data-testid="timeline-empty">
          {empty ?? t('noEvents')}
        </p>
      ) : (
        <ol className="grid gap-1" data-testid="timeline">
          {shown.map((e) => {
            const minute = eventTime(sport, e);
            const common = {
              'data-testid': 'timeline-event',
              'data-type': e.type,
              'data-minute': e.minute ?? '',
              'data-seq': e.seq,
              'data-side': e.side ?? '',
            };
            if (!e.side) {
              return (
                <li
                  key={e.event_id}
                  {...common}
                  className="my-1 rounded bg-bg py-1 text-center text-xs font-semibold uppercase tracking-wide text-muted"
                >
                  {timelineLabel(sport, e, { home, away }, w)}{' '}
                  {minute && (
                    <span className="tabular">
                      · <ClockText label={minute} />
                    </span>
                  )}
                </li>
              );
            }
            const body = (
              <span className={`flex items-baseline gap-2 ${e.side === 'away' ? 'flex-row-reverse text-right' : ''}`}>
                <span className="w-12 shrink-0 text-center text-sm font-semibold tabular">
                  <ClockText label={minute} />
                </span>
                <EventIcon kind={eventIcon(e)} />
                <span className="min-w-0">
                  <span className={eventIcon(e) === 'goal' ? 'font-bold' : ''}>
                    {timelineLabel(sport, e, { home, away }, w)}
                  </span>
                  <span className="block truncate text-sm text-muted">
                    {detailText(e, names, (on, off) => t('subOnOff', { on, off }))}
                  </span>
                </span>
              </span>
            );
            return (
              <li
                key={e.event_id}
                {...common}
                className={`grid grid-cols-2 gap-2 ${eventIcon(e) === 'goal' ? 'rounded bg-bg' : ''}`}
              >
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
