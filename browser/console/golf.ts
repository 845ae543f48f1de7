/**
 * Golf console buttons (lib/golf/rules.ts, docs/sports/golf.md): a fixture is a stroke-play
 * tournament, no sides. Start each round (round 1 names the field), a hole completed by a player
 * (hole, strokes, par), withdrawal, the cut between rounds, end of round, a playoff between
 * players tied for the lead, and the result (winner: the player input, default the leader).
 */
import { button, draft, field, int, playerOf, statusButtons, text } from './common';
import type { ConsoleButton, ConsoleView } from './types';

interface Line {
  player: string;
  status: string;
  thru: number;
  to_par: number;
}

/** Golf's buttons for a tournament in `v` (`v.state`: round, leaderboard). */
export function golfButtons(v: ConsoleView): ConsoleButton[] {
  const out: ConsoleButton[] = [];
  const board = (v.state?.leaderboard as Line[] | undefined) ?? [];
  const active = board.filter((l) => l.status === 'active');
  const leader = active[0]?.player ?? '';
  const tiedLead = active.filter((l) => l.to_par === active[0]?.to_par).length >= 2;
  const after = /^after_round_(\d)$/.exec(v.period);
  const done = after ? Number(after[1]) : v.period === 'not_started' ? 0 : null;
  const open = v.status !== 'finished' && v.status !== 'abandoned' && v.status !== 'postponed';
  if (open && done !== null && done < 4) {
    const first = done === 0;
    out.push(
      button(
        'round-start',
        `Start round ${done + 1}`,
        'flow',
        { fields: first ? [field('players', 'Field (names, comma-separated)', '')] : [] },
        (i) => {
          const players = text(i, 'players')
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean);
          return draft('round_start', {
            period: `round_${done + 1}`,
            detail: first && players.length ? { players } : {},
          });
        },
      ),
    );
  }
  const playing = open && (/^round_\d$/.test(v.period) || v.period === 'playoff');
  if (playing) {
    out.push(
      button(
        'hole',
        'Hole completed',
        'score',
        {
          player: 'Player',
          fields: [
            field('hole', 'Hole', '1', 'number'),
            field('strokes', 'Strokes', '4', 'number'),
            field('par', 'Par', '4', 'number'),
          ],
        },
        (i) =>
          draft('hole_completed', {
            player: playerOf(i),
            period: v.period,
            detail: { hole: int(i, 'hole'), strokes: int(i, 'strokes'), par: int(i, 'par') },
          }),
      ),
      button('round-end', v.period === 'playoff' ? 'End of playoff' : 'End of round', 'flow', {}, () =>
        draft('round_end', { period: v.period }),
      ),
    );
  }
  if (open && (playing || done !== null) && v.period !== 'not_started') {
    out.push(
      button('withdrawal', 'Withdrawal', 'discipline', { player: 'Player' }, (i) =>
        draft('withdrawal', { player: playerOf(i) }),
      ),
    );
  }
  if (open && after) {
    out.push(
      button(
        'cut',
        'Cut (players above the line)',
        'discipline',
        { fields: [field('cut_line', 'Cut line (to par)', '2', 'number')] },
        (i) => draft('cut', { detail: { cut_line: int(i, 'cut_line') } }),
      ),
    );
    if (tiedLead)
      out.push(
        button('playoff', 'Start playoff (tied leaders)', 'flow', {}, () =>
          draft('round_start', { period: 'playoff' }),
        ),
      );
  }
  if (open && (after || v.period === 'final') && leader) {
    out.push(
      button(
        'result',
        'Result (winner)',
        'result',
        { player: { label: `Winner (empty: ${leader})`, required: false } },
        (i) => draft('result', { detail: { winner: playerOf(i) ?? leader } }),
      ),
    );
  }
  return [...out, ...statusButtons(v.status)];
}
