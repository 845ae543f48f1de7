/**
 * Baseball console buttons (lib/baseball/rules.ts, docs/sports/baseball.md): one button per
 * plate appearance outcome (single, double, triple, home run, walk, hit by pitch, strikeout,
 * out), stolen base, run, end of half inning, pitching change, substitution, and "call game".
 * There is no start event: the first play starts the top of the 1st. Runner movements are
 * derived from the bases in `v.state.bases`: a hit moves every runner as many bases as the
 * batter, a walk forces runners only. The rules end half innings at three outs and the game
 * per Official Baseball Rules 7.01.
 */
import { button, draft, field, int, playerOf, statusButtons } from './common';
import type { ConsoleButton, ConsoleInput, ConsoleView, Side } from './types';

type Base = '1' | '2' | '3';
interface Advance {
  from: 'B' | Base;
  to: Base | 'H';
  out: boolean;
}
const KEY: Record<Base, 'first' | 'second' | 'third'> = { '1': 'first', '2': 'second', '3': 'third' };

/** Occupied bases of `v` (lead runner first). */
function occupied(v: ConsoleView): Base[] {
  const b = (v.state?.bases ?? {}) as Record<string, string | null>;
  return (['3', '2', '1'] as Base[]).filter((x) => b[KEY[x]] != null);
}

/** Every runner and the batter move `n` bases (4 = home run). */
export function hitAdvances(bases: Base[], n: number): Advance[] {
  const to = (from: number): Base | 'H' => (from + n >= 4 ? 'H' : (String(from + n) as Base));
  return [...bases.map((b) => ({ from: b, to: to(Number(b)), out: false })), { from: 'B', to: to(0), out: false }];
}

/** A walk: the batter to first, runners move only when forced. */
export function walkAdvances(bases: Base[]): Advance[] {
  const moves: Advance[] = [{ from: 'B', to: '1', out: false }];
  if (!bases.includes('1')) return moves;
  moves.push({ from: '1', to: '2', out: false });
  if (!bases.includes('2')) return moves;
  moves.push({ from: '2', to: '3', out: false });
  if (bases.includes('3')) moves.push({ from: '3', to: 'H', out: false });
  return moves;
}

/** The side batting now, or in the next half when the game is between halves. */
export function battingSide(v: ConsoleView): Side {
  if (/^(top|middle)_/.test(v.period)) return v.period.startsWith('top_') ? 'away' : 'home';
  return v.period.startsWith('bottom_') ? 'home' : 'away';
}

/** Baseball's buttons for a game in `v`. */
export function baseballButtons(v: ConsoleView): ConsoleButton[] {
  const out: ConsoleButton[] = [];
  const open = ['scheduled', 'in_play', 'break', 'delayed', 'suspended'].includes(v.status);
  if (open) {
    const side = battingSide(v);
    const bases = /^(top|bottom)_/.test(v.period) ? occupied(v) : [];
    const pa = (id: string, label: string, outcome: string, advances: Advance[]) =>
      button(id, label, 'score', { player: { label: 'Batter', required: false } }, (i: ConsoleInput) =>
        draft('plate_appearance', { side, player: playerOf(i), detail: { outcome, advances, errors: 0 } }),
      );
    out.push(
      pa('single', 'Single', 'single', hitAdvances(bases, 1)),
      pa('double', 'Double', 'double', hitAdvances(bases, 2)),
      pa('triple', 'Triple', 'triple', hitAdvances(bases, 3)),
      pa('home-run', 'Home run', 'home_run', hitAdvances(bases, 4)),
      pa('walk', 'Walk', 'walk', walkAdvances(bases)),
      pa('hit-by-pitch', 'Hit by pitch', 'hit_by_pitch', walkAdvances(bases)),
      pa('strikeout', 'Strikeout', 'strikeout', [{ from: 'B', to: '1', out: true }]),
      pa('out', 'Out (ground / fly)', 'out', [{ from: 'B', to: '1', out: true }]),
    );
    const lead = bases.find((b) => b !== '3' && !bases.includes(String(Number(b) + 1) as Base));
    if (lead) {
      out.push(
        button('stolen-base', `Stolen base (${lead} → ${Number(lead) + 1})`, 'play', {}, () =>
          draft('base_running', {
            side,
            detail: { outcome: 'stolen_base', advances: [{ from: lead, to: String(Number(lead) + 1), out: false }] },
          }),
        ),
      );
    }
    if (bases.includes('3'))
      out.push(button('run', 'Runner on 3rd scores', 'score', {}, () => draft('run', { side, detail: { from: '3' } })));
    if (v.status === 'in_play')
      out.push(button('half-inning-end', 'End of half inning', 'flow', {}, () => draft('half_inning_end')));
    const sub = (id: string, label: string, pitcher: boolean) =>
      button(
        id,
        label,
        'play',
        {
          side: true,
          player: 'Player in',
          fields: pitcher
            ? []
            : [
                field('batting_order', 'Batting order (1–9)', '9', 'number'),
                field('position', 'Position (1–12)', '9', 'number'),
              ],
        },
        (i) =>
          draft(pitcher ? 'pitching_change' : 'substitution', {
            side: i.side,
            player: playerOf(i),
            detail: pitcher
              ? { batting_order: 0, position: 1 }
              : { batting_order: int(i, 'batting_order'), position: int(i, 'position') },
          }),
      );
    out.push(sub('pitching-change', 'Pitching change', true), sub('substitution', 'Substitution', false));
    if (v.status !== 'scheduled')
      out.push(
        button('call-game', 'Call game (final score now)', 'result', {}, () =>
          draft('result', { detail: { home: v.score.home, away: v.score.away, called: true } }),
        ),
      );
  }
  return [...out, ...statusButtons(v.status, ['delayed'])];
}
