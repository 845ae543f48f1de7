'use client';
/** A star button following or unfollowing a team (kept in the browser, components/follow/follow-store.ts). */
import { useFollow } from './follow-store';

export function FollowButton({ sport, team }: { sport: string; team: string }) {
  const on = useFollow((s) => s.teams.includes(`${sport}:${team}`));
  const toggle = useFollow((s) => s.toggleTeam);
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => toggle(sport, team)}
      data-testid="follow-team"
      className={`h-8 shrink-0 rounded-full border px-3 text-sm ${on ? 'border-accent bg-accent text-accent-fg' : 'border-line hover:bg-bg'}`}
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span> {on ? 'Following' : 'Follow'}
      <span className="sr-only"> {team}</span>
    </button>
  );
}
