'use client';
/**
 * "My teams": the teams and leagues followed in this browser (follow-store), each team linking to
 * its team page with any of its matches in play now from the live store, each league to its
 * standings with its number of matches in play; an unfollow button on each; the goal alerts switch.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { TeamBadge } from '@/components/shell/TeamBadge';
import { useLive } from '@/components/live/LiveProvider';
import { teamHref } from '@/components/team/team-href';
import { LIVE_STATUSES } from '@/browser/live/display';
import { useTranslations } from 'next-intl';
import { FollowButton } from './FollowButton';
import { followsMatch, splitKey, useFollow } from './follow-store';
import { GoalAlertsButton } from './GoalAlertsButton';

export function MyTeamsPage() {
  const t = useTranslations('follow');
  const sports = useTranslations('sports');
  const sportName = (s: string) => (sports.has(s as 'football') ? sports(s as 'football') : s);
  const searchLink = (c: ReactNode) => (
    <Link prefetch={false} href="/search">
      {c}
    </Link>
  );
  const teams = useFollow((s) => s.teams);
  const leagues = useFollow((s) => s.leagues);
  const matches = useLive((s) => s.matches);
  const inPlay = Object.values(matches).filter((m) => LIVE_STATUSES.has(m.status));
  const live = inPlay.filter((m) => followsMatch(teams, m));
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <GoalAlertsButton />
      {teams.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-4 text-sm text-muted" data-testid="my-teams-empty">
          {t.rich('noTeams', { search: searchLink })}
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
                      {t('liveNow', {
                        home: now.home_team,
                        homeScore: now.score.home,
                        awayScore: now.score.away,
                        away: now.away_team,
                      })}
                    </Link>
                  ) : (
                    <span className="block text-xs text-muted">{sportName(sport)}</span>
                  )}
                </span>
                <FollowButton sport={sport} team={team} />
              </li>
            );
          })}
        </ul>
      )}
      <h2 className="text-lg font-bold">{t('myLeagues')}</h2>
      {leagues.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-line p-4 text-sm text-muted"
          data-testid="my-leagues-empty"
        >
          {t.rich('noLeagues', { search: searchLink })}
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
                    {sportName(sport)}
                    {now.length ? (
                      <Link
                        prefetch={false}
                        href={`/?sport=${sport}&league=${encodeURIComponent(slug)}`}
                        className="ml-2 text-live"
                      >
                        {t('inPlay', { n: now.length })}
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
