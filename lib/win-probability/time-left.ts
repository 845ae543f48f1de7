/**
 * Share of regulation playing time left in the timed team sports, read from a live projection's
 * `period` and clock (lib/rules/contract.ts `LiveProjection`): basketball (q1–q4 of 720 s, ot<n>
 * of 300 s, clock counting down), ice hockey (p1–p3 of 1,200 s, ot<n>, shootout, clock counting
 * down), rugby (1st_half / 2nd_half of 40 minutes by the displayed minute).
 */

/** Where a timed match is: before/in regulation, in overtime, in a shoot-out, or over. */
export type TimePhase =
  | { phase: 'regulation'; share_left: number }
  | { phase: 'overtime'; seconds_left: number; overtime_seconds: number }
  | { phase: 'shootout' }
  | { phase: 'over' };

/** Clocked sports' period lengths in seconds. */
export const PERIOD_LENGTHS = {
  basketball: { prefix: 'q', regulation: 4, seconds: 720, overtime: 300 },
  'ice-hockey': { prefix: 'p', regulation: 3, seconds: 1200, overtime: 300 },
} as const;

const BREAK_AFTER: Record<string, number> = {
  after_q1: 1,
  half_time: 2,
  after_q3: 3,
  intermission_1: 1,
  intermission_2: 2,
};

/**
 * Phase and time left of a basketball or ice hockey match.
 * @param sport 'basketball' | 'ice-hockey'
 * @param period the projection's period (`q3`, `intermission_2`, `ot1`, `shootout`, `final`, …)
 * @param clockSeconds seconds left in the period (null: the period's full length)
 * @param overtimeSeconds overtime length (ice hockey playoffs: 1,200)
 */
export function clockedPhase(
  sport: keyof typeof PERIOD_LENGTHS,
  period: string,
  clockSeconds: number | null,
  overtimeSeconds: number = PERIOD_LENGTHS[sport].overtime,
): TimePhase {
  const L = PERIOD_LENGTHS[sport];
  const total = L.regulation * L.seconds;
  if (period === 'not_started') return { phase: 'regulation', share_left: 1 };
  if (period === 'final') return { phase: 'over' };
  if (period === 'shootout' || period === 'before_shootout') return { phase: 'shootout' };
  const br = BREAK_AFTER[period];
  if (br !== undefined) return { phase: 'regulation', share_left: (total - br * L.seconds) / total };
  const reg = new RegExp(`^${L.prefix}(\\d+)$`).exec(period);
  if (reg) {
    const i = Number(reg[1]) - 1;
    const left = (L.regulation - 1 - i) * L.seconds + Math.min(L.seconds, Math.max(0, clockSeconds ?? L.seconds));
    return { phase: 'regulation', share_left: left / total };
  }
  if (/^before_ot\d+$/.test(period))
    return { phase: 'overtime', seconds_left: overtimeSeconds, overtime_seconds: overtimeSeconds };
  if (/^ot\d+$/.test(period)) {
    const left = Math.min(overtimeSeconds, Math.max(0, clockSeconds ?? overtimeSeconds));
    return { phase: 'overtime', seconds_left: left, overtime_seconds: overtimeSeconds };
  }
  return { phase: 'regulation', share_left: 1 };
}

/** Rugby (80 minutes): share of regulation left from period and displayed minute; null once regulation is over. */
export function rugbyShareLeft(period: string, minute: number): number | null {
  if (period === 'not_started') return 1;
  if (period === '1st_half') return 1 - Math.min(40, minute) / 80;
  if (period === 'half_time') return 0.5;
  if (period === '2nd_half') return Math.max(0.5 / 80, 1 - Math.min(80, minute) / 80);
  return null;
}
