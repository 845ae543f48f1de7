'use client';
/**
 * "My teams": the teams and leagues followed in this browser (follow-store), each team linking to
 * its team page with any of its matches in play now from the live store, each league to its
 * standings with its number of matches in play; an unfollow button on each; the goal alerts switch.
 */
import Link from 'next/link';
import { TeamBadge } from '@/components/shell/TeamBadge';
import { useLive } from '@/components/live/LiveProvider';
import { teamHref } from '@/components/team/team-href';
import { LIVE_STATUSES } from '@/browser/live/display';
import { SPORT_LABELS } from '@/components/shell/SportTabs';
import { FollowButton } from './FollowButton';
import { followsMatch, splitKey, useFollow } from './follow-store';
import { GoalAlertsButton } from './GoalAlertsButton';

export function MyTeamsPage() {
  const teams = useFollow((s) => s.teams);
  const leagues = useFollow((s) => s.leagues);
  const matches = useLive((s) => s.matches);
  const inPlay = Object.values(matches).filter((m) => LIVE_STATUSES.has(m.status));
  const live = inPlay.filter((m) => followsMatch(teams, m));
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">My teams</h1>
      <GoalAlertsButton />
      {teams.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-4 text-sm text-muted" data-testid="my-teams-empty">
          You follow no team yet. Open a team (from a match, the standings or{' '}
          <Link prefetch={false} href="/search">
            search
          </Link>
          ) and press Follow: its matches then come first on the live page. Follows are kept in this browser only.
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="my-teams">
          {teams.map((key) => {
            const [sport, team] = splitKey(key);
            const now = live.find((m) => m.sport === sport && (m.home_team === team || m.away_team === team));
            return (
              <li
                key={key}
                className="flex items-center gap-3 rounded-lg border border-line bg-card p-3"
                data-testid="my-team"
                data-team={team}
              >
                <TeamBadge name={team} />
                <span className="min-w-0 flex-1">
                  <Link prefetch={false} href={teamHref(sport, team)} className="block truncate font-semibold">
                    {team}
                  </Link>
                  {now ? (
                    <Link
                      prefetch={false}
                      href={`/matches/${now.fixture_id}`}
                      className="block truncate text-xs text-live"
                    >
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
      <h2 className="text-lg font-bold">My leagues</h2>
      {leagues.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-line p-4 text-sm text-muted"
          data-testid="my-leagues-empty"
        >
          No league followed yet: press Follow on a league&apos;s standings or in{' '}
          <Link prefetch={false} href="/search">
            search
          </Link>
          . Its matches then come right after your teams&apos; on the live page.
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="my-leagues">
          {leagues.map((key) => {
            const [sport, slug] = splitKey(key);
            const now = inPlay.filter((m) => m.sport === sport && m.league_slug === slug);
            const name = now[0]?.league ?? slug.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
            return (
              <li
                key={key}
                className="flex items-center gap-3 rounded-lg border border-line bg-card p-3"
                data-testid="my-league"
                data-league={slug}
              >
                <span className="min-w-0 flex-1">
                  <Link
                    prefetch={false}
                    href={`/${sport}/standings?league=${encodeURIComponent(slug)}`}
                    className="block truncate font-semibold"
                  >
                    {name}
                  </Link>
                  <span className="block text-xs text-muted">
                    {SPORT_LABELS[sport] ?? sport}
                    {now.length ? (
                      <Link
                        prefetch={false}
                        href={`/?sport=${sport}&league=${encodeURIComponent(slug)}`}
                        className="ml-2 text-live"
                      >
                        {now.length} in play
                      </Link>
                    ) : null}
                  </span>
                </span>
                <FollowButton sport={sport} league={slug} name={name} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
