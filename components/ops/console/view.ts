/** The console's view of a fixture from `GET /v1/ops/fixtures/{id}` (pure). */
import type { ConsoleView } from '@/browser/console/types';
import type { OpsFixtureDetail } from './ops-client';

/**
 * The {@link ConsoleView} of a fixture: its live match's status, period, score, minute and sport
 * state; before the first event (match null), the fixture's status, `not_started` and 0–0.
 */
export function viewOf(d: OpsFixtureDetail): ConsoleView {
  const m = d.match;
  if (!m)
    return {
      status: d.fixture.status,
      period: 'not_started',
      score: d.fixture.score ?? { home: 0, away: 0 },
      minute: 0,
      state: null,
    };
  const score = (m.score as { home: number; away: number } | undefined) ?? { home: 0, away: 0 };
  return {
    status: String(m.status ?? d.fixture.status),
    period: String(m.period ?? 'not_started'),
    score: { home: Number(score.home ?? 0), away: Number(score.away ?? 0) },
    minute: typeof m.minute === 'number' ? m.minute : null,
    state: (m.state as Record<string, unknown> | null | undefined) ?? null,
  };
}
