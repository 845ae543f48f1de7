/**
 * Rugby union console buttons (lib/rugby/rules.ts, docs/sports/rugby.md): kick-off, tries,
 * conversions, penalty goals, drop goals, penalty tries, yellow and red cards, substitutions,
 * the halves, extra time and full time. The minute is the operator's, else the match's.
 */
import { button, draft, field, minuteOf, minuteSubstitution, playerOf, statusButtons } from './common';
import type { ConsoleButton, ConsoleInput, ConsoleView } from './types';

const PLAYING = ['1st_half', '2nd_half', 'extra_time_1st', 'extra_time_2nd'];
const NEXT: Record<string, [string, string]> = {
  not_started: ['1st_half', 'Kick-off'],
  half_time: ['2nd_half', 'Second half'],
  before_extra_time: ['extra_time_1st', 'Extra time'],
  extra_time_half_time: ['extra_time_2nd', 'Extra time 2nd half'],
};

/** Rugby's buttons for a match in `v`. */
export function rugbyButtons(v: ConsoleView): ConsoleButton[] {
  const out: ConsoleButton[] = [];
  const next = NEXT[v.period];
  if (next && (v.status === 'scheduled' || v.status === 'break'))
    out.push(button('period-start', next[1], 'flow', {}, () => draft('period_start', { period: next[0] })));
  if (v.status === 'in_play' && PLAYING.includes(v.period)) {
    const play =
      (type: string, detail: Record<string, unknown> = {}) =>
      (i: ConsoleInput) =>
        draft(type, { side: i.side, player: playerOf(i), period: v.period, minute: minuteOf(i, v.minute), detail });
    out.push(
      button('try', 'Try (5)', 'score', { side: true, player: 'Scorer' }, play('try')),
      button(
        'conversion',
        'Conversion (2)',
        'score',
        { side: true, player: 'Kicker' },
        play('conversion', { made: true }),
      ),
      button(
        'conversion-missed',
        'Conversion missed',
        'score',
        { side: true, player: 'Kicker' },
        play('conversion', { made: false }),
      ),
      button(
        'penalty-goal',
        'Penalty goal (3)',
        'score',
        { side: true, player: 'Kicker' },
        play('penalty_goal', { made: true }),
      ),
      button(
        'drop-goal',
        'Drop goal (3)',
        'score',
        { side: true, player: 'Kicker' },
        play('drop_goal', { made: true }),
      ),
      button('penalty-try', 'Penalty try (7)', 'score', { side: true }, (i) =>
        draft('penalty_try', { side: i.side, period: v.period, minute: minuteOf(i, v.minute) }),
      ),
      button(
        'card-yellow',
        'Yellow card',
        'discipline',
        { side: true, player: 'Player' },
        play('card', { card: 'yellow' }),
      ),
      button('card-red', 'Red card', 'discipline', { side: true, player: 'Player' }, play('card', { card: 'red' })),
      minuteSubstitution(v),
    );
    if (v.period !== 'extra_time_2nd') {
      const end =
        v.period === '1st_half'
          ? 'Half time'
          : v.period === '2nd_half'
            ? 'End of 2nd half (extra time)'
            : 'Extra time half time';
      out.push(button('period-end', end, 'flow', {}, () => draft('period_end', { period: v.period })));
    }
  }
  const live = v.status === 'in_play' || v.status === 'break';
  if (live && v.period !== 'not_started' && v.period !== 'half_time')
    out.push(button('full-time', 'Full time', 'result', {}, () => draft('full_time')));
  return [...out, ...statusButtons(v.status)];
}
