/**
 * Corrections (docs/operators.md "Corrections"; the event log stays append-only): an explicit `correction` event
 * amends or retracts an earlier event of the same fixture, never a silent rewrite. The log keeps
 * every event; what a match *is* comes from its effective events — the log with each retracted
 * event dropped, each amended one replaced by its amended copy, and the corrections themselves
 * left out — folded through the sport's rules. The engine (ingest), the log reader (WebSocket
 * resume, webhooks), match reads and statistics all read a log through this module, so a
 * disallowed goal is gone from the score, the standings and the statistics alike.
 */
import { z } from 'zod';
import { applyMatchEvent, initialMatchState, type FeedEvent, type MatchState, type RulesOptions } from './state';

/** The event type of a correction, in every sport. */
export const CORRECTION_TYPE = 'correction';

/** The fields a correction may change on its target. */
export const AmendableFields = z
  .object({
    side: z.enum(['home', 'away']).nullable(),
    player: z.string().max(120).nullable(),
    minute: z.number().int().min(0).max(1000).nullable(),
    stoppage: z.number().int().min(0).max(100).nullable(),
    period: z.string().max(40).nullable(),
    clock_seconds: z.number().int().min(0).max(100_000).nullable(),
    detail: z.record(z.string(), z.unknown()),
  })
  .partial()
  .strict();

/**
 * A correction's `detail`: `retract` drops the target; `amend` applies `changes` to it. `target`
 * (what the target was before this correction: type, side, player, minute) is added by the
 * engine when it stores the correction, so clients see what was corrected without a lookup.
 */
export const CorrectionDetailSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('retract'),
      target_event_id: z.string().min(1).max(200),
      reason: z.string().max(500).optional(),
    })
    .passthrough(),
  z
    .object({
      action: z.literal('amend'),
      target_event_id: z.string().min(1).max(200),
      changes: AmendableFields.refine((c) => Object.keys(c).length > 0, 'changes must set at least one field'),
      reason: z.string().max(500).optional(),
    })
    .passthrough(),
]);
export type CorrectionDetail = z.infer<typeof CorrectionDetailSchema>;

/** A correction the log cannot take (unknown or retracted target, bad detail): rejected, nothing changes. */
export class CorrectionError extends Error {}

/** One entry of a fixture's log as the fold needs it. */
export interface LogItem {
  event: FeedEvent;
  occurred_at: string;
}

/** The effective events of a log, and which event ids were retracted or amended. */
export interface EffectiveLog<T extends LogItem> {
  /** Non-correction events in log order, amended ones replaced by their amended copy. */
  effective: T[];
  retracted: Set<string>;
  amended: Set<string>;
}

/** True when `e` is a correction. */
export function isCorrection(e: { type: string }): boolean {
  return e.type === CORRECTION_TYPE;
}

/**
 * Reads a correction's detail. Errors: CorrectionError naming what is wrong.
 */
export function parseCorrection(e: FeedEvent): CorrectionDetail {
  const r = CorrectionDetailSchema.safeParse(e.detail);
  if (!r.success)
    throw new CorrectionError(
      `correction detail: ${r.error.issues.map((i) => `${i.path.join('.') || 'detail'}: ${i.message}`).join('; ')}`,
    );
  return r.data;
}

/**
 * Applies every correction of `log` (in order) to the events before it.
 * Errors: CorrectionError when a correction's target is not an earlier non-correction event of
 * this log, or was already retracted.
 */
export function effectiveLog<T extends LogItem>(log: T[]): EffectiveLog<T> {
  const out: (T | null)[] = [];
  const index = new Map<string, number>();
  const retracted = new Set<string>();
  const amended = new Set<string>();
  for (const item of log) {
    if (!isCorrection(item.event)) {
      index.set(item.event.event_id, out.length);
      out.push(item);
      continue;
    }
    const c = parseCorrection(item.event);
    const at = index.get(c.target_event_id);
    if (at == null)
      throw new CorrectionError(
        `correction target ${c.target_event_id} is not an earlier event of this fixture (corrections cannot target corrections)`,
      );
    if (retracted.has(c.target_event_id)) throw new CorrectionError(`event ${c.target_event_id} was already retracted`);
    if (c.action === 'retract') {
      retracted.add(c.target_event_id);
      out[at] = null;
    } else {
      const target = out[at]!;
      amended.add(c.target_event_id);
      out[at] = { ...target, event: { ...target.event, ...c.changes } };
    }
  }
  return { effective: out.filter((x): x is T => x !== null), retracted, amended };
}

/**
 * The state of a match after its whole log, corrections applied.
 * @throws CorrectionError (see {@link effectiveLog}), or a rule error when the effective events no
 *   longer follow the sport's rules (e.g. retracting a period start that later events need)
 */
export function foldLog(sport: string, log: LogItem[], opts: RulesOptions = {}): MatchState {
  const { effective } = effectiveLog(log);
  let state = effective.reduce(
    (s, x) => applyMatchEvent(sport, s, x.event, x.occurred_at, opts),
    initialMatchState(sport, opts),
  );
  const last = log.at(-1);
  // A correction is the match's latest change: non-football states carry its time.
  if (last && isCorrection(last.event) && 'sport_state' in state) state = { ...state, updated_at: last.occurred_at };
  return state;
}

/**
 * Folds one fixture's log an event at a time, corrections included: a plain event is applied to
 * the running state; a correction refolds the effective log. `apply` returns the state right
 * after the event. Errors: as {@link foldLog}; the fold is unchanged when `apply` throws.
 */
export class LogFold {
  private readonly log: LogItem[] = [];
  private current: MatchState;

  constructor(
    private readonly sport: string,
    private readonly opts: RulesOptions = {},
    history: LogItem[] = [],
    state?: MatchState,
  ) {
    this.log.push(...history);
    this.current = state ?? (history.length ? foldLog(sport, history, opts) : initialMatchState(sport, opts));
  }

  /** The state after every event applied so far. */
  get state(): MatchState {
    return this.current;
  }

  /** Applies one event (a correction refolds the log); returns the new state. */
  apply(event: FeedEvent, occurredAt: string): MatchState {
    const item = { event, occurred_at: occurredAt };
    const next = isCorrection(event)
      ? foldLog(this.sport, [...this.log, item], this.opts)
      : applyMatchEvent(this.sport, this.current, event, occurredAt, this.opts);
    this.log.push(item);
    this.current = next;
    return next;
  }

  /** The target of correction `c` as it stands before `c`: type, side, player, minute. Errors: CorrectionError. */
  targetOf(c: CorrectionDetail): Pick<FeedEvent, 'type' | 'side' | 'player' | 'minute'> {
    const { effective, retracted } = effectiveLog(this.log);
    if (retracted.has(c.target_event_id)) throw new CorrectionError(`event ${c.target_event_id} was already retracted`);
    const t = effective.find((x) => x.event.event_id === c.target_event_id);
    if (!t)
      throw new CorrectionError(
        `correction target ${c.target_event_id} is not an earlier event of this fixture (corrections cannot target corrections)`,
      );
    return { type: t.event.type, side: t.event.side, player: t.event.player, minute: t.event.minute };
  }
}
