/**
 * The live scoring console's vocabulary types (pure TS, no React): what an operator sees of a
 * match ({@link ConsoleView}), what he types beside a button ({@link ConsoleInput}), the buttons
 * themselves ({@link ConsoleButton}) and the ingest body they produce ({@link EventDraft}, sent to
 * `POST /v1/ops/events` with a fixture id and an event id: docs/operators.md).
 */

export type Side = 'home' | 'away';

/**
 * What the console knows of a match: the spec 2.1 live fields of `GET /v1/ops/fixtures/{id}`'s
 * `match` (or, in tests, the rules' projection).
 * - `state` is the sport's live state (docs/sports/<sport>.md "Live state"); null for football.
 * - `minute` is the displayed minute (0 or null where the sport has none).
 */
export interface ConsoleView {
  status: string;
  period: string;
  score: { home: number; away: number };
  minute: number | null;
  state: Record<string, unknown> | null;
}

/** One extra input a button needs beside side and player (a replacement, a judge, a map…). */
export interface ButtonField {
  /** Key in {@link ConsoleInput.fields}. */
  name: string;
  label: string;
  /** Value the form starts with (also what tests send when they type nothing). */
  initial: string;
  kind: 'text' | 'number';
}

/**
 * What the operator entered. `fields` holds the {@link ButtonField} values by name, as typed.
 * `minute` (football, rugby) and `clock_seconds` (basketball, ice hockey, MMA: seconds left)
 * are optional readings: null lets the button use the match's current one.
 */
export interface ConsoleInput {
  side: Side;
  player: string;
  fields: Record<string, string>;
  minute: number | null;
  clock_seconds: number | null;
}

/** An event as the ingest API takes it, without `fixture_id` and `event_id` (docs/operators.md). */
export interface EventDraft {
  type: string;
  side: Side | null;
  player: string | null;
  period: string | null;
  minute: number | null;
  clock_seconds: number | null;
  detail: Record<string, unknown>;
}

/** How buttons are grouped on the panel. */
export type ButtonGroup = 'flow' | 'score' | 'play' | 'discipline' | 'result' | 'status';

/** One console button: offered only in the states the sport's rules accept it in. */
export interface ConsoleButton {
  /** Stable id (test hook `data-button`), e.g. `goal`, `card-yellow`, `period-end`. */
  id: string;
  label: string;
  group: ButtonGroup;
  /** True when the event takes the side toggle's side. */
  side: boolean;
  /** The player input's label and whether it must be filled; null when no player is sent. */
  player: { label: string; required: boolean } | null;
  fields: ButtonField[];
  /** The event this button sends for `input`. Pure; throws `Error` for an unusable input (e.g. a non-number). */
  event(input: ConsoleInput): EventDraft;
}
