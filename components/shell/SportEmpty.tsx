/**
 * The empty state of a sport page (/{sport}/results, standings, odds): what is missing and where
 * to look instead (the sport's other pages, the live scoreboard). `data-testid="sport-empty"`.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { isSport } from '@/lib/sports';

const PAGES = ['fixtures', 'results', 'standings', 'odds'] as const;

export function SportEmpty({
  sport,
  page,
  children,
}: {
  sport: string;
  page: (typeof PAGES)[number];
  children?: ReactNode;
}) {
  const t = useTranslations('common.empty');
  const sports = useTranslations('sports');
  const label = isSport(sport) ? sports(sport) : sport;
  return (
    <div className="rounded-lg border border-line bg-card p-4" data-testid="sport-empty" data-sport={sport}>
      <p className="mb-2">{children ?? t(`none.${page}`, { sport: label })}</p>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {PAGES.filter((p) => p !== page).map((p) => (
          <Link prefetch={false} key={p} href={`/${sport}/${p}`}>
            {t(`link.${p}`, { sport: label })}
          </Link>
        ))}
        <Link prefetch={false} href={`/?sport=${sport}`}>
          {t('live', { sport: label })}
        </Link>
      </p>
    </div>
  );
}

/** A page part that could not be loaded (the error is logged on the server). */
export function LoadError({ what }: { what: string }) {
  const t = useTranslations('common');
  return (
    <p className="rounded-lg border border-loss bg-card p-4 text-sm" role="alert" data-testid="load-error">
      {t('loadError', { what })}
    </p>
  );
}
