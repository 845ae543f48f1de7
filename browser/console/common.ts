/**
 * Helpers shared by the per-sport vocabularies: building buttons and events, parsing inputs, and
 * the status buttons every sport has (postponed, suspended, abandoned, resumed).
 */
import type { ButtonField, ButtonGroup, ConsoleButton, ConsoleInput, ConsoleView, EventDraft, Side } from './types';

/** A draft with every field null / empty except `type` and what `over` sets. */
export function draft(type: string, over: Partial<EventDraft> = {}): EventDraft {
  return { type, side: null, player: null, period: null, minute: null, clock_seconds: null, detail: {}, ...over };
}

/** Options of {@link button} beyond id, label, group and the event builder. */
export interface ButtonOptions {
  side?: boolean;
  player?: string | { label: string; required: boolean } | null;
  fields?: ButtonField[];
}

/**
 * A console button. `player` as a string is a required player input with that label.
 * @param make the event for an input (see {@link ConsoleButton.event})
 */
export function button(
  id: string,
  label: string,
  group: ButtonGroup,
  opts: ButtonOptions,
  make: (i: ConsoleInput) => EventDraft,
): ConsoleButton {
  const player = typeof opts.player === 'string' ? { label: opts.player, required: true } : (opts.player ?? null);
  return { id, label, group, side: opts.side ?? false, player, fields: opts.fields ?? [], event: make };
}

/** A text or number field. */
export function field(name: string, label: string, initial: string, kind: 'text' | 'number' = 'text'): ButtonField {
  return { name, label, initial, kind };
}

/** The trimmed player name, or null when empty. */
export function playerOf(i: ConsoleInput): string | null {
  const p = i.player.trim();
  return p === '' ? null : p;
}

/** The value of field `name` (its typed text, trimmed), or `fallback`. */
export function text(i: ConsoleInput, name: string, fallback = ''): string {
  const v = i.fields[name];
  return v === undefined || v.trim() === '' ? fallback : v.trim();
}

/**
 * Field `name` as an integer.
 * @throws Error naming the field when it is not an integer
 */
export function int(i: ConsoleInput, name: string, fallback?: number): number {
  const raw = i.fields[name];
  if ((raw === undefined || raw.trim() === '') && fallback !== undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new Error(`${name} must be a whole number`);
  return n;
}

/**
 * A duration typed as `m:ss` (or plain seconds) in seconds.
 * @throws Error when it is neither
 */
export function parseClock(v: string): number {
  const m = /^(\d{1,3}):([0-5]\d)$/.exec(v.trim());
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  const n = Number(v);
  if (v.trim() !== '' && Number.isInteger(n) && n >= 0) return n;
  throw new Error(`"${v}" is not a time (m:ss)`);
}

/** The other side. */
export const otherSide = (s: Side): Side => (s === 'home' ? 'away' : 'home');

/** Status values that mean play is interrupted (baseball adds `delayed`). */
const INTERRUPTED = ['suspended', 'delayed'];

/**
 * Status buttons for a match in `status`: postpone / abandon before the start, suspend /
 * abandon during play, resume / abandon while interrupted, back to scheduled once postponed;
 * none once finished or abandoned.
 * @param extra more interruptions the sport knows (baseball: `delayed`)
 */
export function statusButtons(status: string, extra: string[] = []): ConsoleButton[] {
  const st = (id: string, label: string, value: string) =>
    button(`status-${id}`, label, 'status', {}, () => draft('status', { detail: { status: value } }));
  if (status === 'finished' || status === 'abandoned') return [];
  if (status === 'scheduled')
    return [st('postponed', 'Postpone', 'postponed'), st('abandoned', 'Abandon', 'abandoned')];
  if (status === 'postponed')
    return [st('scheduled', 'Reschedule', 'scheduled'), st('abandoned', 'Abandon', 'abandoned')];
  if (INTERRUPTED.includes(status))
    return [st('resumed', 'Resume', 'resumed'), st('abandoned', 'Abandon', 'abandoned')];
  return [
    st('suspended', 'Suspend', 'suspended'),
    ...extra.map((x) => st(x, x[0].toUpperCase() + x.slice(1), x)),
    st('abandoned', 'Abandon', 'abandoned'),
  ];
}

/** The match's current minute when the operator typed none. */
export function minuteOf(i: ConsoleInput, viewMinute: number | null): number | null {
  return i.minute ?? (viewMinute && viewMinute > 0 ? viewMinute : null);
}

/**
 * The substitution button of a sport with a match minute (football, rugby): the player leaving in
 * `player`, the one coming on in the `replacement` field, at the view's period and minute.
 * @throws Error (from the button's event) when no player coming on is named
 */
export function minuteSubstitution(v: Pick<ConsoleView, 'period' | 'minute'>): ConsoleButton {
  return button(
    'substitution',
    'Substitution',
    'play',
    { side: true, player: 'Player off', fields: [field('replacement', 'Player on', '')] },
    (i) => {
      const on = i.fields.replacement?.trim();
      if (!on) throw new Error('name the player coming on');
      return draft('substitution', {
        side: i.side,
        player: playerOf(i),
        period: v.period,
        minute: minuteOf(i, v.minute),
        detail: { replacement: on },
      });
    },
  );
}
