/**
 * The empty state of a sport page (/{sport}/results, standings, odds): what is missing and where
 * to look instead (the sport's other pages, the live scoreboard). `data-testid="sport-empty"`.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { SPORT_LABELS } from './SportTabs';

const PAGES = [
  ['fixtures', 'Fixtures'],
  ['results', 'Results'],
  ['standings', 'Standings'],
  ['odds', 'Odds'],
] as const;

export function SportEmpty({
  sport,
  page,
  children,
}: {
  sport: string;
  page: (typeof PAGES)[number][0];
  children?: ReactNode;
}) {
  const label = SPORT_LABELS[sport] ?? sport;
  return (
    <div className="rounded-lg border border-line bg-card p-4" data-testid="sport-empty" data-sport={sport}>
      <p className="mb-2">
        {children ?? `No ${label.toLowerCase()} ${page} yet: no ${label.toLowerCase()} competition has been loaded.`}
      </p>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {PAGES.filter(([p]) => p !== page).map(([p, name]) => (
          <Link prefetch={false} key={p} href={`/${sport}/${p}`}>
            {label} {name.toLowerCase()}
          </Link>
        ))}
        <Link prefetch={false} href={`/?sport=${sport}`}>
          Live {label.toLowerCase()} scores
        </Link>
      </p>
    </div>
  );
}

/** A page part that could not be loaded (the error is logged on the server). */
export function LoadError({ what }: { what: string }) {
  return (
    <p className="rounded-lg border border-loss bg-card p-4 text-sm" role="alert" data-testid="load-error">
      Could not load {what} right now. Try again in a moment.
    </p>
  );
}
