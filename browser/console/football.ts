/**
 * Football console buttons (lib/football/rules.ts, docs/football.md): kick-off, goals (open
 * play, penalty, own goal), cards, substitutions, corners, the halves, extra time, the shoot-out
 * and the final whistle. The minute is the operator's, else the match's current minute.
 */
import { button, draft, field, minuteOf, minuteSubstitution, playerOf, statusButtons } from './common';
import type { ConsoleButton, ConsoleView } from './types';

const PLAYING = ['1st_half', '2nd_half', 'extra_time_1st', 'extra_time_2nd'];
/** Break period → the playing period that follows it, with its button label. */
const NEXT: Record<string, [string, string]> = {
  not_started: ['1st_half', 'Kick-off'],
  half_time: ['2nd_half', 'Second half'],
  before_extra_time: ['extra_time_1st', 'Extra time'],
  extra_time_half_time: ['extra_time_2nd', 'Extra time 2nd half'],
  before_penalties: ['penalties', 'Penalty shoot-out'],
};

/** Football's buttons for a match in `v` (status/period per docs/football.md). */
export function footballButtons(v: ConsoleView): ConsoleButton[] {
  const out: ConsoleButton[] = [];
  const live = v.status === 'in_play';
  const next = NEXT[v.period];
  if (next && (v.status === 'scheduled' || v.status === 'break')) {
    out.push(button('period-start', next[1], 'flow', {}, () => draft('period_start', { period: next[0] })));
  }
  if (live && PLAYING.includes(v.period)) {
    const incident =
      (type: string, over: { detail?: Record<string, unknown> } = {}) =>
      (i: Parameters<ConsoleButton['event']>[0]) =>
        draft(type, {
          side: i.side,
          player: playerOf(i),
          period: v.period,
          minute: minuteOf(i, v.minute),
          detail: over.detail ?? {},
        });
    out.push(
      button('goal', 'Goal', 'score', { side: true, player: 'Scorer' }, incident('goal')),
      button(
        'goal-penalty',
        'Penalty goal',
        'score',
        { side: true, player: 'Scorer' },
        incident('goal', { detail: { penalty: true } }),
      ),
      button(
        'own-goal',
        'Own goal',
        'score',
        { side: true, player: { label: 'Player (of the other team)', required: true } },
        incident('goal', { detail: { own_goal: true } }),
      ),
      button(
        'card-yellow',
        'Yellow card',
        'discipline',
        { side: true, player: 'Player' },
        incident('card', { detail: { card: 'yellow' } }),
      ),
      button(
        'card-second-yellow',
        'Second yellow',
        'discipline',
        { side: true, player: 'Player' },
        incident('card', { detail: { card: 'second_yellow' } }),
      ),
      button(
        'card-red',
        'Red card',
        'discipline',
        { side: true, player: 'Player' },
        incident('card', { detail: { card: 'red' } }),
      ),
      minuteSubstitution(v),
      button(
        'corner',
        'Corner',
        'play',
        { side: true, player: { label: 'Taker', required: false } },
        incident('corner'),
      ),
      button('penalty-missed', 'Penalty missed', 'play', { side: true, player: 'Taker' }, incident('penalty_missed')),
    );
    const end =
      v.period === '1st_half'
        ? 'Half time'
        : v.period === 'extra_time_1st'
          ? 'Extra time half time'
          : v.period === '2nd_half'
            ? 'End of 2nd half (extra time)'
            : 'End of extra time (penalties)';
    out.push(button('period-end', end, 'flow', {}, () => draft('period_end', { period: v.period })));
  }
  if (live && v.period === 'penalties') {
    out.push(
      button('shootout-scored', 'Shoot-out: scored', 'score', { side: true, player: 'Taker' }, (i) =>
        draft('goal', { side: i.side, player: playerOf(i), period: 'penalties' }),
      ),
      button('shootout-missed', 'Shoot-out: missed', 'score', { side: true, player: 'Taker' }, (i) =>
        draft('penalty_missed', { side: i.side, player: playerOf(i), period: 'penalties' }),
      ),
    );
  }
  const canEnd =
    (live && ['2nd_half', 'extra_time_2nd', 'penalties'].includes(v.period)) ||
    (v.status === 'break' && ['before_extra_time', 'before_penalties'].includes(v.period));
  if (canEnd) out.push(button('full-time', 'Full time', 'result', {}, () => draft('full_time')));
  return [...out, ...statusButtons(v.status)];
}
