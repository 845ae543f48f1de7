/**
 * Tennis console buttons (lib/tennis/rules.ts, docs/sports/tennis.md): the start (best of 3 or
 * 5, who serves first: the side toggle), points, aces (won by the server), double faults (won by
 * the returner) and retirement. Games, sets, tie-breaks and the end of the match follow from the
 * points: the rules derive them. `home` = player 1, `away` = player 2.
 */
import { button, draft, field, int, otherSide, statusButtons } from './common';
import type { ConsoleButton, ConsoleView, Side } from './types';

/** Tennis's buttons for a match in `v` (`v.state.server`: the side serving). */
export function tennisButtons(v: ConsoleView): ConsoleButton[] {
  const out: ConsoleButton[] = [];
  if (v.status === 'scheduled' || v.status === 'postponed') {
    out.push(
      button(
        'match-start',
        'Start match (side serves first)',
        'flow',
        { side: true, fields: [field('best_of', 'Best of (sets)', '3', 'number')] },
        (i) =>
          draft('match_start', {
            detail: { best_of: int(i, 'best_of', 3), first_server: i.side, final_set: 'tiebreak' },
          }),
      ),
    );
  }
  const server = v.state?.server as Side | null | undefined;
  if (v.status === 'in_play' && server) {
    out.push(
      button('point', 'Point', 'score', { side: true }, (i) => draft('point', { side: i.side, period: v.period })),
      button('ace', 'Ace (server)', 'score', {}, () =>
        draft('point', { side: server, period: v.period, detail: { ace: true } }),
      ),
      button('double-fault', 'Double fault (server)', 'score', {}, () =>
        draft('point', { side: otherSide(server), period: v.period, detail: { double_fault: true } }),
      ),
      button('retirement', 'Retirement (side retires)', 'result', { side: true }, (i) =>
        draft('retirement', { side: i.side, detail: { kind: 'retired' } }),
      ),
    );
  }
  return [...out, ...statusButtons(v.status)];
}
