/**
 * Cricket console buttons (lib/cricket/rules.ts, docs/sports/cricket.md): toss, start of each
 * innings (the side toggle = batting side; the first innings sets the overs quota), one button
 * per ball (dot, 1, 2, 3, 4, 6, wide, no-ball, leg bye), wicket (send the wicket first, then the
 * ball it fell on: a ball that ends the innings closes it), close innings, result. The rules end innings (all out, quota, target reached) and
 * derive a limited-overs result by themselves.
 */
import { button, draft, field, int, playerOf, statusButtons, text } from './common';
import type { ConsoleButton, ConsoleInput, ConsoleView, Side } from './types';

interface InningsView {
  number: number;
  closed: boolean;
}

/** Cricket's buttons for a match in `v` (`v.state`: innings, batting, result). */
export function cricketButtons(v: ConsoleView): ConsoleButton[] {
  const out: ConsoleButton[] = [];
  const innings = (v.state?.innings as InningsView[] | undefined) ?? [];
  const open = innings.find((i) => !i.closed) ?? null;
  const batting = (v.state?.batting as Side | null | undefined) ?? null;
  const over = v.status === 'finished' || v.status === 'abandoned' || v.status === 'postponed';
  if (v.status === 'scheduled' && !v.state?.toss) {
    out.push(
      button(
        'toss',
        'Toss (side won)',
        'flow',
        { side: true, fields: [field('decision', 'Elected to (bat / field)', 'bat')] },
        (i) => {
          const d = text(i, 'decision', 'bat');
          if (d !== 'bat' && d !== 'field') throw new Error('decision must be bat or field');
          return draft('toss', { detail: { winner: i.side, decision: d } });
        },
      ),
    );
  }
  if (!over && !open && innings.length < 4) {
    const first = innings.length === 0;
    out.push(
      button(
        'innings-start',
        `Start innings ${innings.length + 1} (side bats)`,
        'flow',
        { side: true, fields: first ? [field('overs', 'Overs per innings (empty: no limit)', '20', 'number')] : [] },
        (i) => {
          const detail: Record<string, unknown> = { innings: innings.length + 1 };
          if (first && text(i, 'overs') !== '') detail.overs = int(i, 'overs');
          return draft('innings_start', { side: i.side, detail });
        },
      ),
    );
  }
  if (!over && open && batting) {
    const bowler = field('bowler', 'Bowler', '');
    const ball = (id: string, label: string, runs: number, extras: Record<string, number> = {}) =>
      button(
        id,
        label,
        'score',
        { player: { label: 'Striker', required: false }, fields: [bowler] },
        (i: ConsoleInput) => {
          const extraRuns = Object.values(extras).reduce((a, b) => a + b, 0);
          const detail: Record<string, unknown> = {
            innings: open.number,
            runs_batter: runs,
            runs_extras: extraRuns,
            runs_total: runs + extraRuns,
            extras,
          };
          if (text(i, 'bowler')) detail.bowler = text(i, 'bowler');
          return draft('delivery', { side: batting, player: playerOf(i), detail });
        },
      );
    out.push(
      ball('dot', 'Dot ball', 0),
      ...[1, 2, 3, 4, 6].map((n) =>
        ball(`runs-${n}`, n === 4 ? 'Four' : n === 6 ? 'Six' : `${n} run${n > 1 ? 's' : ''}`, n),
      ),
      ball('wide', 'Wide', 0, { wides: 1 }),
      ball('no-ball', 'No-ball', 0, { noballs: 1 }),
      ball('leg-bye', 'Leg bye', 0, { legbyes: 1 }),
      button(
        'wicket',
        'Wicket',
        'discipline',
        { player: 'Batter out', fields: [field('kind', 'How out', 'bowled'), bowler] },
        (i) => {
          const detail: Record<string, unknown> = {
            innings: open.number,
            kind: text(i, 'kind', 'bowled'),
            fielders: [],
          };
          if (text(i, 'bowler')) detail.bowler = text(i, 'bowler');
          return draft('wicket', { side: batting, player: playerOf(i), detail });
        },
      ),
      button('innings-end', 'Close innings (declared)', 'flow', {}, () =>
        draft('innings_end', { side: batting, detail: { innings: open.number, reason: 'declared' } }),
      ),
    );
  }
  if (!over && innings.length > 0) {
    out.push(
      button('result-win', 'Result: side won', 'result', { side: true }, (i) =>
        draft('result', {
          side: i.side,
          detail: { kind: 'win', winner: i.side, by: null, method: null, eliminator: null },
        }),
      ),
      button('result-draw', 'Result: draw', 'result', {}, () =>
        draft('result', { detail: { kind: 'draw', winner: null, by: null, method: null, eliminator: null } }),
      ),
    );
  }
  return [...out, ...statusButtons(v.status, v.status === 'in_play' ? ['stumps'] : [])];
}
