/**
 * Which events a sport's timeline shows and how: football's incidents; cricket's wickets,
 * boundaries and innings; tennis sets; baseball runs; hockey goals and penalties; rugby scores and
 * cards; golf rounds and cuts; MMA knockdowns and rounds; esports maps. Plays that happen
 * hundreds of times a match (deliveries, points, field goals, rounds) are left out.
 */
import { eventLabel, minuteLabel, periodLabel, type Words } from '@/browser/live/display';
import { ENGLISH } from '@/browser/live/display-words';
import type { MatchEvent } from '@/lib/wire/schemas';
import { featuresOf } from '@/lib/sport-features';

const COMMON = ['period_start', 'period_end', 'status', 'result'];
const SHOWN: Record<string, Set<string>> = {
  football: new Set([
    'goal',
    'card',
    'substitution',
    'corner',
    'penalty_awarded',
    'penalty_missed',
    'period_start',
    'period_end',
    'full_time',
    'shootout',
    'status',
  ]),
  cricket: new Set([...COMMON, 'toss', 'innings_start', 'innings_end', 'target', 'wicket', 'delivery']),
  tennis: new Set([...COMMON, 'match_start', 'tiebreak_start', 'set_end', 'retirement']),
  baseball: new Set([...COMMON, 'run', 'plate_appearance', 'base_running', 'pitching_change']),
  basketball: new Set([...COMMON, 'timeout']),
  'ice-hockey': new Set([...COMMON, 'goal', 'penalty', 'shootout_attempt', 'goalie_change']),
  rugby: new Set([...COMMON, 'try', 'penalty_try', 'conversion', 'penalty_goal', 'drop_goal', 'card', 'substitution']),
  golf: new Set([...COMMON, 'round_start', 'round_end', 'cut', 'withdrawal']),
  mma: new Set([...COMMON, 'bout_start', 'round_start', 'round_end', 'knockdown', 'point_deduction']),
  esports: new Set([...COMMON, 'map_start', 'map_end']),
};

/** Runs scored on a baseball play (runners advancing home, not out). */
function runsOnPlay(d: Record<string, unknown>): number {
  return Array.isArray(d.advances)
    ? d.advances.filter(
        (a) =>
          a &&
          typeof a === 'object' &&
          (a as Record<string, unknown>).to === 'H' &&
          !(a as Record<string, unknown>).out,
      ).length
    : 0;
}

/** Whether the timeline of `sport` shows `e` (cricket deliveries only when they are boundaries). */
export function shownEvent(sport: string, e: Pick<MatchEvent, 'type' | 'detail'>): boolean {
  const set = SHOWN[sport] ?? new Set([...COMMON, 'goal', 'card', 'substitution']);
  if (e.type === 'correction') return true;
  if (!set.has(e.type)) return false;
  if (sport === 'cricket' && e.type === 'delivery') {
    const d = e.detail as Record<string, unknown>;
    return (d.runs_batter === 4 || d.runs_batter === 6) && !d.non_boundary;
  }
  if (sport === 'baseball' && (e.type === 'plate_appearance' || e.type === 'base_running'))
    return runsOnPlay(e.detail as Record<string, unknown>) > 0;
  return true;
}

/** The time column: football 67' / 45+2', cricket over.ball (12.3), baseball's half inning (▲ 7), '' where the sport has no clock. */
export function eventTime(
  sport: string,
  e: Pick<MatchEvent, 'minute' | 'stoppage_time' | 'detail' | 'period'>,
): string {
  const d = e.detail as Record<string, unknown>;
  if (sport === 'baseball') return e.period && /^(top|bottom)_\d+$/.test(e.period) ? periodLabel(sport, e.period) : '';
  if (sport === 'cricket') return typeof d.over === 'number' && typeof d.ball === 'number' ? `${d.over}.${d.ball}` : '';
  const f = featuresOf(sport);
  if (f.clock === 'match-minute') return e.minute != null ? minuteLabel(e.minute, e.stoppage_time) : '';
  return f.eventMinute && e.minute ? minuteLabel(e.minute, e.stoppage_time) : '';
}

const made = (d: Record<string, unknown>, word: string) => (d.made === false ? `${word} missed` : word);

/** The event in words for `sport` (falls back to browser/live/display.ts eventLabel, in `w`'s language; the cricket, baseball, tennis, hockey and rugby details are English); `teams` names sides in details. */
export function timelineLabel(
  sport: string,
  e: Pick<MatchEvent, 'type' | 'detail' | 'period'>,
  teams?: { home: string; away: string },
  w: Words = ENGLISH,
): string {
  const d = e.detail as Record<string, unknown>;
  switch (`${sport}:${e.type}`) {
    case 'cricket:toss': {
      const winner = d.winner === 'home' || d.winner === 'away' ? teams?.[d.winner] : null;
      return winner ? `${winner} won the toss and chose to ${d.decision === 'field' ? 'field' : 'bat'}` : 'Toss';
    }
    case 'cricket:delivery':
      return d.runs_batter === 6 ? 'Six' : 'Four';
    case 'cricket:wicket':
      return `Wicket${typeof d.kind === 'string' ? ` (${d.kind})` : ''}`;
    case 'cricket:innings_start':
      return w.t('events.periodStarts', { period: periodLabel('cricket', e.period ?? '', w) });
    case 'cricket:innings_end':
      return `End of innings${typeof d.runs === 'number' ? ` ${d.runs}/${d.wickets ?? 0}` : ''}${typeof d.overs === 'string' ? ` (${d.overs} ov)` : ''}`;
    case 'cricket:target':
      return `Target ${d.runs ?? '?'}${d.revised ? ` (${d.method ?? 'revised'})` : ''}`;
    case 'baseball:plate_appearance':
    case 'baseball:base_running': {
      const runs = runsOnPlay(d);
      const what = typeof d.outcome === 'string' ? d.outcome.replace(/_/g, ' ') : 'play';
      return `${what.charAt(0).toUpperCase()}${what.slice(1)} (${runs} run${runs === 1 ? '' : 's'})`;
    }
    case 'tennis:set_end': {
      const g = d.games as Record<string, unknown> | undefined;
      return `Set ${d.set ?? ''} ${g ? `${g.home}–${g.away}` : ''}`.trim();
    }
    case 'ice-hockey:penalty':
      return `Penalty${typeof d.kind === 'string' ? ` (${d.kind.replace(/_/g, ' ')})` : typeof d.minutes === 'number' ? ` (${d.minutes} min)` : ''}`;
    case 'rugby:conversion':
      return made(d, 'Conversion');
    case 'rugby:penalty_goal':
      return made(d, 'Penalty goal');
    case 'rugby:drop_goal':
      return made(d, 'Drop goal');
    case 'rugby:card':
      return d.card === 'red' ? w.t('events.redCard') : w.t('events.yellowCard');
    default:
      return eventLabel(e, sport, w);
  }
}
