/**
 * Basketball console buttons (lib/basketball/rules.ts, docs/sports/basketball.md): tip-off and
 * each quarter / overtime, 2- and 3-point field goals, free throws, fouls, timeouts,
 * substitutions. Scoring events carry the operator's clock reading (seconds left) when given.
 */
import { button, draft, field, playerOf, statusButtons } from './common';
import type { ConsoleButton, ConsoleInput, ConsoleView } from './types';

const BREAK_NEXT: Record<string, string> = { not_started: 'q1', after_q1: 'q2', half_time: 'q3', after_q3: 'q4' };

/** The playing period that follows break period `p` (`before_ot2` → `ot2`), or null. */
function nextPeriod(p: string): string | null {
  return BREAK_NEXT[p] ?? (/^before_ot(\d+)$/.test(p) ? p.replace('before_', '') : null);
}
const isPlaying = (p: string) => /^(q[1-4]|ot\d+)$/.test(p);
const label = (p: string) => (p.startsWith('q') ? `Q${p.slice(1)}` : `OT${p.slice(2)}`);

/** Basketball's buttons for a game in `v`. */
export function basketballButtons(v: ConsoleView): ConsoleButton[] {
  const out: ConsoleButton[] = [];
  const next = nextPeriod(v.period);
  if (next && (v.status === 'scheduled' || v.status === 'break')) {
    out.push(
      button('period-start', next === 'q1' ? 'Tip-off' : `Start ${label(next)}`, 'flow', {}, () =>
        draft('period_start', { period: next }),
      ),
    );
  }
  if (v.status === 'in_play' && isPlaying(v.period)) {
    const play = (type: string, detail: Record<string, unknown>) => (i: ConsoleInput) =>
      draft(type, { side: i.side, player: playerOf(i), period: v.period, clock_seconds: i.clock_seconds, detail });
    const shooter = { label: 'Player', required: false };
    out.push(
      button('two', '2 points', 'score', { side: true, player: shooter }, play('field_goal', { points: 2 })),
      button('three', '3 points', 'score', { side: true, player: shooter }, play('field_goal', { points: 3 })),
      button(
        'free-throw',
        'Free throw made',
        'score',
        { side: true, player: shooter },
        play('free_throw', { made: true }),
      ),
      button(
        'free-throw-missed',
        'Free throw missed',
        'score',
        { side: true, player: shooter },
        play('free_throw', { made: false }),
      ),
      button('foul', 'Foul', 'discipline', { side: true, player: shooter }, play('foul', { kind: 'personal' })),
      button(
        'substitution',
        'Substitution',
        'play',
        { side: true, player: 'Player in', fields: [field('replaced', 'Player out', '')] },
        (i) =>
          draft('substitution', {
            side: i.side,
            player: playerOf(i),
            period: v.period,
            detail: i.fields.replaced?.trim() ? { replaced: i.fields.replaced.trim() } : {},
          }),
      ),
      button('period-end', `End of ${label(v.period)}`, 'flow', {}, () =>
        draft('period_end', { period: v.period, clock_seconds: 0 }),
      ),
    );
    const left = v.state?.timeouts_remaining as Record<string, number> | undefined;
    if (!left || left.home > 0 || left.away > 0)
      out.push(
        button('timeout', 'Timeout', 'play', { side: true }, (i) =>
          draft('timeout', { side: i.side, period: v.period, clock_seconds: i.clock_seconds }),
        ),
      );
  }
  return [...out, ...statusButtons(v.status)];
}
