/**
 * The header on every page: brand, main navigation, live-connection state and theme toggle. On a
 * phone the fans' links (Live, Fixtures, Results, Standings, Odds) fill one row under the brand and
 * the rest (API, Get a key, About, Operators) and the language picker sit behind "More"; from
 * 1024 px all are inline. Labels from the `shell.nav` messages.
 */
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { LanguagePicker } from '@/components/i18n/LanguagePicker';
import { ConnectionIndicator } from '@/components/live/ConnectionIndicator';
import { MoreMenu } from './MoreMenu';
import { ThemeToggle } from './ThemeToggle';
import type { Theme } from './viewer-prefs';

const NAV = [
  { href: '/', key: 'live' },
  { href: '/football/fixtures', key: 'fixtures' },
  { href: '/football/results', key: 'results' },
  { href: '/football/standings', key: 'standings' },
  { href: '/football/odds', key: 'odds' },
] as const;
const MORE_LINKS = [
  { href: '/my-teams', key: 'myTeams' },
  { href: '/search', key: 'search' },
  { href: '/docs/api', key: 'api' },
  { href: '/keys', key: 'getKey' },
  { href: '/about', key: 'about' },
  { href: '/ops/health', key: 'operators' },
] as const;

export function SiteHeader({ theme }: { theme: Theme }) {
  const t = useTranslations('shell');
  const MORE = MORE_LINKS.map((n) => ({ href: n.href, label: t(`nav.${n.key}`) }));
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-bg/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-4">
        <Link prefetch={false} href="/" className="text-lg font-extrabold tracking-tight no-underline">
          Score<span className="text-accent">line</span>
        </Link>
        <nav
          aria-label={t('mainNav')}
          className="order-3 flex w-full justify-between gap-1 text-sm sm:order-none sm:w-auto sm:justify-start"
        >
          {NAV.map((n) => (
            <Link
              prefetch={false}
              key={n.href}
              href={n.href}
              className="rounded-md px-1.5 py-1.5 no-underline hover:bg-card sm:px-2.5"
            >
              {/* A phone's row holds five short words (shell.navShort: "Tabla", "Matchs"); wider screens the full ones. */}
              <span className="sm:hidden">{t(`navShort.${n.key}`)}</span>
              <span className="hidden sm:inline">{t(`nav.${n.key}`)}</span>
            </Link>
          ))}
          {MORE.map((n) => (
            <Link
              prefetch={false}
              key={n.href}
              href={n.href}
              className={`hidden rounded-md px-2.5 py-1.5 no-underline hover:bg-card lg:inline ${n.href.startsWith('/ops') ? 'text-muted' : ''}`}
            >
              {n.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <LanguagePicker className="hidden lg:flex" />
          <MoreMenu links={MORE} label={t('more')} />
          <ConnectionIndicator />
          <ThemeToggle initial={theme} />
        </div>
      </div>
    </header>
  );
}
