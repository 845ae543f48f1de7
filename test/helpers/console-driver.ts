/**
 * Test driver (used by console.test.ts, pure): runs a match made only of console buttons through
 * the real rules (lib/match/state.ts), and probes every button the console offers in
 * every state it passes through.
 */
import { matchMinute } from '@/lib/football/rules';
import type { FootballState } from '@/lib/football/state';
import {
  applyMatchEvent,
  initialMatchState,
  projectSportState,
  rulesOptions,
  type MatchState,
  type SportMatchState,
} from '@/lib/match/state';
import { consoleButtons } from '@/browser/console/buttons';
import { eventIds } from '@/browser/console/session';
import type { ConsoleButton, ConsoleInput, ConsoleView } from '@/browser/console/types';

const START = Date.parse('2026-05-01T15:00:00Z');

/** The console's view of an engine state at wall time `atMs` (what `GET /v1/ops/fixtures/{id}` shows). */
export function viewOf(sport: string, s: MatchState, atMs: number): ConsoleView {
  if (sport === 'football') {
    const f = s as FootballState;
    return {
      status: f.status,
      period: f.period,
      score: { ...f.score },
      minute: matchMinute(f, atMs).minute,
      state: null,
    };
  }
  const p = projectSportState(sport, s as SportMatchState, rulesOptions({ sport, round: null }));
  return { status: p.status, period: p.period, score: { ...p.score }, minute: p.minute, state: p.state };
}

/** A step: a button id and what the operator typed (side home, no player, the fields' initial values by default). */
export type StepInput = Partial<Omit<ConsoleInput, 'fields'>> & { fields?: Record<string, string> };
export type Step = [id: string, over?: StepInput];

/** The input a button gets: its fields' initial values under `over`. */
export function inputFor(b: ConsoleButton, over: StepInput = {}): ConsoleInput {
  const fields = Object.fromEntries(b.fields.map((f) => [f.name, f.initial]));
  return {
    side: 'home',
    player: '',
    minute: null,
    clock_seconds: null,
    ...over,
    fields: { ...fields, ...over.fields },
  };
}

/** A refusal found while probing: the button offered in a state whose rules refused it. */
export interface Refusal {
  step: number;
  period: string;
  button: string;
  error: string;
}

/** A console match in progress. */
export class ConsoleMatch {
  state: MatchState;
  private ids: () => string;
  private t = START;
  readonly refusals: Refusal[] = [];
  readonly log: { event_id: string; event: ReturnType<ConsoleButton['event']>; at: string }[] = [];

  /**
   * @param probe input for probing button `b` in view `v` (every offered button is applied to a
   *   copy of the state; refusals are recorded in {@link refusals})
   */
  constructor(
    readonly sport: string,
    private probe: (b: ConsoleButton, v: ConsoleView) => ConsoleInput,
  ) {
    this.state = initialMatchState(sport);
    this.ids = eventIds(1, 'abcdef');
  }

  get view(): ConsoleView {
    return viewOf(this.sport, this.state, this.t);
  }

  /** The buttons offered now, each probed against the rules. */
  buttons(): ConsoleButton[] {
    const v = this.view;
    const bs = consoleButtons(this.sport, v);
    const at = new Date(this.t).toISOString();
    for (const b of bs) {
      try {
        applyMatchEvent(
          this.sport,
          this.state,
          { ...b.event(this.probe(b, v)), event_id: 'probe', stoppage: null },
          at,
        );
      } catch (e) {
        this.refusals.push({ step: this.log.length, period: v.period, button: b.id, error: (e as Error).message });
      }
    }
    return bs;
  }

  /**
   * Presses button `id` with `over` typed.
   * @throws Error when the console does not offer the button now, or the rules refuse its event
   */
  press(id: string, over?: StepInput): this {
    const b = this.buttons().find((x) => x.id === id);
    if (!b)
      throw new Error(
        `${this.sport}: button ${id} not offered in ${this.view.status}/${this.view.period} (offered: ${consoleButtons(
          this.sport,
          this.view,
        )
          .map((x) => x.id)
          .join(', ')})`,
      );
    this.t += 20_000;
    const event = b.event(inputFor(b, over));
    const at = new Date(this.t).toISOString();
    const event_id = this.ids();
    this.state = applyMatchEvent(this.sport, this.state, { ...event, event_id, stoppage: null }, at);
    this.log.push({ event_id, event, at });
    return this;
  }

  /** Presses each step in order. */
  run(steps: Step[]): this {
    for (const [id, over] of steps) this.press(id, over);
    return this;
  }

  /** The state rebuilt from the log without the events whose ids are in `retracted` (what a retraction does). */
  rebuiltWithout(retracted: Set<string>): MatchState {
    let s = initialMatchState(this.sport);
    for (const x of this.log)
      if (!retracted.has(x.event_id))
        s = applyMatchEvent(this.sport, s, { ...x.event, event_id: x.event_id, stoppage: null }, x.at);
    return s;
  }
}
