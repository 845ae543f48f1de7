'use client';
/** A star button following or unfollowing a team or a league (kept in the browser, components/follow/follow-store.ts). */
import { useTranslations } from 'next-intl';
import { useFollow } from './follow-store';

/**
 * `team`: follows that team (`data-testid=follow-team`); `league` (a slug, `name` its label):
 * follows that league (`data-testid=follow-league`).
 */
export function FollowButton({
  sport,
  team,
  league,
  name,
}: {
  sport: string;
  team?: string;
  league?: string;
  name?: string;
}) {
  const t = useTranslations('follow');
  const key = `${sport}:${team ?? league}`;
  const on = useFollow((s) => (team != null ? s.teams : s.leagues).includes(key));
  const toggleTeam = useFollow((s) => s.toggleTeam);
  const toggleLeague = useFollow((s) => s.toggleLeague);
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => (team != null ? toggleTeam(sport, team) : toggleLeague(sport, league!))}
      data-testid={team != null ? 'follow-team' : 'follow-league'}
      className={`h-8 shrink-0 rounded-full border px-3 text-sm ${on ? 'border-accent bg-accent text-accent-fg' : 'border-line hover:bg-bg'}`}
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span> {on ? t('following') : t('follow')}
      <span className="sr-only"> {team ?? name ?? league}</span>
    </button>
  );
}
