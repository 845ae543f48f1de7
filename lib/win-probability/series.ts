/**
 * A match's win-probability series: its events folded through the sport's rules
 * (lib/match/registry.ts) and, after each event that changes it, the in-play probability
 * (inplay.ts) with the sport's clock and the event that moved it. Pure: the same events give the
 * same series (after a restart, or recomputed when a correction changes the log).
 */
import { rulesFor } from '../match/registry';
import { ownedFold } from '../rules/owned-fold';
import type { LiveProjection, SportEvent } from '../rules/contract';
import { inPlayWinProbability, type InPlayContext } from './inplay';
import type { WinProbability } from './types';

/** The sport's clock at a point of the series. */
export interface SeriesClock {
  period: string;
  /** Displayed minute (football, rugby, basketball, ice hockey); null where the sport has none. */
  minute: number | null;
  /** Human reading: "67'", "Q3 4:12", "Top 7, 2 out", "14.3 ov", "6-4 3-2 30-15", Dota 2 "23:10 kills 12-9". */
  label: string;
}

/** One point of the series. */
export interface SeriesPoint extends WinProbability {
  /** ISO 8601 UTC: when the event happened (kickoff for the pre-match point). */
  observed_at: string;
  clock: SeriesClock;
  /** The event that moved it (null: the pre-match point). */
  event: { event_id: string; type: string; side: 'home' | 'away' | null } | null;
}

/** An event of the log with the time it happened. */
export interface LoggedEvent {
  event: SportEvent;
  /** ISO 8601 UTC. */
  occurred_at: string;
}

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** The clock of a projection in the sport's terms. */
export function seriesClock(sport: string, p: LiveProjection): SeriesClock {
  // biome-ignore lint/suspicious/noExplicitAny: the sport's own projection state, read field by field per sport below
  const st = p.state as Record<string, any>;
  const timed = ['football', 'rugby', 'basketball', 'ice-hockey', 'mma'].includes(sport);
  let label = p.period;
  if (sport === 'football' || sport === 'rugby')
    label = `${p.minute}'${p.top_level?.stoppage_time ? `+${p.top_level.stoppage_time}` : ''}`;
  else if (sport === 'basketball' || sport === 'ice-hockey')
    label = st.clock_seconds != null ? `${p.period} ${mmss(st.clock_seconds)}` : p.period;
  else if (sport === 'baseball' && st.half)
    label = `${st.half === 'top' ? 'Top' : 'Bottom'} ${st.inning}, ${st.outs} out`;
  else if (sport === 'cricket') {
    const cur = (st.innings ?? []).at(-1);
    if (cur) label = `innings ${cur.number} ${cur.overs} ov`;
  } else if (sport === 'tennis') {
    const sets = (st.sets ?? []).map((x: number[]) => `${x[0]}-${x[1]}`);
    const g = st.games ? `${st.games.home}-${st.games.away}` : '';
    const pt = st.points ? `${st.points.home}-${st.points.away}` : '';
    label = [...sets, g, pt].filter(Boolean).join(' ');
  } else if (sport === 'esports' && st.game === 'dota2')
    label = `${st.game_seconds != null ? `${mmss(st.game_seconds)} ` : ''}kills ${p.score.home}-${p.score.away}`;
  else if (sport === 'esports') label = `maps ${p.score.home}-${p.score.away}`;
  return { period: p.period, minute: timed ? p.minute : null, label };
}

const same = (a: WinProbability, b: WinProbability) =>
  Math.abs(a.home - b.home) < 1e-12 && Math.abs(a.away - b.away) < 1e-12 && (a.draw ?? 0) === (b.draw ?? 0);

/**
 * Folds a match's series one event at a time: the same points as {@link winProbabilitySeries}
 * over the same events, for a follower that hears a live match's events one by one (its cost per
 * event is one rules step and one model call, not the whole log again).
 */
export class SeriesFolder {
  private readonly rules: ReturnType<typeof rulesFor>;
  private readonly fold: ReturnType<typeof ownedFold>;
  private prev: WinProbability;
  /** The pre-match point (at kickoff, no event). */
  readonly first: SeriesPoint;

  /**
   * @param ctx the fixture's in-play context (pre-match probability, knockout, run tables)
   * @param kickoff ISO 8601 UTC kickoff (the pre-match point's time)
   * @param options `playoff` selects knockout rules (ice hockey); `all` gives a point for every
   *   accepted event, changed or not
   */
  constructor(
    private readonly ctx: InPlayContext,
    kickoff: string,
    private readonly options: { playoff?: boolean; all?: boolean } = {},
  ) {
    this.rules = rulesFor(ctx.sport, { playoff: options.playoff });
    this.fold = ownedFold(this.rules);
    const first = this.rules.project(this.fold.state, Date.parse(kickoff));
    this.first = {
      home: ctx.prematch.home,
      draw: ctx.prematch.draw,
      away: ctx.prematch.away,
      observed_at: kickoff,
      clock: seriesClock(ctx.sport, first),
      event: null,
    };
    this.prev = this.first;
  }

  /**
   * Folds the next effective event (corrections already applied: a correction needs a new folder).
   * @returns the point it gives when it moves the probability (every accepted event with `all`),
   *   else null (also when the rules refuse the event: it is skipped)
   */
  push({ event, occurred_at }: LoggedEvent): SeriesPoint | null {
    if (!this.fold.apply(this.rules.ownState ? { ...event, occurred_at } : event)) return null;
    const p = this.rules.project(this.fold.state, Date.parse(occurred_at));
    const wp = inPlayWinProbability(this.ctx, p);
    if (!this.options.all && same(wp, this.prev)) return null;
    this.prev = wp;
    return {
      ...wp,
      observed_at: occurred_at,
      clock: seriesClock(this.ctx.sport, p),
      event: { event_id: event.event_id, type: event.type, side: event.side },
    };
  }
}

/**
 * The series of one match.
 * @param ctx the fixture's in-play context (pre-match probability, knockout, run tables)
 * @param kickoff ISO 8601 UTC kickoff (the pre-match point's time)
 * @param events the match's effective events in order (corrections already applied)
 * @param options `playoff` selects knockout rules (ice hockey); `all` keeps a point for every
 *   event, changed or not (default: only events that move the probability, plus the last)
 * @returns the pre-match point, then one point per moving event; events the rules refuse are skipped
 */
export function winProbabilitySeries(
  ctx: InPlayContext,
  kickoff: string,
  events: readonly LoggedEvent[],
  options: { playoff?: boolean; all?: boolean } = {},
): SeriesPoint[] {
  const folder = new SeriesFolder(ctx, kickoff, options);
  const out: SeriesPoint[] = [folder.first];
  for (const e of events) {
    const p = folder.push(e);
    if (p) out.push(p);
  }
  return out;
}
