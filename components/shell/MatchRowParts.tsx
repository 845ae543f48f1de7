/**
 * The cells a one-line match row shares (the calendar's fixtures, the results list): a team with
 * its badge on the side of the score it stands on, and the group · round column. Decorative
 * (`aria-hidden`): each row carries its own screen-reader label.
 */
import { TeamBadge } from '@/components/shell/TeamBadge';

/** A team's name and badge: home right-aligned with the badge nearest the score, away mirrored; `bold` marks a winner. */
export function TeamCell({ name, side, bold = false }: { name: string; side: 'home' | 'away'; bold?: boolean }) {
  const badge = (
    <span className="hidden sm:inline-flex">
      <TeamBadge name={name} size="sm" />
    </span>
  );
  const weight = bold ? ' font-bold' : '';
  return side === 'home' ? (
    <span aria-hidden="true" className={`flex min-w-0 items-center justify-end gap-2 text-right${weight}`}>
      <span className="truncate">{name}</span>
      {badge}
    </span>
  ) : (
    <span aria-hidden="true" className={`flex min-w-0 items-center gap-2${weight}`}>
      {badge}
      <span className="truncate">{name}</span>
    </span>
  );
}

/** The group and round of a match (`Group A · Matchday 2`), shown from the `sm` breakpoint. */
export function RoundCell({ group, round }: { group: string | null; round: string | null }) {
  return (
    <span aria-hidden="true" className="hidden truncate text-right text-xs text-muted sm:block">
      {[group, round].filter(Boolean).join(' · ')}
    </span>
  );
}
