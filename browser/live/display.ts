/**
 * How the dashboard words a match's clock, period, status and events, for every sport (values in
 * docs/football.md and docs/sports/<sport>.md). Pure; running clocks are computed at `nowMs`:
 * football's minute from the live shape's `clock`, basketball / ice hockey / MMA countdowns from
 * the sport state's `clock_seconds` as of `updated_at` while `clock_running`.
 */
import { matchMinute } from '@/lib/football/rules';
import type { FootballState } from '@/lib/football/state';
import type { LiveMatch, MatchEvent } from '@/lib/wire/schemas';
import { featuresOf } from '@/lib/sport-features';

/** Statuses of a match in play (kept in step with server/engine/live-cache.ts LIVE_STATUSES). */
export const LIVE_STATUSES = new Set(['in_play', 'break', 'suspended', 'delayed']);

const FOOTBALL_PERIODS: Record<string, string> = {
  not_started: 'Not started',
  '1st_half': '1st half',
  half_time: 'HT',
  '2nd_half': '2nd half',
  before_extra_time: 'End of 90',
  extra_time_1st: 'ET 1st half',
  extra_time_half_time: 'ET HT',
  extra_time_2nd: 'ET 2nd half',
  before_penalties: 'End of ET',
  penalties: 'Penalties',
  full_time: 'FT',
};

const ord = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;
const ot = (n: number) => (n === 1 ? 'OT' : `${n}OT`);
type Rule = [RegExp, (n: number) => string];
const OVERTIME: Rule[] = [
  [/^ot(\d+)$/, ot],
  [/^before_ot(\d+)$/, (n) => `Before ${ot(n)}`],
];

/** Per-sport period wording: patterns with the period's number (quarter, inning, set…). */
const PERIOD_RULES: Record<string, Rule[]> = {
  basketball: [[/^q(\d)$/, (n) => `Q${n}`], [/^after_q(\d)$/, (n) => `End Q${n}`], ...OVERTIME],
  'ice-hockey': [[/^p(\d)$/, (n) => `${ord(n)} period`], [/^intermission_(\d)$/, (n) => `${ord(n)} int.`], ...OVERTIME],
  cricket: [[/^innings_(\d)$/, (n) => `${ord(n)} inns`]],
  tennis: [[/^set_(\d)$/, (n) => `Set ${n}`]],
  baseball: [
    [/^top_(\d+)$/, (n) => `▲ ${n}`],
    [/^bottom_(\d+)$/, (n) => `▼ ${n}`],
    [/^middle_(\d+)$/, (n) => `Mid ${n}`],
    [/^end_(\d+)$/, (n) => `End ${n}`],
  ],
  golf: [
    [/^round_(\d)$/, (n) => `Round ${n}`],
    [/^after_round_(\d)$/, (n) => `After R${n}`],
  ],
  mma: [
    [/^round_(\d)$/, (n) => `R${n}`],
    [/^after_round_(\d)$/, (n) => `End R${n}`],
  ],
  esports: [
    [/^map_(\d)$/, (n) => `Map ${n}`],
    [/^after_map_(\d)$/, (n) => `After map ${n}`],
  ],
};

const NAMED: Record<string, string> = {
  not_started: 'Not started',
  final: 'Final',
  ended: 'Ended',
  half_time: 'Half time',
  before_shootout: 'Before SO',
  shootout: 'Shootout',
  innings_break: 'Innings break',
  stumps: 'Stumps',
  super_over: 'Super over',
  playoff: 'Playoff',
};

/** Short label of a sport's period value ("HT", "Q3", "2nd period", "▲ 7", "Set 2", "R3"…). */
export function periodLabel(sport: string, period: string): string {
  if (featuresOf(sport).halves) return FOOTBALL_PERIODS[period] ?? period.replace(/_/g, ' ');
  for (const [re, f] of PERIOD_RULES[sport] ?? []) {
    const hit = re.exec(period);
    if (hit) return f(Number(hit[1]));
  }
  return NAMED[period] ?? period.replace(/_/g, ' ');
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

const STATUS_WORD: Record<string, string> = {
  scheduled: 'Not started',
  postponed: 'Postponed',
  suspended: 'Suspended',
  abandoned: 'Abandoned',
  delayed: 'Delayed',
};

/** How a finished match of a sport is marked: Final/OT, Final/SO, Final/10, KO R2, Ret.… */
function finishedLabel(sport: string, m: ClockInput): string {
  const r = sportState(m)?.result as Record<string, unknown> | null | undefined;
  const n = (k: string) => (typeof r?.[k] === 'number' ? (r[k] as number) : 0);
  switch (sport) {
    case 'football':
      return m.penalties ? 'FT (Pens)' : m.minute > 90 || m.period === 'extra_time_2nd' ? 'AET' : 'FT';
    case 'rugby':
      return 'FT';
    case 'basketball':
      return n('overtimes') ? `Final/${ot(n('overtimes'))}` : 'Final';
    case 'ice-hockey':
      return r?.decision === 'SO'
        ? 'Final/SO'
        : r?.decision === 'OT'
          ? `Final/${ot(Math.max(1, n('overtimes')))}`
          : 'Final';
    case 'baseball':
      return n('innings') > 9 ? `Final/${n('innings')}` : 'Final';
    case 'tennis':
      return r?.outcome === 'retired' ? 'Final (ret.)' : r?.outcome === 'walkover' ? 'W/O' : 'Final';
    case 'mma':
      return typeof r?.method === 'string' ? `${r.method}${n('round') ? `\nR${n('round')}` : ''}` : 'Final';
    default:
      return 'Final';
  }
}

/**
 * The status cell of a match card: while in play football's running minute, rugby's minute, the
 * period and its countdown (basketball "Q3\n7:42", ice hockey, MMA), or the period (cricket
 * innings, tennis set, baseball half inning, golf round, esports map); the break's name; the
 * sport's final mark; or a status word. Lines are separated by "\n". `nowMs`: wall time.
 */
export function clockLabel(m: ClockInput, nowMs: number): string {
  const sport = m.sport ?? 'football';
  if (m.status === 'in_play') {
    const clock = featuresOf(sport).clock;
    if (clock === 'match-minute') {
      if (m.period === 'penalties') return 'Pens';
      if (!m.clock) return minuteLabel(m.minute, m.stoppage_time);
      const { minute, stoppage } = matchMinute(
        { status: m.status, period: m.period, clock: m.clock } as unknown as FootballState,
        nowMs,
      );
      return minuteLabel(minute, stoppage);
    }
    if (clock === 'minute') return m.minute > 0 ? minuteLabel(m.minute, null) : periodLabel(sport, m.period);
    const left = clock === 'countdown' ? countdownSeconds(m, nowMs) : null;
    return left == null
      ? periodLabel(sport, m.period)
      : `${periodLabel(sport, m.period).replace(/ period$/, '')}\n${gameClock(left)}`;
  }
  if (m.status === 'break') return periodLabel(sport, m.period);
  if (m.status === 'finished') return finishedLabel(sport, m);
  return STATUS_WORD[m.status] ?? m.status.replace(/_/g, ' ');
}

/** One line describing an event ("Goal (pen.)", "Yellow card", "Q2 starts"…); `sport` words its periods. */
export function eventLabel(e: Pick<MatchEvent, 'type' | 'detail' | 'period'>, sport = 'football'): string {
  const d = e.detail as Record<string, unknown>;
  switch (e.type) {
    case 'goal':
      return d.own_goal ? 'Own goal' : d.penalty ? 'Goal (pen.)' : 'Goal';
    case 'card':
      return d.card === 'red' ? 'Red card' : d.card === 'second_yellow' ? 'Second yellow' : 'Yellow card';
    case 'substitution':
      return 'Substitution';
    case 'corner':
      return 'Corner';
    case 'penalty_awarded':
      return 'Penalty awarded';
    case 'penalty_missed':
      return 'Penalty missed';
    case 'period_start':
      return `${periodLabel(sport, e.period ?? '')} starts`.replace(/^Penalties starts$/, 'Penalty shoot-out');
    case 'period_end':
      return `End of ${periodLabel(sport, e.period ?? '').replace(/^([A-Z][a-z])/, (x) => x.toLowerCase())}`;
    case 'full_time':
      return 'Full time';
    case 'shootout':
      return `Shoot-out ${d.home ?? '?'}–${d.away ?? '?'}`;
    case 'status':
      return `Match ${String(d.status ?? 'status')}`;
    case 'clock':
      return 'Clock corrected';
    case 'result':
      return 'Result confirmed';
    case 'correction': {
      // docs/operators.md: the engine stores what was corrected under `target`.
      const t = (d.target ?? {}) as { type?: string };
      const what = t.type ? t.type.replace(/_/g, ' ') : 'event';
      const reason = typeof d.reason === 'string' && d.reason ? ` (${d.reason})` : '';
      return `${what.charAt(0).toUpperCase()}${what.slice(1)} ${d.action === 'retract' ? (t.type === 'goal' || t.type === 'try' ? 'disallowed' : 'withdrawn') : 'amended'}${reason}`;
    }
    default: {
      const words = e.type.replace(/_/g, ' ');
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
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
