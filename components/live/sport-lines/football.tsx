/** Football on the scoreboard: goals, red cards beside the team, the latest event; HT and penalties in the header. */
import type { SportLine } from './types';
import { lastEventText } from './last-event';
import { perSide } from './read';
import { ENGLISH } from '@/browser/live/display-words';

export const football: SportLine = {
  flash: true,
  marker(m, side) {
    const reds = perSide(m.red_cards, side) ?? 0;
    return reds > 0 ? (
      <span
        className="inline-block h-3 w-2 shrink-0 rounded-sm bg-live"
        title={`${reds} red card${reds > 1 ? 's' : ''}`}
      >
        <span className="sr-only">
          {reds} red card{reds > 1 ? 's' : ''}
        </span>
      </span>
    ) : null;
  },
  summary: (m, _now, w = ENGLISH) =>
    lastEventText(m, w) ??
    (m.penalties ? `${w.t('football.penalties')} ${m.penalties.home}–${m.penalties.away}` : null),
  notes(m, w = ENGLISH) {
    const started = m.status !== 'scheduled' && m.status !== 'postponed';
    return (
      <>
        {m.halftime_score && started && (
          <p className="text-xs text-muted tabular">
            {w.t('football.half_time')} {m.halftime_score.home}–{m.halftime_score.away}
          </p>
        )}
        {m.penalties && (
          <p className="text-xs text-muted tabular">
            {w.t('pens')} {m.penalties.home}–{m.penalties.away}
          </p>
        )}
      </>
    );
  },
};
