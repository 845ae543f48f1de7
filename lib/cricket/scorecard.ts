/**
 * One cricket match's scorecard from its ball-by-ball events (the match page's "Scorecard"): per
 * innings, the batters in the order they came in with how each was out, and the bowlers in the
 * order they bowled. Pure, no I/O; input is the match's events as GET /v1/cricket/matches/{id}
 * serves them (Cricsheet imports and replays, lib/cricket/types.ts). The figures are
 * lib/cricket/statistics.ts's batting and bowling lines over that innings' events.
 */
import type { Side, SportEvent } from '../rules/contract';
import { cricketBattingStats, cricketBowlingStats, type BattingLine, type BowlingLine } from './statistics';

/** A batter's line: runs, balls, 4s, 6s, strike rate, and how he was out ("not out" when he wasn't). */
export interface ScorecardBatter
  extends Pick<BattingLine, 'player' | 'runs' | 'balls' | 'fours' | 'sixes' | 'strike_rate'> {
  dismissal: string;
  out: boolean;
}

export type ScorecardBowler = Pick<
  BowlingLine,
  'player' | 'overs' | 'maidens' | 'runs_conceded' | 'wickets' | 'economy' | 'wides' | 'noballs'
>;

/** One innings: its number (1, 2, … ; super overs continue the count), batting side, batters and bowlers. */
export interface ScorecardInnings {
  innings: number;
  batting: Side;
  batters: ScorecardBatter[];
  bowlers: ScorecardBowler[];
}

type Ev = Pick<SportEvent, 'event_id' | 'type' | 'side' | 'player' | 'detail'>;

/** How a dismissal is written on a scorecard: "c Starc b Hazlewood", "lbw b Zampa", "run out (Labuschagne)". */
export function dismissalText(detail: Record<string, unknown>): string {
  const kind = String(detail.kind ?? 'out');
  const bowler = typeof detail.bowler === 'string' ? detail.bowler : null;
  const fielders = Array.isArray(detail.fielders)
    ? (detail.fielders as unknown[]).filter((f): f is string => typeof f === 'string')
    : [];
  const b = bowler ? ` b ${bowler}` : '';
  switch (kind) {
    case 'bowled':
      return `b ${bowler ?? ''}`.trim();
    case 'caught':
      return fielders[0] && fielders[0] !== bowler ? `c ${fielders[0]}${b}` : `c & b ${bowler ?? ''}`.trim();
    case 'caught and bowled':
      return `c & b ${bowler ?? ''}`.trim();
    case 'lbw':
      return `lbw${b}`;
    case 'stumped':
      return `st ${fielders[0] ?? ''}${b}`.replace(/\s+/g, ' ');
    case 'hit wicket':
      return `hit wicket${b}`;
    case 'run out':
      return fielders.length ? `run out (${fielders.join('/')})` : 'run out';
    default:
      return kind;
  }
}

/**
 * The scorecard of every innings that has a delivery, in innings order; [] when none has (a
 * result-only match or one not started).
 * @param events the match's events in feed order
 * Throws nothing: deliveries without an innings number are skipped.
 */
export function cricketScorecard(events: readonly Ev[]): ScorecardInnings[] {
  const byInnings = new Map<number, Ev[]>();
  for (const e of events) {
    const n = Number(e.detail?.innings);
    if (!Number.isInteger(n) || n < 1) continue;
    if (e.type !== 'delivery' && e.type !== 'wicket') continue;
    let list = byInnings.get(n);
    if (!list) byInnings.set(n, (list = []));
    list.push(e);
  }
  const out: ScorecardInnings[] = [];
  for (const [innings, evs] of [...byInnings.entries()].sort((a, b) => a[0] - b[0])) {
    const first = evs.find((e) => e.type === 'delivery');
    if (!first || (first.side !== 'home' && first.side !== 'away')) continue;
    // Order of arrival: striker and non-striker of each ball as they first appear; bowlers likewise.
    const batOrder: string[] = [];
    const bowlOrder: string[] = [];
    const wickets = new Map<string, string>();
    for (const e of evs) {
      if (e.type === 'delivery') {
        for (const p of [e.player, e.detail.non_striker])
          if (typeof p === 'string' && p && !batOrder.includes(p)) batOrder.push(p);
        const bw = e.detail.bowler;
        if (typeof bw === 'string' && !bowlOrder.includes(bw)) bowlOrder.push(bw);
      } else if (e.player) {
        if (!batOrder.includes(e.player)) batOrder.push(e.player);
        wickets.set(e.player, dismissalText(e.detail));
      }
    }
    const bat = new Map(cricketBattingStats(evs as SportEvent[]).map((l) => [l.player, l]));
    const bowl = new Map(cricketBowlingStats(evs as SportEvent[]).map((l) => [l.player, l]));
    out.push({
      innings,
      batting: first.side,
      batters: batOrder.map((p) => {
        const l = bat.get(p);
        const w = wickets.get(p);
        return {
          player: p,
          runs: l?.runs ?? 0,
          balls: l?.balls ?? 0,
          fours: l?.fours ?? 0,
          sixes: l?.sixes ?? 0,
          strike_rate: l?.strike_rate ?? null,
          dismissal: w ?? 'not out',
          out: w != null && (l?.dismissals ?? 0) > 0,
        };
      }),
      bowlers: bowlOrder.flatMap((p) => {
        const l = bowl.get(p);
        return l
          ? [
              {
                player: p,
                overs: l.overs,
                maidens: l.maidens,
                runs_conceded: l.runs_conceded,
                wickets: l.wickets,
                economy: l.economy,
                wides: l.wides,
                noballs: l.noballs,
              },
            ]
          : [];
      }),
    });
  }
  return out;
}
