'use client';
/** The footer on every page: the zone times are shown in (the browser's, after hydration) and the data credits. */
import { useTranslations } from 'next-intl';
import { useZones } from './LocalTime';

export function SiteFooter() {
  const t = useTranslations('shell');
  const zone = useZones().shown;
  return (
    <footer className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted">
      {t.rich('footer', {
        zone,
        credits: (chunks) => (
          <a href="/about" className="underline">
            {chunks}
          </a>
        ),
      })}
    </footer>
  );
}
