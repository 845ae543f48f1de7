/**
 * Ice hockey console buttons (lib/ice-hockey/rules.ts, docs/sports/ice-hockey.md): face-off of
 * each period and overtime, goals, shots, minor and major penalties, timeouts, the shootout.
 * Events carry the operator's clock reading (seconds left in the period) when given.
 */
import { button, draft, playerOf, statusButtons } from './common';
import type { ConsoleButton, ConsoleInput, ConsoleView } from './types';

const BREAK_NEXT: Record<string, string> = {
  not_started: 'p1',
  intermission_1: 'p2',
  intermission_2: 'p3',
  before_shootout: 'shootout',
};

/** The period that follows break period `p` (`before_ot1` → `ot1`), or null. */
function nextPeriod(p: string): string | null {
  return BREAK_NEXT[p] ?? (/^before_ot(\d+)$/.test(p) ? p.replace('before_', '') : null);
}
const isPlaying = (p: string) => /^(p[1-3]|ot\d+)$/.test(p);
const label = (p: string) =>
  p === 'shootout' ? 'shootout' : p.startsWith('ot') ? `OT${p.slice(2)}` : `period ${p.slice(1)}`;

/** Ice hockey's buttons for a game in `v`. */
export function iceHockeyButtons(v: ConsoleView): ConsoleButton[] {
  const out: ConsoleButton[] = [];
  const next = nextPeriod(v.period);
  if (next && (v.status === 'scheduled' || v.status === 'break')) {
    out.push(
      button('period-start', next === 'p1' ? 'Face-off' : `Start ${label(next)}`, 'flow', {}, () =>
        draft('period_start', { period: next }),
      ),
    );
  }
  if (v.status === 'in_play' && isPlaying(v.period)) {
    const play = (type: string, detail: Record<string, unknown>) => (i: ConsoleInput) =>
      draft(type, { side: i.side, player: playerOf(i), period: v.period, clock_seconds: i.clock_seconds, detail });
    out.push(
      button('goal', 'Goal', 'score', { side: true, player: 'Scorer' }, play('goal', {})),
      button(
        'shot',
        'Shot on goal',
        'play',
        { side: true, player: { label: 'Shooter', required: false } },
        play('shot', { on_goal: true }),
      ),
      button(
        'penalty-minor',
        'Minor penalty (2)',
        'discipline',
        { side: true, player: 'Player' },
        play('penalty', { kind: 'minor' }),
      ),
      button(
        'penalty-major',
        'Major penalty (5)',
        'discipline',
        { side: true, player: 'Player' },
        play('penalty', { kind: 'major' }),
      ),
      button('timeout', 'Timeout', 'play', { side: true }, (i) =>
        draft('timeout', { side: i.side, period: v.period, clock_seconds: i.clock_seconds }),
      ),
      button('period-end', `End of ${label(v.period)}`, 'flow', {}, () =>
        draft('period_end', { period: v.period, clock_seconds: 0 }),
      ),
    );
  }
  if (v.status === 'in_play' && v.period === 'shootout') {
    const attempt = (scored: boolean) => (i: ConsoleInput) =>
      draft('shootout_attempt', { side: i.side, player: playerOf(i), period: 'shootout', detail: { scored } });
    out.push(
      button('shootout-scored', 'Shootout: scored', 'score', { side: true, player: 'Shooter' }, attempt(true)),
      button('shootout-missed', 'Shootout: missed', 'score', { side: true, player: 'Shooter' }, attempt(false)),
    );
  }
  return [...out, ...statusButtons(v.status)];
}
