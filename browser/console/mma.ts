/**
 * MMA console buttons (lib/mma/rules.ts, docs/sports/mma.md): a fixture is one bout, home = red
 * corner, away = blue. Bout start (3 or 5 rounds), each round's start and end, knockdowns,
 * significant strikes, takedowns, point deductions, each judge's 10-point-must card of a
 * completed round, and the result: KO/TKO, submission, DQ (in the current round, at the time
 * typed), decisions and draws after the last round, no contest.
 */
import { button, draft, field, int, parseClock, playerOf, statusButtons, text } from './common';
import type { ConsoleButton, ConsoleInput, ConsoleView } from './types';

/** MMA's buttons for a bout in `v` (`v.state`: scheduled_rounds, round). */
export function mmaButtons(v: ConsoleView): ConsoleButton[] {
  const out: ConsoleButton[] = [];
  const rounds = (v.state?.scheduled_rounds as number | undefined) ?? 3;
  const round = (v.state?.round as number | null | undefined) ?? 0;
  const open = v.status !== 'finished' && v.status !== 'abandoned' && v.status !== 'postponed';
  const inRound = v.status === 'in_play' && v.period === `round_${round}`;
  const between = v.period === 'not_started' || v.period === `after_round_${round}`;
  if (open && v.period === 'not_started' && v.status === 'scheduled') {
    out.push(
      button(
        'bout-start',
        'Bout start',
        'flow',
        { fields: [field('scheduled_rounds', 'Scheduled rounds (3 or 5)', '3', 'number')] },
        (i) => draft('bout_start', { detail: { scheduled_rounds: int(i, 'scheduled_rounds', 3) } }),
      ),
    );
  }
  if (open && between && round < rounds)
    out.push(
      button('round-start', `Start round ${round + 1}`, 'flow', {}, () =>
        draft('round_start', { period: `round_${round + 1}` }),
      ),
    );
  const act = (type: string) => (i: ConsoleInput) =>
    draft(type, { side: i.side, player: playerOf(i), period: v.period, clock_seconds: i.clock_seconds });
  if (open && inRound) {
    out.push(
      button('knockdown', 'Knockdown', 'score', { side: true }, act('knockdown')),
      button('strike', 'Significant strike', 'play', { side: true }, act('significant_strike')),
      button('takedown', 'Takedown', 'play', { side: true }, act('takedown')),
      button('round-end', `End of round ${round}`, 'flow', {}, () =>
        draft('round_end', { period: v.period, clock_seconds: 0 }),
      ),
    );
  }
  if (open && round > 0)
    out.push(
      button('deduction', 'Point deduction', 'discipline', { side: true }, (i) =>
        draft('point_deduction', { side: i.side, detail: { points: 1 } }),
      ),
    );
  if (open && round > 0 && !inRound) {
    out.push(
      button(
        'judge-card',
        `Judge's card, round ${round}`,
        'score',
        {
          fields: [
            field('judge', 'Judge', 'Judge 1'),
            field('home', 'Red corner', '10', 'number'),
            field('away', 'Blue corner', '9', 'number'),
          ],
        },
        (i) =>
          draft('round_scored', {
            detail: { judge: text(i, 'judge', 'Judge 1'), home: int(i, 'home'), away: int(i, 'away'), round },
          }),
      ),
    );
  }
  const result = (id: string, label: string, method: string, winner: boolean, timed: boolean) =>
    button(
      id,
      label,
      'result',
      { side: winner, fields: timed ? [field('time', 'Time in the round (m:ss)', '2:30')] : [] },
      (i) =>
        draft('result', {
          detail: {
            winner: winner ? i.side : null,
            method,
            round,
            time_seconds: timed ? parseClock(text(i, 'time', '2:30')) : 300,
          },
        }),
    );
  if (open && round > 0) {
    out.push(
      result('ko', 'Win by KO/TKO', 'TKO', true, true),
      result('sub', 'Win by submission', 'SUB', true, true),
      result('dq', 'Win by DQ', 'DQ', true, true),
      result('nc', 'No contest', 'NC', false, true),
    );
  }
  if (open && round === rounds && v.period === `after_round_${round}`) {
    out.push(
      result('ud', 'Unanimous decision', 'UD', true, false),
      result('sd', 'Split decision', 'SD', true, false),
      result('draw', 'Draw', 'DRAW', false, false),
    );
  }
  return [...out, ...statusButtons(v.status)];
}
