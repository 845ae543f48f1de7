'use client';
/**
 * "My teams": the teams followed in this browser (follow-store), each linking to its team page,
 * with any of their matches in play now from the live store; an unfollow button per team.
 */
import Link from 'next/link';
import { TeamBadge } from '@/components/app/TeamBadge';
import { useLive } from '@/components/live/LiveProvider';
import { teamHref } from '@/components/team/team-href';
import { LIVE_STATUSES } from '@/lib/live/display';
import { FollowButton } from './FollowButton';
import { followsMatch, useFollow } from './follow-store';

export function MyTeamsPage() {
  const teams = useFollow((s) => s.teams);
  const matches = useLive((s) => s.matches);
  const live = Object.values(matches).filter((m) => LIVE_STATUSES.has(m.status) && followsMatch(teams, m));
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">My teams</h1>
      {teams.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-4 text-sm text-muted" data-testid="my-teams-empty">
          You follow no team yet. Open a team (from a match, the standings or <Link href="/search">search</Link>) and press Follow: its matches then come first on the
          live page. Follows are kept in this browser only.
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="my-teams">
          {teams.map((key) => {
            const i = key.indexOf(':');
            const sport = key.slice(0, i);
            const team = key.slice(i + 1);
            const now = live.find((m) => m.sport === sport && (m.home_team === team || m.away_team === team));
            return (
              <li key={key} className="flex items-center gap-3 rounded-lg border border-line bg-card p-3" data-testid="my-team" data-team={team}>
                <TeamBadge name={team} />
                <span className="min-w-0 flex-1">
                  <Link href={teamHref(sport, team)} className="block truncate font-semibold">{team}</Link>
                  {now ? (
                    <Link href={`/matches/${now.fixture_id}`} className="block truncate text-xs text-live">
                      Live: {now.home_team} {now.score.home}–{now.score.away} {now.away_team}
                    </Link>
                  ) : (
                    <span className="block text-xs text-muted">{sport}</span>
                  )}
                </span>
                <FollowButton sport={sport} team={team} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
