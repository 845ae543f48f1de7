/** The ten sports as tabs; `hrefFor` maps a sport slug to the link (e.g. its standings page). Names from the `sports` messages. */
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { SPORTS } from '@/lib/sports';

/** English sport names, for text outside the message catalogues (page titles use the `sports` messages). */
export const SPORT_LABELS: Record<string, string> = {
  football: 'Football',
  basketball: 'Basketball',
  cricket: 'Cricket',
  tennis: 'Tennis',
  baseball: 'Baseball',
  'ice-hockey': 'Ice hockey',
  golf: 'Golf',
  rugby: 'Rugby',
  mma: 'MMA',
  esports: 'Esports',
};

export function SportTabs({
  current,
  hrefFor,
  label,
}: {
  current?: string | null;
  hrefFor: (sport: string) => string;
  label?: string;
}) {
  const t = useTranslations('sports');
  return (
    <nav aria-label={label ?? t('label')} className="-mx-1 mb-3 flex gap-1 overflow-x-auto pb-1 text-sm">
      {SPORTS.map((s) => (
        <Link
          prefetch={false}
          key={s}
          href={hrefFor(s)}
          aria-current={s === current ? 'page' : undefined}
          className={`whitespace-nowrap rounded-full border px-3 py-1 no-underline ${s === current ? 'border-accent bg-accent text-accent-fg' : 'border-line hover:bg-card'}`}
        >
          {t(s)}
        </Link>
      ))}
    </nav>
  );
}
