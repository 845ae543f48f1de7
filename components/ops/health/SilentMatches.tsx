/** Live matches that went silent longer than their sport's normal gap, each linking to its match page. */
import Link from 'next/link';
import type { SilentMatch } from '@/lib/wire/ops-health';
import { formatAge } from './format';

export function SilentMatches({ matches, live }: { matches: SilentMatch[]; live: number }) {
  if (!matches.length) {
    return (
      <p className="text-sm text-muted" data-testid="silent-none">
        None of the {live} live matches is silent longer than its sport&apos;s normal gap.
      </p>
    );
  }
  return (
    <ul className="grid gap-2" data-testid="silent-matches">
      {matches.map((m) => (
        <li
          key={m.fixture_id}
          className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded border border-line px-3 py-2 text-sm"
          data-testid="silent-match"
          data-fixture-id={m.fixture_id}
        >
          <Link prefetch={false} href={`/matches/${m.fixture_id}`} className="font-medium underline">
            {m.home_team} v {m.away_team}
          </Link>
          <span className="text-muted">
            {m.sport} · {m.league} {m.season}
            {m.replay ? ' · replay' : ''} · {m.status.replace('_', ' ')}
          </span>
          <span className="ml-auto tabular-nums text-loss">
            silent {formatAge(m.silent_for_s)} (normal gap {formatAge(m.normal_gap_s)})
          </span>
        </li>
      ))}
    </ul>
  );
}
