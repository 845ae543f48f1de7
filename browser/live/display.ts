/**
 * How the dashboard words a match's clock, period, status and events, for every sport (values in
 * docs/football.md and docs/sports/<sport>.md). Pure; running clocks are computed at `nowMs`:
 * football's minute from the live shape's `clock`, basketball / ice hockey / MMA countdowns from
 * the sport state's `clock_seconds` as of `updated_at` while `clock_running`. Words come from the
 * `display` messages of the viewer's language (`w`, from useDisplayWords); English by default.
 */
import { matchMinute } from '@/lib/football/rules';
import { FOOTBALL_PERIODS } from '@/lib/football/types';
import type { FootballState } from '@/lib/football/state';
import type { LiveMatch, MatchEvent } from '@/lib/wire/schemas';
import { featuresOf } from '@/lib/sport-features';
import { ENGLISH, type Words } from './display-words';

export type { Words } from './display-words';

/** Statuses of a match in play (kept in step with server/engine/live-cache.ts LIVE_STATUSES). */
export const LIVE_STATUSES = new Set(['in_play', 'break', 'suspended', 'delayed']);

/** Football's periods (football and rugby: the sports with halves), keys of the `display.football` messages. */
const FOOTBALL_PERIOD_KEYS: ReadonlySet<string> = new Set(FOOTBALL_PERIODS);

type Rule = [RegExp, (n: number, w: Words) => string];
const ot = (n: number, w: Words) => w.t('ot', { n });
const OVERTIME: Rule[] = [
  [/^ot(\d+)$/, ot],
  [/^before_ot(\d+)$/, (n, w) => w.t('beforeOt', { ot: ot(n, w) })],
];
const word =
  (key: string): Rule[1] =>
  (n, w) =>
    w.t(key, { n });

/** Per-sport period wording: patterns with the period's number (quarter, inning, set…), `display` message keys. */
const PERIOD_RULES: Record<string, Rule[]> = {
  basketball: [[/^q(\d)$/, word('quarter')], [/^after_q(\d)$/, word('afterQuarter')], ...OVERTIME],
  'ice-hockey': [[/^p(\d)$/, word('hockeyPeriod')], [/^intermission_(\d)$/, word('intermission')], ...OVERTIME],
  cricket: [[/^innings_(\d)$/, word('innings')]],
  tennis: [[/^set_(\d)$/, word('set')]],
  baseball: [
    [/^top_(\d+)$/, (n) => `▲ ${n}`],
    [/^bottom_(\d+)$/, (n) => `▼ ${n}`],
    [/^middle_(\d+)$/, word('middleInning')],
    [/^end_(\d+)$/, word('endInning')],
  ],
  golf: [
    [/^round_(\d)$/, word('golfRound')],
    [/^after_round_(\d)$/, word('afterGolfRound')],
  ],
  mma: [
    [/^round_(\d)$/, word('mmaRound')],
    [/^after_round_(\d)$/, word('afterMmaRound')],
  ],
  esports: [
    [/^map_(\d)$/, word('map')],
    [/^after_map_(\d)$/, word('afterMap')],
  ],
};

/** Periods named the same in every sport that has them, keys of the `display.named` messages. */
const NAMED = new Set([
  'not_started',
  'final',
  'ended',
  'half_time',
  'before_shootout',
  'shootout',
  'innings_break',
  'stumps',
  'super_over',
  'playoff',
]);

/** Short label of a sport's period value ("HT", "Q3", "2nd period", "▲ 7", "Set 2", "R3"…) in `w`'s language (English by default). */
export function periodLabel(sport: string, period: string, w: Words = ENGLISH): string {
  if (featuresOf(sport).halves)
    return FOOTBALL_PERIOD_KEYS.has(period) ? w.t(`football.${period}`) : period.replace(/_/g, ' ');
  for (const [re, f] of PERIOD_RULES[sport] ?? []) {
    const hit = re.exec(period);
    if (hit) return f(Number(hit[1]), w);
  }
  return NAMED.has(period) ? w.t(`named.${period}`) : period.replace(/_/g, ' ');
}

/** The minute as live-score apps print it: 67', 45+2', 90+4'. */
export function minuteLabel(minute: number, stoppage: number | null | undefined): string {
  return stoppage ? `${minute}+${stoppage}'` : `${minute}'`;
}

/** Seconds as a game clock: 7:05, 0:42. */
export function gameClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A match's own state, or null (football, or before the sport's rules published one). */
export function sportState(m: { state?: LiveMatch['state'] }): Record<string, unknown> | null {
  return m.state && typeof m.state === 'object' ? m.state : null;
}

/**
 * Seconds left on a counting-down clock (basketball, ice hockey, MMA): the state's
 * `clock_seconds` as of `updated_at`, run on at real time while `clock_running`; null without one.
 */
export function countdownSeconds(m: { state?: LiveMatch['state']; updated_at?: string }, nowMs: number): number | null {
  const s = sportState(m);
  const cs = s?.clock_seconds;
  if (typeof cs !== 'number') return null;
  if (s?.clock_running !== true || !m.updated_at) return cs;
  const elapsed = Math.max(0, (nowMs - Date.parse(m.updated_at)) / 1000);
  return Number.isFinite(elapsed) ? Math.max(0, cs - elapsed) : cs;
}

export type ClockInput = Pick<LiveMatch, 'status' | 'period' | 'clock' | 'minute' | 'stoppage_time' | 'penalties'> &
  Partial<Pick<LiveMatch, 'sport' | 'state' | 'updated_at'>>;

/** Statuses with a word of their own (`display.status` messages). */
const STATUS_WORD = new Set(['scheduled', 'postponed', 'suspended', 'abandoned', 'delayed']);

/** How a finished match of a sport is marked: Final/OT, Final/SO, Final/10, KO R2, Ret.… */
function finishedLabel(sport: string, m: ClockInput, w: Words): string {
  const r = sportState(m)?.result as Record<string, unknown> | null | undefined;
  const n = (k: string) => (typeof r?.[k] === 'number' ? (r[k] as number) : 0);
  switch (sport) {
    case 'football':
      return m.penalties
        ? w.t('finished.pens')
        : m.minute > 90 || m.period === 'extra_time_2nd'
          ? w.t('finished.aet')
          : w.t('finished.ft');
    case 'rugby':
      return w.t('finished.ft');
    case 'basketball':
      return n('overtimes') ? w.t('finished.finalAfter', { after: ot(n('overtimes'), w) }) : w.t('finished.final');
    case 'ice-hockey':
      return r?.decision === 'SO'
        ? w.t('finished.finalSo')
        : r?.decision === 'OT'
          ? w.t('finished.finalAfter', { after: ot(Math.max(1, n('overtimes')), w) })
          : w.t('finished.final');
    case 'baseball':
      return n('innings') > 9 ? w.t('finished.finalAfter', { after: n('innings') }) : w.t('finished.final');
    case 'tennis':
      return r?.outcome === 'retired'
        ? w.t('finished.retired')
        : r?.outcome === 'walkover'
          ? w.t('finished.walkover')
          : w.t('finished.final');
    case 'mma':
      return typeof r?.method === 'string'
        ? `${r.method}${n('round') ? `\n${w.t('mmaRound', { n: n('round') })}` : ''}`
        : w.t('finished.final');
    default:
      return w.t('finished.final');
  }
}

/**
 * The status cell of a match card: while in play football's running minute, rugby's minute, the
 * period and its countdown (basketball "Q3\n7:42", ice hockey, MMA), or the period (cricket
 * innings, tennis set, baseball half inning, golf round, esports map); the break's name; the
 * sport's final mark; or a status word. Lines are separated by "\n". `nowMs`: wall time.
 */
export function clockLabel(m: ClockInput, nowMs: number, w: Words = ENGLISH): string {
  const sport = m.sport ?? 'football';
  if (m.status === 'in_play') {
    const clock = featuresOf(sport).clock;
    if (clock === 'match-minute') {
      if (m.period === 'penalties') return w.t('pens');
      if (!m.clock) return minuteLabel(m.minute, m.stoppage_time);
      const { minute, stoppage } = matchMinute(
        { status: m.status, period: m.period, clock: m.clock } as unknown as FootballState,
        nowMs,
      );
      return minuteLabel(minute, stoppage);
    }
    if (clock === 'minute') return m.minute > 0 ? minuteLabel(m.minute, null) : periodLabel(sport, m.period, w);
    const left = clock === 'countdown' ? countdownSeconds(m, nowMs) : null;
    return left == null
      ? periodLabel(sport, m.period, w)
      : `${sport === 'ice-hockey' && /^p\d$/.test(m.period) ? w.t('hockeyPeriodShort', { n: Number(m.period.slice(1)) }) : periodLabel(sport, m.period, w)}\n${gameClock(left)}`;
  }
  if (m.status === 'break') return periodLabel(sport, m.period, w);
  if (m.status === 'finished') return finishedLabel(sport, m, w);
  return STATUS_WORD.has(m.status) ? w.t(`status.${m.status}`) : m.status.replace(/_/g, ' ');
}

/** One line describing an event ("Goal (pen.)", "Yellow card", "Q2 starts"…) in `w`'s language; `sport` words its periods. */
export function eventLabel(
  e: Pick<MatchEvent, 'type' | 'detail' | 'period'>,
  sport = 'football',
  w: Words = ENGLISH,
): string {
  const d = e.detail as Record<string, unknown>;
  switch (e.type) {
    case 'goal':
      return d.own_goal ? w.t('events.ownGoal') : d.penalty ? w.t('events.penaltyGoal') : w.t('events.goal');
    case 'card':
      return d.card === 'red'
        ? w.t('events.redCard')
        : d.card === 'second_yellow'
          ? w.t('events.secondYellow')
          : w.t('events.yellowCard');
    case 'period_start':
      return e.period === 'penalties' && featuresOf(sport).halves
        ? w.t('events.shootoutStarts')
        : w.t('events.periodStarts', { period: periodLabel(sport, e.period ?? '', w) });
    case 'period_end': {
      const p = periodLabel(sport, e.period ?? '', w);
      return w.t('events.periodEnds', {
        period: w.t('midSentence') === 'lower' ? p.replace(/^([A-Z][a-z])/, (x) => x.toLowerCase()) : p,
      });
    }
    case 'shootout':
      return w.t('events.shootoutScore', { home: String(d.home ?? '?'), away: String(d.away ?? '?') });
    case 'status':
      return w.t('events.status', { status: String(d.status ?? 'status') });
    case 'correction': {
      // docs/operators.md: the engine stores what was corrected under `target`.
      const t = (d.target ?? {}) as { type?: string };
      const what = t.type ? typeName(t.type, w) : w.t('events.event');
      const reason = typeof d.reason === 'string' && d.reason ? ` (${d.reason})` : '';
      const how =
        d.action === 'retract' ? (t.type === 'goal' || t.type === 'try' ? 'disallowed' : 'withdrawn') : 'amended';
      return `${w.t(`events.${how}`, { what })}${reason}`;
    }
    default:
      return typeName(e.type, w);
  }
}

/** An event type's name (`display.types` messages), or its words capitalised for a type without one. */
function typeName(type: string, w: Words): string {
  if (w.has(`types.${type}`)) return w.t(`types.${type}`);
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The icon kind of an event (rendered with CSS shapes, no emoji font needed): goal, yellow, red, sub, corner, penalty, other. */
export function eventIcon(
  e: Pick<MatchEvent, 'type' | 'detail'>,
): 'goal' | 'yellow' | 'red' | 'sub' | 'corner' | 'penalty' | 'other' {
  const d = e.detail as Record<string, unknown>;
  if (e.type === 'goal' || e.type === 'try' || e.type === 'penalty_try' || e.type === 'run') return 'goal';
  if (e.type === 'card') return d.card === 'yellow' ? 'yellow' : 'red';
  if (e.type === 'wicket') return 'red';
  if (e.type === 'substitution') return 'sub';
  if (e.type === 'corner') return 'corner';
  if (e.type === 'penalty_awarded' || e.type === 'penalty_missed') return 'penalty';
  return 'other';
}
