/**
 * MLB Stats API event types (`result.eventType`, `details.eventType`; the values of
 * `/api/v1/eventTypes`) → the baseball rules' play outcomes (lib/baseball/types.ts PLAY_OUTCOMES,
 * Retrosheet's basic plays) and scoring modifiers. Pure.
 */
import type { PlayOutcome } from '@/lib/baseball/types';

const PLATE_APPEARANCE: Readonly<Record<string, PlayOutcome>> = {
  single: 'single',
  double: 'double',
  triple: 'triple',
  home_run: 'home_run',
  walk: 'walk',
  intent_walk: 'intentional_walk',
  hit_by_pitch: 'hit_by_pitch',
  strikeout: 'strikeout',
  strikeout_double_play: 'strikeout',
  strikeout_triple_play: 'strikeout',
  field_out: 'out',
  force_out: 'out',
  grounded_into_double_play: 'out',
  grounded_into_triple_play: 'out',
  double_play: 'out',
  triple_play: 'out',
  sac_fly: 'out',
  sac_bunt: 'out',
  sac_fly_double_play: 'out',
  sac_bunt_double_play: 'out',
  batter_interference: 'out',
  fielders_choice_out: 'fielders_choice',
  fielders_choice: 'fielders_choice',
  field_error: 'error',
  catcher_interf: 'interference',
  fan_interference: 'interference',
};

const RUNNING: Readonly<Record<string, PlayOutcome>> = {
  wild_pitch: 'wild_pitch',
  passed_ball: 'passed_ball',
  balk: 'balk',
  defensive_indiff: 'defensive_indifference',
  other_advance: 'other_advance',
  error: 'other_advance',
  runner_double_play: 'other_advance',
  other_out: 'other_advance',
};

/** Modifiers the statistics read (lib/baseball/statistics.ts: SF and SH are not at-bats; no RBI on a GDP). */
const MODIFIERS: Readonly<Record<string, string[]>> = {
  sac_fly: ['SF'],
  sac_fly_double_play: ['SF'],
  sac_bunt: ['SH'],
  sac_bunt_double_play: ['SH'],
  grounded_into_double_play: ['GDP'],
  strikeout_double_play: ['DP'],
  double_play: ['DP'],
  triple_play: ['TP'],
};

/** The outcome of a play that ends the plate appearance; `out` for an unknown event type. */
export function plateAppearanceOutcome(eventType: string | null | undefined): PlayOutcome {
  return PLATE_APPEARANCE[eventType ?? ''] ?? 'out';
}

/**
 * The outcome of a running play (stolen_base_2b, caught_stealing_home, pickoff_1b,
 * pickoff_caught_stealing_2b, wild_pitch, …); `other_advance` for anything else.
 */
export function runningOutcome(eventType: string | null | undefined): PlayOutcome {
  const t = eventType ?? '';
  if (t.startsWith('stolen_base')) return 'stolen_base';
  if (t.startsWith('caught_stealing')) return 'caught_stealing';
  if (t.startsWith('pickoff')) return t.includes('caught_stealing') ? 'caught_stealing' : 'pickoff';
  return RUNNING[t] ?? 'other_advance';
}

/** True for event types that never end a plate appearance (the batter stays at the plate). */
export function isRunningEventType(eventType: string | null | undefined): boolean {
  const t = eventType ?? '';
  return t.startsWith('stolen_base') || t.startsWith('caught_stealing') || t.startsWith('pickoff') || t in RUNNING;
}

/** Scoring modifiers of an event type (SF, SH, GDP, DP, TP), [] when none. */
export function playModifiers(eventType: string | null | undefined): string[] {
  return MODIFIERS[eventType ?? ''] ?? [];
}
